import { run } from '@grammyjs/runner';
import { openDatabase } from '@mia/db';
import { GameService } from '@mia/game';
import Fastify from 'fastify';
import { webhookCallback } from 'grammy';
import pino from 'pino';
import { createBot } from './bot';
import { registerCommands } from './commands';
import { readConfig } from './config';

/**
 * The bot as a process: configuration from the environment, the database (DATABASE_URL, else
 * embedded), the game service with deadlines recovered, then long polling through
 * @grammyjs/runner, or a webhook served by Fastify when WEBHOOK_URL is set.
 */
let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const log = pino({ level: config.LOG_LEVEL });
if (!config.BOT_TOKEN) {
  log.fatal('BOT_TOKEN is not set: get one from @BotFather (or run `npm start` for the demo without a token)');
  process.exit(2);
}
const db = await openDatabase({
  ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
  ...(config.DATA_DIR && !config.DATABASE_URL ? { dataDir: config.DATA_DIR } : {}),
});
const games = new GameService({ db, log });
const { bot, notifier, ai } = createBot({
  token: config.BOT_TOKEN,
  apiRoot: config.TELEGRAM_API_ROOT,
  games,
  log,
  publicUrl: config.PUBLIC_URL,
});
await bot.init();
await registerCommands(bot.api);
notifier.start();
ai.start();
await games.recover();
// Computer players whose turn it was when the last process stopped play on.
await ai.resume();
const allowed_updates = ['message', 'callback_query', 'my_chat_member'] as const;

let stop: () => Promise<void>;
if (config.WEBHOOK_URL) {
  const app = Fastify({ logger: false });
  app.post(new URL(config.WEBHOOK_URL).pathname, webhookCallback(bot, 'fastify', { secretToken: config.WEBHOOK_SECRET! }));
  await app.listen({ port: config.PORT, host: config.HOST });
  await bot.api.setWebhook(config.WEBHOOK_URL, { secret_token: config.WEBHOOK_SECRET!, allowed_updates: [...allowed_updates] });
  log.info({ url: config.WEBHOOK_URL, port: config.PORT }, 'bot: webhook mode');
  stop = () => app.close();
} else {
  await bot.api.deleteWebhook();
  const runner = run(bot, { runner: { fetch: { allowed_updates: [...allowed_updates] } } });
  log.info({ username: bot.botInfo.username }, 'bot: long polling');
  stop = () => runner.stop();
}

const shutdown = async (signal: string) => {
  log.info({ signal }, 'bot: stopping');
  await stop();
  await ai.stop();
  notifier.stop();
  await notifier.idle();
  await games.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

/** For `npm start` with a token, which serves the dashboard in this process on the same service. */
export { games, log };
