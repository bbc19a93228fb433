// What bench/load.ts is asked to do: its command line, the goals it checks, and small helpers.
import { parseArgs } from 'node:util';

export const { values: args } = parseArgs({
  options: {
    groups: { type: 'string', default: '100' },
    db: { type: 'string' },
    duration: { type: 'string', default: '45' },
    acts: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    history: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const count = (name: string, raw: string, min = 1) => {
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got ${raw}`);
  return n;
};
export const config = {
  groups: count('groups', args.groups!),
  durationS: count('duration', args.duration!, 0),
  acts: count('acts', args.acts!),
  seed: count('seed', args.seed!),
  history: args.history!,
  profile: args.profile,
};

export const GOALS = { actionsPerSecond: 1000, p99Ms: 50, callsPerAction: 3, botCpuMsPerAction: 1 };
export const log = (...a: unknown[]) => console.log(...a);
export const r2 = (x: number) => Math.round(x * 100) / 100;
export const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
