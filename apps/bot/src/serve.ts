import type { AiSeatsOptions, DiceSource } from '@mia/game';
import { startMia, type FrontEnd, type MiaOptions } from '@mia/host';
import pino, { type Logger } from 'pino';
import type { CreateBotOptions } from './bot';
import type { Config } from './config';
import { botFrontEnd, type BotHandle } from './front-end';

/** What only tests and benchmarks choose: seeded dice and computer players (never from the environment). */
export interface ServeOverrides {
  rng?: DiceSource;
  ai?: Pick<AiSeatsOptions, 'delayMs' | 'rng'>;
  log?: Logger;
  /** The pacing of new messages (default: Telegram's limits); off where the Telegram is a sim without limits. */
  pacing?: CreateBotOptions['pacing'];
}

export interface RunningBot {
  games: Awaited<ReturnType<typeof startMia>>['games'];
  log: Logger;
  /** Stops taking updates, lets the AI seats and outgoing messages finish, closes the database. */
  stop(): Promise<void>;
}

/**
 * The bot process as the environment configures it, for @mia/host's startMia: the database
 * (DATABASE_URL, else the embedded one in DATA_DIR), the game service and AI seats, and the bot
 * front-end, long polling or, when WEBHOOK_URL is set, a webhook served on HOST:PORT. Several
 * processes may run at once on one PostgreSQL in webhook mode (docs/deployment.md): games are
 * serialized by the database, not by a process.
 */
export function botProcess(
  config: Config & { BOT_TOKEN: string },
  overrides: ServeOverrides = {},
): { host: Omit<MiaOptions<[]>, 'frontEnds'> & { log: Logger }; bot: FrontEnd<BotHandle> } {
  const log = overrides.log ?? pino({ level: config.LOG_LEVEL });
  const database = config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : config.DATA_DIR ? { dataDir: config.DATA_DIR } : {};
  const bot = botFrontEnd({
    token: config.BOT_TOKEN,
    apiRoot: config.TELEGRAM_API_ROOT,
    publicUrl: config.PUBLIC_URL,
    transport: config.WEBHOOK_URL
      ? {
          mode: 'webhook',
          url: config.WEBHOOK_URL,
          secret: config.WEBHOOK_SECRET!,
          host: config.HOST,
          port: config.PORT,
          ...(config.WEBHOOK_MAX_CONNECTIONS ? { maxConnections: config.WEBHOOK_MAX_CONNECTIONS } : {}),
        }
      : { mode: 'polling' },
    ...(overrides.pacing ? { pacing: overrides.pacing } : {}),
  });
  return {
    host: { database, log, service: overrides.rng ? { rng: overrides.rng } : {}, ...(overrides.ai ? { ai: overrides.ai } : {}) },
    bot,
  };
}

/** The bot alone in its process (src/main.ts, and the seeded bot the multi-process tests spawn). */
export async function serve(config: Config & { BOT_TOKEN: string }, overrides: ServeOverrides = {}): Promise<RunningBot> {
  const { host, bot } = botProcess(config, overrides);
  const mia = await startMia({ ...host, frontEnds: [bot] });
  return { games: mia.games, log: mia.log, stop: mia.stop };
}
