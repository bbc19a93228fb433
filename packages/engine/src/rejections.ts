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
}

export const reject = (code: RejectionCode, message: string): Rejection => ({ code, message });
