import type { Strategy } from './strategy';

/**
 * Any legal move, uniformly: no sense at all, which is what property tests want. It draws one
 * index among all the moves listed in a fixed order and builds only that one (listing them all
 * as actions first would make up to 22 objects a turn for one to be used).
 */
export const randomPlayer: Strategy = {
  name: 'random',
  choose(view, moves, _ranking, rng) {
    const player = view.viewer;
    switch (moves.stage) {
      case 'roll': {
        // roll, then a blind announcement of each claim
        const i = draw(rng, 1 + moves.claims.length);
        return i === 0 ? { type: 'roll', player } : { type: 'announce', player, value: moves.claims[i - 1]!, blind: true };
      }
      case 'announce':
        return { type: 'announce', player, value: moves.claims[draw(rng, moves.claims.length)]!, blind: false };
      case 'respond': {
        // believe, call, then a blind pass with each claim allowed
        const i = draw(rng, 2 + moves.passClaims.length);
        if (i === 0) return { type: 'believe', player };
        if (i === 1) return { type: 'call', player };
        return { type: 'passBlind', player, value: moves.passClaims[i - 2]! };
      }
      case 'mia':
        return draw(rng, 2) === 0 ? { type: 'lookAtMia', player } : { type: 'giveUp', player };
    }
  },
};

/** `pick`'s draw: an index in [0, n), refusing an empty choice as `pick` does. */
function draw(rng: (n: number) => number, n: number): number {
  if (n === 0) throw new Error('pick from nothing');
  return rng(n);
}
