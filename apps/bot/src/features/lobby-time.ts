import { Composer, type Api } from 'grammy';
import type { GameService } from '@mia/game';
import type { Logger } from 'pino';
import type { BotContext } from '../context';
import { translator } from '../i18n';
import type { LocaleResolver } from '../locale';
import type { Notifier } from '../notifier';
import { isGroup, mayManage } from './lobby';
import { loggableError } from '../telegram-calls';

/**
 * A lobby closes when nobody starts it in time (see `LobbyTimes` in @mia/game): `/extend` keeps
 * it open longer, and the group is told when it closes.
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

export interface ExpiryDeps {
  api: Api;
  games: GameService;
  notifier: Notifier;
  locales: LocaleResolver;
  log: Logger;
}

/**
 * When this process closes a lobby for want of a start, the lobby message loses its buttons (as
 * after /stop) and the group is told in its language. Only the process that closed the lobby
 * hears of it, so the group is told once. Returns the unsubscribe function.
 */
export function watchLobbyExpiry({ api, games, notifier, locales, log }: ExpiryDeps): () => void {
  return games.onLobbyExpired((game) => {
    void (async () => {
      // The lobby's own messages first (its creation may still be on its way out).
      await notifier.idle();
      await notifier.stopped(game, 'expired');
      const t = translator(await locales.ofChat(game.chatId));
      await api.sendMessage(Number(game.chatId), t('extend-expired'), {
        ...(game.threadId ? { message_thread_id: game.threadId } : {}),
      });
    })().catch((error) => log.warn({ err: loggableError(error), gameId: game.id }, 'bot: could not announce a closed lobby'));
  });
}
