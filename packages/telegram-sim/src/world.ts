/**
 * The simulated Telegram: bots, users, chats and every message in them, the update queue of each
 * bot, and the rules deciding who may write where and which bot sees what. No HTTP in here: the
 * Bot API methods (methods.ts) and the scripting API (sim.ts) both work on this state.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Clock } from './clock.ts';
import { ApiError, badRequest, forbidden, type ResponseParameters } from './errors.ts';
import { consume, Window, type Limits } from './limits.ts';
import { findEntities } from './text.ts';
import type {
  BotCommand,
  ChatMemberStatus,
  ChatType,
  ForumTopic,
  InlineKeyboardMarkup,
  LinkPreviewOptions,
  TgChat,
  TgChatMember,
  TgMessage,
  TgMessageEntity,
  TgUpdate,
  TgUser,
  UpdateType,
} from './types.ts';

export const DEFAULT_UPDATE_TYPES: readonly UpdateType[] = ['message', 'edited_message', 'callback_query', 'my_chat_member'];
export const ALL_UPDATE_TYPES: readonly string[] = [
  'message', 'edited_message', 'channel_post', 'edited_channel_post', 'business_connection', 'business_message',
  'edited_business_message', 'deleted_business_messages', 'message_reaction', 'message_reaction_count',
  'inline_query', 'chosen_inline_result', 'callback_query', 'shipping_query', 'pre_checkout_query',
  'purchased_paid_media', 'poll', 'poll_answer', 'my_chat_member', 'chat_member', 'chat_join_request',
  'chat_boost', 'removed_chat_boost', 'managed_bot', 'guest_query', 'join_request_query',
];
const NOT_BY_DEFAULT = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);

// ── records ─────────────────────────────────────────────────────────────────────────────────

export interface QueuedUpdate {
  update: TgUpdate;
  type: UpdateType;
  /** Updates with the same key are delivered to a webhook one at a time, in order. */
  orderKey: string;
}

export interface PendingPoll {
  /** Answers the waiting getUpdates (with updates, or with an error). */
  settle(outcome: { updates: TgUpdate[] } | { error: ApiError }): void;
  wake(): void;
}

export interface WebhookState {
  url: string;
  secretToken?: string;
  maxConnections: number;
  ipAddress?: string;
  lastErrorDate?: number;
  lastErrorMessage?: string;
  /** Starts deliveries for queued updates that may go now. */
  pump(): void;
  stop(): void;
}

export interface CallbackAnswer {
  text?: string;
  show_alert: boolean;
  url?: string;
  cache_time?: number;
}

export interface Popup extends CallbackAnswer {
  query_id: string;
  /** The bot that answered, by username. */
  bot: string;
  chat_id: number;
  message_id: number;
  data: string;
  /** Clock time of the answer, ms. */
  at: number;
}

export interface QueryRecord {
  id: string;
  bot: BotRecord;
  user: UserRecord;
  message: StoredMessage;
  data: string;
  createdAt: number;
  answer?: CallbackAnswer;
  waiters: ((answer: CallbackAnswer | undefined) => void)[];
}

export interface BotRecord {
  id: number;
  token: string;
  username: string;
  user: TgUser;
  privacy: boolean;
  canJoinGroups: boolean;
  queue: QueuedUpdate[];
  nextUpdateId: number;
  /** The allowed_updates in force; null for the default (all but chat_member and reactions). */
  allowedUpdates: string[] | null;
  webhook: WebhookState | null;
  poll: PendingPoll | null;
  commands: Map<string, BotCommand[]>;
  texts: Map<string, string>;
  menuButtons: Map<string, unknown>;
  defaultAdminRights: Map<string, unknown>;
  /** Users this bot has met (in an update or as a member of one of its groups). */
  known: Set<number>;
  queries: Map<string, QueryRecord>;
  sendWindow: Window;
  chatWindows: Map<string, { send: Window; edit: Window; privateSend: Window }>;
}

export interface PrivateState {
  started: boolean;
  blocked: boolean;
}

/** Why a message notified a person (see World.notify). */
export type NotificationReason = 'private' | 'mention' | 'reply';

