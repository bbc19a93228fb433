/** Who may write where: the chat a bot means by chat_id, checked the way Telegram checks it. */
import { badRequest, forbidden } from '../errors';
import { isPresent, type BotRecord, type ChatRecord, type UserRecord } from './records';

/** What the checks read of the world. */
export interface WorldState {
  readonly bots: ReadonlyMap<number, BotRecord>;
  readonly users: ReadonlyMap<number, UserRecord>;
  readonly chats: ReadonlyMap<string, ChatRecord>;
  privateChat(bot: BotRecord, user: UserRecord): ChatRecord;
  groupById(id: number): ChatRecord | undefined;
}

/**
 * The chat a bot means by chat_id, checked the way Telegram checks it: unknown chats, chats the
 * bot was removed from, migrated groups, users who never started ('send') or blocked ('send',
 * 'write') the bot.
 */
export function resolveChat(world: WorldState, bot: BotRecord, raw: unknown, purpose: 'send' | 'write' | 'read'): ChatRecord {
  if (raw === undefined || raw === null || raw === '') throw badRequest('chat_id is empty');
  let chat: ChatRecord | undefined;
  const text = String(raw).trim();
  if (text.startsWith('@')) {
    const name = text.slice(1).toLowerCase();
    chat = [...world.chats.values()].find((c) => c.type !== 'private' && c.username?.toLowerCase() === name);
    if (!chat) throw badRequest('chat not found');
  } else {
    if (!/^-?\d+$/.test(text)) throw badRequest('chat not found');
    const id = Number(text);
    if (id > 0) {
      const user = world.users.get(id);
      if (!user) {
        if (id === bot.id) throw forbidden("bot can't send messages to bots");
        if (world.bots.has(id)) throw forbidden("bot can't send messages to bots");
        throw badRequest('chat not found');
      }
      const state = user.privates.get(bot.id);
      if (!state?.started && !bot.known.has(id) && !sharesGroup(world, bot, user)) throw badRequest('chat not found');
      if (purpose !== 'read' && state?.blocked) throw forbidden('bot was blocked by the user');
      if (purpose === 'send' && !state?.started) throw forbidden("bot can't initiate conversation with a user");
      return world.privateChat(bot, user);
    }
    chat = world.groupById(id);
    if (!chat) throw badRequest('chat not found');
  }
  if (chat.migratedTo !== undefined) {
    throw badRequest('group chat was upgraded to a supergroup chat', { migrate_to_chat_id: chat.migratedTo });
  }
  const member = chat.members.get(bot.id);
  const kind = chat.type === 'group' ? 'group chat' : 'supergroup chat';
  if (!member) throw badRequest('chat not found');
  if (member.status === 'kicked') throw forbidden(`bot was kicked from the ${kind}`);
  if (member.status === 'left') throw forbidden(`bot is not a member of the ${kind}`);
  return chat;
}

export function sharesGroup(world: WorldState, bot: BotRecord, user: UserRecord): boolean {
  for (const chat of world.chats.values()) {
    if (chat.type === 'private') continue;
    if (isPresent(chat.members.get(bot.id)?.status) && isPresent(chat.members.get(user.id)?.status)) return true;
  }
  return false;
}
