import { Composer } from 'grammy';
import type { BotContext } from '../context';

const userOf = (ctx: BotContext) => ({
  id: String(ctx.from!.id),
  name: ctx.from!.first_name,
  username: ctx.from!.username ?? null,
  languageCode: ctx.from!.language_code ?? null,
});

export const isGroup = (ctx: BotContext) => ctx.chat?.type === 'group' || ctx.chat?.type === 'supergroup';

/** Whether the user may run the table: the game's creator or a group admin. */
export async function mayManage(ctx: BotContext, creator: string | undefined): Promise<boolean> {
  if (creator !== undefined && String(ctx.from!.id) === creator) return true;
  const member = await ctx.getChatMember(ctx.from!.id);
  return member.status === 'creator' || member.status === 'administrator';
}

/** /newgame (alias /mia) opens a lobby; /stop ends the game. */
export const lobby = new Composer<BotContext>();

lobby.command(['newgame', 'mia'], async (ctx) => {
  if (!isGroup(ctx)) return ctx.reply(ctx.t('newgame-private'));
  const { games } = ctx.deps;
  const user = userOf(ctx);
  const chatId = BigInt(ctx.chat.id);
  const chat = { title: 'title' in ctx.chat ? ctx.chat.title : null, type: ctx.chat.type };
  // The game copies the group's house rules (/settings) now: later changes wait for the next game.
  const { settings } = await games.chats.profile(chatId, chat);
  const created = await games.act({
    chatId,
    key: `update:${ctx.update.update_id}`,
    user,
    chat,
    ...(ctx.msg.message_thread_id && ctx.msg.is_topic_message ? { threadId: ctx.msg.message_thread_id } : {}),
    action: { type: 'create', creator: user.id, settings },
  });
  if (created.status === 'rejected') {
    return ctx.reply(created.rejection.code === 'game-exists' ? ctx.t('newgame-exists') : ctx.t('newgame-failed', { reason: created.rejection.message }));
  }
});

lobby.command('stop', async (ctx) => {
  if (!isGroup(ctx)) return ctx.reply(ctx.t('stop-private'));
  const { games } = ctx.deps;
  const game = await games.currentGame(BigInt(ctx.chat.id));
  if (!game) return ctx.reply(ctx.t('stop-none'));
  if (!(await mayManage(ctx, game.state.creator))) return ctx.reply(ctx.t('stop-not-allowed'));
  const user = userOf(ctx);
  // The engine's abort, committed like any move: its batch closes the game's messages.
  const stopped = await games.act({
    chatId: BigInt(ctx.chat.id),
    gameId: game.id,
    current: game,
    key: `update:${ctx.update.update_id}`,
    user,
    action: { type: 'abort', reason: 'stopped', by: user.id },
  });
  if (stopped.status === 'duplicate') return;
  if (stopped.status === 'rejected') return ctx.reply(ctx.t('stop-none')); // it ended meanwhile
  await ctx.deps.notifier.idleChat(ctx.chat.id); // the game's messages closed before the answer
  await ctx.reply(ctx.t('stop-done'));
});

/** /start in private: the private chat now works; a deep link from the lobby also joins the game. */
lobby.command('start', async (ctx) => {
  if (ctx.chat.type !== 'private') return;
  const { games } = ctx.deps;
  const user = userOf(ctx);
  await games.updateUser(user, { privateChatOk: true, blockedBot: false });
  const payload = ctx.match;
  const join = /^j_([0-9a-f-]{36})$/.exec(payload);
  if (!join) {
    await ctx.reply(ctx.t('start-hello'));
    // Back after a block, in the middle of a turn: the turn's dice and buttons come now.
    for (const game of await games.runningGamesOf(user.id)) await ctx.deps.notifier.resendTurn(game, user.id);
    return;
  }
  const game = await games.game(join[1]!);
  if (!game) return ctx.reply(ctx.t('start-gone'));
  // Whether the lobby is still open is the engine's to say (a started game refuses the join, an
  // ended one is no longer the chat's game): the bot only translates the refusal.
  const result = await games.act({
    chatId: game.chatId,
    gameId: game.id,
    key: `update:${ctx.update.update_id}`,
    user,
    action: { type: 'join', player: user.id, name: user.name },
  });
  if (result.status === 'applied') return ctx.reply(ctx.t('start-joined'));
  if (result.status !== 'rejected') return ctx.reply(ctx.t('start-failed'));
  switch (result.rejection.code) {
    case 'already-joined':
      return ctx.reply(ctx.t('start-already'));
    case 'not-in-lobby':
    case 'other-game':
      return ctx.reply(ctx.t('start-gone'));
    default:
      return ctx.reply(ctx.t('start-failed'));
  }
});
