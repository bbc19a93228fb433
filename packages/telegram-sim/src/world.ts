/**
 * The simulated Telegram: bots, users, chats and every message in them, the update queue of each
 * bot, and the rules deciding who may write where and which bot sees what. No HTTP in here: the
 * Bot API methods (methods/) and the scripting API (sim.ts) both work on this state.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Clock } from './clock';
import { findEntities } from './text';
import type { ChatType, TgChat, TgChatMember, TgMessage, TgMessageEntity, TgUpdate, TgUser, UpdateType } from './types';
import { resolveChat, sharesGroup } from './world/access';
import { newBotRecord } from './world/create';
import { countEdit, countSend } from './world/flood';
import { type MessageContent, newMessage } from './world/message';
import { notify } from './world/notify';
import {
  isPresent,
  type ApiCall,
  type BotRecord,
  type ChatRecord,
  type MemberRecord,
  type PrivateState,
  type StoredMessage,
  type UserRecord,
  type WorldOptions,
} from './world/records';
import { chatView, memberView, renderMessage } from './world/views';
import { allows, botSees, isService } from './world/visibility';

export type * from './world/records';
export { isPresent } from './world/records';

export const DEFAULT_UPDATE_TYPES: readonly UpdateType[] = ['message', 'edited_message', 'callback_query', 'my_chat_member'];
export const ALL_UPDATE_TYPES: readonly string[] = [
  'message',
  'edited_message',
  'channel_post',
  'edited_channel_post',
  'business_connection',
  'business_message',
  'edited_business_message',
  'deleted_business_messages',
  'message_reaction',
  'message_reaction_count',
  'inline_query',
  'chosen_inline_result',
  'callback_query',
  'shipping_query',
  'pre_checkout_query',
  'purchased_paid_media',
  'poll',
  'poll_answer',
  'my_chat_member',
  'chat_member',
  'chat_join_request',
  'chat_boost',
  'removed_chat_boost',
  'managed_bot',
  'guest_query',
  'join_request_query',
];
export class World {
  readonly events = new EventEmitter();
  readonly bots = new Map<number, BotRecord>();
  readonly users = new Map<number, UserRecord>();
  readonly chats = new Map<string, ChatRecord>();
  readonly calls: ApiCall[] = [];
  /** Calls by method since the start or the last reset, however few of them `calls` keeps. */
  readonly callCounts = new Map<string, { ok: number; failed: number }>();
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
    const bot = newBotRecord(id, token, username, options, this.options.random);
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
      ...(options.username === undefined ? {} : { username: options.username.replace(/^@/, '') }),
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
    return chatView(this.users, chat);
  }

  renderMessage(message: StoredMessage, withReply = true): TgMessage {
    return renderMessage(this.users, message, withReply);
  }

  memberView(chat: ChatRecord, member: MemberRecord): TgChatMember {
    return memberView(chat, member);
  }

  // ── messages ─────────────────────────────────────────────────────────────────────────────

  addMessage(chat: ChatRecord, from: TgUser, content: MessageContent): StoredMessage {
    const message = newMessage(chat, ++this.messageSeq, this.unixNow(), from, content);
    chat.messages.set(message.id, message);
    chat.order.push(message);
    if (chat.order.length > this.options.maxMessagesPerChat) {
      for (const old of chat.order.splice(0, chat.order.length - this.options.maxMessagesPerChat)) chat.messages.delete(old.id);
    }
    notify(this, message);
    this.changed();
    return message;
  }

  isService(message: StoredMessage): boolean {
    return isService(message);
  }

  // ── updates ──────────────────────────────────────────────────────────────────────────────

  allows(bot: BotRecord, type: string): boolean {
    return allows(bot, type);
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
      if (type === 'edited_message' ? !message.deliveredTo.has(bot.id) : !botSees(bot, member, message)) continue;
      if (this.enqueue(bot, type, payload(), chat.key, message.from)) message.deliveredTo.add(bot.id);
    }
  }

  /** What a my_chat_member or chat_member update carries: who changed a member's status, from what to what. */
  private memberChange(chat: ChatRecord, from: TgUser, before: MemberRecord, after: MemberRecord): Record<string, unknown> {
    return {
      chat: this.chatView(chat),
      from: { ...from },
      date: this.unixNow(),
      old_chat_member: this.memberView(chat, before),
      new_chat_member: this.memberView(chat, after),
    };
  }

  /** A my_chat_member update: the bot's own status in a chat changed. */
  myChatMember(bot: BotRecord, chat: ChatRecord, from: TgUser, before: MemberRecord, after: MemberRecord): void {
    this.enqueue(bot, 'my_chat_member', this.memberChange(chat, from, before, after), chat.key, from);
  }

  /** chat_member updates (only for bots that administer the chat and asked for them). */
  chatMember(chat: ChatRecord, from: TgUser, before: MemberRecord, after: MemberRecord): void {
    for (const member of chat.members.values()) {
      if (!member.isBot || member.status !== 'administrator') continue;
      const bot = this.bots.get(member.user.id);
      if (!bot) continue;
      this.enqueue(bot, 'chat_member', this.memberChange(chat, from, before, after), chat.key, from);
    }
  }

  // ── who may write where ─────────────────────────────────────────────────────────────────

  /**
   * The chat a bot means by chat_id, checked the way Telegram checks it: unknown chats, chats the
   * bot was removed from, migrated groups, users who never started ('send') or blocked ('send',
   * 'write') the bot.
   */
  resolveChat(bot: BotRecord, raw: unknown, purpose: 'send' | 'write' | 'read'): ChatRecord {
    return resolveChat(this, bot, raw, purpose);
  }

  sharesGroup(bot: BotRecord, user: UserRecord): boolean {
    return sharesGroup(this, bot, user);
  }

  botIsAdmin(chat: ChatRecord, bot: BotRecord): boolean {
    return chat.members.get(bot.id)?.status === 'administrator';
  }

  // ── flood limits ─────────────────────────────────────────────────────────────────────────

  /** Counts a sent message against the limits, or throws 429 with retry_after. */
  countSend(bot: BotRecord, chat: ChatRecord): void {
    countSend(this.options.limits, this.now(), bot, chat);
  }

  countEdit(bot: BotRecord, chat: ChatRecord): void {
    countEdit(this.options.limits, this.now(), bot, chat);
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
    const count = this.callCounts.get(call.method);
    if (count) count[call.ok ? 'ok' : 'failed']++;
    else this.callCounts.set(call.method, { ok: call.ok ? 1 : 0, failed: call.ok ? 0 : 1 });
    if (this.calls.length > this.options.maxCalls) this.calls.splice(0, this.calls.length - this.options.maxCalls);
    this.changed();
  }
}

/** Entities of a text a person typed: Telegram marks commands, mentions, hashtags and links. */
export const userEntities = (text: string): TgMessageEntity[] => findEntities(text);
