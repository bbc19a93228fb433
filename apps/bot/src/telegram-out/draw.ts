import { playerView, type GameState, type PlayerId } from '@mia/engine';
import type { InlineKeyboard } from 'grammy';
import type { Translate } from '../i18n';
import { lobbyKeyboard, turnKeyboard } from '../keyboards';
import { closedPromptText, promptText } from '../render/prompt';
import { finalRoundText, gameOverText, liveRoundText, lobbyClosedNote, lobbyText } from '../render/table';
import { playsInGroup } from './plan';
import type { GroupView, PrivateView, Screen } from './screen';

/** A message as Telegram gets it. */
export interface Drawn {
  text: string;
  keyboard: InlineKeyboard | undefined;
}

export interface DrawContext {
  gameId: string;
  state: GameState;
  screen: Screen;
  deadlineAt: Date | null;
  now: Date;
  creatorName: string;
  lobbyMinutes: number;
  botUsername: string;
  /** Seconds left, for the reminder's redraw of the live prompt. */
  hurry?: number;
}

/** Turns a group view the planner named into words and buttons, in the group's language. */
export function drawGroup(view: GroupView, c: DrawContext, t: Translate): Drawn {
  switch (view.kind) {
    case 'lobby':
      return {
        text: `${lobbyText(playerView(c.state, c.state.creator), c.creatorName, t)}\n${t(c.screen.mode === 'group' ? 'lobby-hint-group' : 'lobby-hint')}\n${t('lobby-closes', { minutes: c.lobbyMinutes })}`,
        keyboard: lobbyKeyboard(c.gameId, t),
      };
    case 'lobby-closed':
      return { text: `${lobbyText(playerView(c.state, c.state.creator), c.creatorName, t)}\n\n${lobbyClosedNote(c.state, view.why, t)}`, keyboard: undefined };
    case 'round': {
      if (view.final || c.state.round?.number !== view.round) return { text: finalRoundText(c.state, view.round, view.note, t), keyboard: undefined };
      const actor = c.state.round.actor;
      const inGroup = playsInGroup(c.screen, actor);
      const unreachable = c.screen.mode === 'private' && c.screen.unreachable.includes(actor) ? { bot: c.botUsername } : null;
      return {
        text: liveRoundText(c.state, { deadlineAt: c.deadlineAt, mention: view.mention, unreachable }, t),
        keyboard: turnKeyboard(c.gameId, c.state, 'table', inGroup, t),
      };
    }
    case 'game-over':
      return { text: gameOverText(c.state, t), keyboard: undefined };
    case 'lobby-expired':
      return { text: t('extend-expired'), keyboard: undefined };
  }
}

/** A private view in the player's own language. */
export function drawPrivate(player: PlayerId, view: PrivateView, c: DrawContext, t: Translate): Drawn {
  if (view.kind === 'closed') return { text: closedPromptText(c.state, player, view.why, t), keyboard: undefined };
  return {
    text: promptText(c.state, player, { deadlineAt: c.deadlineAt, now: c.now, ...(c.hurry ? { hurry: c.hurry } : {}) }, t),
    keyboard: turnKeyboard(c.gameId, c.state, 'prompt', false, t),
  };
}
