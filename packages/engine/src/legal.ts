import type { Value } from './dice';
import { claimsAbove, rankingFor } from './ranking';
import type { GameState, PlayerId } from './state';
import { lastAnnouncement } from './table';

/** What `player` may do now, by stage: what the bot turns into buttons and AI seats choose from. */
export type LegalMoves =
  | { stage: 'none' }
  /** Roll and look, or roll unseen and announce one of `claims` at once. */
  | { stage: 'roll'; claims: Value[] }
  | { stage: 'announce'; claims: Value[] }
  /** Believe and roll, call liar, or pass blind with one of `passClaims` (empty when not allowed). */
  | { stage: 'respond'; announced: Value; passClaims: Value[] }
  | { stage: 'mia' };

/** Claims the actor may announce now, best first (after the last announcement of the round). */
export function announceableClaims(state: GameState): Value[] {
  const ranking = rankingFor(state.settings.ranking);
  const last = lastAnnouncement(state);
  return claimsAbove(ranking, last ? last.value : null, state.settings.announceRule === 'at-least');
}

/** Claims a blind pass may name: the same value or a higher one; none unless the setting allows. */
export function passableClaims(state: GameState): Value[] {
  const last = lastAnnouncement(state);
  if (!state.settings.blindPass || state.settings.announceRule !== 'strict' || !last) return [];
  return claimsAbove(rankingFor(state.settings.ranking), last.value, true);
}

export function legalMoves(state: GameState, player: PlayerId): LegalMoves {
  const round = state.round;
  if (state.phase !== 'playing' || !round || round.actor !== player) return { stage: 'none' };
  switch (round.stage) {
    case 'roll':
      return { stage: 'roll', claims: announceableClaims(state) };
    case 'announce':
      return { stage: 'announce', claims: announceableClaims(state) };
    case 'respond':
      return { stage: 'respond', announced: lastAnnouncement(state)!.value, passClaims: passableClaims(state) };
    case 'mia':
      return { stage: 'mia' };
  }
}
