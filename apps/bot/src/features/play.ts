import { Composer } from 'grammy';
import { ALL_STAGES, joinRefusal, legalMoves, turnRefusal, type Action, type GameState } from '@mia/engine';
import type { ActResult, GameRecord, ServiceRejection } from '@mia/game';
import { decodeButton } from '../callback-data';
import type { BotContext } from '../context';
import { dicePopupText } from '../render/prompt';
import { rejectionText } from '../rejections';
import { mayManage } from './lobby';

/**
 * Every button press: decoded, checked against the game it names, turned into engine actions and
 * answered with one pop-up. Telegram out happens in the notifier, from the committed events: a
 * press on the group's table redraws the private prompt and the other way round.
 */
export const play = new Composer<BotContext>();

play.on('callback_query:data', async (ctx) => {
  const button = decodeButton(ctx.callbackQuery.data);
  if (!button) return ctx.answerCallbackQuery({ text: ctx.t('popup-invalid-button') });
  const { games, notifier } = ctx.deps;
  // The game as this process last saw it committed, when it acts (the service decides a refusal
  // on a fresh read and retries a commit that another writer beat: see RecentGames); a read
  // otherwise, and again before the bot itself refuses on a kept copy.
  const op = button.action.op;
  const kept = op === 'dice' || op === 'rollBlind' ? undefined : notifier.recent.get(button.gameId);
  let game = kept ?? (await games.game(button.gameId));
  // A game that is gone answers here; a finished one is refused by the engine (`not-playing`).
  if (!game) return ctx.answerCallbackQuery({ text: ctx.t('reject-game-over') });
  // callback_data is whatever the client sends (a modified one sends anything), so a press counts
  // only where its button can be: the lobby's in the game's group, the moves' there or in the
  // presser's private chat. Else a button of one group, re-labelled, would act in another.
  const where = ctx.callbackQuery.message?.chat;
  const lobbyButton = op === 'join' || op === 'leave' || op === 'start';
  const misplaced = (g: GameRecord) => {
    const inChat = where !== undefined && BigInt(where.id) === g.chatId;
    return !inChat && (lobbyButton || where?.type !== 'private');
  };
  if (kept && misplaced(kept)) game = await games.game(button.gameId);
  if (!game) return ctx.answerCallbackQuery({ text: ctx.t('reject-game-over') });
  if (misplaced(game)) return ctx.answerCallbackQuery({ text: ctx.t('popup-invalid-button') });
  const inGameChat = where !== undefined && BigInt(where.id) === game.chatId;
  const current: GameRecord = game;
  const player = String(ctx.from.id);
  const user = {
    id: player,
    name: ctx.from.first_name,
    username: ctx.from.username ?? null,
    languageCode: ctx.from.language_code ?? null,
  };
  // `current`: the game just read, so the service need not read it again (see ActRequest).
  const base = { chatId: current.chatId, gameId: current.id, user, current };
  const key = `update:${ctx.update.update_id}`;
  const act = (action: Action, followUp?: (state: GameState) => Action | undefined) => games.act({ ...base, key, action, ...(followUp ? { followUp } : {}) });
  const move = button.move;
  const actorOf = (g: GameRecord) => (g.state.round ? g.state.seats.find((p) => p.id === g.state.round!.actor)?.name : undefined);
  /** The engine's refusal (from an action, or asked of `legal.ts`) in the player's language, naming whose turn it is in `seen`. */
  const refusedWith = (rejection: ServiceRejection, seen: GameRecord = current) =>
    ctx.answerCallbackQuery({ text: rejectionText(rejection, ctx.t, { actorName: actorOf(seen) }), show_alert: false });
  // The service's refusal comes with the game it read fresh.
  const refused = (result: Extract<ActResult, { status: 'rejected' }>) => refusedWith(result.rejection, result.game ?? current);
  const answer = (result: ActResult, ok?: string) => (result.status === 'rejected' ? refused(result) : ctx.answerCallbackQuery(ok ? { text: ok } : {}));
  /** Whether this player sees their dice in pop-ups (group mode, or their private chat fails). */
  const atTable = () => notifier.playsAtTable(current, player);
  /** After a look at the dice: in a pop-up when the player plays at the table, else their prompt shows them. */
  const showDice = async (result: ActResult, pressedInGroup: string) => {
    if (result.status === 'rejected') return refused(result);
    if (result.status === 'applied' && (await atTable())) {
      return ctx.answerCallbackQuery({ text: dicePopupText(result.game.state, player, ctx.t), show_alert: true });
    }
    return ctx.answerCallbackQuery(inGameChat ? { text: pressedInGroup } : {});
  };

  switch (op) {
    case 'join': {
      // Refused before the private chat is asked for: a finished lobby's button leads nowhere.
      // Refused by the bot itself, so on a fresh read if the kept copy refuses.
      const fresh = kept && joinRefusal(current.state, { player }) ? await games.game(current.id) : current;
      if (!fresh) return ctx.answerCallbackQuery({ text: ctx.t('reject-game-over') });
      const closed = joinRefusal(fresh.state, { player });
      if (closed) return refusedWith(closed, fresh);
      const known = await games.user(player);
      if ((await notifier.modeOf(current)) === 'private' && (!known?.privateChatOk || known.blockedBot)) {
        // Dice come by private message: open the private chat first, and join in the same tap.
        return ctx.answerCallbackQuery({ url: `https://t.me/${ctx.me.username}?start=j_${game.id}` });
      }
      return answer(await act({ type: 'join', player, name: user.name }), ctx.t('popup-joined'));
    }
    case 'leave':
      // Leaving the lobby only: a lobby's button left on screen (an edit that failed) must not take
      // a player out of a running game, so the engine refuses it once the game has started.
      return answer(await act({ type: 'leave', player, lobbyOnly: true }), ctx.t('popup-left'));
    case 'start': {
      if (!(await mayManage(ctx, current.state.creator))) {
        return ctx.answerCallbackQuery({ text: ctx.t('popup-start-not-allowed') });
      }
      return answer(await act({ type: 'start' }));
    }
    case 'believe':
      // Believe and roll (and look) in one commit: the dice arrive with the redrawn prompt or pop-up.
      return showDice(
        await act({ type: 'believe', player, move }, (state) =>
          legalMoves(state, player).stage === 'roll' ? { type: 'roll', player, move: state.move } : undefined,
        ),
        ctx.t('popup-rolled'),
      );
    case 'believeBlind':
      return answer(await act({ type: 'believe', player, move }), inGameChat && !(await atTable()) ? ctx.t('popup-blind-choose') : ctx.t('popup-blind-here'));
    case 'roll':
      return showDice(await act({ type: 'roll', player, move }), ctx.t('popup-rolled'));
    case 'rollBlind':
      // A button of the first version (the roll prompt's "roll blind"), a move no stage takes now:
      // the engine says why (its prompt was redrawn since: out of date).
      return refusedWith(turnRefusal(current.state, { player, move }, [])!);
    case 'announce':
    case 'announceBlind':
      return answer(await act({ type: 'announce', player, move, value: button.action.value, blind: button.action.op === 'announceBlind' }));
    case 'call':
      return answer(await act({ type: 'call', player, move }));
    case 'pass':
      return answer(await act({ type: 'passBlind', player, move, value: 'same' }), ctx.t('popup-passed'));
    case 'giveUp':
      return answer(await act({ type: 'giveUp', player, move }));
    case 'look':
      return answer(await act({ type: 'lookAtMia', player, move }));
    case 'dice':
      return lookAtDice(ctx, current, player);
  }
});

/** "My dice" on the table: the player's own dice in a pop-up only they see. */
async function lookAtDice(ctx: BotContext, game: GameRecord, player: string) {
  // Whatever move it was drawn at: the dice are the actor's as long as the turn is theirs.
  const refusal = turnRefusal(game.state, { player }, ALL_STAGES);
  if (refusal) {
    const round = game.state.round;
    const name = round ? game.state.seats.find((p) => p.id === round.actor)?.name : undefined;
    return ctx.answerCallbackQuery({ text: rejectionText(refusal, ctx.t, { actorName: name }) });
  }
  return ctx.answerCallbackQuery({ text: dicePopupText(game.state, player, ctx.t), show_alert: true });
}
