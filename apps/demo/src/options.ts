import { parseArgs } from 'node:util';
import { STRATEGY_NAMES, type StrategyName } from '@mia/engine';

export interface DemoOptions {
  seed: number | null;
  players: StrategyName[];
  delayMs: number;
  replay: boolean;
}

export const USAGE = `Usage: npm start -- [--seed N] [--players honest,calculator,bluffer] [--delay MS] [--no-replay]`;

/** Reads the demo's command line; throws with a readable message on a bad value. */
export function parseOptions(argv: string[], isTty: boolean): DemoOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: 'string' },
      players: { type: 'string' },
      delay: { type: 'string' },
      'no-replay': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  const seed = values.seed === undefined ? null : Number(values.seed);
  if (seed !== null && !Number.isInteger(seed)) throw new Error(`--seed must be a whole number\n${USAGE}`);
  const players = (values.players ?? 'calculator,bluffer,honest,bluffer').split(',').map((s) => s.trim());
  for (const p of players) {
    if (!(STRATEGY_NAMES as readonly string[]).includes(p)) {
      throw new Error(`unknown strategy "${p}"; choose from ${STRATEGY_NAMES.join(', ')}\n${USAGE}`);
    }
  }
  if (players.length < 2 || players.length > 10) throw new Error(`--players takes 2 to 10 strategies\n${USAGE}`);
  const delayMs = values.delay === undefined ? (isTty ? 120 : 0) : Number(values.delay);
  if (!Number.isInteger(delayMs) || delayMs < 0) throw new Error(`--delay must be whole milliseconds\n${USAGE}`);
  return { seed, players: players as StrategyName[], delayMs, replay: !values['no-replay'] };
}
