/**
 * The Bot API methods, answering like Telegram: results shaped as the Bot API documents them,
 * errors with Telegram's codes and descriptions. Methods without a model here still answer a
 * sensible result (usually True) so a bot calling them keeps working.
 */
import { ApiError, badRequest, NOT_MODIFIED, QUERY_TOO_OLD } from './errors.ts';
import { inlineOf, parseReplyMarkup } from './markup.ts';
import type { Params } from './params.ts';
import { formatText, type FormattedText } from './text.ts';
import type { BotCommand, InlineKeyboardMarkup, LinkPreviewOptions, TgMessageEntity, TgUpdate, TgUser } from './types.ts';
import { startWebhook, type WebhookOptions } from './webhook.ts';
import {
  ALL_UPDATE_TYPES,
  isPresent,
  type BotRecord,
  type ChatRecord,
  type MemberRecord,
  type StoredMessage,
  type World,
} from './world.ts';

/** Every method of the Bot API (9.x) by name; calls to any other name answer 404 "Not Found". */
export const BOT_API_METHODS = `getUpdates setWebhook deleteWebhook getWebhookInfo getMe logOut close sendMessage sendRichMessage
forwardMessage forwardMessages copyMessage copyMessages sendPhoto sendLivePhoto sendAudio sendDocument sendVideo
sendAnimation sendVoice sendVideoNote sendPaidMedia sendMediaGroup sendLocation editMessageLiveLocation
stopMessageLiveLocation sendVenue sendContact sendPoll sendChecklist editMessageChecklist sendDice sendMessageDraft
sendRichMessageDraft sendChatAction setMessageReaction getUserProfilePhotos getUserProfileAudios setUserEmojiStatus
getFile banChatMember unbanChatMember restrictChatMember promoteChatMember setChatAdministratorCustomTitle
setChatMemberTag banChatSenderChat unbanChatSenderChat setChatPermissions exportChatInviteLink createChatInviteLink
editChatInviteLink createChatSubscriptionInviteLink editChatSubscriptionInviteLink revokeChatInviteLink
approveChatJoinRequest declineChatJoinRequest answerChatJoinRequestQuery sendChatJoinRequestWebApp
approveSuggestedPost declineSuggestedPost setChatPhoto deleteChatPhoto setChatTitle setChatDescription pinChatMessage
unpinChatMessage unpinAllChatMessages leaveChat getChat getChatAdministrators getChatMemberCount getChatMember
getUserPersonalChatMessages setChatStickerSet deleteChatStickerSet getForumTopicIconStickers createForumTopic
editForumTopic closeForumTopic reopenForumTopic deleteForumTopic unpinAllForumTopicMessages editGeneralForumTopic
closeGeneralForumTopic reopenGeneralForumTopic hideGeneralForumTopic unhideGeneralForumTopic
unpinAllGeneralForumTopicMessages answerCallbackQuery answerGuestQuery getUserChatBoosts getUserGifts getChatGifts
getBusinessConnection getManagedBotToken replaceManagedBotToken getManagedBotAccessSettings
setManagedBotAccessSettings setMyCommands deleteMyCommands getMyCommands setMyName getMyName setMyDescription
getMyDescription setMyShortDescription getMyShortDescription setMyProfilePhoto removeMyProfilePhoto setChatMenuButton
getChatMenuButton setMyDefaultAdministratorRights getMyDefaultAdministratorRights getMyStarBalance editMessageText
editMessageCaption editMessageMedia editMessageReplyMarkup stopPoll editEphemeralMessageText
editEphemeralMessageMedia editEphemeralMessageCaption editEphemeralMessageReplyMarkup deleteMessage deleteMessages
deleteEphemeralMessage deleteMessageReaction deleteAllMessageReactions deleteBusinessMessages setBusinessAccountName
setBusinessAccountUsername setBusinessAccountBio setBusinessAccountProfilePhoto removeBusinessAccountProfilePhoto
setBusinessAccountGiftSettings getBusinessAccountStarBalance transferBusinessAccountStars getBusinessAccountGifts
convertGiftToStars upgradeGift transferGift postStory repostStory editStory deleteStory sendSticker getStickerSet
getCustomEmojiStickers uploadStickerFile createNewStickerSet addStickerToSet setStickerPositionInSet
deleteStickerFromSet replaceStickerInSet setStickerEmojiList setStickerKeywords setStickerMaskPosition
setStickerSetTitle deleteStickerSet setStickerSetThumbnail setCustomEmojiStickerSetThumbnail getAvailableGifts
sendGift giftPremiumSubscription answerInlineQuery answerWebAppQuery savePreparedInlineMessage
savePreparedKeyboardButton sendInvoice createInvoiceLink answerShippingQuery answerPreCheckoutQuery
getStarTransactions refundStarPayment editUserStarSubscription verifyUser verifyChat removeUserVerification
removeChatVerification readBusinessMessage setPassportDataErrors sendGame setGameScore getGameHighScores`
  .split(/\s+/)
  .filter(Boolean);

