import { stopOnSignals } from '@mia/host';
import { readConfig } from './config';
import { serve } from './serve';

/** The bot as an operator runs it (`npm start -w @mia/bot`), configured by the environment only. */
let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
if (!config.BOT_TOKEN) {
  console.error('BOT_TOKEN is not set: get one from @BotFather (or run `npm start` for the demo without a token)');
  process.exit(2);
}
const running = await serve({ ...config, BOT_TOKEN: config.BOT_TOKEN });

stopOnSignals(() => running.stop(), running.log, 'bot');
