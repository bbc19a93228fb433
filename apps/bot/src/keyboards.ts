import { InlineKeyboard } from 'grammy';
import { legalMoves, type GameState, type Value } from '@mia/engine';
import { encodeButton, type ButtonAction } from './callback-data';
import { claimLabel } from './render/claims';

const button = (gameId: string, move: number, action: ButtonAction) => encodeButton({ gameId, move, action });

export function lobbyKeyboard(gameId: string): InlineKeyboard {
  return new InlineKeyboard()
    .text('✋ Join', button(gameId, 0, { op: 'join' }))
    .text('🚪 Leave', button(gameId, 0, { op: 'leave' }))
    .row()
    .text('▶️ Start', button(gameId, 0, { op: 'start' }));
}

/**
 * The group's buttons on the table: only the receiver's choices (anyone else pressing gets a
 * pop-up), plus "my dice" for a player whose private messages fail.
 */
export function tableKeyboard(gameId: string, state: GameState): InlineKeyboard | undefined {
  const round = state.round;
  if (state.phase !== 'playing' || !round) return undefined;
  const moves = legalMoves(state, round.actor);
  const kb = new InlineKeyboard();
  const b = (action: ButtonAction) => button(gameId, state.move, action);
  switch (moves.stage) {
    case 'respond':
      kb.text('✅ Believe & roll', b({ op: 'believe' })).text('🙈 Believe, roll blind', b({ op: 'believeBlind' })).row();
      kb.text('❗ Liar!', b({ op: 'call' }));
      if (moves.passClaims.length > 0) kb.text('🤞 Pass blind', b({ op: 'pass' }));
      break;
    case 'mia':
      kb.text('🏳️ Give up (−1)', b({ op: 'giveUp' })).text('👀 Look', b({ op: 'look' }));
      break;
    case 'roll':
    case 'announce':
      kb.text('🎲 My turn: show my dice', b({ op: 'dice' }));
      break;
    case 'none':
      return undefined;
  }
  return kb;
}

/** The private prompt when it is time to roll: look at the dice, or roll blind. */
export function rollKeyboard(gameId: string, move: number): InlineKeyboard {
  return new InlineKeyboard()
    .text('🎲 Roll and look', button(gameId, move, { op: 'roll' }))
    .text('🙈 Roll blind', button(gameId, move, { op: 'rollBlind' }));
}

/** Every legal announcement, best first, four to a row. */
export function claimsKeyboard(gameId: string, state: GameState, claims: readonly Value[], blind: boolean): InlineKeyboard {
  const kb = new InlineKeyboard();
  claims.forEach((value, i) => {
    if (i > 0 && i % 4 === 0) kb.row();
    kb.text(claimLabel(state.settings.ranking, value), button(gameId, state.move, blind ? { op: 'announceBlind', value } : { op: 'announce', value }));
  });
  return kb;
}
