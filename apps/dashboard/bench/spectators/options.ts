// What bench/spectators.ts is asked to do (its command line, the goal) and small helpers.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pino from 'pino';

export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Delay (issue 7); the dashboard's RSS at its peak during play with 1,000 spectators (issue 16). */
export const GOAL = { p99Ms: 200, peakRssMB: 120 };
/** After the last commit, how long arrivals are awaited: later ones count as lost. */
export const DRAIN_MS = 3000;

export const { values: args } = parseArgs({
  options: {
    groups: { type: 'string', default: '100' },
    clients: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    interval: { type: 'string', default: '1000' },
    db: { type: 'string' },
    seed: { type: 'string', default: '1' },
    profile: { type: 'string' },
    tsx: { type: 'boolean', default: false },
    'node-flags': { type: 'string' },
  },
});
export const positive = (name: string, raw: string) => {
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return n;
};
export const config = {
  groups: positive('groups', args.groups!),
  clientsPerGroup: positive('clients', args.clients!),
  seconds: positive('seconds', args.seconds!),
  warmupSeconds: args.warmup === '0' ? 0 : positive('warmup', args.warmup!),
  intervalMs: positive('interval', args.interval!),
  seed: positive('seed', args.seed!),
};
export const log = (...a: unknown[]) => console.log(...a);
export const quiet = pino({ level: 'silent' });
export const wallClock = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
export const MB = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
export const r2 = (x: number) => Math.round(x * 100) / 100;
