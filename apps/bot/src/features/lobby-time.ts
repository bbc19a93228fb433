import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { isGroup, mayManage } from './lobby';

/**
 * A lobby closes when nobody starts it in time (see `LobbyTimes` in @mia/game): `/extend` keeps
 * it open longer. The close is the engine's abort (`lobby-expired`), committed by the process
 * whose timer fired: its notifier's planner closes the lobby message and tells the group once.
 */
export const lobbyTime = new Composer<BotContext>();

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** /extend: any player in the lobby, its creator or an admin gives it `extendMs` more, up to the cap. */
lobbyTime.command('extend', async (ctx) => {
  if (!isGroup(ctx)) return ctx.reply(ctx.t('extend-private'));
  const { games } = ctx.deps;
  const chatId = BigInt(ctx.chat.id);
  const game = await games.currentGame(chatId);
  if (!game) return ctx.reply(ctx.t('extend-no-lobby'));
  if (game.status !== 'LOBBY') return ctx.reply(ctx.t('extend-started'));
  const seated = game.state.seats.some((s) => s.id === String(ctx.from!.id));
  if (!seated && !(await mayManage(ctx, game.state.creator))) return ctx.reply(ctx.t('extend-not-allowed'));
  const result = await games.extendLobby(chatId, game.id, games.lobbyTimes.extendMs);
  if (result.ok) return ctx.reply(ctx.t('extend-done', { minutes: minutes(result.remainingMs) }));
  if (result.reason === 'at-limit') return ctx.reply(ctx.t('extend-at-limit', { minutes: minutes(result.remainingMs) }));
  return ctx.reply(ctx.t('extend-no-lobby')); // started or closed in the meantime
});
