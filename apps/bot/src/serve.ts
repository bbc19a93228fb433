import { run } from '@grammyjs/runner';
import { openDatabase } from '@mia/db';
import { GameService, type AiSeatsOptions, type DiceSource } from '@mia/game';
import Fastify from 'fastify';
import { webhookCallback } from 'grammy';
import pino, { type Logger } from 'pino';
import { createBot, type CreateBotOptions } from './bot';
import { registerCommands } from './commands';
import type { Config } from './config';

/** What only tests and benchmarks choose: seeded dice and computer players (never from the environment). */
export interface ServeOverrides {
  rng?: DiceSource;
  ai?: Pick<AiSeatsOptions, 'delayMs' | 'rng'>;
  log?: Logger;
  /** The pacing of new messages (default: Telegram's limits); off where the Telegram is a sim without limits. */
  pacing?: CreateBotOptions['pacing'];
}

export interface RunningBot {
  games: GameService;
  log: Logger;
  /** Stops taking updates, lets the AI seats and outgoing messages finish, closes the database. */
  stop(): Promise<void>;
}

const ALLOWED_UPDATES = ['message', 'callback_query', 'my_chat_member'] as const;

/**
 * The bot as a process runs it: the database (DATABASE_URL, else embedded), the game service with
 * deadlines recovered, then long polling through @grammyjs/runner, or a webhook served by Fastify
 * when WEBHOOK_URL is set. Several processes may run at once on one PostgreSQL in webhook mode
 * (docs/deployment.md): games are serialized by the database, not by a process.
 */
export async function serve(config: Config & { BOT_TOKEN: string }, overrides: ServeOverrides = {}): Promise<RunningBot> {
  const log = overrides.log ?? pino({ level: config.LOG_LEVEL });
  const db = await openDatabase({
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    ...(config.DATA_DIR && !config.DATABASE_URL ? { dataDir: config.DATA_DIR } : {}),
  });
  const games = new GameService({ db, log, ...(overrides.rng ? { rng: overrides.rng } : {}) });
  const { bot, notifier, ai } = createBot({
    token: config.BOT_TOKEN,
    apiRoot: config.TELEGRAM_API_ROOT,
    games,
    log,
    publicUrl: config.PUBLIC_URL,
    // Webhook mode may run as several processes behind a load balancer (docs/deployment.md).
    answerAfterMessages: Boolean(config.WEBHOOK_URL),
    ...(overrides.ai ? { ai: overrides.ai } : {}),
    ...(overrides.pacing ? { pacing: overrides.pacing } : {}),
  });
  await bot.init();
  await registerCommands(bot.api);
  notifier.start();
  ai.start();
  await games.recover();
  // Computer players whose turn it was when the last process stopped play on.
  await ai.resume();
  // What a process killed mid-action left unsent (the next player's buttons) is sent now.
  await notifier.resume();

  let stopSource: () => Promise<void>;
  if (config.WEBHOOK_URL) {
    const app = Fastify({ logger: false });
    app.post(new URL(config.WEBHOOK_URL).pathname, webhookCallback(bot, 'fastify', { secretToken: config.WEBHOOK_SECRET! }));
    await app.listen({ port: config.PORT, host: config.HOST });
    // Every process of a deployment sets the same webhook (the load balancer's address): idempotent.
    await bot.api.setWebhook(config.WEBHOOK_URL, {
      secret_token: config.WEBHOOK_SECRET!,
      allowed_updates: [...ALLOWED_UPDATES],
      ...(config.WEBHOOK_MAX_CONNECTIONS ? { max_connections: config.WEBHOOK_MAX_CONNECTIONS } : {}),
    });
    log.info({ url: config.WEBHOOK_URL, port: config.PORT }, 'bot: webhook mode');
    stopSource = () => app.close();
  } else {
    await bot.api.deleteWebhook();
    const runner = run(bot, { runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] } } });
    log.info({ username: bot.botInfo.username }, 'bot: long polling');
    stopSource = () => runner.stop();
  }

  return {
    games,
    log,
    async stop() {
      await stopSource();
      await ai.stop();
      notifier.stop();
      await notifier.idle();
      await games.close();
      await db.close();
    },
  };
}