const METHOD_NAMES = new Map(BOT_API_METHODS.map((name) => [name.toLowerCase(), name]));

/** The canonical name of a method (Bot API method names are case-insensitive), if it exists. */
export const canonicalMethod = (name: string): string | undefined => METHOD_NAMES.get(name.toLowerCase());

/** A successful answer that also carries a description, like setWebhook's "Webhook was set". */
export class Described {
  constructor(
    readonly result: unknown,
    readonly description: string,
  ) {}
}

export interface MethodContext {
  world: World;
  bot: BotRecord;
  params: Params;
  /** Aborted when the client goes away (ends a long poll). */
  signal: AbortSignal;
  webhookOptions: WebhookOptions;
}

type Handler = (ctx: MethodContext) => unknown;

const CONFLICT_WEBHOOK = new ApiError(
  409,
  "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
);
const conflictTerminated = (): ApiError =>
  new ApiError(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');

// ── helpers ──────────────────────────────────────────────────────────────────────────────────

function messageOf(chat: ChatRecord, id: number | undefined, notFound: string): StoredMessage {
  if (id === undefined) throw badRequest('message identifier is not specified');
  const message = chat.messages.get(id);
  if (!message || message.deleted) throw badRequest(notFound);
  return message;
}

function formattedText(params: Params, field: 'text' | 'caption', tooLong: string, limit: number, allowEmpty: boolean): FormattedText | undefined {
  const raw = params.str(field);
  const parseMode = params.str('parse_mode');
  const given = params.json<TgMessageEntity[]>(field === 'text' ? 'entities' : 'caption_entities', "can't parse entities JSON object");
  if (raw === undefined || raw === '') {
    if (allowEmpty) return undefined;
    throw badRequest('message text is empty');
  }
  const formatted = formatText(raw, parseMode, given);
  if (formatted.text.length === 0) {
    if (allowEmpty) return undefined;
    throw badRequest(field === 'text' ? 'message text is empty' : 'message caption is empty');
  }
  if (formatted.text.length > limit) throw badRequest(tooLong);
  return formatted;
}

function linkPreview(params: Params): LinkPreviewOptions | undefined {
  const options = params.json<LinkPreviewOptions>('link_preview_options', "can't parse link preview options JSON object");
  if (options !== undefined) {
    if (typeof options !== 'object' || options === null) throw badRequest("can't parse link preview options JSON object");
    return { ...options };
  }
  if (params.bool('disable_web_page_preview')) return { is_disabled: true };
  return undefined;
}

function replyTarget(world: World, bot: BotRecord, chat: ChatRecord, params: Params): StoredMessage | undefined {
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

function threadOf(chat: ChatRecord, params: Params, replyTo: StoredMessage | undefined): number | undefined {
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

function markupOf(params: Params): InlineKeyboardMarkup | undefined {
  return inlineOf(parseReplyMarkup(params.raw.reply_markup));
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Adds a message the bot sends, after every check and the flood limits. */
function send(
  ctx: MethodContext,
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

function fileOf(value: unknown, kind: string, world: World): Record<string, unknown> {
  const unique = `${kind}_${world.now().toString(36)}_${Math.floor(world.options.random() * 1e9).toString(36)}`;
  if (typeof value === 'string' && value && !value.startsWith('attach://')) {
    return { file_id: value, file_unique_id: unique };
  }
  const upload = (value as { filename?: string; size?: number } | undefined) ?? {};
  return {
    file_id: `AgAC${unique}`,
    file_unique_id: unique,
    ...(upload.size !== undefined ? { file_size: upload.size } : {}),
    ...(upload.filename ? { file_name: upload.filename } : {}),
  };
}

const MEDIA: Record<string, { field: string; shape: (file: Record<string, unknown>) => unknown }> = {
  sendPhoto: { field: 'photo', shape: (f) => [{ ...f, width: 1280, height: 720 }] },
  sendLivePhoto: { field: 'photo', shape: (f) => [{ ...f, width: 1280, height: 720 }] },
  sendAudio: { field: 'audio', shape: (f) => ({ ...f, duration: 1 }) },
  sendDocument: { field: 'document', shape: (f) => f },
  sendVideo: { field: 'video', shape: (f) => ({ ...f, width: 1280, height: 720, duration: 1 }) },
  sendAnimation: { field: 'animation', shape: (f) => ({ ...f, width: 320, height: 240, duration: 1 }) },
  sendVoice: { field: 'voice', shape: (f) => ({ ...f, duration: 1 }) },
  sendVideoNote: { field: 'video_note', shape: (f) => ({ ...f, length: 240, duration: 1 }) },
  sendSticker: { field: 'sticker', shape: (f) => ({ ...f, type: 'regular', width: 512, height: 512, is_animated: false, is_video: false }) },
};

function sendMedia(method: string): Handler {
  const { field, shape } = MEDIA[method]!;
  const input = method === 'sendLivePhoto' ? 'photo' : field;
  return (ctx) => {
    const { message } = send(ctx, () => {
      if (!ctx.params.has(input)) throw badRequest(`there is no ${input} in the request`);
      const caption = method === 'sendSticker' ? undefined : formattedText(ctx.params, 'caption', 'message caption is too long', 1024, true);
      const fields: Record<string, unknown> = { [field]: shape(fileOf(ctx.params.raw[input], field, ctx.world)) };
      if (caption) {
        fields.caption = caption.text;
        if (caption.entities.length > 0) fields.caption_entities = caption.entities;
      }
      return { fields };
    });
    return ctx.world.renderMessage(message);
  };
}

// ── updates and webhooks ─────────────────────────────────────────────────────────────────────

function setAllowedUpdates(bot: BotRecord, params: Params): void {
  const allowed = params.json<unknown>('allowed_updates', "can't parse allowed updates JSON object");
  if (allowed === undefined) return;
  if (!Array.isArray(allowed)) throw badRequest("can't parse allowed updates JSON object");
  bot.allowedUpdates = allowed.filter((type): type is string => typeof type === 'string' && ALL_UPDATE_TYPES.includes(type));
}

function takeUpdates(bot: BotRecord, limit: number): TgUpdate[] {
  return bot.queue.slice(0, limit).map((item) => structuredClone(item.update));
}

const getUpdates: Handler = ({ bot, params, signal }) => {
  if (bot.webhook) throw CONFLICT_WEBHOOK;
  const offset = params.int('offset');
  const limit = Math.min(100, Math.max(1, params.int('limit') ?? 100));
  const timeout = Math.max(0, params.int('timeout') ?? 0);
  setAllowedUpdates(bot, params);
  bot.poll?.settle({ error: conflictTerminated() });

  if (offset !== undefined && offset > 0) {
    const keep = bot.queue.findIndex((item) => item.update.update_id >= offset);
    bot.queue.splice(0, keep < 0 ? bot.queue.length : keep);
  } else if (offset !== undefined && offset < 0) {
    bot.queue.splice(0, Math.max(0, bot.queue.length + offset));
  }
  if (bot.queue.length > 0 || timeout === 0) return takeUpdates(bot, limit);

  return new Promise<TgUpdate[]>((resolve, reject) => {
    let woken = false;
    const poll = {
      settle(outcome: { updates: TgUpdate[] } | { error: ApiError }) {
        if (bot.poll !== poll) return;
        bot.poll = null;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if ('error' in outcome) reject(outcome.error);
        else resolve(outcome.updates);
      },
      wake() {
        if (woken) return;
        woken = true;
        // answer on the next turn, so updates queued together go out together
        setImmediate(() => poll.settle({ updates: takeUpdates(bot, limit) }));
      },
    };
    const onAbort = (): void => poll.settle({ updates: [] });
    const timer = setTimeout(() => poll.settle({ updates: takeUpdates(bot, limit) }), timeout * 1000);
    signal.addEventListener('abort', onAbort, { once: true });
    bot.poll = poll;
  });
};

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|::1)$/i;

const setWebhook: Handler = ({ world, bot, params, webhookOptions }) => {
  const url = params.str('url') ?? '';
  if (url === '') return deleteWebhook({ world, bot, params, webhookOptions, signal: new AbortController().signal });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('bad webhook: Failed to resolve host: Name or service not known');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  }
  if (!LOOPBACK.test(parsed.hostname)) {
    // the simulator only ever calls this machine
    throw badRequest('bad webhook: Failed to resolve host: Name or service not known');
  }
  const secret = params.str('secret_token');
  if (secret !== undefined && secret !== '') {
    if (secret.length > 256 || !/^[A-Za-z0-9_-]+$/.test(secret)) throw badRequest('secret token contains unallowed characters');
  }
  const maxConnections = Math.min(100, Math.max(1, params.int('max_connections') ?? 40));
  setAllowedUpdates(bot, params);
  if (params.bool('drop_pending_updates')) bot.queue.length = 0;
  bot.poll?.settle({ error: CONFLICT_WEBHOOK });
  const already = bot.webhook !== null && bot.webhook.url === url && (bot.webhook.secretToken ?? '') === (secret ?? '');
  bot.webhook?.stop();
  bot.webhook = null;
  const config = { url, maxConnections, ...(secret ? { secretToken: secret } : {}) };
  bot.webhook = startWebhook(world, bot, config, webhookOptions);
  bot.webhook.pump();
  return new Described(true, already ? 'Webhook is already set' : 'Webhook was set');
};

const deleteWebhook: Handler = ({ bot, params }) => {
  if (params.bool('drop_pending_updates')) bot.queue.length = 0;
  if (!bot.webhook) return new Described(true, 'Webhook is already deleted');
  bot.webhook.stop();
  bot.webhook = null;
  return new Described(true, 'Webhook was deleted');
};

const getWebhookInfo: Handler = ({ bot }) => {
  const hook = bot.webhook;
  const info: Record<string, unknown> = { url: hook?.url ?? '', has_custom_certificate: false, pending_update_count: bot.queue.length };
  if (hook) {
    if (hook.ipAddress) info.ip_address = hook.ipAddress;
    if (hook.lastErrorDate !== undefined) info.last_error_date = hook.lastErrorDate;
    if (hook.lastErrorMessage !== undefined) info.last_error_message = hook.lastErrorMessage;
    info.max_connections = hook.maxConnections;
    if (bot.allowedUpdates && bot.allowedUpdates.length > 0) info.allowed_updates = [...bot.allowedUpdates];
  }
  return info;
};

// ── messages ─────────────────────────────────────────────────────────────────────────────────

const sendMessage: Handler = (ctx) => {
  const { message } = send(ctx, () => ({ text: formattedText(ctx.params, 'text', 'message is too long', 4096, false)! }));
  return ctx.world.renderMessage(message);
};

const DICE = ['🎲', '🎯', '🏀', '⚽', '🎳', '🎰'];

const sendDice: Handler = (ctx) => {
  const emoji = ctx.params.str('emoji') || '🎲';
  const { message } = send(
    ctx,
    () => {
      if (!DICE.includes(emoji)) throw badRequest('DICE_EMOJI_INVALID');
      return {};
    },
    () => ({ dice: { emoji, value: ctx.world.diceValue(emoji) } }),
  );
  return ctx.world.renderMessage(message);
};

const sendLocation: Handler = (ctx) => {
  const { message } = send(ctx, () => ({
    fields: { location: { latitude: Number(ctx.params.str('latitude')), longitude: Number(ctx.params.str('longitude')) } },
  }));
  return ctx.world.renderMessage(message);
};

const sendContact: Handler = (ctx) => {
  const { message } = send(ctx, () => ({
    fields: { contact: { phone_number: ctx.params.str('phone_number') ?? '', first_name: ctx.params.str('first_name') ?? '' } },
  }));
  return ctx.world.renderMessage(message);
};

const sendPoll: Handler = (ctx) => {
  const { message } = send(ctx, () => {
    const question = ctx.params.str('question');
    if (!question) throw badRequest('poll question must be non-empty');
    const options = ctx.params.json<unknown[]>('options', "can't parse options JSON object") ?? [];
    if (!Array.isArray(options) || options.length < 2) throw badRequest('poll must have at least 2 option');
    return {
      fields: {
        poll: {
          id: String(ctx.world.now()),
          question,
          options: options.map((o) => ({ text: typeof o === 'string' ? o : String((o as { text?: unknown }).text ?? ''), voter_count: 0 })),
          total_voter_count: 0,
          is_closed: false,
          is_anonymous: ctx.params.has('is_anonymous') ? ctx.params.bool('is_anonymous') : true,
          type: ctx.params.str('type') ?? 'regular',
          allows_multiple_answers: ctx.params.bool('allows_multiple_answers'),
        },
      },
    };
  });
  return ctx.world.renderMessage(message);
};

function copyFrom(ctx: MethodContext, notFound: string): StoredMessage {
  const from = ctx.world.resolveChat(ctx.bot, ctx.params.raw.from_chat_id, 'read');
  return messageOf(from, ctx.params.int('message_id'), notFound);
}

function copiedFields(source: StoredMessage): Record<string, unknown> {
  const fields = structuredClone(source.fields);
  for (const key of Object.keys(fields)) if (key.startsWith('forward_') || key === 'has_protected_content') delete fields[key];
  return fields;
}

const forwardMessage: Handler = (ctx) => {
  const source = copyFrom(ctx, 'message to forward not found');
  const { message } = send(ctx, () => ({
    ...(source.text !== undefined ? { text: { text: source.text, entities: source.entities ?? [] } } : {}),
    fields: {
      forward_origin: { type: 'user', sender_user: { ...source.from }, date: source.date },
      forward_date: source.date,
      forward_from: { ...source.from },
      ...copiedFields(source),
    },
  }));
  return ctx.world.renderMessage(message);
};

const copyMessage: Handler = (ctx) => {
  const source = copyFrom(ctx, 'message to copy not found');
  const { message } = send(ctx, () => ({
    ...(source.text !== undefined ? { text: { text: source.text, entities: source.entities ?? [] } } : {}),
    fields: copiedFields(source),
  }));
  return { message_id: message.id };
};

function editable(ctx: MethodContext): { chat: ChatRecord; message: StoredMessage } {
  const { world, bot, params } = ctx;
  if (params.has('inline_message_id') && !params.has('chat_id')) throw badRequest('message to edit not found');
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  const message = messageOf(chat, params.int('message_id'), 'message to edit not found');
  if (message.senderBotId !== bot.id) throw badRequest("message can't be edited");
  return { chat, message };
}

function applyEdit(
  ctx: MethodContext,
  chat: ChatRecord,
  message: StoredMessage,
  next: {
    text?: string;
    entities?: TgMessageEntity[];
    markup: InlineKeyboardMarkup | undefined;
    fields?: Record<string, unknown>;
    linkPreviewOptions?: LinkPreviewOptions;
  },
): unknown {
  const text = 'text' in next ? next.text : message.text;
  const entities = 'entities' in next ? next.entities : message.entities;
  const fieldsSame = next.fields === undefined || Object.entries(next.fields).every(([k, v]) => sameJson(message.fields[k], v));
  if (text === message.text && sameJson(entities ?? [], message.entities ?? []) && sameJson(next.markup, message.replyMarkup) && fieldsSame) {
    throw badRequest(NOT_MODIFIED);
  }
  ctx.world.countEdit(ctx.bot, chat);
  const previous = message.history.length === 0 ? message.date : message.editDate ?? message.date;
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
  return ctx.world.renderMessage(message);
}

const editMessageText: Handler = (ctx) => {
  const { chat, message } = editable(ctx);
  const formatted = formattedText(ctx.params, 'text', 'MESSAGE_TOO_LONG', 4096, false)!;
  if (message.text === undefined) throw badRequest('there is no text in the message to edit');
  const markup = markupOf(ctx.params);
  const preview = linkPreview(ctx.params);
  return applyEdit(ctx, chat, message, {
    text: formatted.text,
    entities: formatted.entities,
    markup,
    ...(preview ? { linkPreviewOptions: preview } : {}),
  });
};

const editMessageReplyMarkup: Handler = (ctx) => {
  const { chat, message } = editable(ctx);
  return applyEdit(ctx, chat, message, { markup: markupOf(ctx.params) });
};

const editMessageCaption: Handler = (ctx) => {
  const { chat, message } = editable(ctx);
  if (message.text !== undefined) throw badRequest('there is no caption in the message to edit');
  const caption = formattedText(ctx.params, 'caption', 'MEDIA_CAPTION_TOO_LONG', 1024, true);
  const fields: Record<string, unknown> = { caption: caption?.text, caption_entities: caption?.entities.length ? caption.entities : undefined };
  const markup = markupOf(ctx.params);
  applyEdit(ctx, chat, message, { markup, fields });
  for (const key of ['caption', 'caption_entities']) if (message.fields[key] === undefined) delete message.fields[key];
  return ctx.world.renderMessage(message);
};

function mayDelete(world: World, bot: BotRecord, chat: ChatRecord, message: StoredMessage): boolean {
  if (message.senderBotId === bot.id) return true;
  if (chat.type === 'private') return true;
  return world.botIsAdmin(chat, bot);
}

const deleteMessage: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  const message = messageOf(chat, params.int('message_id'), 'message to delete not found');
  if (!mayDelete(world, bot, chat, message)) throw badRequest("message can't be deleted");
  message.deleted = true;
  message.deletedAt = world.now();
  world.changed();
  return true;
};

const deleteMessages: Handler = ({ world, bot, params }) => {
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

// ── callback queries ─────────────────────────────────────────────────────────────────────────

const answerCallbackQuery: Handler = ({ world, bot, params }) => {
  const id = params.str('callback_query_id') ?? '';
  const text = params.str('text');
  if (text !== undefined && text.length > 200) throw badRequest('MESSAGE_TOO_LONG');
  const url = params.str('url');
  const query = bot.queries.get(id);
  if (!query || query.answer || world.now() - query.createdAt > world.options.callbackQueryTtlMs) {
    throw badRequest(QUERY_TOO_OLD);
  }
  if (url !== undefined && url !== '' && !/^(https:\/\/t\.me\/|tg:\/\/)/i.test(url)) throw badRequest('URL_INVALID');
  const answer = {
    ...(text ? { text } : {}),
    show_alert: params.bool('show_alert'),
    ...(url ? { url } : {}),
    ...(params.has('cache_time') ? { cache_time: params.int('cache_time') ?? 0 } : {}),
  };
  query.answer = answer;
  query.user.popups.push({
    ...answer,
    query_id: id,
    bot: bot.username,
    chat_id: query.message.chat.id,
    message_id: query.message.id,
    data: query.data,
    at: world.now(),
  });
  for (const waiter of query.waiters.splice(0)) waiter(answer);
  world.changed();
  return true;
};

// ── chats ────────────────────────────────────────────────────────────────────────────────────

function pinRights(world: World, bot: BotRecord, chat: ChatRecord): void {
  if (chat.type !== 'private' && !world.botIsAdmin(chat, bot)) {
    throw badRequest('not enough rights to manage pinned messages in the chat');
  }
}

const pinChatMessage: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  const message = messageOf(chat, params.int('message_id'), 'message to pin not found');
  pinRights(world, bot, chat);
  chat.pinned = [message.id, ...chat.pinned.filter((id) => id !== message.id)];
  const service = world.addMessage(chat, bot.user, {
    fields: { pinned_message: world.renderMessage(message, false) },
    senderBotId: bot.id,
    threadId: message.threadId,
    silent: params.bool('disable_notification'),
  });
  return true;
};

const unpinChatMessage: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  pinRights(world, bot, chat);
  const id = params.int('message_id') ?? chat.pinned[0];
  if (id === undefined) throw badRequest('message to unpin not found');
  const message = chat.messages.get(id);
  if (!message || message.deleted) throw badRequest('message to unpin not found');
  chat.pinned = chat.pinned.filter((pinned) => pinned !== id);
  world.changed();
  return true;
};

const unpinAllChatMessages: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  pinRights(world, bot, chat);
  chat.pinned = [];
  world.changed();
  return true;
};

