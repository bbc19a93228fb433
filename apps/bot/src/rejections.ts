import type { ServiceRejection } from '@mia/game';

/** A refusal as the player reads it in a pop-up (≤ 200 characters). */
export function rejectionText(rejection: ServiceRejection, actorName?: string): string {
  switch (rejection.code) {
    case 'not-your-turn':
      return actorName ? `It's ${actorName}'s turn, not yours.` : "It's not your turn.";
    case 'stale':
    case 'wrong-stage':
      return 'This button is out of date: the game has moved on.';
    case 'other-game':
    case 'no-game':
      return 'That game is over.';
    case 'player-unknown':
      return "You're not playing in this game.";
    case 'player-out':
      return "You're out of this game.";
    case 'not-in-lobby':
      return 'The game has already started.';
    case 'already-joined':
      return "You're already at the table.";
    case 'table-full':
      return 'The table is full.';
    case 'too-few-players':
      return rejection.message.replace(/^a game/, 'A game') + '.';
    case 'not-higher':
      return 'Your announcement must beat the last one.';
    case 'not-allowed-by-settings':
      return 'That is not allowed by this game’s rules.';
    case 'busy':
      return 'The game is busy. Please try again.';
    default:
      return 'That is not possible now.';
  }
}
