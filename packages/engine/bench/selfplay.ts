/**
 * AI self-play throughput: whole games through `apply`, one core (Node runs the loop on one
 * thread). Prints games and turns per second for a few table mixes; compare rows within one run,
 * the machines are shared and noisy. Goal (issue 2): over 100,000 turns per second.
 *
 *   npm run bench -w @mia/engine            (about 10 s)
 *   BENCH_SECONDS=5 npm run bench -w @mia/engine
 */
import { selfPlay, type SelfPlayOptions } from '../src';

const seconds = Number(process.env.BENCH_SECONDS ?? 2);

const cases: { name: string; options: Omit<SelfPlayOptions, 'games' | 'seed'> }[] = [
  { name: '4 mixed AIs, classic', options: { strategies: ['calculator', 'bluffer', 'honest', 'bluffer'] } },
  { name: '3 bluffers, blind pass', options: { strategies: ['bluffer', 'bluffer', 'bluffer'], settings: { blindPass: true } } },
  { name: '10 random, sum + little Mia', options: { strategies: Array(10).fill('random'), settings: { ranking: { sum: true, littleMia: true } } } },
];

function measure(options: Omit<SelfPlayOptions, 'games' | 'seed'>) {
  selfPlay({ ...options, games: 200, seed: 1 }); // warm up the JIT
  let games = 0;
  let turns = 0;
  let seed = 1;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    const s = selfPlay({ ...options, games: 100, seed: seed++ });
    games += s.games;
    turns += s.turns;
    elapsed = performance.now() - start;
  }
  return { games, turns, elapsed };
}

const rows = cases.map(({ name, options }) => {
  const { games, turns, elapsed } = measure(options);
  return {
    case: name,
    games,
    'games/s': Math.round((games / elapsed) * 1000),
    'turns/s': Math.round((turns / elapsed) * 1000),
    'µs/turn': Number(((elapsed * 1000) / turns).toFixed(2)),
    'turns/game': Number((turns / games).toFixed(1)),
  };
});
console.log(`Engine self-play, ${seconds} s per case, Node ${process.version}, one core`);
console.table(rows);
const worst = Math.min(...rows.map((r) => r['turns/s']));
console.log(`slowest case: ${worst.toLocaleString('en')} turns/s (goal: over 100,000) → ${worst > 100_000 ? 'met' : 'NOT met'}`);
