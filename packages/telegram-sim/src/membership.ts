/**
 * Group changes people make, as Telegram announces them: adding and removing a bot, upgrading a
 * group to a supergroup, opening a forum topic. `by` is who does it (default: the group's creator,
 * else an admin, else a member).
 */
import { createTopic } from './methods/index';
import { isPresent, type BotRecord, type ChatRecord, type MemberRecord, type UserRecord, type World } from './world';

function someAdmin(world: World, chat: ChatRecord): UserRecord {
  const members = [...chat.members.values()].filter((m) => !m.isBot);
  const admin = members.find((m) => m.status === 'creator') ?? members.find((m) => m.status === 'administrator') ?? members[0];
  if (!admin) throw new Error(`${chat.title ?? chat.id} has no people in it to do that; pass { by }`);
  return world.users.get(admin.user.id)!;
}

/** my_chat_member for the bot, and a new_chat_members message to the group's bots. */
export function addBotToGroup(world: World, bot: BotRecord, chat: ChatRecord, by: UserRecord | undefined, admin: boolean): void {
  if (chat.migratedTo !== undefined) throw new Error(`group ${chat.id} was migrated to ${chat.migratedTo}`);
  const actor = by ?? someAdmin(world, chat);
  const before: MemberRecord = chat.members.get(bot.id) ?? { status: 'left', user: bot.user, isBot: true };
  const after: MemberRecord = { status: admin ? 'administrator' : 'member', user: bot.user, isBot: true };
  chat.members.set(bot.id, after);
  for (const member of chat.members.values()) if (!member.isBot) bot.known.add(member.user.id);
  world.myChatMember(bot, chat, actor.user, before, after);
  if (!isPresent(before.status)) {
    const service = world.addMessage(chat, actor.user, {
      fields: { new_chat_members: [{ ...bot.user }], new_chat_member: { ...bot.user }, new_chat_participant: { ...bot.user } },
    });
    world.deliver(service);
  }
}

/** The bot banned: a left_chat_member message, then my_chat_member "kicked". */
export function removeBotFromGroup(world: World, bot: BotRecord, chat: ChatRecord, by: UserRecord | undefined): void {
  const before = chat.members.get(bot.id);
  if (!before || !isPresent(before.status)) throw new Error(`@${bot.username} is not in ${chat.title}`);
  const actor = by ?? someAdmin(world, chat);
  const after: MemberRecord = { ...before, status: 'kicked' };
  chat.members.set(bot.id, after);
  const service = world.addMessage(chat, actor.user, { fields: { left_chat_member: { ...bot.user }, left_chat_participant: { ...bot.user } } });
  world.deliver(service, 'message', bot);
  world.myChatMember(bot, chat, actor.user, before, after);
}

/** A basic group upgraded to a new supergroup (returned), each with its migrate_… service message. */
export function migrateGroup(world: World, old: ChatRecord, by: UserRecord | undefined): ChatRecord {
  if (old.type !== 'group') throw new Error('only a basic group can be migrated to a supergroup');
  if (old.migratedTo !== undefined) throw new Error(`group ${old.id} was already migrated`);
  const actor = by ?? someAdmin(world, old);
  const fresh = world.createGroup({ title: old.title ?? '', supergroup: true });
  fresh.migratedFrom = old.id;
  for (const [id, member] of old.members) fresh.members.set(id, { ...member });
  old.migratedTo = fresh.id;
  const to = world.addMessage(old, actor.user, { fields: { migrate_to_chat_id: fresh.id } });
  world.deliver(to);
  const from = world.addMessage(fresh, actor.user, { fields: { migrate_from_chat_id: old.id } });
  world.deliver(from);
  return fresh;
}

/** A forum topic opened by a person; its message_thread_id. */
export function openTopic(world: World, chat: ChatRecord, name: string, by: UserRecord | undefined, iconColor?: number): number {
  if (!chat.isForum) throw new Error(`${chat.title} is not a forum`);
  const actor = by ?? someAdmin(world, chat);
  return createTopic(world, chat, actor.user, name, iconColor);
}
