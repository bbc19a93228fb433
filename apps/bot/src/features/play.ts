import { Composer } from 'grammy';
import { lastAnnouncement, playerView, type Action } from '@mia/engine';
import type { ActResult } from '@mia/game';
import { decodeButton, type Button } from '../callback-data';
import { newRoundStarterRolls } from './ai';
import type { BotContext } from '../context';
import { diceFaces } from '../render/html';
import type { Translate } from '../i18n';
import { rejectionText } from '../rejections';
import { mayManage } from './lobby';

/**
 * Every button press: decoded, checked against the game it names, turned into engine actions and
 * answered with one pop-up. Telegram out happens in the notifier, from the committed events.
 */
export const play = new Composer<BotContext>();

play.on('callback_query:data', async (ctx) => {
  const button = decodeButton(ctx.callbackQuery.data);
  if (!button) return ctx.answerCallbackQuery({ text: ctx.t('popup-invalid-button') });
  const { games } = ctx.deps;
  const game = await games.game(button.gameId);
  if (!game || (game.status !== 'LOBBY' && game.status !== 'PLAYING')) {
    return ctx.answerCallbackQuery({ text: ctx.t('reject-game-over') });
  }
  // callback_data is whatever the client sends (a modified one sends anything), so a press counts
  // only where its button can be: the lobby's in the game's group, the moves' there or in the
  // presser's private chat. Else a button of one group, re-labelled, would act in another.
  const where = ctx.callbackQuery.message?.chat;
  const inGameChat = where !== undefined && BigInt(where.id) === game.chatId;
  const lobbyButton = button.action.op === 'join' || button.action.op === 'leave' || button.action.op === 'start';
  if (!inGameChat && (lobbyButton || where?.type !== 'private')) {
    return ctx.answerCallbackQuery({ text: ctx.t('popup-invalid-button') });
  }
  const player = String(ctx.from.id);
  const user = {
    id: player,
    name: ctx.from.first_name,
    username: ctx.from.username ?? null,
    languageCode: ctx.from.language_code ?? null,
  };
  // `current`: the game just read, so the service need not read it again (see ActRequest).
  const base = { chatId: game.chatId, gameId: game.id, user, current: game };
  // Whoever must roll next with nothing announced yet (a new round's starter) rolls at once, in
  // the same commit: the starter always looks (rules, A round: 1), and a tap is saved.
  const followUp = newRoundStarterRolls;
  const act = (action: Action, key = `update:${ctx.update.update_id}`) => games.act({ ...base, key, action, followUp });
  const move = button.move;
  const actorName = game.state.round ? game.state.seats.find((p) => p.id === game.state.round!.actor)?.name : undefined;
  const refuse = { actorName, minPlayers: Math.max(2, game.state.settings.minPlayers) };
  const answer = (result: ActResult, ok?: string) =>
    result.status === 'rejected'
      ? ctx.answerCallbackQuery({ text: rejectionText(result.rejection, ctx.t, refuse), show_alert: false })
      : ctx.answerCallbackQuery(ok ? { text: ok } : {});

  switch (button.action.op) {
    case 'join': {
      const known = await games.user(player);
      if (!known?.privateChatOk || known.blockedBot) {
        // Dice come by private message: open the private chat first, and join in the same tap.
        const me = ctx.me.username;
        return ctx.answerCallbackQuery({ url: `https://t.me/${me}?start=j_${game.id}` });
      }
      return answer(await act({ type: 'join', player, name: user.name }), ctx.t('popup-joined'));
    }
    case 'leave':
      // Leaving the lobby; the engine would also take a player out of a running game, which a
      // lobby's button left on screen (an edit that failed) must not do.
      if (game.status !== 'LOBBY') return ctx.answerCallbackQuery({ text: rejectionText({ code: 'not-in-lobby', message: '' }, ctx.t) });
      return answer(await act({ type: 'leave', player }), ctx.t('popup-left'));
    case 'start': {
      if (!(await mayManage(ctx, game.state.creator))) {
        return ctx.answerCallbackQuery({ text: ctx.t('popup-start-not-allowed') });
      }
      return answer(await act({ type: 'start' }));
    }
    case 'believe': {
      // Believe and roll in one commit: the dice arrive with the table's update.
      const believed = await games.act({
        ...base,
        key: `update:${ctx.update.update_id}`,
        action: { type: 'believe', player, move },
        followUp: (state) =>
          state.round?.stage === 'roll' && state.round.actor === player ? { type: 'roll', player, move: state.move } : undefined,
      });
      const reachable = !(await games.user(player))?.blockedBot;
      return answer(
        believed,
        reachable ? ctx.t('popup-rolled') : ctx.t('popup-rolled-unreachable'),
      );
    }
    case 'believeBlind': {
      const believed = await act({ type: 'believe', player, move });
      if (believed.status === 'applied') await ctx.deps.notifier.sendBlindClaims(believed.game, player);
      return answer(believed, ctx.t('popup-blind-choose'));
    }
    case 'rollBlind': {
      const current = await games.game(game.id);
      if (!current || current.state.move !== move || current.state.round?.actor !== player || current.state.round.stage !== 'roll') {
        return ctx.answerCallbackQuery({
          text: rejectionText({ code: current?.state.round?.actor === player ? 'stale' : 'not-your-turn', message: '' }, ctx.t, refuse),
        });
      }
      await ctx.deps.notifier.sendBlindClaims(current, player);
      return ctx.answerCallbackQuery();
    }
    case 'roll':
      return answer(await act({ type: 'roll', player, move }));
    case 'announce':
    case 'announceBlind':
      return answer(
        await act({ type: 'announce', player, move, value: button.action.value, blind: button.action.op === 'announceBlind' }),
      );
    case 'call':
      return answer(await act({ type: 'call', player, move }));
    case 'pass': {
      const last = lastAnnouncement(game.state);
      if (!last) return ctx.answerCallbackQuery({ text: rejectionText({ code: 'wrong-stage', message: '' }, ctx.t) });
      return answer(await act({ type: 'passBlind', player, move, value: last.value }), ctx.t('popup-passed'));
    }
    case 'giveUp':
      return answer(await act({ type: 'giveUp', player, move }));
    case 'look':
      return answer(await act({ type: 'lookAtMia', player, move }));
    case 'dice':
      return showDice(ctx, button, player);
  }
});