const getChat: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  const info: Record<string, unknown> = {
    ...world.chatView(chat),
    accent_color_id: 0,
    max_reaction_count: 11,
    accepted_gift_types: {
      unlimited_gifts: false,
      limited_gifts: false,
      unique_gifts: false,
      premium_subscription: false,
      gifts_from_channels: false,
    },
  };
  const pinned = chat.pinned.map((id) => chat.messages.get(id)).find((m) => m && !m.deleted);
  if (pinned) info.pinned_message = world.renderMessage(pinned, false);
  if (chat.type !== 'private') {
    info.permissions = {
      can_send_messages: true,
      can_send_audios: true,
      can_send_documents: true,
      can_send_photos: true,
      can_send_videos: true,
      can_send_video_notes: true,
      can_send_voice_notes: true,
      can_send_polls: true,
      can_send_other_messages: true,
      can_add_web_page_previews: true,
      can_change_info: false,
      can_invite_users: true,
      can_pin_messages: false,
      can_manage_topics: false,
    };
  }
  if (chat.migratedFrom !== undefined) info.migrated_from_chat_id = chat.migratedFrom;
  return info;
};

function userIdOf(params: Params): number {
  const id = params.int('user_id');
  if (id === undefined || id <= 0) throw badRequest('invalid user_id specified');
  return id;
}

