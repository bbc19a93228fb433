/** Why an action was refused. The bot turns the code into a message in the player's language. */
export type RejectionCode =
  | 'no-game'
  | 'game-exists'
  | 'invalid-settings'
  | 'not-in-lobby'
  | 'not-playing'
  | 'already-joined'
  | 'table-full'
  | 'too-few-players'
  | 'player-unknown'
  | 'player-out'
  | 'not-your-turn'
  | 'stale'
  | 'wrong-stage'
  | 'invalid-value'
  | 'not-higher'
  | 'not-allowed-by-settings'
  /** An action's arguments are not valid: an unknown abort reason, a missing chat id. */
  | 'invalid-action';

export interface Rejection {
  code: RejectionCode;
  /** English, for logs and tests. */
  message: string;
  /**
   * The number of players the refusal is about, so a message can name it without knowing the rule:
   * `too-few-players`: the fewest a start needs; `table-full`: the most the table seats.
   */
  players?: number;
  /** `not-playing`, `not-in-lobby`: whether the game is over, so a message can say so rather than "not started" or "started". */
  over?: boolean;
}

export const reject = (code: RejectionCode, message: string, players?: number): Rejection =>
  players === undefined ? { code, message } : { code, message, players };

/** No moves before the start or after the end; the rejection says which of the two. */
export const notPlaying = (phase: 'lobby' | 'over'): Rejection =>
  phase === 'over'
    ? { code: 'not-playing', message: 'the game is over', over: true }
    : { code: 'not-playing', message: 'the game has not started', over: false };
