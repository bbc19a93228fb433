import { InlineKeyboard } from 'grammy';
import { legalMoves, type GameState, type Value } from '@mia/engine';
import { encodeButton, type ButtonAction } from './callback-data';
import type { Translate } from './i18n';
import { claimLabel } from './render/claims';
import { beatPercent } from './render/parts';
import { diceFacts } from './render/prompt';

const button = (gameId: string, move: number, action: ButtonAction) => encodeButton({ gameId, move, action });

export function lobbyKeyboard(gameId: string, t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t('button-join'), button(gameId, 0, { op: 'join' }))
    .success()
    .text(t('button-leave'), button(gameId, 0, { op: 'leave' }))
    .row()
    .text(t('button-start'), button(gameId, 0, { op: 'start' }))
    .primary();
}

/** Where the buttons go: the group's table (everyone sees them) or the actor's private prompt. */
export type Where = 'table' | 'prompt';

/**
 * The actor's choices, for the group's table or their private prompt. Believe and call are on
 * both (either works; the other is redrawn from the commit). The dice-dependent buttons (roll,
 * announce) are on the table only when the actor plays in the group (`inGroup`): there the
 * truthful claim is not marked, since everyone sees the table, and the dice come in a pop-up.
 */
export function turnKeyboard(gameId: string, state: GameState, where: Where, inGroup: boolean, t: Translate): InlineKeyboard | undefined {
  const round = state.round;
  if (state.phase !== 'playing' || !round || round.ended) return undefined;
  // A computer player's turn has nothing for people to press.
  if (state.seats.find((p) => p.id === round.actor)?.ai) return undefined;
  const moves = legalMoves(state, round.actor);
  const kb = new InlineKeyboard();
  const b = (action: ButtonAction) => button(gameId, state.move, action);
  switch (moves.stage) {
    case 'respond':
      kb.text(t('button-believe'), b({ op: 'believe' }))
        .success()
        .text(t('button-believe-blind'), b({ op: 'believeBlind' }))
        .row();
      kb.text(t('button-call'), b({ op: 'call' })).danger();
      if (moves.passClaims.length > 0) kb.text(t('button-pass'), b({ op: 'pass' }));
      return kb;
    case 'mia':
      return kb.text(t('button-give-up'), b({ op: 'giveUp' })).text(t('button-look'), b({ op: 'look' }));
    case 'roll':
      if (where === 'table' && !inGroup) return undefined;
      kb.text(t('button-roll'), b({ op: 'roll' }))
        .primary()
        .row();
      return claimButtons(kb, gameId, state, moves.claims, { blind: true, truth: null }, t);
    case 'announce': {
      if (where === 'table' && !inGroup) return undefined;
      if (where === 'table') {
        kb.text(t('button-show-dice'), b({ op: 'dice' }))
          .primary()
          .row();
        return claimButtons(kb, gameId, state, moves.claims, { blind: false, truth: null }, t);
      }
      const facts = diceFacts(state, round.actor, moves.claims);
      return claimButtons(kb, gameId, state, moves.claims, { blind: false, truth: facts?.truthLegal ? facts.truth : null }, t);
    }
    case 'none':
      return undefined;
  }
}

/**
 * Every legal announcement, best first, three to a row, each with the chance that one roll beats
 * it; the truthful one (when legal and the viewer alone sees it) marked 🎯 and styled primary.
 */
function claimButtons(
  kb: InlineKeyboard,
  gameId: string,
  state: GameState,
  claims: readonly Value[],
  options: { blind: boolean; truth: Value | null },
  t: Translate,
): InlineKeyboard {
  claims.forEach((value, i) => {
    if (i > 0 && i % 3 === 0) kb.row();
    const label = t('button-claim', { claim: claimLabel(state.settings.ranking, value, t), percent: beatPercent(state.settings, value) });
    const action: ButtonAction = options.blind ? { op: 'announceBlind', value } : { op: 'announce', value };
    kb.text(value === options.truth ? `🎯 ${label}` : label, button(gameId, state.move, action));
    if (value === options.truth) kb.primary();
  });
  return kb;
}