const getChatMember: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  const userId = userIdOf(params);
  const member = chat.members.get(userId);
  if (member) return world.memberView(chat, member);
  const user = world.users.get(userId)?.user ?? world.bots.get(userId)?.user;
  if (!user || chat.type === 'private') throw badRequest('user not found');
  return { status: 'left', user: { ...user } };
};

const getChatAdministrators: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  if (chat.type === 'private') throw badRequest('there are no administrators in the private chat');
  return [...chat.members.values()]
    .filter((m) => m.status === 'creator' || m.status === 'administrator')
    .map((m) => world.memberView(chat, m));
};

const getChatMemberCount: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  return [...chat.members.values()].filter((m) => isPresent(m.status)).length;
};

const leaveChat: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  if (chat.type === 'private') throw badRequest("chat member status can't be changed in private chats");
  const before = chat.members.get(bot.id)!;
  const after: MemberRecord = { ...before, status: 'left' };
  chat.members.set(bot.id, after);
  const service = world.addMessage(chat, bot.user, { fields: { left_chat_member: { ...bot.user } } });
  world.deliver(service, 'message', bot);
  world.myChatMember(bot, chat, bot.user, before, after);
  return true;
};

function memberRights(world: World, bot: BotRecord, chat: ChatRecord): void {
  if (chat.type === 'private') throw badRequest("chat member status can't be changed in private chats");
  if (!world.botIsAdmin(chat, bot)) throw badRequest('not enough rights to restrict/unrestrict chat member');
}

