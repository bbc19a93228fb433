// What bench/load.ts is asked to do: its command line, the goals it checks, and small helpers.
import { parseArgs } from 'node:util';

export const { values: args } = parseArgs({
  options: {
    groups: { type: 'string', default: '100' },
    db: { type: 'string' },
    duration: { type: 'string', default: '45' },
    warmup: { type: 'string', default: '0' },
    acts: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    history: { type: 'boolean', default: false },
    profile: { type: 'string' },
    perf: { type: 'string' },
    pace: { type: 'string', default: '0' },
    latency: { type: 'string', default: '0' },
    bundle: { type: 'boolean', default: false },
    'node-flags': { type: 'string' },
    repeat: { type: 'string', default: '1' },
    versus: { type: 'string' },
    together: { type: 'boolean', default: false },
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
  /**
   * --warmup S (with --pace): the groups play S seconds before the measured window opens (and
   * --duration S after it), so that the figures are those of a bot that has been running, not of its first
   * seconds (V8 compiling the hot paths: see docs/performance-log.md). The floor gets the same.
   */
  warmupS: count('warmup', args.warmup!, 0),
  acts: count('acts', args.acts!),
  seed: count('seed', args.seed!),
  history: args.history!,
  profile: args.profile,
  /**
   * --perf DIR: Linux perf records the bot's CPU over the measured play (bench/load/perf.ts), and
   * the run prints it by what ran and by JavaScript module; the recording stays in DIR.
   */
  perf: args.perf,
  pace: pace(args.pace!),
  /**
   * --latency MS: the network's round trip between the bot and Telegram (telegram-sim's
   * latencyMs): a bot hosted far from Telegram's servers, where loopback has none. What a player
   * waits for then depends on how many calls a move makes one after another.
   */
  latencyMs: count('latency', args.latency!, 0),
  bundle: args.bundle!,
  /**
   * --node-flags "…": the bot process's node flags. Default: with --bundle production's
   * (scripts/node-flags.mjs, with its environment), under tsx none; "" for node's own.
   */
  nodeFlags: args['node-flags']?.split(/\s+/).filter(Boolean),
  /** --repeat N: each database's run is made N times (with --versus, N times each variant, alternated). */
  repeat: count('repeat', args.repeat!),
  /** --versus "…": a second variant of the bot and floor processes, alternated with the first run by run. */
  versus: args.versus === undefined ? null : variant(args.versus),
  /**
   * --together (with --versus): the two variants run at once, each with its own sim, database, bot
   * and floor, instead of one after the other. Both then meet the same moment of a shared
   * machine's load, so their difference is measured within a run; the absolute figures are those
   * of a machine doing twice the work (see apps/bot/README.md).
   */
  together: args.together!,
};
if (config.together && !config.versus) throw new Error('--together needs --versus');
// The results file keeps the loopback's figures, which the README quotes.
if (config.latencyMs && !config.pace) throw new Error('--latency needs --pace');
// The inspector's sampling would be in perf's samples, and perf's map in the profile.
if (config.perf && config.profile) throw new Error('--perf and --profile do not go together');
// The history process answers one request at a time.
if (config.together && config.history) throw new Error('--together and --history do not go together');
// At saturation each group plays one game and stops, so only paced groups play on through a warm-up.
if (config.warmupS && (!config.pace || !config.durationS)) throw new Error('--warmup needs --pace and a --duration');

/**
 * How a run's bot and floor processes differ from the command's own: node flags in place of its
 * flags (when any are given) and environment variables on top of its environment.
 */
export interface Variant {
  label: string;
  flags: string[] | null;
  env: Record<string, string>;
}

/** "--flag --other=1 NAME=value": the flags and the NAME=value assignments (environment) apart. */
export function variant(raw: string): Variant {
  const words = raw.split(/\s+/).filter(Boolean);
  const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;
  const flags = words.filter((w) => !assignment.test(w));
  const env = Object.fromEntries(
    words.flatMap((w) => {
      const m = assignment.exec(w);
      return m ? [[m[1]!, m[2]!]] : [];
    }),
  );
  if (flags.some((f) => !f.startsWith('-'))) throw new Error(`--versus takes node flags and NAME=value assignments, got ${raw}`);
  return { label: words.join(' ') || '(the same)', flags: flags.length > 0 ? flags : null, env };
}

/** The command's own variant (A): --node-flags, or production's with --bundle. */
export const OWN: Variant = { label: 'as given', flags: null, env: {} };

export const GOALS = { actionsPerSecond: 1000, p99Ms: 50, callsPerAction: 3, botCpuMsPerAction: 1 };
/** At a human pace (issue 16): p99 from the press to the last Bot API call, the bot's CPU and round trips per action. */
export const PACED_GOALS = { p99Ms: 40, botCpuMsPerAction: 2, dbRoundTripsPerAction: 4 };
export const log = (...a: unknown[]) => console.log(...a);
export const r2 = (x: number) => Math.round(x * 100) / 100;
export const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