/** A new message that notified a person, as it was when it arrived. */
export interface Notification {
  /** The notifying message's sequence number (`SimMessage.seq`): the order across all chats. */
  seq: number;
  /** Which chat (private chats exist per bot and user, so their id alone is ambiguous). */
  chatKey: string;
  /** The chat as the Bot API shows it. */
  chat: TgChat;
  message_id: number;
  /** The message's date (unix seconds). */
  date: number;
  /** Clock time it arrived, ms. */
  at: number;
  from: TgUser;
  /** Its text (or caption) as first sent: later edits notify nobody and change nothing here. */
  text?: string;
  /** 'private': a message in the person's private chat with a bot; 'mention': a group message mentioning them; 'reply': a group message replying to theirs. */
  reason: NotificationReason;
}

export interface UserRecord {
  id: number;
  user: TgUser;
  privates: Map<number, PrivateState>;
  popups: Popup[];
  notifications: Notification[];
}

export interface MemberRecord {
  status: ChatMemberStatus;
  user: TgUser;
  isBot: boolean;
}

export interface ChatRecord {
  key: string;
  id: number;
  type: ChatType;
  title?: string;
  username?: string;
  isForum: boolean;
  /** Private chats: the bot and the user. */
  botId?: number;
  userId?: number;
  members: Map<number, MemberRecord>;
  messages: Map<number, StoredMessage>;
  order: StoredMessage[];
  nextMessageId: number;
  topics: Map<number, ForumTopic & { closed: boolean }>;
  pinned: number[];
  migratedTo?: number;
  migratedFrom?: number;
}

export interface MessageVersion {
  text?: string;
  entities?: TgMessageEntity[];
  reply_markup?: InlineKeyboardMarkup;
  /** When this version was current from (unix seconds). */
  date: number;
}

export interface StoredMessage {
  chat: ChatRecord;
  id: number;
  /** Order of creation across every chat of the simulator, from 1. */
  seq: number;
  date: number;
  from: TgUser;
  /** Set when a bot sent it. */
  senderBotId?: number;
  threadId?: number;
  isTopicMessage: boolean;
  text?: string;
  entities?: TgMessageEntity[];
  replyMarkup?: InlineKeyboardMarkup;
  linkPreviewOptions?: LinkPreviewOptions;
  replyTo?: StoredMessage;
  /** Service and media fields, as sent. */
  fields: Record<string, unknown>;
  history: MessageVersion[];
  editDate?: number;
  /** Sent with disable_notification. */
  silent?: boolean;
  deleted: boolean;
  deletedAt?: number;
  /** Bots this message was delivered to (they also get its edits). */
  deliveredTo: Set<number>;
}

export interface ApiCall {
  seq: number;
  /** Clock time the call arrived, ms. */
  at: number;
  /** The bot's username; undefined for an unknown token. */
  bot?: string;
  token: string;
  method: string;
  params: Record<string, unknown>;
  /** HTTP status answered (0 when the connection was dropped). */
  status: number;
  ok: boolean;
  result?: unknown;
  error?: { error_code: number; description: string; parameters?: ResponseParameters };
  fault?: string;
  durationMs: number;
  /** 'http' for a request, 'webhookReply' for a method in a webhook response body. */
  via: 'http' | 'webhookReply';
}

export interface WorldOptions {
  clock: Clock;
  limits: Limits;
  random: () => number;
  callbackQueryTtlMs: number;
  maxCalls: number;
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

export const isPresent = (status: ChatMemberStatus | undefined): boolean =>
  status === 'creator' || status === 'administrator' || status === 'member' || status === 'restricted';

const SERVICE_FIELDS = [
  'new_chat_members', 'left_chat_member', 'new_chat_title', 'group_chat_created', 'supergroup_chat_created',
  'migrate_to_chat_id', 'migrate_from_chat_id', 'pinned_message', 'forum_topic_created', 'forum_topic_closed',
  'forum_topic_reopened', 'forum_topic_edited',
];

export class World {
  readonly events = new EventEmitter();
  readonly bots = new Map<number, BotRecord>();
  readonly users = new Map<number, UserRecord>();
  readonly chats = new Map<string, ChatRecord>();
  readonly calls: ApiCall[] = [];
  /** Dice values to hand out before random ones. */
  readonly forcedDice: number[] = [];
  /** Runs a method found in a webhook response body (set by the server). */
  webhookReply: (bot: BotRecord, method: string, params: Record<string, unknown>) => Promise<void> = async () => {};

  private nextUser = 5_100_000_001;
  private nextBot = 7_100_000_001;
  private nextGroup = 4_100_000_001;
  private nextChannel = 2_100_000_001;
  private nextQuery = 1;
  private callSeq = 0;
  /** The seq of the newest message (0 before the first). */
  messageSeq = 0;

