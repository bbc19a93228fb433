/**
 * What the sending, editing and pinning methods share: the message a parameter names, a text or
 * caption with its entities, link previews, the message replied to, the forum topic, the
 * keyboard, and adding a message the bot sends after every check and the flood limits.
 */
import type { Message } from '@grammyjs/types';
import { badRequest } from '../errors';
import { inlineOf, parseReplyMarkup } from '../markup';
import type { Params } from '../params';
import { formatText, type FormattedText } from '../text';
import type { InlineKeyboardMarkup, LinkPreviewOptions, TgMessageEntity } from '../types';
import type { BotRecord, ChatRecord, StoredMessage, World } from '../world';
import type { LegacyParams } from './context';

/** A message as the Bot API result its method documents: rendered from what was stored, which is that method's content. */
export function rendered<T = Message>(world: World, message: StoredMessage): T {
  return world.renderMessage(message) as unknown as T;
}

export function messageOf(chat: ChatRecord, id: number | undefined, notFound: string): StoredMessage {
  if (id === undefined) throw badRequest('message identifier is not specified');
  const message = chat.messages.get(id);
  if (!message || message.deleted) throw badRequest(notFound);
  return message;
}

function formatted(
  raw: string | undefined,
  parseMode: string | undefined,
  given: TgMessageEntity[] | undefined,
  field: 'text' | 'caption',
  tooLong: string,
  limit: number,
  allowEmpty: boolean,
): FormattedText | undefined {
  if (raw === undefined || raw === '') {
    if (allowEmpty) return undefined;
    throw badRequest('message text is empty');
  }
  const result = formatText(raw, parseMode, given);
  if (result.text.length === 0) {
    if (allowEmpty) return undefined;
    throw badRequest(field === 'text' ? 'message text is empty' : 'message caption is empty');
  }
  if (result.text.length > limit) throw badRequest(tooLong);
  return result;
}

/** A message's text with its entities as Telegram stores it; `tooLong` is the method's error. */
export function messageText<P extends { text?: unknown; parse_mode?: unknown; entities?: unknown }>(params: Params<P>, tooLong: string): FormattedText {
  const given = params.json<TgMessageEntity[]>('entities', "can't parse entities JSON object");
  return formatted(params.str('text'), params.str('parse_mode'), given, 'text', tooLong, 4096, false)!;
}

/** A media caption with its entities, or undefined when there is none. */
export function captionText<P extends { caption?: unknown; parse_mode?: unknown; caption_entities?: unknown }>(
  params: Params<P>,
  tooLong: string,
): FormattedText | undefined {
  const given = params.json<TgMessageEntity[]>('caption_entities', "can't parse entities JSON object");
  return formatted(params.str('caption'), params.str('parse_mode'), given, 'caption', tooLong, 1024, true);
}

export function linkPreview<P extends { link_preview_options?: unknown } & LegacyParams>(params: Params<P>): LinkPreviewOptions | undefined {
  const options = params.json<LinkPreviewOptions>('link_preview_options', "can't parse link preview options JSON object");
  if (options !== undefined) {
    if (typeof options !== 'object' || options === null) throw badRequest("can't parse link preview options JSON object");
    return { ...options };
  }
  if (params.bool('disable_web_page_preview')) return { is_disabled: true };
  return undefined;
}

function replyTarget<P extends { reply_parameters?: unknown } & LegacyParams>(
  world: World,
  bot: BotRecord,
  chat: ChatRecord,
  params: Params<P>,
): StoredMessage | undefined {
  const reply = params.json<Record<string, unknown>>('reply_parameters', "can't parse reply parameters JSON object");
  let id: number | undefined;
  let allowWithout = params.bool('allow_sending_without_reply');
  let target = chat;
  if (reply !== undefined) {
    if (typeof reply !== 'object' || reply === null) throw badRequest("can't parse reply parameters JSON object");
    id = Number(reply.message_id);
    if (!Number.isSafeInteger(id)) throw badRequest('message to be replied not found');
    allowWithout = reply.allow_sending_without_reply === true;
    if (reply.chat_id !== undefined && String(reply.chat_id) !== String(chat.id)) {
      target = world.resolveChat(bot, reply.chat_id, 'read');
    }
  } else {
    id = params.int('reply_to_message_id');
  }
  if (id === undefined) return undefined;
  const message = target.messages.get(id);
  if (!message || message.deleted) {
    if (allowWithout) return undefined;
    throw badRequest('message to be replied not found');
  }
  return message;
}

function threadOf<P extends { message_thread_id?: unknown } & LegacyParams>(
  chat: ChatRecord,
  params: Params<P>,
  replyTo: StoredMessage | undefined,
): number | undefined {
  const id = params.int('message_thread_id');
  if (chat.type === 'private') return undefined;
  if (id === undefined) return replyTo?.chat === chat ? replyTo.threadId : undefined;
  if (chat.isForum) {
    if (id === 1) return undefined;
    const topic = chat.topics.get(id);
    if (!topic) throw badRequest('message thread not found');
    if (topic.closed) throw badRequest('TOPIC_CLOSED');
    return id;
  }
  const root = chat.messages.get(id);
  if (chat.type !== 'supergroup' || !root) throw badRequest('message thread not found');
  return id;
}

export function markupOf(params: Params<object>): InlineKeyboardMarkup | undefined {
  return inlineOf(parseReplyMarkup(params.raw.reply_markup));
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Adds a message the bot sends, after every check and the flood limits. */
/** The parameters every sending method shares. */
export type SendParams = {
  chat_id?: number | string;
  message_thread_id?: number;
  reply_parameters?: unknown;
  link_preview_options?: unknown;
  protect_content?: boolean;
  disable_notification?: boolean;
} & LegacyParams;

export function send<P extends SendParams>(
  ctx: { world: World; bot: BotRecord; params: Params<P> },
  build: (chat: ChatRecord) => {
    text?: FormattedText;
    fields?: Record<string, unknown>;
  },
  /** Content decided only once the message is sure to go out (a dice value). */
  late?: () => Record<string, unknown>,
): { chat: ChatRecord; message: StoredMessage } {
  const { world, bot, params } = ctx;
  const chat = world.resolveChat(bot, params.raw.chat_id, 'send');
  const content = build(chat);
  const markup = markupOf(params);
  const replyTo = replyTarget(world, bot, chat, params);
  const threadId = threadOf(chat, params, replyTo);
  const preview = linkPreview(params);
  world.countSend(bot, chat);
  const fields = { ...(content.fields ?? {}), ...(late ? late() : {}) };
  if (params.bool('protect_content')) fields.has_protected_content = true;
  const message = world.addMessage(chat, bot.user, {
    ...(content.text ? { text: content.text.text, entities: content.text.entities } : {}),
    replyMarkup: markup,
    linkPreviewOptions: preview,
    threadId,
    replyTo,
    fields,
    senderBotId: bot.id,
    silent: params.bool('disable_notification'),
  });
  return { chat, message };
}
