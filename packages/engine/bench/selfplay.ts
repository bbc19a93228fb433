/**
 * AI self-play throughput: whole games through `apply`, one core (Node runs the loop on one
 * thread). Prints games and turns per second for a few table mixes, and for the first case the
 * ceiling beside it: `reference.ts` plays the very same games over plain integers, in slices
 * taken in turn with the engine's so that both see the same machine. Compare rows within one run,
 * the machines are shared and noisy. Goal (issue 16): 1,000,000 turns per second on the first case.
 *
 *   npm run bench -w @mia/engine            (about 8 s)
 *   BENCH_SECONDS=5 npm run bench -w @mia/engine
 *
 * Besides the table, one `BENCH {json}` line per row, for scripts.
 */
import { selfPlay, type SelfPlayOptions } from '../src';
import { referenceGames } from './reference';

const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const GOAL = 1_000_000;
const BATCH = 100; // games per selfPlay call, each batch from its own seed

type CaseOptions = Omit<SelfPlayOptions, 'games' | 'seed'>;

const cases: { name: string; options: CaseOptions }[] = [
  { name: '4 mixed AIs, classic', options: { strategies: ['calculator', 'bluffer', 'honest', 'bluffer'] } },
  { name: '3 bluffers, blind pass', options: { strategies: ['bluffer', 'bluffer', 'bluffer'], settings: { blindPass: true } } },
  { name: '10 random, sum + little Mia', options: { strategies: Array(10).fill('random'), settings: { ranking: { sum: true, littleMia: true } } } },
];

interface Tally {
  games: number;
  turns: number;
  ms: number;
  /** CPU time this process was given meanwhile (all its threads: the garbage collector's too). */
  cpuMs: number;
  /** The fastest slice, in turns per second: the figure least disturbed by other processes. */
  best: number;
}

const newTally = (): Tally => ({ games: 0, turns: 0, ms: 0, cpuMs: 0, best: 0 });

/** Plays batches for about `ms` milliseconds into `tally`; `play(seed)` returns the turns played. */
function slice(tally: Tally, ms: number, seed: { next: number }, play: (seed: number) => number): void {
  const start = performance.now();
  const cpu = process.cpuUsage();
  let turns = 0;
  let games = 0;
  let elapsed = 0;
  while (elapsed < ms) {
    turns += play(seed.next++);
    games += BATCH;
    elapsed = performance.now() - start;
  }
  tally.games += games;
  tally.turns += turns;
  const used = process.cpuUsage(cpu);
  tally.ms += elapsed;
  tally.cpuMs += (used.user + used.system) / 1000;
  tally.best = Math.max(tally.best, (turns / elapsed) * 1000);
}

const engine = (options: CaseOptions) => (seed: number) => selfPlay({ ...options, games: BATCH, seed }).turns;

function row(name: string, t: Tally) {
  return {
    case: name,
    games: t.games,
    'games/s': Math.round((t.games / t.ms) * 1000),
    'turns/s': Math.round((t.turns / t.ms) * 1000),
    'turns/cpu-s': Math.round((t.turns / t.cpuMs) * 1000),
    'best slice': Math.round(t.best),
    'CPU µs/turn': Number(((t.cpuMs * 1000) / t.turns).toFixed(3)),
    'turns/game': Number((t.turns / t.games).toFixed(1)),
  };
}

const SLICES = 8;
const rows: ReturnType<typeof row>[] = [];

// The first case and its integer reference, in alternating slices, from the same seeds.
const first = cases[0]!;
const play = engine(first.options);
play(1); // warm up the JIT
referenceGames(BATCH, 1);
const mine = newTally();
const ceiling = newTally();
const mineSeed = { next: 1 };
const ceilingSeed = { next: 1 };
for (let i = 0; i < SLICES; i++) {
  slice(mine, (seconds * 1000) / SLICES, mineSeed, play);
  slice(ceiling, (seconds * 1000) / SLICES, ceilingSeed, (seed) => referenceGames(BATCH, seed));
}
// Same seeds, same games: the reference must count the engine's turns (checked on one batch).
const same = selfPlay({ ...first.options, games: BATCH, seed: 7 }).turns === referenceGames(BATCH, 7);
rows.push(row(first.name, mine), row(`${first.name}: integer reference`, ceiling));

for (const { name, options } of cases.slice(1)) {
  const p = engine(options);
  p(1);
  const t = newTally();
  const seed = { next: 1 };
  for (let i = 0; i < SLICES / 2; i++) slice(t, (seconds * 1000) / (SLICES / 2), seed, p);
  rows.push(row(name, t));
}

console.log(`Engine self-play, ${seconds} s per case, Node ${process.version}, one thread`);
console.table(rows);
// Per second of CPU time given to this process: on a shared, busy machine the wall clock also
// counts the time other processes held the core.
const rate = (t: Tally) => (t.turns / t.cpuMs) * 1000;
const ratio = rate(ceiling) / rate(mine);
const firstRate = Math.round(rate(mine));
const n = (x: number) => Math.round(x).toLocaleString('en');
console.log(
  `first case: ${n(firstRate)} turns per CPU second (${n((mine.turns / mine.ms) * 1000)} per wall second, best slice ${n(mine.best)}); ` +
    `the integer reference ${n(rate(ceiling))}, ${ratio.toFixed(1)}× the engine (same games: ${same ? 'yes' : 'NO'})`,
);
console.log(`goal: ${n(GOAL)} turns per CPU second on the first case → ${firstRate >= GOAL ? 'met' : 'NOT met'}`);
for (const r of rows) console.log(`BENCH ${JSON.stringify({ ...r, node: process.version, seconds })}`);
console.log(`BENCH ${JSON.stringify({ case: 'ratio', referenceOverEngine: Number(ratio.toFixed(2)), sameGames: same, goal: GOAL, met: firstRate >= GOAL })}`);