const banChatMember: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  memberRights(world, bot, chat);
  const userId = userIdOf(params);
  const user = world.users.get(userId);
  if (!user) throw badRequest('user not found');
  const before = chat.members.get(userId) ?? { status: 'left' as const, user: user.user, isBot: false };
  if (before.status === 'creator') throw badRequest("can't remove chat owner");
  const after: MemberRecord = { ...before, status: 'kicked' };
  chat.members.set(userId, after);
  if (isPresent(before.status)) world.chatMember(chat, bot.user, before, after);
  world.changed();
  return true;
};

const unbanChatMember: Handler = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  memberRights(world, bot, chat);
  const userId = userIdOf(params);
  const member = chat.members.get(userId);
  if (member?.status === 'kicked') chat.members.set(userId, { ...member, status: 'left' });
  world.changed();
  return true;
};

const ACTIONS = new Set([
  'typing', 'upload_photo', 'record_video', 'upload_video', 'record_voice', 'upload_voice', 'upload_document',
  'choose_sticker', 'find_location', 'record_video_note', 'upload_video_note',
]);

const sendChatAction: Handler = ({ world, bot, params }) => {
  world.resolveChat(bot, params.raw.chat_id, 'send');
  if (!ACTIONS.has(params.str('action') ?? '')) throw badRequest('wrong parameter action in request');
  return true;
};

