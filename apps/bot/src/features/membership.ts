import { Composer } from 'grammy';
import type { BotContext } from '../context';

/**
 * Telegram's realities around the group itself: the bot removed mid-game (the game is aborted and
 * recorded), and a group upgraded to a supergroup (the game follows the new chat id).
 */
export const membership = new Composer<BotContext>();

membership.on('my_chat_member', async (ctx) => {
  const status = ctx.myChatMember.new_chat_member.status;
  if (ctx.chat.type === 'private') {
    // Telegram says at once when a user blocks or unblocks the bot: keep it, so pop-ups point a
    // blocked player to the table's "show my dice" instead of a private chat they cannot see.
    const from = ctx.myChatMember.from;
    const user = { id: String(from.id), name: from.first_name, username: from.username ?? null };
    await ctx.deps.games.updateUser(user, status === 'kicked' ? { blockedBot: true } : { blockedBot: false, privateChatOk: true });
    return;
  }
  if (status !== 'kicked' && status !== 'left') return;
  const { games, log } = ctx.deps;
  const chatId = BigInt(ctx.chat.id);
  const game = await games.currentGame(chatId);
  if (!game) return;
  await games.abort(chatId, game.id);
  log.info({ chatId: chatId.toString(), gameId: game.id }, 'bot: removed from the group; game aborted');
});

membership.on('message:migrate_to_chat_id', async (ctx) => {
  const { games, notifier } = ctx.deps;
  const game = await games.migrateChat(BigInt(ctx.chat.id), BigInt(ctx.msg.migrate_to_chat_id));
  // Messages of the old group cannot be edited in the new one: the table starts afresh there.
  if (game) await notifier.redraw(game);
});
