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
}

export const reject = (code: RejectionCode, message: string, players?: number): Rejection =>
  players === undefined ? { code, message } : { code, message, players };