const setChatMenuButton: Handler = ({ world, bot, params }) => {
  const button = params.json<unknown>('menu_button', "can't parse menu button JSON object") ?? { type: 'default' };
  if (params.has('chat_id')) {
    const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
    if (chat.type !== 'private') throw badRequest('chat not found');
    bot.menuButtons.set(chat.key, button);
  } else {
    bot.menuButtons.set('default', button);
  }
  return true;
};

const getChatMenuButton: Handler = ({ world, bot, params }) => {
  if (params.has('chat_id')) {
    const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
    return bot.menuButtons.get(chat.key) ?? bot.menuButtons.get('default') ?? { type: 'commands' };
  }
  return bot.menuButtons.get('default') ?? { type: 'commands' };
};

// ── forum topics ─────────────────────────────────────────────────────────────────────────────

function forumOf(ctx: MethodContext): ChatRecord {
  const chat = ctx.world.resolveChat(ctx.bot, ctx.params.raw.chat_id, 'read');
  if (!chat.isForum) throw badRequest('the chat is not a forum');
  return chat;
}

export function createTopic(world: World, chat: ChatRecord, from: TgUser, name: string, iconColor = 7_322_096, senderBotId?: number): number {
  const service = world.addMessage(chat, from, {
    fields: { forum_topic_created: { name, icon_color: iconColor } },
    ...(senderBotId !== undefined ? { senderBotId } : {}),
  });
  chat.topics.set(service.id, { message_thread_id: service.id, name, icon_color: iconColor, closed: false });
  service.threadId = service.id;
  service.isTopicMessage = true;
  world.deliver(service);
  return service.id;
}

