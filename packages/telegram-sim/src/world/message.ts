/** A new message as the sim stores it: what a send (or a user, or a service event) put in it. */
import type { InlineKeyboardMarkup, LinkPreviewOptions, TgMessageEntity, TgUser } from '../types';
import type { ChatRecord, StoredMessage } from './records';

export interface MessageContent {
  text?: string;
  entities?: TgMessageEntity[];
  // the send handlers pass what they parsed, absent or not
  replyMarkup?: InlineKeyboardMarkup | undefined;
  linkPreviewOptions?: LinkPreviewOptions | undefined;
  threadId?: number | undefined;
  replyTo?: StoredMessage | undefined;
  fields?: Record<string, unknown>;
  senderBotId?: number;
  /** Sent with disable_notification. */
  silent?: boolean;
}

/** The message with the chat's next id; absent fields stay absent, as the Bot API leaves them out. */
export function newMessage(chat: ChatRecord, seq: number, date: number, from: TgUser, content: MessageContent): StoredMessage {
  const message: StoredMessage = {
    chat,
    id: chat.nextMessageId++,
    seq,
    date,
    from: { ...from },
    isTopicMessage: false,
    fields: content.fields ?? {},
    history: [],
    deleted: false,
    deliveredTo: new Set(),
  };
  if (content.senderBotId !== undefined) message.senderBotId = content.senderBotId;
  if (content.threadId !== undefined && chat.type !== 'private') {
    message.threadId = content.threadId;
    if (chat.isForum) message.isTopicMessage = true;
  }
  if (content.text !== undefined) message.text = content.text;
  if (content.entities && content.entities.length > 0) message.entities = content.entities;
  if (content.replyMarkup) message.replyMarkup = content.replyMarkup;
  if (content.linkPreviewOptions) message.linkPreviewOptions = content.linkPreviewOptions;
  if (content.replyTo) message.replyTo = content.replyTo;
  if (content.silent) message.silent = true;
  return message;
}
