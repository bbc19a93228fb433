import type { Action } from '../actions';
import type { LegalMoves } from '../legal';
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