const createForumTopic: Handler = (ctx) => {
  const chat = forumOf(ctx);
  const name = ctx.params.str('name') ?? '';
  if (name.length < 1 || name.length > 128) throw badRequest('TOPIC_TITLE_EMPTY');
  const color = ctx.params.int('icon_color') ?? 7_322_096;
  const id = createTopic(ctx.world, chat, ctx.bot.user, name, color, ctx.bot.id);
  return { message_thread_id: id, name, icon_color: color };
};

function topicOf(ctx: MethodContext): { chat: ChatRecord; id: number } {
  const chat = forumOf(ctx);
  const id = ctx.params.int('message_thread_id');
  if (id === undefined || !chat.topics.has(id)) throw badRequest('message thread not found');
  return { chat, id };
}

const closeForumTopic: Handler = (ctx) => {
  const { chat, id } = topicOf(ctx);
  chat.topics.get(id)!.closed = true;
  return true;
};
const reopenForumTopic: Handler = (ctx) => {
  const { chat, id } = topicOf(ctx);
  chat.topics.get(id)!.closed = false;
  return true;
};
const editForumTopic: Handler = (ctx) => {
  const { chat, id } = topicOf(ctx);
  const name = ctx.params.str('name');
  if (name) chat.topics.get(id)!.name = name;
  return true;
};
const deleteForumTopic: Handler = (ctx) => {
  const { chat, id } = topicOf(ctx);
  chat.topics.delete(id);
  for (const message of chat.order) if (message.threadId === id) message.deleted = true;
  ctx.world.changed();
  return true;
};

// ── bot settings ─────────────────────────────────────────────────────────────────────────────

const SCOPES = new Set(['default', 'all_private_chats', 'all_group_chats', 'all_chat_administrators', 'chat', 'chat_administrators', 'chat_member']);

/** The key under which commands are kept for a scope and a language. */
export function commandsKey(world: World, bot: BotRecord, params: Params): string {
  const scope = params.json<Record<string, unknown>>('scope', "can't parse BotCommandScope JSON object") ?? { type: 'default' };
  if (typeof scope !== 'object' || scope === null || typeof scope.type !== 'string' || !SCOPES.has(scope.type)) {
    throw badRequest('unsupported bot command scope type');
  }
  const language = params.str('language_code') ?? '';
  if (language !== '' && !/^[a-z]{2}$/.test(language)) throw badRequest('invalid language code specified');
  const parts: Record<string, unknown> = { type: scope.type };
  if (scope.type === 'chat' || scope.type === 'chat_administrators' || scope.type === 'chat_member') {
    const chat = world.resolveChat(bot, scope.chat_id, 'read');
    parts.chat_id = chat.id;
    if (scope.type === 'chat_member') {
      const userId = Number(scope.user_id);
      if (!Number.isSafeInteger(userId) || userId <= 0) throw badRequest('invalid user_id specified');
      parts.user_id = userId;
    }
  }
  return `${JSON.stringify(parts)}|${language}`;
}

