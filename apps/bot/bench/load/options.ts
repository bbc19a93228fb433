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
    pace: { type: 'string', default: '0' },
    bundle: { type: 'boolean', default: false },
    'node-flags': { type: 'string' },
  },
});
const count = (name: string, raw: string, min = 1) => {
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got ${raw}`);
  return n;
};
/** --pace MIN-MAX (ms, or one number for both): 0 is no pace, each group presses as soon as the bot has answered. */
function pace(raw: string): { minMs: number; maxMs: number } | null {
  const m = /^(\d+)(?:-(\d+))?$/.exec(raw.replaceAll('_', ''));
  if (!m) throw new Error(`--pace must be MIN-MAX or N (ms), got ${raw}`);
  const minMs = Number(m[1]);
  const maxMs = Number(m[2] ?? m[1]);
  if (maxMs < minMs) throw new Error(`--pace: ${maxMs} < ${minMs}`);
  return maxMs === 0 ? null : { minMs, maxMs };
}
export const config = {
  groups: count('groups', args.groups!),
  durationS: count('duration', args.duration!, 0),
  acts: count('acts', args.acts!),
  seed: count('seed', args.seed!),
  history: args.history!,
  profile: args.profile,
  pace: pace(args.pace!),
  bundle: args.bundle!,
  /**
   * --node-flags "…": the bot process's node flags. Default: with --bundle production's
   * (scripts/node-flags.mjs, with its environment), under tsx none; "" for node's own.
   */
  nodeFlags: args['node-flags']?.split(/\s+/).filter(Boolean),
};

export const GOALS = { actionsPerSecond: 1000, p99Ms: 50, callsPerAction: 3, botCpuMsPerAction: 1 };
/** At a human pace (issue 16): p99 from the press to the last Bot API call, the bot's CPU and round trips per action. */
export const PACED_GOALS = { p99Ms: 40, botCpuMsPerAction: 2, dbRoundTripsPerAction: 4 };
export const log = (...a: unknown[]) => console.log(...a);
export const r2 = (x: number) => Math.round(x * 100) / 100;
export const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
