import type { Value } from './dice';
import type { SettingsInput } from './settings';
import type { AbortReason, PlayerId } from './state';

/**
 * The move the caller saw (`GameState.move`). When given and the game has moved on, the action is
 * refused as stale: a button pressed twice, an old message's button, a timer that lost a race.
 */
export interface MoveGuard {
  move?: number;
}

/** Everything anyone can ask of a game: people, AI seats and the timer all act through these. */
export type Action =
  | { type: 'create'; creator: PlayerId; settings?: SettingsInput }
  | { type: 'join'; player: PlayerId; name: string; ai?: boolean }
  /**
   * Before the start: leave the lobby. During a game: out, and play moves on, unless `lobbyOnly`
   * (a lobby's Leave button, which may still be on screen after the start): then refused with
   * `not-in-lobby` once the game has started.
   */
  | { type: 'leave'; player: PlayerId; lobbyOnly?: boolean }
  /** Who may start (the creator, an admin) is the caller's business; the engine checks the table. */
  | { type: 'start' }
  /** Roll and look at the dice (stage `roll`: after believing; a round's starter is dealt them). */
  | ({ type: 'roll'; player: PlayerId } & MoveGuard)
  /** After looking (`blind: false`), or rolling unseen and announcing at once (`blind: true`). */
  | ({ type: 'announce'; player: PlayerId; value: Value; blind: boolean } & MoveGuard)
  | ({ type: 'believe'; player: PlayerId } & MoveGuard)
  | ({ type: 'call'; player: PlayerId } & MoveGuard)
  /**
   * Pass the cup on unseen, announcing the same value or a higher one (setting `blindPass`);
   * `'same'`: the value of the announcement passed on (a Pass button, which names none).
   */
  | ({ type: 'passBlind'; player: PlayerId; value: Value | 'same' } & MoveGuard)
  /** Mia was announced: give up without looking. */
  | ({ type: 'giveUp'; player: PlayerId } & MoveGuard)
  /** Mia was announced: look under the cup. */
  | ({ type: 'lookAtMia'; player: PlayerId } & MoveGuard)
  /** The actor missed the deadline (sent by the timer, which owns the clock). */
  | ({ type: 'timeout'; player: PlayerId } & MoveGuard)
  /** An idle player removed by an admin. */
  | { type: 'kick'; player: PlayerId }
  /**
   * Ends the game without a result: `/stop` (`by`: who stopped it; whether they may is the
   * caller's business, like `start`), the bot removed from the group, or a lobby not started in
   * time (only a lobby can expire: a start that committed first wins).
   */
  | { type: 'abort'; reason: AbortReason; by?: PlayerId }
  /**
   * The game's chat has a new id (a group upgraded to a supergroup): recorded in the log so every
   * process follows the game to its new chat; the game itself is unchanged.
   */
  | { type: 'moveChat'; from: string; to: string };

export type ActionType = Action['type'];
