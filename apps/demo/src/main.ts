import { parseOptions, type DemoOptions } from './options';

/**
 * `npm start`. With BOT_TOKEN set: the Telegram bot itself (as apps/bot's main: the configured
 * database, long polling or webhook) and the dashboard, in one process. Without: the demo — the
 * same bot against a simulated Telegram, where computer players keep games going in a few groups
 * (see demo.ts).
 */
if (process.env.BOT_TOKEN) {
  console.log('BOT_TOKEN is set: running the Mia bot on Telegram (demo options, if any, are ignored).');
  const { botProcess, readConfig } = await import('@mia/bot');
  const { dashboardFrontEnd } = await import('@mia/dashboard');
  const { startMia, stopOnSignals } = await import('@mia/host');
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  // The bot and the dashboard beside it, on one game service (the embedded database serves one
  // process; with DATABASE_URL the dashboard can also run on its own: npm start -w @mia/dashboard).
  const { host, bot } = botProcess({ ...config, BOT_TOKEN: process.env.BOT_TOKEN });
  const port = Number(process.env.DASHBOARD_PORT ?? (process.env.WEBHOOK_URL ? 3000 : (process.env.PORT ?? 3000)));
  const dashboard = dashboardFrontEnd({ port, host: process.env.HOST || '127.0.0.1', anyPortIfTaken: true, buildWeb: (line) => console.log(line) });
  const mia = await startMia({ ...host, frontEnds: [bot, dashboard] });
  console.log(`The dashboard: ${dashboard.url()} (each group's link comes from /dashboard in the group).`);
  stopOnSignals(() => mia.stop(), mia.log, 'bot');
} else {
  let options: DemoOptions | null = null;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
  }
  if (options) {
    // Piped into `head` and the like: when the reader goes away, stop as on Ctrl-C, quietly.
    let readerGone = false;
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      if (!readerGone) process.kill(process.pid, 'SIGTERM');
      readerGone = true;
    });
    const { runDemo } = await import('./demo');
    try {
      await runDemo(options, (line) => {
        if (!readerGone) console.log(line);
      });
      process.exit(0);
    } catch (error) {
      // Another process on the same data folder: the operator's to settle, said without a trace.
      if (error instanceof Error && error.name === 'DataDirInUseError') {
        console.error(error.message);
        process.exit(2);
      }
      console.error('The demo failed:', error);
      process.exit(1);
    }
  }
}
