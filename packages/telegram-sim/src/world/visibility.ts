/** Which bot sees what: update types a bot gets, and the group messages privacy mode lets through. */
import type { BotRecord, MemberRecord, StoredMessage } from './records';

const NOT_BY_DEFAULT = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);

const SERVICE_FIELDS = [
  'new_chat_members',
  'left_chat_member',
  'new_chat_title',
  'group_chat_created',
  'supergroup_chat_created',
  'migrate_to_chat_id',
  'migrate_from_chat_id',
  'pinned_message',
  'forum_topic_created',
  'forum_topic_closed',
  'forum_topic_reopened',
  'forum_topic_edited',
];

/** Service messages (members joining, pins, migrations, topics) reach every bot in the chat. */
export function isService(message: StoredMessage): boolean {
  return SERVICE_FIELDS.some((field) => field in message.fields);
}

/** Does the bot's allowed_updates (or the default) let this update type through? */
export function allows(bot: BotRecord, type: string): boolean {
  if (bot.allowedUpdates === null || bot.allowedUpdates.length === 0) return !NOT_BY_DEFAULT.has(type);
  return bot.allowedUpdates.includes(type);
}

/** Would this bot, in privacy mode or not, get this group message? */
export function botSees(bot: BotRecord, member: MemberRecord, message: StoredMessage): boolean {
  if (!bot.privacy || member.status === 'administrator' || member.status === 'creator') return true;
  if (isService(message)) return true;
  if (message.replyTo?.senderBotId === bot.id) return true;
  const text = message.text ?? '';
  for (const entity of message.entities ?? []) {
    const value = text.slice(entity.offset, entity.offset + entity.length);
    if (entity.type === 'bot_command') {
      const at = value.indexOf('@');
      if (at < 0 || value.slice(at + 1).toLowerCase() === bot.username.toLowerCase()) return true;
    }
    if (entity.type === 'mention' && value.slice(1).toLowerCase() === bot.username.toLowerCase()) return true;
  }
  return false;
}
