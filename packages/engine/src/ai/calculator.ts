import { valueOf, type Value } from '../dice';
import { atLeastProbability, oddsTables } from '../odds';
import { countRankedAbove, type Strategy } from './strategy';

export interface CalculatorOptions {
  /** Bluff when the next roll beats the truth more often than this. */
  bluffAbove: number;
  /** When bluffing, aim for a claim beaten about this often. */
  bluffTarget: number;
  /** Call a claim that one roll reaches less often than this. */
  callBelow: number;
}

/** The claim among the first `count` of `claims` whose chance of being beaten is nearest `target`. */
function nearest(beat: Float64Array, claims: readonly Value[], count: number, target: number): Value {
  let best = claims[0]!;
  let gap = Infinity;
  for (let i = 0; i < count; i++) {
    const c = claims[i]!;
    const g = Math.abs(beat[c]! - target);
    if (g < gap) {
      best = c;
      gap = g;
    }
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
          const { beat } = oddsTables(ranking);
          const truth = ranking.canonical(valueOf(view.myDice!));
          if (moves.claims.includes(truth) && beat[truth]! <= o.bluffAbove) {
            return { type: 'announce', player, value: truth, blind: false };
          }
          const higher = countRankedAbove(ranking, moves.claims, ranking.rankOf(truth), true);
          const value = nearest(beat, moves.claims, higher > 0 ? higher : moves.claims.length, o.bluffTarget);
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
