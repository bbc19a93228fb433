import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '@mia/db/paths';
import { STRATEGY_NAMES, type StrategyName } from '@mia/engine';

export interface DemoOptions {
  /** Seeds the dice and the computer players' choices (null: node:crypto). */
  seed: number | null;
  /** Groups playing at once, each with its own host. */
  groups: number;
  /** The computer players each game seats, by strategy. */
  players: StrategyName[];
  /** The computer players' pause before acting, ms: fixed or a [min, max] range. */
  delayMs: number | [number, number];
  /** The pause between a game's end and the next one in that group, ms. */
  pauseMs: number;
  /** Where the bot's and the database's log goes (the terminal shows the games). */
  logFile: string;
  /** The dashboard's port (0: any free one) and address. */
  port: number;
  host: string;
}

export const USAGE = `Usage: npm start -- [--groups N] [--players calculator,bluffer,honest] [--delay MS|MIN-MAX] [--pause MS] [--seed N] [--log FILE] [--port N]

Without BOT_TOKEN: the real bot against telegram-sim (a simulated Telegram on loopback); in each
group a host opens games, seats computer players with /addai and starts them, one after another.
  --groups N      groups playing at once (1-20, default 3)
  --players LIST  the computer players of each game, by strategy (2-10 of ${STRATEGY_NAMES.join(', ')};
                  default calculator,bluffer,honest)
  --delay MS      how long a computer player thinks: MS, or MIN-MAX at random (default 800-2500)
  --pause MS      between a game's end and the next one (default 4000)
  --seed N        seeded dice and choices (the tables still interleave as timing has it)
  --log FILE      the bot's log (default $DATA_DIR/demo.log, else data/demo.log)
  --port N        the dashboard's port (default $PORT, else 3000; 0 for any free port)
Environment: DATABASE_URL, or DATA_DIR for the embedded database; HOST for the dashboard's
address (default 127.0.0.1); SIM_LIMITS=off lifts the
simulated flood limits; LOG_LEVEL for the log file. With BOT_TOKEN set, npm start runs the real
bot instead (see .env.example).`;

const whole = (text: string, what: string, min: number, max: number): number => {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < min || n > max) throw new Error(`${what} must be a whole number from ${min} to ${max}\n${USAGE}`);
  return n;
};

/** Reads the demo's command line; throws with a readable message (or the usage, for --help). */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): DemoOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: 'string' },
      groups: { type: 'string' },
      players: { type: 'string' },
      delay: { type: 'string' },
      pause: { type: 'string' },
      log: { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  const seed = values.seed === undefined ? null : Number(values.seed);
  if (seed !== null && !Number.isInteger(seed)) throw new Error(`--seed must be a whole number\n${USAGE}`);
  const players = (values.players ?? 'calculator,bluffer,honest').split(',').map((s) => s.trim().toLowerCase());
  for (const p of players) {
    if (!(STRATEGY_NAMES as readonly string[]).includes(p)) {
      throw new Error(`unknown strategy "${p}"; choose from ${STRATEGY_NAMES.join(', ')}\n${USAGE}`);
    }
  }
  if (players.length < 2 || players.length > 10) throw new Error(`--players takes 2 to 10 strategies\n${USAGE}`);
  return {
    seed,
    groups: whole(values.groups ?? '3', '--groups', 1, 20),
    players: players as StrategyName[],
    delayMs: parseDelay(values.delay ?? '800-2500'),
    pauseMs: whole(values.pause ?? '4000', '--pause', 0, 3_600_000),
    // Beside the embedded database when DATA_DIR moves it, so one folder holds a demo's files.
    logFile: values.log ?? join(env.DATA_DIR || join(REPO_ROOT, 'data'), 'demo.log'),
    port: whole(values.port ?? env.PORT ?? '3000', '--port', 0, 65535),
    host: env.HOST || '127.0.0.1',
  };
}

function parseDelay(text: string): number | [number, number] {
  const range = /^(\d+)-(\d+)$/.exec(text.trim());
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    if (min > max || max > 600_000) throw new Error(`--delay MIN-MAX: MIN up to MAX, at most 600000 ms\n${USAGE}`);
    return [min, max];
  }
  return whole(text, '--delay', 0, 600_000);
}
