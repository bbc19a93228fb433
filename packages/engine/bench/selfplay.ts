/**
 * AI self-play throughput: whole games through `apply`, one core (Node runs the loop on one
 * thread). Prints games and turns per second for a few table mixes, and for the first case the
 * ceiling beside it: `reference.ts` plays the very same games over plain integers, in slices
 * taken in turn with the engine's so that both see the same machine. Compare rows within one run,
 * the machines are shared and noisy. Goal (issue 16): 1,000,000 turns per CPU second on the first
 * case (the median batch: a batch is 100 games).
 *
 *   npm run bench -w @mia/engine            (about 10 s; compiled as production runs, see
 *                                            scripts/run-compiled.mjs)
 *   npm run bench:tsx -w @mia/engine        (the same under tsx, about half the speed)
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
  // The table Zaphoood/Maexchen (a Python simulator) is compared on: each game three rounds.
  { name: '4 AIs, 1 life, no blind play (peer table)', options: { strategies: ['calculator', 'bluffer', 'honest', 'random'], settings: { lives: 1 } } },
];

interface Tally {
  games: number;
  turns: number;
  ms: number;
  /** CPU time this process was given meanwhile (all its threads: the garbage collector's too). */
  cpuMs: number;
  /** Turns per CPU second of each batch: their median is the figure least disturbed by others. */
  batches: number[];
}

const newTally = (): Tally => ({ games: 0, turns: 0, ms: 0, cpuMs: 0, batches: [] });

/** Plays batches for about `ms` milliseconds into `tally`; `play(seed)` returns the turns played. */
function slice(tally: Tally, ms: number, seed: { next: number }, play: (seed: number) => number): void {
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    const cpu = process.cpuUsage();
    const turns = play(seed.next++);
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    tally.games += BATCH;
    tally.turns += turns;
    tally.cpuMs += cpuMs;
    tally.batches.push((turns / cpuMs) * 1000);
    elapsed = performance.now() - start;
  }
  tally.ms += elapsed;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const engine = (options: CaseOptions) => (seed: number) => selfPlay({ ...options, games: BATCH, seed }).turns;

function row(name: string, t: Tally) {
  return {
    case: name,
    games: t.games,
    'turns/s': Math.round((t.turns / t.ms) * 1000),
    'turns/cpu-s': Math.round((t.turns / t.cpuMs) * 1000),
    'median batch': Math.round(median(t.batches)),
    'CPU µs/turn': Number((1e6 / median(t.batches)).toFixed(3)),
    'turns/game': Number((t.turns / t.games).toFixed(1)),
  };
}

/** Plays for a quarter of a second unmeasured, so the compiler's work is done before counting. */
function warmUp(play: (seed: number) => number): void {
  const start = performance.now();
  for (let seed = 1; performance.now() - start < 250; seed++) play(seed);
}

const SLICES = 8;
const rows: ReturnType<typeof row>[] = [];

// The first case and its integer reference, in alternating slices, from the same seeds.
const first = cases[0]!;
const play = engine(first.options);
warmUp(play);
warmUp((seed) => referenceGames(BATCH, seed));
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
  warmUp(p);
  const t = newTally();
  const seed = { next: 1 };
  for (let i = 0; i < SLICES / 2; i++) slice(t, (seconds * 1000) / (SLICES / 2), seed, p);
  rows.push(row(name, t));
}

const how = process.env.MIA_COMPILED ? 'compiled by esbuild as production runs (scripts/run-compiled.mjs)' : 'under tsx (npm run bench:tsx)';
console.log(`Engine self-play, ${seconds} s per case, Node ${process.version}, one thread, ${how}`);
console.table(rows);
// Per second of CPU time given to this process (the wall clock on a busy machine also counts the
// time other processes held the core), the median of the batches (100 games each).
const rate = (t: Tally) => median(t.batches);
const ratio = rate(ceiling) / rate(mine);
const firstRate = Math.round(rate(mine));
const n = (x: number) => Math.round(x).toLocaleString('en');
console.log(
  `first case: ${n(firstRate)} turns per CPU second (median of ${mine.batches.length} batches; ${n((mine.turns / mine.ms) * 1000)} per wall second); ` +
    `the integer reference ${n(rate(ceiling))}, ${ratio.toFixed(1)}× the engine (same games: ${same ? 'yes' : 'NO'})`,
);
console.log(`goal: ${n(GOAL)} turns per CPU second on the first case → ${firstRate >= GOAL ? 'met' : 'NOT met'}`);
for (const r of rows) console.log(`BENCH ${JSON.stringify({ ...r, node: process.version, seconds })}`);
console.log(`BENCH ${JSON.stringify({ case: 'ratio', referenceOverEngine: Number(ratio.toFixed(2)), sameGames: same, goal: GOAL, met: firstRate >= GOAL })}`);
