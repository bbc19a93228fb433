import { valueOf } from '../dice';
import { atLeastProbability } from '../odds';
import type { Strategy } from './strategy';

/**
 * Tells the truth whenever the truth is allowed, else the smallest announcement that is; calls
 * only claims that one roll rarely reaches, and always looks at a Mia.
 */
export const honest: Strategy = {
  name: 'honest',
  choose(view, moves, ranking) {
    const player = view.viewer;
    switch (moves.stage) {
      case 'roll':
        return { type: 'roll', player };
      case 'announce': {
        const truth = ranking.canonical(valueOf(view.myDice!));
        const value = moves.claims.includes(truth) ? truth : moves.claims[moves.claims.length - 1]!;
        return { type: 'announce', player, value, blind: false };
      }
      case 'respond':
        return atLeastProbability(ranking, moves.announced) < 0.25 ? { type: 'call', player } : { type: 'believe', player };
      case 'mia':
        return { type: 'lookAtMia', player };
    }
  },
};
