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
  // The engine's abort: its batch closes the players' private prompts (the group is out of reach).
  const result = await games.act({
    chatId,
    gameId: game.id,
    current: game,
    key: `update:${ctx.update.update_id}`,
    action: { type: 'abort', reason: 'bot-removed', by: String(ctx.myChatMember.from.id) },
  });
  if (result.status === 'applied') log.info({ chatId: chatId.toString(), gameId: game.id }, 'bot: removed from the group; game aborted');
});

// The game's `chatMoved` batch draws it afresh in the supergroup (the old group's messages cannot
// be edited there): see the notifier.
membership.on('message:migrate_to_chat_id', async (ctx) => {
  await ctx.deps.games.migrateChat(BigInt(ctx.chat.id), BigInt(ctx.msg.migrate_to_chat_id));
});
