/** Changing sent messages: editing their text, caption or keyboard, and deleting them. */
import type { Message } from '@grammyjs/types';
import { badRequest, NOT_MODIFIED } from '../errors';
import type { InlineKeyboardMarkup, LinkPreviewOptions, TgMessageEntity } from '../types';
import type { BotRecord, ChatRecord, StoredMessage, World } from '../world';
import type { Handler, MethodContext, Result } from './context';
import { captionText, linkPreview, markupOf, messageOf, messageText, rendered, sameJson } from './common';

type EditMethod = 'editMessageText' | 'editMessageReplyMarkup' | 'editMessageCaption';
/** The edited message an edit method answers (True is for inline messages, not modelled). */
type Edited<M extends EditMethod> = Exclude<Result<M>, true>;

function editable(ctx: MethodContext<EditMethod>): { chat: ChatRecord; message: StoredMessage } {
  const { world, bot, params } = ctx;
  if (params.has('inline_message_id') && !params.has('chat_id')) throw badRequest('message to edit not found');
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  const message = messageOf(chat, params.int('message_id'), 'message to edit not found');
  if (message.senderBotId !== bot.id) throw badRequest("message can't be edited");
  return { chat, message };
}

function applyEdit(
  ctx: { world: World; bot: BotRecord },
  chat: ChatRecord,
  message: StoredMessage,
  next: {
    text?: string;
    entities?: TgMessageEntity[];
    markup: InlineKeyboardMarkup | undefined;
    fields?: Record<string, unknown>;
    linkPreviewOptions?: LinkPreviewOptions;
  },
): Message {
  const text = 'text' in next ? next.text : message.text;
  const entities = 'entities' in next ? next.entities : message.entities;
  const fieldsSame = next.fields === undefined || Object.entries(next.fields).every(([k, v]) => sameJson(message.fields[k], v));
  if (text === message.text && sameJson(entities ?? [], message.entities ?? []) && sameJson(next.markup, message.replyMarkup) && fieldsSame) {
    throw badRequest(NOT_MODIFIED);
  }
  ctx.world.countEdit(ctx.bot, chat);
  const previous = message.history.length === 0 ? message.date : (message.editDate ?? message.date);
  message.history.push({
    ...(message.text !== undefined ? { text: message.text } : {}),
    ...(message.entities ? { entities: message.entities } : {}),
    ...(message.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
    date: previous,
  });
  if (text !== undefined) message.text = text;
  if (entities && entities.length > 0) message.entities = entities;
  else delete message.entities;
  if (next.markup) message.replyMarkup = next.markup;
  else delete message.replyMarkup;
  if (next.fields) Object.assign(message.fields, next.fields);
  if (next.linkPreviewOptions) message.linkPreviewOptions = next.linkPreviewOptions;
  message.editDate = ctx.world.unixNow();
  ctx.world.changed();
  return rendered<Message>(ctx.world, message);
}

export const editMessageText: Handler<'editMessageText'> = (ctx) => {
  const { chat, message } = editable(ctx);
  const formatted = messageText(ctx.params, 'MESSAGE_TOO_LONG');
  if (message.text === undefined) throw badRequest('there is no text in the message to edit');
  const markup = markupOf(ctx.params);
  const preview = linkPreview(ctx.params);
  return applyEdit(ctx, chat, message, {
    text: formatted.text,
    entities: formatted.entities,
    markup,
    ...(preview ? { linkPreviewOptions: preview } : {}),
  }) as Edited<'editMessageText'>;
};

export const editMessageReplyMarkup: Handler<'editMessageReplyMarkup'> = (ctx) => {
  const { chat, message } = editable(ctx);
  return applyEdit(ctx, chat, message, { markup: markupOf(ctx.params) }) as Edited<'editMessageReplyMarkup'>;
};

export const editMessageCaption: Handler<'editMessageCaption'> = (ctx) => {
  const { chat, message } = editable(ctx);
  if (message.text !== undefined) throw badRequest('there is no caption in the message to edit');
  const caption = captionText(ctx.params, 'MEDIA_CAPTION_TOO_LONG');
  const fields: Record<string, unknown> = { caption: caption?.text, caption_entities: caption?.entities.length ? caption.entities : undefined };
  const markup = markupOf(ctx.params);
  applyEdit(ctx, chat, message, { markup, fields });
  for (const key of ['caption', 'caption_entities']) if (message.fields[key] === undefined) delete message.fields[key];
  return rendered<Edited<'editMessageCaption'>>(ctx.world, message);
};

function mayDelete(world: World, bot: BotRecord, chat: ChatRecord, message: StoredMessage): boolean {
  if (message.senderBotId === bot.id) return true;
  if (chat.type === 'private') return true;
  return world.botIsAdmin(chat, bot);
}

export const deleteMessage: Handler<'deleteMessage'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  const message = messageOf(chat, params.int('message_id'), 'message to delete not found');
  if (!mayDelete(world, bot, chat, message)) throw badRequest("message can't be deleted");
  message.deleted = true;
  message.deletedAt = world.now();
  world.changed();
  return true;
};

export const deleteMessages: Handler<'deleteMessages'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  const ids = params.json<unknown[]>('message_ids', "can't parse message identifiers JSON object");
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100) throw badRequest('message identifiers are not specified');
  for (const id of ids) {
    const message = chat.messages.get(Number(id));
    if (message && !message.deleted && mayDelete(world, bot, chat, message)) {
      message.deleted = true;
      message.deletedAt = world.now();
    }
  }
  world.changed();
  return true;
};
