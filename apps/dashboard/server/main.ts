import { openDatabase } from '@mia/db';
import { GameService } from '@mia/game';
import pino from 'pino';
import { createDashboard } from './app';
import { readConfig, type Config } from './config';

/**
 * The dashboard as a process of its own: configuration from the environment, the database
 * (DATABASE_URL, else the embedded one in DATA_DIR), a game service that only reads and listens
 * (its turn deadlines are never armed: the bot owns the clock of every game), and the server.
 */
let config: Config;
try {
  config = readConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const log = pino({ level: config.LOG_LEVEL });
const db = await openDatabase({
  ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
  ...(config.DATA_DIR && !config.DATABASE_URL ? { dataDir: config.DATA_DIR } : {}),
});
if (db.kind === 'pglite') {
  log.warn(
    'dashboard: embedded database: it serves this process alone, so games the bot plays elsewhere do not show live; set DATABASE_URL to the PostgreSQL the bot uses',
  );
}
// timers: false — a dashboard must never time out a turn; LISTEN/NOTIFY still brings every
// committed batch from the bot's processes (PostgreSQL only).
const games = new GameService({ db, log, timers: false });
const app = createDashboard({
  games,
  log,
  ...(config.WEB_ROOT ? { webRoot: config.WEB_ROOT } : {}),
  rateLimit: { max: config.RATE_LIMIT_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
  trustProxy: config.TRUST_PROXY,
  publicUrl: config.PUBLIC_URL,
});
const address = await app.listen({ port: config.PORT, host: config.HOST });
log.info({ address, database: db.kind }, 'dashboard: listening');

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'dashboard: stopping');
  try {
    await app.close(); // closes live sockets (1001) and stops listening
    await games.close();
    await db.close();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'dashboard: unclean shutdown');
    process.exit(1);
  }
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
