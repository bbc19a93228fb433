import { startMia, stopOnSignals } from '@mia/host';
import pino from 'pino';
import { readConfig, type Config } from './config';
import { dashboardFrontEnd } from './front-end';

/**
 * The dashboard as a process of its own: configuration from the environment, the database
 * (DATABASE_URL, else the embedded one in DATA_DIR), a game service that only reads and listens
 * (its turn deadlines are never armed, it recovers nothing and runs no computer players: the bot
 * owns the clock of every game), and the server.
 */
let config: Config;
try {
  config = readConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const log = pino({ level: config.LOG_LEVEL });
const mia = await startMia({
  database: config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : config.DATA_DIR ? { dataDir: config.DATA_DIR } : {},
  log,
  // timers: false — a dashboard must never time out a turn; LISTEN/NOTIFY still brings every
  // committed batch from the bot's processes (PostgreSQL only).
  service: { timers: false },
  ai: false,
  recover: false,
  frontEnds: [
    dashboardFrontEnd({
      port: config.PORT,
      host: config.HOST,
      ...(config.WEB_ROOT ? { webRoot: config.WEB_ROOT } : {}),
      rateLimit: { max: config.RATE_LIMIT_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
      trustProxy: config.TRUST_PROXY,
      publicUrl: config.PUBLIC_URL,
    }),
  ],
});
if (mia.database.kind === 'pglite') {
  log.warn(
    'dashboard: embedded database: it serves this process alone, so games the bot plays elsewhere do not show live; set DATABASE_URL to the PostgreSQL the bot uses',
  );
}
log.info({ address: mia.frontEnds[0].address, database: mia.database.kind }, 'dashboard: listening');

stopOnSignals(() => mia.stop(), log, 'dashboard');
