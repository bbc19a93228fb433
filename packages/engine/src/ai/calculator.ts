import { valueOf, type Value } from '../dice';
import { atLeastProbability, beatProbability } from '../odds';
import type { Ranking } from '../ranking';
import type { Strategy } from './strategy';

export interface CalculatorOptions {
  /** Bluff when the next roll beats the truth more often than this. */
  bluffAbove: number;
  /** When bluffing, aim for a claim beaten about this often. */
  bluffTarget: number;
  /** Call a claim that one roll reaches less often than this. */
  callBelow: number;
}

/** The claim among `claims` whose chance of being beaten is nearest `target`. */
function nearest(ranking: Ranking, claims: readonly Value[], target: number): Value {
  let best = claims[0]!;
  let gap = Infinity;
  for (const c of claims) {
    const g = Math.abs(beatProbability(ranking, c) - target);
    if (g < gap) [best, gap] = [c, g];
  }
  return best;
}

/**
 * Plays the odds: tells the truth when the roll is likely to hold, bluffs up to a claim with
 * fair odds when it is likely to be beaten, and calls claims that are unlikely to be true.
 */
export function calculator(options: Partial<CalculatorOptions> = {}): Strategy {
  // Defaults tuned by self-play against honest and bluffer seats (wins about half of 4-player games).
  const o: CalculatorOptions = { bluffAbove: 0.4, bluffTarget: 0.3, callBelow: 0.3, ...options };
  return {
    name: 'calculator',
    choose(view, moves, ranking) {
      const player = view.viewer;
      switch (moves.stage) {
        case 'roll':
          return { type: 'roll', player };
        case 'announce': {
          const truth = ranking.canonical(valueOf(view.myDice!));
          const truthRank = ranking.rankOf(truth);
          if (moves.claims.includes(truth) && beatProbability(ranking, truth) <= o.bluffAbove) {
            return { type: 'announce', player, value: truth, blind: false };
          }
          const higher = moves.claims.filter((c) => ranking.rankOf(c) >= truthRank);
          const value = nearest(ranking, higher.length > 0 ? higher : moves.claims, o.bluffTarget);
          return { type: 'announce', player, value, blind: false };
        }
        case 'respond':
          return atLeastProbability(ranking, moves.announced) < o.callBelow ? { type: 'call', player } : { type: 'believe', player };
        case 'mia':
          return { type: 'lookAtMia', player };
      }
    },
  };
}
