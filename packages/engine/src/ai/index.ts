import type { Action } from '../actions';
import { legalMoves } from '../legal';
import { rankingFor } from '../ranking';
import type { Rng } from '../rng';
import type { GameState, PlayerId } from '../state';
import { deferredPlayerView } from '../views';
import { bluffer, type BlufferOptions } from './bluffer';
import { calculator, type CalculatorOptions } from './calculator';
import { honest } from './honest';
import { randomPlayer } from './random';
import type { Strategy } from './strategy';

export type { Strategy } from './strategy';
export { bluffer, calculator, honest, randomPlayer };
export type { BlufferOptions, CalculatorOptions };

export const STRATEGY_NAMES = ['honest', 'calculator', 'bluffer', 'random'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];

export function strategyFor(name: StrategyName): Strategy {
  switch (name) {
    case 'honest':
      return honest;
    case 'calculator':
      return calculator();
    case 'bluffer':
      return bluffer();
    case 'random':
      return randomPlayer;
  }
}

/** The action `strategy` takes for `player`, or null when it is not that player's move. */
export function aiAction(state: GameState, player: PlayerId, strategy: Strategy, rng: Rng): Action | null {
  const moves = legalMoves(state, player);
  if (moves.stage === 'none') return null;
  // The seat's own view, built lazily: strategies mostly read only its dice.
  return strategy.choose(deferredPlayerView(state, player), moves, rankingFor(state.settings.ranking), rng);
}
