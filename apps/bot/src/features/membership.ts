import { Composer } from 'grammy';
import type { BotContext } from '../context';

/**
 * Telegram's realities around the group itself: the bot removed mid-game (the game is aborted and
 * recorded), and a group upgraded to a supergroup (the game follows the new chat id).
 */
export const membership = new Composer<BotContext>();

membership.on('my_chat_member', async (ctx) => {
  const status = ctx.myChatMember.new_chat_member.status;
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
