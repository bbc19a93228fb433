/** Chats, messages and members as the Bot API shows them (snake_case, absent fields left out). */
import type { TgChat, TgChatMember, TgMessage, TgUser } from '../types';
import type { BotRecord, ChatRecord, MemberRecord, StoredMessage, UserRecord } from './records';

/** What a test may read about a bot. */
export interface BotInfo {
  id: number;
  token: string;
  username: string;
  user: TgUser;
  privacy: boolean;
  webhookUrl: string | undefined;
  pendingUpdates: number;
  /** Webhook deliveries sent and not answered yet. */
  webhookInFlight: number;
  /** A getUpdates is held open, waiting for an update. */
  longPolling: boolean;
}

export function botInfo(bot: BotRecord): BotInfo {
  return {
    id: bot.id,
    token: bot.token,
    username: bot.username,
    user: { ...bot.user },
    privacy: bot.privacy,
    webhookUrl: bot.webhook?.url,
    pendingUpdates: bot.queue.length,
    webhookInFlight: bot.webhook?.inFlight() ?? 0,
    longPolling: bot.poll !== null,
  };
}

const ADMIN_RIGHTS = {
  can_be_edited: false,
  is_anonymous: false,
  can_manage_chat: true,
  can_delete_messages: true,
  can_manage_video_chats: true,
  can_restrict_members: true,
  can_promote_members: false,
  can_change_info: true,
  can_invite_users: true,
  can_post_stories: false,
  can_edit_stories: false,
  can_delete_stories: false,
  can_pin_messages: true,
  can_manage_topics: true,
  can_send_welcome_messages: false,
};

export function chatView(users: ReadonlyMap<number, UserRecord>, chat: ChatRecord): TgChat {
  if (chat.type === 'private') {
    const user = users.get(chat.userId!)!.user;
    const view: TgChat = { id: chat.id, type: 'private', first_name: user.first_name };
    if (user.last_name) view.last_name = user.last_name;
    if (user.username) view.username = user.username;
    return view;
  }
  const view: TgChat = { id: chat.id, title: chat.title ?? '', type: chat.type };
  if (chat.username) view.username = chat.username;
  if (chat.isForum) view.is_forum = true;
  return view;
}

export function renderMessage(users: ReadonlyMap<number, UserRecord>, message: StoredMessage, withReply = true): TgMessage {
  const rendered: TgMessage = { message_id: message.id, from: { ...message.from }, chat: chatView(users, message.chat), date: message.date };
  if (message.threadId !== undefined) rendered.message_thread_id = message.threadId;
  if (message.isTopicMessage) rendered.is_topic_message = true;
  if (withReply && message.replyTo) rendered.reply_to_message = renderMessage(users, message.replyTo, false);
  if (message.editDate !== undefined) rendered.edit_date = message.editDate;
  if (message.text !== undefined) rendered.text = message.text;
  if (message.entities && message.entities.length > 0) rendered.entities = structuredClone(message.entities);
  if (message.linkPreviewOptions) rendered.link_preview_options = { ...message.linkPreviewOptions };
  Object.assign(rendered, structuredClone(message.fields));
  if (message.replyMarkup) rendered.reply_markup = structuredClone(message.replyMarkup);
  return rendered;
}

export function memberView(chat: ChatRecord, member: MemberRecord): TgChatMember {
  switch (member.status) {
    case 'creator':
      return { status: 'creator', user: { ...member.user }, is_anonymous: false };
    case 'administrator':
      return { status: 'administrator', user: { ...member.user }, ...ADMIN_RIGHTS, ...(chat.isForum ? {} : { can_manage_topics: false }) };
    case 'kicked':
      return { status: 'kicked', user: { ...member.user }, until_date: 0 };
    case 'left':
      return { status: 'left', user: { ...member.user } };
    default:
      return { status: member.status, user: { ...member.user } };
  }
}