/** The fallback when private messages fail: the player's own dice in a pop-up only they see. */
async function showDice(ctx: BotContext, button: Button, player: string) {
  const game = await ctx.deps.games.game(button.gameId);
  const round = game?.state.round;
  if (!game || !round || round.actor !== player) {
    return ctx.answerCallbackQuery({ text: ctx.t('reject-not-your-turn'), show_alert: false });
  }
  if (round.stage === 'roll') {
    const rolled = await ctx.deps.games.act({
      chatId: game.chatId,
      gameId: game.id,
      key: `update:${ctx.update.update_id}`,
      action: { type: 'roll', player, move: game.state.move },
    });
    if (rolled.status === 'rejected') return ctx.answerCallbackQuery({ text: rejectionText(rolled.rejection, ctx.t) });
    if (rolled.status === 'duplicate') return ctx.answerCallbackQuery();
    return ctx.answerCallbackQuery({ text: popupDice(rolled.game.state, player, ctx.t), show_alert: true });
  }
  return ctx.answerCallbackQuery({ text: popupDice(game.state, player, ctx.t), show_alert: true });
}

function popupDice(state: Parameters<typeof playerView>[0], player: string, t: Translate): string {
  const dice = playerView(state, player).myDice;
  return dice ? t('popup-dice', { faces: diceFaces(dice), digits: `${dice[0]}${dice[1]}` }) : t('popup-no-dice');
}
