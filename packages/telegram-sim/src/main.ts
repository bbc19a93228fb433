/**
 * The simulator on its own: `npm start -w @mia/telegram-sim`, or `tsx src/main.ts`.
 *
 *   PORT=8081 HOST=127.0.0.1 SIM_BOTS=mia_bot,other_bot=123:AAsecret SIM_LIMITS=off tsx src/main.ts
 *
 * Prints one JSON line — {"apiRoot": …, "bots": [{"username": …, "token": …}]} — then serves
 * until SIGINT or SIGTERM.
 */
import { TelegramSim } from './sim';

const port = Number(process.env.PORT ?? 8081);
const host = process.env.HOST ?? '127.0.0.1';
const sim = await TelegramSim.start({
  port,
  host,
  limits: process.env.SIM_LIMITS === 'off' ? false : undefined,
  logger: process.env.LOG_LEVEL === 'debug',
});

const bots = (process.env.SIM_BOTS ?? 'mia_sim_bot')
  .split(',')
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => {
    const [username, token] = entry.split('=');
    return { username: username!, token: sim.createBot({ username: username!, ...(token ? { token } : {}) }) };
  });

console.log(JSON.stringify({ apiRoot: sim.apiRoot, bots }));

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await sim.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
