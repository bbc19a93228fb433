import type { Value } from './dice';
import { rankingFor } from './ranking';
import { notPlaying, reject, type Rejection } from './rejections';
import type { GameState, PlayerId, Stage } from './state';
import { lastAnnouncement, seatById } from './table';

/** Every stage of a round: for a question asked of the actor whatever they must do. */
export const ALL_STAGES: readonly Stage[] = ['roll', 'announce', 'respond', 'mia'];

/**
 * Why `actor.player` may not act now at one of `stages` (null: they may), in the order a player
 * would want it explained: the check every in-round action shares. `actor.move` is the move the
 * caller saw (stale when the game has moved on). No stages: a move no stage takes (a button of an
 * earlier version of the bot), refused as `wrong-stage` when nothing else is wrong.
 */
export function turnRefusal(s: GameState, actor: { player: PlayerId; move?: number }, stages: readonly Stage[]): Rejection | null {
  if (s.phase !== 'playing' || !s.round) {
    return notPlaying(s.phase === 'over' ? 'over' : 'lobby');
  }
  const seat = seatById(s.seats, actor.player);
  if (!seat) return reject('player-unknown', 'not a player in this game');
  if (seat.out) return reject('player-out', 'you are out of this game');
  if (actor.move !== undefined && actor.move !== s.move) return reject('stale', 'the game has moved on');
  if (s.round.actor !== actor.player) return reject('not-your-turn', 'it is not your turn');
  if (!stages.includes(s.round.stage)) return reject('wrong-stage', `not possible now (${s.round.stage})`);
  return null;
}

/**
 * Why `joining.player` may not sit down now (null: they may). Without `joining`: whether anyone
 * may (the lobby is open and has a free seat), asked before a computer player is named.
 */
export function joinRefusal(s: GameState, joining?: { player: PlayerId }): Rejection | null {
  if (s.phase === 'over') return { code: 'not-in-lobby', message: 'the game is over', over: true };
  if (s.phase !== 'lobby') return reject('not-in-lobby', 'the game has already started');
  if (joining) {
    // Checked at run time too: actions arrive as JSON.
    if (typeof joining.player !== 'string' || joining.player === '') return reject('player-unknown', 'no player id');
    if (s.seats.some((p) => p.id === joining.player)) return reject('already-joined', 'already at the table');
  }
  const max = s.settings.maxPlayers;
  return s.seats.length >= max ? reject('table-full', `the table is full (${max} players)`, max) : null;
}

/** What `player` may do now, by stage: what the bot turns into buttons and AI seats choose from. */
export type LegalMoves =
  | { stage: 'none' }
  /** Roll and look, or roll unseen and announce one of `claims` at once. */
  | { stage: 'roll'; claims: readonly Value[] }
  | { stage: 'announce'; claims: readonly Value[] }
  /** Believe and roll, call liar, or pass blind with one of `passClaims` (empty when not allowed). */
  | { stage: 'respond'; announced: Value; passClaims: readonly Value[] }
  | { stage: 'mia' };

const NO_CLAIMS: readonly Value[] = Object.freeze([]);

/** The claims the actor may announce now, as the ranking keeps them (shared and frozen). */
export function announceable(state: GameState): readonly Value[] {
  const last = lastAnnouncement(state);
  return rankingFor(state.settings.ranking).above(last ? last.value : null, state.settings.announceRule === 'at-least');
}

/** The claims a blind pass may name now, as the ranking keeps them (shared and frozen). */
export function passable(state: GameState): readonly Value[] {
  const last = lastAnnouncement(state);
  if (!state.settings.blindPass || state.settings.announceRule !== 'strict' || !last) return NO_CLAIMS;
  return rankingFor(state.settings.ranking).above(last.value, true);
}

/** Claims the actor may announce now, best first (after the last announcement of the round). */
export function announceableClaims(state: GameState): Value[] {
  return [...announceable(state)]; // a copy the caller may keep or change
}

/** Claims a blind pass may name: the same value or a higher one; none unless the setting allows. */
export function passableClaims(state: GameState): Value[] {
  return [...passable(state)];
}

/** What `player` may do now; the claim lists are shared and frozen (copy one to change it). */
export function legalMoves(state: GameState, player: PlayerId): LegalMoves {
  const round = state.round;
  if (state.phase !== 'playing' || !round || round.actor !== player) return { stage: 'none' };
  switch (round.stage) {
    case 'roll':
      return { stage: 'roll', claims: announceable(state) };
    case 'announce':
      return { stage: 'announce', claims: announceable(state) };
    case 'respond':
      return { stage: 'respond', announced: lastAnnouncement(state)!.value, passClaims: passable(state) };
    case 'mia':
      return { stage: 'mia' };
  }
}