const setMyCommands: Handler = ({ world, bot, params }) => {
  const commands = params.json<BotCommand[]>('commands', "can't parse commands JSON object");
  if (!Array.isArray(commands)) throw badRequest("can't parse commands JSON object");
  if (commands.length > 100) throw badRequest('too many commands specified');
  const clean: BotCommand[] = [];
  for (const command of commands) {
    if (typeof command !== 'object' || command === null) throw badRequest("can't parse BotCommand JSON object");
    const name = String(command.command ?? '').replace(/^\//, '');
    const description = String(command.description ?? '').trim();
    if (!/^[a-z0-9_]{1,32}$/.test(name)) throw badRequest('BOT_COMMAND_INVALID');
    if (description.length < 1 || description.length > 256) throw badRequest('command description must be non-empty');
    clean.push({ command: name, description });
  }
  const key = commandsKey(world, bot, params);
  if (clean.length === 0) bot.commands.delete(key);
  else bot.commands.set(key, clean);
  world.changed();
  return true;
};

const getMyCommands: Handler = ({ world, bot, params }) => structuredClone(bot.commands.get(commandsKey(world, bot, params)) ?? []);

const deleteMyCommands: Handler = ({ world, bot, params }) => {
  bot.commands.delete(commandsKey(world, bot, params));
  world.changed();
  return true;
};

function botText(field: 'name' | 'description' | 'short_description', limit: number): [Handler, Handler] {
  const set: Handler = ({ bot, params }) => {
    const value = params.str(field) ?? '';
    if (value.length > limit) throw badRequest(`bot ${field.replace('_', ' ')} is too long`);
    const key = `${field}|${params.str('language_code') ?? ''}`;
    if (value === '') bot.texts.delete(key);
    else bot.texts.set(key, value);
    return true;
  };
  const get: Handler = ({ bot, params }) => {
    const language = params.str('language_code') ?? '';
    const value = bot.texts.get(`${field}|${language}`) ?? bot.texts.get(`${field}|`) ?? (field === 'name' ? bot.user.first_name : '');
    return { [field]: value };
  };
  return [set, get];
}

const [setMyName, getMyName] = botText('name', 64);
const [setMyDescription, getMyDescription] = botText('description', 512);
const [setMyShortDescription, getMyShortDescription] = botText('short_description', 120);

const getMe: Handler = ({ bot }) => ({
  ...bot.user,
  can_join_groups: bot.canJoinGroups,
  can_read_all_group_messages: !bot.privacy,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
});

// ── the table ────────────────────────────────────────────────────────────────────────────────

const HANDLERS: Record<string, Handler> = {
  getUpdates,
  setWebhook,
  deleteWebhook,
  getWebhookInfo,
  getMe,
  logOut: () => true,
  close: () => true,
  sendMessage,
  sendDice,
  sendLocation,
  sendContact,
  sendPoll,
  forwardMessage,
  copyMessage,
  editMessageText,
  editMessageReplyMarkup,
  editMessageCaption,
  deleteMessage,
  deleteMessages,
  answerCallbackQuery,
  pinChatMessage,
  unpinChatMessage,
  unpinAllChatMessages,
  getChat,
  getChatMember,
  getChatAdministrators,
  getChatMemberCount,
  leaveChat,
  banChatMember,
  unbanChatMember,
  sendChatAction,
  setChatMenuButton,
  getChatMenuButton,
  createForumTopic,
  closeForumTopic,
  reopenForumTopic,
  editForumTopic,
  deleteForumTopic,
  setMyCommands,
  getMyCommands,
  deleteMyCommands,
  setMyName,
  getMyName,
  setMyDescription,
  getMyDescription,
  setMyShortDescription,
  getMyShortDescription,
  setMyDefaultAdministratorRights: ({ bot, params }) => {
    bot.defaultAdminRights.set(params.bool('for_channels') ? 'channel' : 'group', params.json('rights', "can't parse rights JSON object") ?? {});
    return true;
  },
  getMyDefaultAdministratorRights: ({ bot, params }) =>
    bot.defaultAdminRights.get(params.bool('for_channels') ? 'channel' : 'group') ?? {
      is_anonymous: false, can_manage_chat: false, can_delete_messages: false, can_manage_video_chats: false,
      can_restrict_members: false, can_promote_members: false, can_change_info: false, can_invite_users: false,
      can_post_stories: false, can_edit_stories: false, can_delete_stories: false, can_send_welcome_messages: false,
    },
  getFile: ({ params }) => {
    const id = params.str('file_id') ?? '';
    return { file_id: id, file_unique_id: id.slice(-16), file_size: 0, file_path: `files/${id}` };
  },
  getUserProfilePhotos: () => ({ total_count: 0, photos: [] }),
  getForumTopicIconStickers: () => [],
  getMyStarBalance: () => ({ amount: 0 }),
  getAvailableGifts: () => ({ gifts: [] }),
  exportChatInviteLink: ({ world, bot, params }) => `https://t.me/+sim${Math.abs(world.resolveChat(bot, params.raw.chat_id, 'read').id)}`,
  ...Object.fromEntries(Object.keys(MEDIA).map((method) => [method, sendMedia(method)])),
};

/** The handler of a method; unmodelled methods answer True after checking the chat they name. */
export function handlerOf(method: string): Handler {
  const handler = HANDLERS[method];
  if (handler) return handler;
  return ({ world, bot, params }) => {
    if (params.has('chat_id')) world.resolveChat(bot, params.raw.chat_id, 'read');
    return true;
  };
}

