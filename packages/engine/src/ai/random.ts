import type { Action } from '../actions';
import { pick, type Strategy } from './strategy';

/** Any legal move, uniformly: no sense at all, which is what property tests want. */
export const randomPlayer: Strategy = {
  name: 'random',
  choose(view, moves, _ranking, rng) {
    const player = view.viewer;
    const options: Action[] = [];
    switch (moves.stage) {
      case 'roll':
        options.push({ type: 'roll', player });
        for (const value of moves.claims) options.push({ type: 'announce', player, value, blind: true });
        break;
      case 'announce':
        for (const value of moves.claims) options.push({ type: 'announce', player, value, blind: false });
        break;
      case 'respond':
        options.push({ type: 'believe', player }, { type: 'call', player });
        for (const value of moves.passClaims) options.push({ type: 'passBlind', player, value });
        break;
      case 'mia':
        options.push({ type: 'lookAtMia', player }, { type: 'giveUp', player });
        break;
    }
    return pick(rng, options);
  },
};
