import { valueOf } from '../dice';
import { chance, countRankedAbove, pickLowest, type Strategy } from './strategy';

export interface BlufferOptions {
  /** How often it announces higher than its dice. */
  bluffRate: number;
  /** How often it calls liar instead of believing. */
  callRate: number;
  /** How often it rolls without looking and announces blind. */
  blindRate: number;
  /** How often it passes the cup on unseen, where the settings allow. */
  passRate: number;
  /** How often it looks at an announced Mia rather than giving up. */
  miaLookRate: number;
}

/** A configurable liar: bluffs, calls, plays blind and passes at the rates it is given. */
export function bluffer(options: Partial<BlufferOptions> = {}): Strategy {
  const o: BlufferOptions = { bluffRate: 0.5, callRate: 0.35, blindRate: 0.1, passRate: 0.2, miaLookRate: 0.5, ...options };
  return {
    name: 'bluffer',
    choose(view, moves, ranking, rng) {
      const player = view.viewer;
      switch (moves.stage) {
        case 'roll':
          if (chance(rng, o.blindRate)) {
            // The lowest few legal claims: a blind announcement that stays believable.
            return { type: 'announce', player, value: pickLowest(rng, moves.claims, moves.claims.length, 3), blind: true };
          }
          return { type: 'roll', player };
        case 'announce': {
          const truth = ranking.canonical(valueOf(view.myDice!));
          const above = countRankedAbove(ranking, moves.claims, ranking.rankOf(truth));
          if (!moves.claims.includes(truth) || (above > 0 && chance(rng, o.bluffRate))) {
            // Bluff, but modestly: one of the four lowest claims that are still legal.
            const value = above > 0 ? pickLowest(rng, moves.claims, above, 4) : pickLowest(rng, moves.claims, moves.claims.length, 4);
            return { type: 'announce', player, value, blind: false };
          }
          return { type: 'announce', player, value: truth, blind: false };
        }
        case 'respond':
          if (moves.passClaims.length > 0 && chance(rng, o.passRate)) {
            return { type: 'passBlind', player, value: moves.passClaims[moves.passClaims.length - 1]! };
          }
          return chance(rng, o.callRate) ? { type: 'call', player } : { type: 'believe', player };
        case 'mia':
          return chance(rng, o.miaLookRate) ? { type: 'lookAtMia', player } : { type: 'giveUp', player };
      }
    },
  };
}