  constructor(readonly options: WorldOptions) {
    this.events.setMaxListeners(0);
  }

  get clock(): Clock {
    return this.options.clock;
  }

  now(): number {
    return this.options.clock.now();
  }

  unixNow(): number {
    return Math.floor(this.now() / 1000);
  }

  changed(): void {
    this.events.emit('change');
  }

  // ── bots, users, chats ───────────────────────────────────────────────────────────────────

  createBot(options: { username: string; token?: string; firstName?: string; privacy?: boolean; canJoinGroups?: boolean }): BotRecord {
    const username = options.username.replace(/^@/, '');
    if (!/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(username) || !/bot$/i.test(username)) {
      throw new Error(`bot username "${username}" is invalid: 5-32 letters, digits or _, ending in "bot"`);
    }
    if (this.botByUsername(username)) throw new Error(`bot @${username} already exists`);
    let id: number;
    let token: string;
    if (options.token !== undefined) {
      const match = /^(\d{1,15}):([A-Za-z0-9_-]{1,})$/.exec(options.token);
      if (!match) throw new Error('a bot token looks like 123456789:AAE…: digits, a colon and the secret');
      id = Number(match[1]);
      token = options.token;
      if (this.bots.has(id)) throw new Error(`a bot with id ${id} already exists`);
    } else {
      id = this.nextBot++;
      const secret = createHash('sha256').update(`${id}:${username}`).digest('base64url').slice(0, 33);
      token = `${id}:AA${secret}`;
    }
    const bot: BotRecord = {
      id,
      token,
      username,
      user: { id, is_bot: true, first_name: options.firstName ?? (username.replace(/_?bot$/i, '') || username), username },
      privacy: options.privacy ?? true,
      canJoinGroups: options.canJoinGroups ?? true,
      queue: [],
      nextUpdateId: 100_000_001 + Math.floor(this.options.random() * 800_000_000),
      allowedUpdates: null,
      webhook: null,
      poll: null,
      commands: new Map(),
      texts: new Map(),
      menuButtons: new Map(),
      defaultAdminRights: new Map(),
      known: new Set(),
      queries: new Map(),
      sendWindow: new Window(1000),
      chatWindows: new Map(),
    };
    this.bots.set(id, bot);
    return bot;
  }

  botByToken(token: string): BotRecord | undefined {
    const id = Number(token.split(':')[0]);
    const bot = Number.isSafeInteger(id) ? this.bots.get(id) : undefined;
    return bot && bot.token === token ? bot : undefined;
  }

  botByUsername(username: string): BotRecord | undefined {
    const name = username.replace(/^@/, '').toLowerCase();
    for (const bot of this.bots.values()) if (bot.username.toLowerCase() === name) return bot;
    return undefined;
  }

  createUser(options: { firstName: string; lastName?: string; username?: string; languageCode?: string; isPremium?: boolean }): UserRecord {
    const id = this.nextUser++;
    const user: TgUser = { id, is_bot: false, first_name: options.firstName };
    if (options.lastName) user.last_name = options.lastName;
    if (options.username) user.username = options.username.replace(/^@/, '');
    if (options.languageCode) user.language_code = options.languageCode;
    if (options.isPremium) user.is_premium = true;
    const record: UserRecord = { id, user, privates: new Map(), popups: [], notifications: [] };
    this.users.set(id, record);
    return record;
  }

  createGroup(options: {
    title: string;
    supergroup?: boolean;
    forum?: boolean;
    username?: string;
    creator?: UserRecord;
    admins?: UserRecord[];
    members?: UserRecord[];
  }): ChatRecord {
    const supergroup = options.supergroup === true || options.forum === true || options.username !== undefined;
    const id = supergroup ? -(1_000_000_000_000 + this.nextChannel++) : -this.nextGroup++;
    const chat = this.newChat(`g:${id}`, id, supergroup ? 'supergroup' : 'group', {
      title: options.title,
      username: options.username?.replace(/^@/, ''),
      isForum: options.forum === true,
    });
    // in a forum, thread 1 is the General topic: topics and messages start after it
    if (chat.isForum) chat.nextMessageId = 2;
    const admins = options.admins ?? [];
    const creator = options.creator ?? admins[0] ?? options.members?.[0];
    if (creator) chat.members.set(creator.id, { status: 'creator', user: creator.user, isBot: false });
    for (const admin of admins) {
      if (!chat.members.has(admin.id)) chat.members.set(admin.id, { status: 'administrator', user: admin.user, isBot: false });
    }
    for (const member of options.members ?? []) {
      if (!chat.members.has(member.id)) chat.members.set(member.id, { status: 'member', user: member.user, isBot: false });
    }
    return chat;
  }

