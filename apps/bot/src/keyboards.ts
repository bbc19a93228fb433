import { InlineKeyboard } from 'grammy';
import { legalMoves, type GameState, type Value } from '@mia/engine';
import { encodeButton, type ButtonAction } from './callback-data';
import type { Translate } from './i18n';
import { claimLabel } from './render/claims';

const button = (gameId: string, move: number, action: ButtonAction) => encodeButton({ gameId, move, action });

export function lobbyKeyboard(gameId: string, t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t('button-join'), button(gameId, 0, { op: 'join' }))
    .text(t('button-leave'), button(gameId, 0, { op: 'leave' }))
    .row()
    .text(t('button-start'), button(gameId, 0, { op: 'start' }));
}

/**
 * The group's buttons on the table: only the receiver's choices (anyone else pressing gets a
 * pop-up), plus "my dice" for a player whose private messages fail.
 */
export function tableKeyboard(gameId: string, state: GameState, t: Translate): InlineKeyboard | undefined {
  const round = state.round;
  if (state.phase !== 'playing' || !round) return undefined;
  // A computer player's turn has nothing for people to press.
  if (state.seats.find((p) => p.id === round.actor)?.ai) return undefined;
  const moves = legalMoves(state, round.actor);
  const kb = new InlineKeyboard();
  const b = (action: ButtonAction) => button(gameId, state.move, action);
  switch (moves.stage) {
    case 'respond':
      kb.text(t('button-believe'), b({ op: 'believe' })).text(t('button-believe-blind'), b({ op: 'believeBlind' })).row();
      kb.text(t('button-call'), b({ op: 'call' }));
      if (moves.passClaims.length > 0) kb.text(t('button-pass'), b({ op: 'pass' }));
      break;
    case 'mia':
      kb.text(t('button-give-up'), b({ op: 'giveUp' })).text(t('button-look'), b({ op: 'look' }));
      break;
    case 'roll':
    case 'announce':
      kb.text(t('button-show-dice'), b({ op: 'dice' }));
      break;
    case 'none':
      return undefined;
  }
  return kb;
}

/** The private prompt when it is time to roll: look at the dice, or roll blind. */
export function rollKeyboard(gameId: string, move: number, t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t('button-roll'), button(gameId, move, { op: 'roll' }))
    .text(t('button-roll-blind'), button(gameId, move, { op: 'rollBlind' }));
}

/** Every legal announcement, best first, four to a row. */
export function claimsKeyboard(gameId: string, state: GameState, claims: readonly Value[], blind: boolean, t: Translate): InlineKeyboard {
  const kb = new InlineKeyboard();
  claims.forEach((value, i) => {
    if (i > 0 && i % 4 === 0) kb.row();
    kb.text(claimLabel(state.settings.ranking, value, t), button(gameId, state.move, blind ? { op: 'announceBlind', value } : { op: 'announce', value }));
  });
  return kb;
}
