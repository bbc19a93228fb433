import type { Action } from '../actions';
import type { LegalMoves } from '../legal';
import type { Value } from '../dice';
import type { Ranking } from '../ranking';
import type { Rng } from '../rng';
import type { PlayerView } from '../views';

/**
 * A computer player's mind. It sees only what a person in its seat would (its `PlayerView`) and
 * answers with one of the same actions people send, chosen from `moves`.
 */
export interface Strategy {
  readonly name: string;
  choose(view: PlayerView, moves: Exclude<LegalMoves, { stage: 'none' }>, ranking: Ranking, rng: Rng): Action;
}

/** True with probability `p`, drawn from `rng` in steps of 1/10,000. */
export function chance(rng: Rng, p: number): boolean {
  return rng(10_000) < p * 10_000;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from nothing');
  return items[rng(items.length)]!;
}

/**
 * One of the `n` lowest of the first `count` claims (claims are listed best first): what
 * `pick(rng, claims.slice(0, count).slice(-n))` picks, with the same draw, and no copies made.
 */
export function pickLowest(rng: Rng, claims: readonly Value[], count: number, n: number): Value {
  const size = Math.min(n, count);
  if (size <= 0) throw new Error('pick from nothing');
  return claims[count - size + rng(size)]!;
}

/**
 * How many of `claims` (best first) rank above `rank` (or at it too, when `orEqual`): they are
 * the first ones, so `claims.filter(...)` would be `claims.slice(0, count)`.
 */
export function countRankedAbove(ranking: Ranking, claims: readonly Value[], rank: number, orEqual = false): number {
  let count = 0;
  while (count < claims.length) {
    const r = ranking.rankOf(claims[count]!);
    if (orEqual ? r < rank : r <= rank) break;
    count++;
  }
  return count;
}