  newChat(key: string, id: number, type: ChatType, extra: Partial<ChatRecord> = {}): ChatRecord {
    const chat: ChatRecord = {
      key,
      id,
      type,
      isForum: false,
      members: new Map(),
      messages: new Map(),
      order: [],
      nextMessageId: 1,
      topics: new Map(),
      pinned: [],
      ...extra,
    };
    if (chat.title === undefined) delete chat.title;
    if (chat.username === undefined) delete chat.username;
    this.chats.set(key, chat);
    return chat;
  }

  privateChat(bot: BotRecord, user: UserRecord): ChatRecord {
    const key = `p:${bot.id}:${user.id}`;
    const existing = this.chats.get(key);
    if (existing) return existing;
    const chat = this.newChat(key, user.id, 'private', { botId: bot.id, userId: user.id });
    chat.members.set(user.id, { status: 'member', user: user.user, isBot: false });
    chat.members.set(bot.id, { status: 'member', user: bot.user, isBot: true });
    return chat;
  }

  privateState(user: UserRecord, bot: BotRecord): PrivateState {
    let state = user.privates.get(bot.id);
    if (!state) {
      state = { started: false, blocked: false };
      user.privates.set(bot.id, state);
    }
    return state;
  }

  groupById(id: number): ChatRecord | undefined {
    return this.chats.get(`g:${id}`);
  }

  // ── Bot API views ────────────────────────────────────────────────────────────────────────

