import { resolve } from 'node:path';
import { botFrontEnd } from '@mia/bot';
import { dashboardFrontEnd } from '@mia/dashboard';
import { seededRng } from '@mia/engine';
import type { GameRecord } from '@mia/game';
import { startMia, type DatabaseInfo, type FrontEnd } from '@mia/host';
import { TelegramSim } from '@mia/telegram-sim';
import pino from 'pino';
import { countPlayed, describeCounts, Narrator, type PlayedCounts } from './narrator';
import type { DemoOptions } from './options';
import { DemoTable } from './tables';

const USERNAME = 'mia_demo_bot';
/** How long a stop waits for messages still queued for the simulated Telegram. */
const DRAIN_MS = 3000;
/** How long a stop may take in all. */
const STOP_MS = 20_000;
const ignore = () => {};

const where = (db: DatabaseInfo): string => {
  if (db.kind === 'pglite') return `the embedded PostgreSQL (PGlite) in ${resolve(db.dataDir ?? '.')}`;
  const url = new URL(db.connectionString);
  return `PostgreSQL at ${url.host}${url.pathname} (DATABASE_URL)`;
};

/**
 * `npm start` without a token: the real bot (botFrontEnd, long polling through @grammyjs/runner)
 * against telegram-sim on loopback, the game service on the configured database, the AI seats,
 * and `options.groups` groups whose hosts keep games going. The terminal narrates every table;
 * SIGINT or SIGTERM stops it all and exits 0.
 */
export async function runDemo(options: DemoOptions, print: (line: string) => void): Promise<void> {
  // Listening from the start: a stop asked for while starting up stops right after. One Ctrl-C
  // reaches this process several times (from the terminal, and relayed by npm): every
  // signal after the first is the same request, and the stop is bounded by STOP_MS instead.
  const stopped = new Promise<NodeJS.Signals>((done) => {
    const onSignal = (signal: NodeJS.Signals) => {
      done(signal);
      setTimeout(() => {
        console.error(`The demo did not stop within ${STOP_MS / 1000} s; exiting anyway.`);
        process.exit(1);
      }, STOP_MS).unref();
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal).on('SIGINT', ignore).on('SIGTERM', ignore);
    };
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  });
  print('Mia — DEMO. No BOT_TOKEN is set, so the real bot plays in a simulated Telegram; starting…');
  const log = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination({ dest: options.logFile, mkdir: true, sync: true }));
  const unlimited = process.env.SIM_LIMITS === 'off';
  // The demo runs for days: the sim keeps a bounded history (its call log, each chat's last 500
  // messages, each person's last 100 popups and notifications), or its memory grows with every game.
  const sim = await TelegramSim.start({ limits: unlimited ? false : undefined, maxCalls: 1000, maxMessagesPerChat: 500, maxPerUser: 100 });
  const token = sim.createBot({ username: USERNAME, firstName: 'Mia' });
  // The narrator lives on the service like the bot: it hears recovery's commits too. It knows the
  // games left running by the last run (read before recovery) and counts what was played at the end.
  let narrator: Narrator | undefined;
  let running: GameRecord[] = [];
  let counts: PlayedCounts | undefined;
  const narration: FrontEnd<void> = {
    name: 'narrator',
    async attach({ games }) {
      narrator = new Narrator(games, print, log);
      narrator.start();
      running = await games.runningGames();
      return {
        handle: undefined,
        drain: async () => {
          await narrator!.stop();
          counts = await countPlayed(games.reads);
        },
      };
    },
  };
  // The dashboard in this process, on the same game service: its live channel hears every commit
  // (the embedded database serves one process). A port in use falls back to any free one.
  const dashboard = dashboardFrontEnd({ port: options.port, host: options.host, anyPortIfTaken: true, buildWeb: print });
  const mia = await startMia({
    log,
    service: options.seed !== null ? { rng: seededRng(options.seed) } : {},
    ai: { delayMs: options.delayMs, ...(options.seed !== null ? { rng: seededRng(options.seed + 1) } : {}) },
    // As apps/bot's main does: deadlines re-armed, and the computer players of games left running
    // by the last run play on. The simulated groups get the same ids in every run, so such a game
    // is back at its table, whose host waits for it to end (its old messages are not in this sim).
    frontEnds: [
      dashboard,
      narration,
      botFrontEnd({
        token,
        apiRoot: sim.apiRoot,
        // Without the sim's flood limits the bot need not keep under Telegram's either: it paces its
        // new messages (18 a minute in a group) only when the sim would refuse more.
        ...(unlimited ? { pacing: { limits: false as const } } : {}),
        transport: { mode: 'polling', deleteWebhook: false },
        // Messages held back by flood limits are not worth waiting a minute for at the end of a demo.
        drainMs: DRAIN_MS,
      }),
    ],
  });
  const { games, database } = mia;
  const dashboardUrl = dashboard.url();
  const tables = Array.from(
    { length: options.groups },
    (_, i) => new DemoTable({ sim, token, username: USERNAME, games, players: options.players, pauseMs: options.pauseMs, log }, i + 1),
  );

  // The demo's groups are listed publicly.
  const links: string[] = [];
  for (const t of tables) {
    const chatId = BigInt(t.group.id);
    const profile = await games.chats.profile(chatId, { title: t.title, type: t.group.type });
    await games.chats.setListedPublicly(chatId, true);
    links.push(`            ${t.title}: ${dashboardUrl}/g/${profile.dashboardToken}`);
  }

  const delay = typeof options.delayMs === 'number' ? `${options.delayMs} ms` : `${options.delayMs[0]}–${options.delayMs[1]} ms`;
  const limits = unlimited ? 'off (SIM_LIMITS=off)' : "Telegram's (SIM_LIMITS=off lifts them)";
  const rule = '═'.repeat(78);
  print(
    [
      rule,
      ' Mia — DEMO: the real bot (apps/bot) in a simulated Telegram, with computer players.',
      ` Telegram:  telegram-sim on ${sim.apiRoot} (flood limits: ${limits}), bot @${USERNAME}`,
      ` Groups:    ${tables.map((t) => t.title).join(', ')}. In each, a host sends /newgame,`,
      `            /addai ${options.players.join(', /addai ')}, presses Start; a new game follows each one.`,
      ` AI pace:   ${delay} per turn${options.seed === null ? '' : `; seed ${options.seed}`}`,
      ` Database:  ${where(database)}`,
      `            ${describeCounts(await countPlayed(games.reads))} so far`,
      ` Watch:     the dashboard at ${dashboardUrl} (live tables, replays, players, odds):`,
      ...links,
      `            and below, every table's events as they happen (dice only once revealed);`,
      `            the bot's own log is in ${options.logFile}`,
      ' Real bot:  get a token from @BotFather, set BOT_TOKEN (see .env.example), run npm start again.',
      ` Stop:      Ctrl-C, or kill -TERM ${process.pid}`,
      rule,
    ].join('\n'),
  );
  for (const game of running) {
    const round = game.state.round?.number ?? 0;
    print(`${await narrator!.label(game.chatId, game.id)} Resuming this game from the last run (round ${round}).`);
  }
  const loops = tables.map((t) => t.run());

  const signal = await stopped;
  print(`\n${signal}: stopping the tables, the bot, the simulated Telegram and the database…`);
  for (const t of tables) t.stop();
  await Promise.all(loops);
  await mia.stop();
  await sim.stop();
  log.flush();
  print(`Stopped. The database holds ${describeCounts(counts!)}.`);
}
