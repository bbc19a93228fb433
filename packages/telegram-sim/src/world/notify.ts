/** Who a new message notifies, as Telegram alerts people (see `sim.notifications`). */
import type { TgMessageEntity } from '../types';
import { isPresent, type NotificationReason, type StoredMessage, type UserRecord } from './records';
import { chatView } from './views';

/**
 * Records who a new message notifies. Telegram alerts a person of a new message in their private
 * chat with a bot, and of a new group message that mentions them (a text_mention entity for
 * their id, an @username mention of them) or replies to one of their messages, if they are in
 * the group; never of their own messages or of edits, and not (in this model) of a message sent
 * with disable_notification, which Telegram shows without sound. A group's other messages alert
 * only members who unmuted it: this model counts no such notifications.
 */
export function notify(
  world: { users: ReadonlyMap<number, UserRecord>; now(): number; readonly options: { readonly maxPerUser: number } },
  message: StoredMessage,
): void {
  if (message.silent) return;
  const chat = message.chat;
  const recipients = new Map<number, NotificationReason>();
  if (chat.type === 'private') {
    if (message.from.id !== chat.userId) recipients.set(chat.userId!, 'private');
  } else {
    const text = message.text ?? (typeof message.fields.caption === 'string' ? message.fields.caption : '');
    const entities = message.entities ?? (message.fields.caption_entities as TgMessageEntity[] | undefined) ?? [];
    for (const entity of entities) {
      if (entity.type === 'text_mention' && entity.user) recipients.set(entity.user.id, 'mention');
      if (entity.type === 'mention') {
        const name = text.slice(entity.offset + 1, entity.offset + entity.length).toLowerCase();
        for (const member of chat.members.values()) {
          if (!member.isBot && member.user.username?.toLowerCase() === name) recipients.set(member.user.id, 'mention');
        }
      }
    }
    const repliedTo = message.replyTo?.chat === chat ? message.replyTo.from : undefined;
    if (repliedTo && !repliedTo.is_bot && !recipients.has(repliedTo.id)) recipients.set(repliedTo.id, 'reply');
  }
  for (const [id, reason] of recipients) {
    const user = world.users.get(id);
    if (!user || id === message.from.id) continue;
    if (chat.type !== 'private' && !isPresent(chat.members.get(id)?.status)) continue;
    const text = message.text ?? (typeof message.fields.caption === 'string' ? message.fields.caption : undefined);
    user.notifications.push({
      seq: message.seq,
      chatKey: chat.key,
      chat: chatView(world.users, chat),
      message_id: message.id,
      date: message.date,
      at: world.now(),
      from: { ...message.from },
      ...(text !== undefined ? { text } : {}),
      reason,
    });
    trimFront(user.notifications, world.options.maxPerUser);
  }
}

/** Drops the oldest entries beyond `max`. */
export function trimFront(list: unknown[], max: number): void {
  if (list.length > max) list.splice(0, list.length - max);
}