  chatView(chat: ChatRecord): TgChat {
    if (chat.type === 'private') {
      const user = this.users.get(chat.userId!)!.user;
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

  renderMessage(message: StoredMessage, withReply = true): TgMessage {
    const rendered: TgMessage = { message_id: message.id, from: { ...message.from }, chat: this.chatView(message.chat), date: message.date };
    if (message.threadId !== undefined) rendered.message_thread_id = message.threadId;
    if (message.isTopicMessage) rendered.is_topic_message = true;
    if (withReply && message.replyTo) rendered.reply_to_message = this.renderMessage(message.replyTo, false);
    if (message.editDate !== undefined) rendered.edit_date = message.editDate;
    if (message.text !== undefined) rendered.text = message.text;
    if (message.entities && message.entities.length > 0) rendered.entities = structuredClone(message.entities);
    if (message.linkPreviewOptions) rendered.link_preview_options = { ...message.linkPreviewOptions };
    Object.assign(rendered, structuredClone(message.fields));
    if (message.replyMarkup) rendered.reply_markup = structuredClone(message.replyMarkup);
    return rendered;
  }

  memberView(chat: ChatRecord, member: MemberRecord): TgChatMember {
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

  // ── messages ─────────────────────────────────────────────────────────────────────────────

  addMessage(
    chat: ChatRecord,
    from: TgUser,
    content: {
      text?: string;
      entities?: TgMessageEntity[];
      replyMarkup?: InlineKeyboardMarkup;
      linkPreviewOptions?: LinkPreviewOptions;
      threadId?: number;
      replyTo?: StoredMessage;
      fields?: Record<string, unknown>;
      senderBotId?: number;
      /** Sent with disable_notification. */
      silent?: boolean;
    },
  ): StoredMessage {
    const message: StoredMessage = {
      chat,
      id: chat.nextMessageId++,
      seq: ++this.messageSeq,
      date: this.unixNow(),
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
    chat.messages.set(message.id, message);
    chat.order.push(message);
    this.notify(message);
    this.changed();
    return message;
  }

  /**
   * Records who a new message notifies. Telegram alerts a person of a new message in their private
   * chat with a bot, and of a new group message that mentions them (a text_mention entity for
   * their id, an @username mention of them) or replies to one of their messages, if they are in
   * the group; never of their own messages or of edits, and not (in this model) of a message sent
   * with disable_notification, which Telegram shows without sound. A group's other messages alert
   * only members who unmuted it: this model counts no such notifications.
   */
  private notify(message: StoredMessage): void {
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
      const user = this.users.get(id);
      if (!user || id === message.from.id) continue;
      if (chat.type !== 'private' && !isPresent(chat.members.get(id)?.status)) continue;
      const text = message.text ?? (typeof message.fields.caption === 'string' ? message.fields.caption : undefined);
      user.notifications.push({
        seq: message.seq,
        chatKey: chat.key,
        chat: this.chatView(chat),
        message_id: message.id,
        date: message.date,
        at: this.now(),
        from: { ...message.from },
        ...(text !== undefined ? { text } : {}),
        reason,
      });
    }
  }

  isService(message: StoredMessage): boolean {
    return SERVICE_FIELDS.some((field) => field in message.fields);
  }

  // ── updates ──────────────────────────────────────────────────────────────────────────────

  allows(bot: BotRecord, type: string): boolean {
    if (bot.allowedUpdates === null || bot.allowedUpdates.length === 0) return !NOT_BY_DEFAULT.has(type);
    return bot.allowedUpdates.includes(type);
  }

  /** Queues an update for a bot (dropped, like Telegram does, when allowed_updates excludes it). */
  enqueue(bot: BotRecord, type: UpdateType, payload: unknown, orderKey: string, from?: TgUser): TgUpdate | undefined {
    if (!this.allows(bot, type)) return undefined;
    const update = { update_id: bot.nextUpdateId++, [type]: payload } as TgUpdate;
    bot.queue.push({ update, type, orderKey });
    if (from && !from.is_bot) bot.known.add(from.id);
    bot.poll?.wake();
    bot.webhook?.pump();
    this.changed();
    return update;
  }

  /** Would this bot, in privacy mode or not, get this group message? */
  private botSees(bot: BotRecord, member: MemberRecord, message: StoredMessage): boolean {
    if (!bot.privacy || member.status === 'administrator' || member.status === 'creator') return true;
    if (this.isService(message)) return true;
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

  /** Sends a new (or edited) message from a user or a service event to the bots that see it. */
  deliver(message: StoredMessage, type: 'message' | 'edited_message' = 'message', except?: BotRecord): void {
    const chat = message.chat;
    const payload = (): TgMessage => this.renderMessage(message);
    if (chat.type === 'private') {
      const bot = this.bots.get(chat.botId!)!;
      if (message.senderBotId === bot.id) return;
      if (this.enqueue(bot, type, payload(), chat.key, message.from)) message.deliveredTo.add(bot.id);
      return;
    }
    for (const member of chat.members.values()) {
      if (!member.isBot || !isPresent(member.status)) continue;
      const bot = this.bots.get(member.user.id);
      if (!bot || bot === except || message.senderBotId !== undefined) continue;
      if (type === 'edited_message' ? !message.deliveredTo.has(bot.id) : !this.botSees(bot, member, message)) continue;
      if (this.enqueue(bot, type, payload(), chat.key, message.from)) message.deliveredTo.add(bot.id);
    }
  }

  /** A my_chat_member update: the bot's own status in a chat changed. */
  myChatMember(bot: BotRecord, chat: ChatRecord, from: TgUser, before: MemberRecord, after: MemberRecord): void {
    this.enqueue(
      bot,
      'my_chat_member',
      {
        chat: this.chatView(chat),
        from: { ...from },
        date: this.unixNow(),
        old_chat_member: this.memberView(chat, before),
        new_chat_member: this.memberView(chat, after),
      },
      chat.key,
      from,
    );
  }

  /** chat_member updates (only for bots that administer the chat and asked for them). */
  chatMember(chat: ChatRecord, from: TgUser, before: MemberRecord, after: MemberRecord): void {
    for (const member of chat.members.values()) {
      if (!member.isBot || member.status !== 'administrator') continue;
      const bot = this.bots.get(member.user.id);
      if (!bot) continue;
      this.enqueue(
        bot,
        'chat_member',
        {
          chat: this.chatView(chat),
          from: { ...from },
          date: this.unixNow(),
          old_chat_member: this.memberView(chat, before),
          new_chat_member: this.memberView(chat, after),
        },
        chat.key,
        from,
      );
    }
  }

  // ── who may write where ─────────────────────────────────────────────────────────────────

  /**
   * The chat a bot means by chat_id, checked the way Telegram checks it: unknown chats, chats the
   * bot was removed from, migrated groups, users who never started ('send') or blocked ('send',
   * 'write') the bot.
   */
  resolveChat(bot: BotRecord, raw: unknown, purpose: 'send' | 'write' | 'read'): ChatRecord {
    if (raw === undefined || raw === null || raw === '') throw badRequest('chat_id is empty');
    let chat: ChatRecord | undefined;
    const text = String(raw).trim();
    if (text.startsWith('@')) {
      const name = text.slice(1).toLowerCase();
      chat = [...this.chats.values()].find((c) => c.type !== 'private' && c.username?.toLowerCase() === name);
      if (!chat) throw badRequest('chat not found');
    } else {
      if (!/^-?\d+$/.test(text)) throw badRequest('chat not found');
      const id = Number(text);
      if (id > 0) {
        const user = this.users.get(id);
        if (!user) {
          if (id === bot.id) throw forbidden("bot can't send messages to bots");
          if (this.bots.has(id)) throw forbidden("bot can't send messages to bots");
          throw badRequest('chat not found');
        }
        const state = user.privates.get(bot.id);
        if (!state?.started && !bot.known.has(id) && !this.sharesGroup(bot, user)) throw badRequest('chat not found');
        if (purpose !== 'read' && state?.blocked) throw forbidden('bot was blocked by the user');
        if (purpose === 'send' && !state?.started) throw forbidden("bot can't initiate conversation with a user");
        return this.privateChat(bot, user);
      }
      chat = this.groupById(id);
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

  sharesGroup(bot: BotRecord, user: UserRecord): boolean {
    for (const chat of this.chats.values()) {
      if (chat.type === 'private') continue;
      if (isPresent(chat.members.get(bot.id)?.status) && isPresent(chat.members.get(user.id)?.status)) return true;
    }
    return false;
  }

  botIsAdmin(chat: ChatRecord, bot: BotRecord): boolean {
    return chat.members.get(bot.id)?.status === 'administrator';
  }

  // ── flood limits ─────────────────────────────────────────────────────────────────────────

  private windowsOf(bot: BotRecord, chat: ChatRecord): { send: Window; edit: Window; privateSend: Window } {
    let windows = bot.chatWindows.get(chat.key);
    if (!windows) {
      windows = { send: new Window(60_000), edit: new Window(60_000), privateSend: new Window(1000) };
      bot.chatWindows.set(chat.key, windows);
    }
    return windows;
  }

  /** Counts a sent message against the limits, or throws 429 with retry_after. */
  countSend(bot: BotRecord, chat: ChatRecord): void {
    const limits = this.options.limits;
    const windows = this.windowsOf(bot, chat);
    const group = chat.type !== 'private';
    consume(this.now(), [
      { window: bot.sendWindow, max: limits.globalPerSecond },
      { window: windows.send, max: group ? limits.groupPerMinute : null },
      { window: windows.privateSend, max: group ? null : limits.privatePerSecond },
    ]);
  }

  countEdit(bot: BotRecord, chat: ChatRecord): void {
    consume(this.now(), [{ window: this.windowsOf(bot, chat).edit, max: this.options.limits.editsPerMinutePerChat }]);
  }

  // ── callback queries ─────────────────────────────────────────────────────────────────────

  chatInstance(bot: BotRecord, chat: ChatRecord): string {
    const digest = createHash('sha256').update(`${bot.id}/${chat.key}`).digest();
    return digest.readBigInt64BE(0).toString();
  }

  newQueryId(user: UserRecord): string {
    return (BigInt(user.id) * 4_294_967_296n + BigInt(this.nextQuery++)).toString();
  }

  // ── dice ─────────────────────────────────────────────────────────────────────────────────

  diceValue(emoji: string): number {
    const max = emoji === '🎰' ? 64 : emoji === '🏀' || emoji === '⚽' ? 5 : 6;
    const forced = this.forcedDice.shift();
    if (forced !== undefined) {
      if (!Number.isInteger(forced) || forced < 1 || forced > max) throw new Error(`forced dice value ${forced} is not 1-${max} for ${emoji}`);
      return forced;
    }
    return 1 + Math.floor(this.options.random() * max);
  }

  // ── calls log ────────────────────────────────────────────────────────────────────────────

  record(call: Omit<ApiCall, 'seq'>): void {
    this.calls.push({ seq: ++this.callSeq, ...call });
    if (this.calls.length > this.options.maxCalls) this.calls.splice(0, this.calls.length - this.options.maxCalls);
    this.changed();
  }
}

/** Entities of a text a person typed: Telegram marks commands, mentions, hashtags and links. */
export const userEntities = (text: string): TgMessageEntity[] => findEntities(text);

