/**
 * TelegramSim: the Bot API server plus the typed handles tests use to play the people on the other
 * side — users who start bots, write in groups and press buttons — and to read what every chat
 * shows.
 */
import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import { Faults } from './faults.ts';
import { resolveLimits, type Limits } from './limits.ts';
import { commandsKey, createTopic } from './methods/index.ts';
import { Params } from './params.ts';
import { createServer } from './server.ts';
import { renderTranscript, type TranscriptOptions } from './transcript.ts';
import type { BotCommand, TgMessage, TgUpdate, TgUser } from './types.ts';
import { DEFAULT_WEBHOOK_OPTIONS, type WebhookOptions } from './webhook.ts';
import {
  isPresent,
  userEntities,
  World,
  type ApiCall,
  type BotRecord,
  type CallbackAnswer,
  type ChatRecord,
  type MemberRecord,
  type MessageVersion,
  type Notification,
  type Popup,
  type QueryRecord,
  type StoredMessage,
  type UserRecord,
} from './world.ts';

export interface SimOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Flood limits: Telegram's by default; a partial object overrides some; false turns all off. */
  limits?: Partial<Limits> | false;
  /** Where message dates, rate-limit windows and query expiry read the time (default: system). */
  clock?: Clock;
  /** Seed for dice values and generated ids (default: Math.random). */
  seed?: number;
  /** Webhook delivery: attempts per update, first retry delay (doubling), request timeout. */
  webhook?: Partial<WebhookOptions>;
  /** How long a callback query can be answered (Telegram: about 15 minutes). */
  callbackQueryTtlMs?: number;
  /** How long `user.press` waits for the bot's answer before resolving undefined (default 5 s). */
  pressTimeoutMs?: number;
  /** Fastify request logging (default off). */
  logger?: boolean;
  /** How many calls `sim.calls` keeps, oldest dropped first (default 100,000). */
  maxCalls?: number;
}

/** What a truthy value of T can be. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/** A bot as tests name it: its token (what createBot returns) or its @username. */
export type BotRef = string;

/** A message as a chat shows it now, with what the simulator keeps about it. */
export interface SimMessage extends TgMessage {
  /** Which chat it is in (private chats exist per bot and user, so their id alone is ambiguous). */
  chatKey: string;
  deleted: boolean;
  /** Earlier versions of its text and keyboard, oldest first; empty when never edited. */
  history: MessageVersion[];
  /** Sent with disable_notification. */
  silent: boolean;
  /** Order of creation across every chat of the simulator (see `sim.lastSeq`, `notifications`). */
  seq: number;
}

/** Which notifications to list: those of messages after `since` (a seq, a SimMessage or a Notification). */
export interface NotificationQuery {
  since?: number | { seq: number };
}

export interface BotInfo {
  id: number;
  token: string;
  username: string;
  user: TgUser;
  privacy: boolean;
  webhookUrl: string | undefined;
  pendingUpdates: number;
}

export type ChatHandle = SimGroup | SimPrivateChat;

export class SimGroup {
  /** @internal */
  constructor(
    readonly id: number,
    readonly type: 'group' | 'supergroup',
    readonly title: string,
    readonly isForum: boolean,
    readonly chatKey: string,
  ) {}
}

export class SimPrivateChat {
  readonly type = 'private' as const;
  /** @internal */
  constructor(
    readonly user: SimUser,
    /** The bot's username. */
    readonly bot: string,
    readonly chatKey: string,
  ) {}

  /** The chat id the bot uses: the user's id. */
  get id(): number {
    return this.user.id;
  }
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class TelegramSim {
  readonly faults = new Faults();
  /** @internal */
  readonly world: World;
  private app!: FastifyInstance;
  private release: () => void = () => {};
  private readonly pressTimeoutMs: number;
  private readonly pressTimers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private stopped = false;
  /** What grammY's `client.apiRoot` takes, e.g. http://127.0.0.1:41234. */
  apiRoot = '';
  port = 0;

  private constructor(options: SimOptions) {
    this.world = new World({
      clock: options.clock ?? systemClock,
      limits: resolveLimits(options.limits),
      random: options.seed !== undefined ? mulberry32(options.seed) : Math.random,
      callbackQueryTtlMs: options.callbackQueryTtlMs ?? 15 * 60_000,
      maxCalls: options.maxCalls ?? 100_000,
    });
    this.pressTimeoutMs = options.pressTimeoutMs ?? 5000;
  }

  /** Starts the Bot API server; `sim.apiRoot` is what grammY's `client.apiRoot` takes. */
  static async start(options: SimOptions = {}): Promise<TelegramSim> {
    const sim = new TelegramSim(options);
    const host = options.host ?? '127.0.0.1';
    const { app, release } = await createServer(sim.world, sim.faults, {
      host,
      port: options.port ?? 0,
      webhook: { ...DEFAULT_WEBHOOK_OPTIONS, ...(options.webhook ?? {}) },
      logger: options.logger ?? false,
    });
    sim.app = app;
    sim.release = release;
    const address = app.server.address();
    sim.port = typeof address === 'object' && address ? address.port : 0;
    sim.apiRoot = `http://${host.includes(':') ? `[${host}]` : host}:${sim.port}`;
    return sim;
  }

  get clock(): Clock {
    return this.world.clock;
  }

  // ── limits, calls ────────────────────────────────────────────────────────────────────────

  get limits(): Limits {
    return { ...this.world.options.limits };
  }

  /** Changes the flood limits from now on: a partial object overrides some, false turns all off. */
  setLimits(limits: Partial<Limits> | false): void {
    this.world.options.limits = resolveLimits(limits, this.world.options.limits);
  }

  /** Every Bot API call so far, oldest first: method, params, time, status, result or error. */
  get calls(): readonly ApiCall[] {
    return this.world.calls;
  }

  /** The calls of one method (case-insensitive), optionally of one bot. */
  callsOf(method: string, bot?: BotRef): ApiCall[] {
    const lower = method.toLowerCase();
    const record = bot === undefined ? undefined : this.bot(bot);
    return this.world.calls.filter((c) => c.method.toLowerCase() === lower && (!record || c.token === record.token));
  }

  resetCalls(): void {
    this.world.calls.length = 0;
  }

  // ── bots ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Registers a bot (as @BotFather would) and returns its token. `privacy` is Telegram's privacy
   * mode (default on: in groups the bot only sees commands, replies to it, mentions and service
   * messages, unless it is an admin).
   */
  createBot(options: { username: string; token?: string; firstName?: string; privacy?: boolean; canJoinGroups?: boolean }): string {
    return this.world.createBot(options).token;
  }

  /** @internal */
  bot(ref: BotRef): BotRecord {
    const bot = this.world.botByToken(ref) ?? this.world.botByUsername(ref);
    if (!bot) throw new Error(`no bot ${ref}`);
    return bot;
  }

  botInfo(ref: BotRef): BotInfo {
    const bot = this.bot(ref);
    return {
      id: bot.id,
      token: bot.token,
      username: bot.username,
      user: { ...bot.user },
      privacy: bot.privacy,
      webhookUrl: bot.webhook?.url,
      pendingUpdates: bot.queue.length,
    };
  }

  /** Updates queued for a bot and not yet confirmed (getUpdates) or delivered (webhook). */
  pendingUpdates(ref: BotRef): TgUpdate[] {
    return this.bot(ref).queue.map((item) => structuredClone(item.update));
  }

  /** The commands a bot set for a scope and language (what getMyCommands would answer). */
  commands(ref: BotRef, options: { scope?: Record<string, unknown>; languageCode?: string } = {}): BotCommand[] {
    const bot = this.bot(ref);
    const params = new Params({ ...(options.scope ? { scope: options.scope } : {}), ...(options.languageCode ? { language_code: options.languageCode } : {}) });
    return structuredClone(bot.commands.get(commandsKey(this.world, bot, params)) ?? []);
  }

  /** Dice values sendDice hands out next, before random ones. */
  forceDice(...values: number[]): void {
    this.world.forcedDice.push(...values);
  }

  // ── users and groups ─────────────────────────────────────────────────────────────────────

  user(options: { firstName: string; lastName?: string; username?: string; languageCode?: string; isPremium?: boolean }): SimUser {
    return new SimUser(this, this.world.createUser(options));
  }

  /**
   * A group (or a supergroup with `supergroup`, a forum with `forum`). The first admin (else the
   * first member) is its creator. `bots` are members already (no updates sent for them);
   * `addBotToGroup` adds one the way Telegram announces it.
   */
  group(options: {
    title: string;
    admins?: SimUser[];
    members?: SimUser[];
    supergroup?: boolean;
    forum?: boolean;
    username?: string;
    bots?: (BotRef | { bot: BotRef; admin?: boolean })[];
  }): SimGroup {
    const chat = this.world.createGroup({
      title: options.title,
      ...(options.supergroup !== undefined ? { supergroup: options.supergroup } : {}),
      ...(options.forum !== undefined ? { forum: options.forum } : {}),
      ...(options.username !== undefined ? { username: options.username } : {}),
      admins: (options.admins ?? []).map((u) => u.record),
      members: (options.members ?? []).map((u) => u.record),
    });
    for (const entry of options.bots ?? []) {
      const { bot: ref, admin } = typeof entry === 'string' ? { bot: entry, admin: false } : entry;
      const bot = this.bot(ref);
      chat.members.set(bot.id, { status: admin ? 'administrator' : 'member', user: bot.user, isBot: true });
    }
    return this.groupHandle(chat);
  }

  /** @internal */
  groupHandle(chat: ChatRecord): SimGroup {
    return new SimGroup(chat.id, chat.type === 'group' ? 'group' : 'supergroup', chat.title ?? '', chat.isForum, chat.key);
  }

  /** @internal */
  chat(handle: ChatHandle | number): ChatRecord {
    const chat = typeof handle === 'number' ? this.world.groupById(handle) : this.world.chats.get(handle.chatKey);
    if (!chat) throw new Error(`no chat ${typeof handle === 'number' ? handle : handle.chatKey}`);
    return chat;
  }

  private someAdmin(chat: ChatRecord): UserRecord {
    const members = [...chat.members.values()].filter((m) => !m.isBot);
    const admin = members.find((m) => m.status === 'creator') ?? members.find((m) => m.status === 'administrator') ?? members[0];
    if (!admin) throw new Error(`${chat.title ?? chat.id} has no people in it to do that; pass { by }`);
    return this.world.users.get(admin.user.id)!;
  }

  /** Adds a bot to a group: my_chat_member for it, and a new_chat_members message to its bots. */
  addBotToGroup(ref: BotRef, group: SimGroup, options: { by?: SimUser; admin?: boolean } = {}): void {
    const bot = this.bot(ref);
    const chat = this.chat(group);
    if (chat.migratedTo !== undefined) throw new Error(`group ${chat.id} was migrated to ${chat.migratedTo}`);
    const by = options.by?.record ?? this.someAdmin(chat);
    const before: MemberRecord = chat.members.get(bot.id) ?? { status: 'left', user: bot.user, isBot: true };
    const after: MemberRecord = { status: options.admin ? 'administrator' : 'member', user: bot.user, isBot: true };
    chat.members.set(bot.id, after);
    for (const member of chat.members.values()) if (!member.isBot) bot.known.add(member.user.id);
    this.world.myChatMember(bot, chat, by.user, before, after);
    if (!isPresent(before.status)) {
      const service = this.world.addMessage(chat, by.user, { fields: { new_chat_members: [{ ...bot.user }], new_chat_member: { ...bot.user }, new_chat_participant: { ...bot.user } } });
      this.world.deliver(service);
    }
  }

  /** Removes (bans) a bot from a group: it gets my_chat_member "kicked", then 403 on every send. */
  removeBotFromGroup(ref: BotRef, group: SimGroup, options: { by?: SimUser } = {}): void {
    const bot = this.bot(ref);
    const chat = this.chat(group);
    const before = chat.members.get(bot.id);
    if (!before || !isPresent(before.status)) throw new Error(`@${bot.username} is not in ${chat.title}`);
    const by = options.by?.record ?? this.someAdmin(chat);
    const after: MemberRecord = { ...before, status: 'kicked' };
    chat.members.set(bot.id, after);
    const service = this.world.addMessage(chat, by.user, { fields: { left_chat_member: { ...bot.user }, left_chat_participant: { ...bot.user } } });
    this.world.deliver(service, 'message', bot);
    this.world.myChatMember(bot, chat, by.user, before, after);
  }

  /**
   * Upgrades a group to a supergroup with a new id: the old chat gets a migrate_to_chat_id service
   * message, the new one a migrate_from_chat_id one; sends to the old id then fail with 400 and
   * parameters.migrate_to_chat_id. Returns the supergroup.
   */
  migrateGroup(group: SimGroup, options: { by?: SimUser } = {}): SimGroup {
    const old = this.chat(group);
    if (old.type !== 'group') throw new Error('only a basic group can be migrated to a supergroup');
    if (old.migratedTo !== undefined) throw new Error(`group ${old.id} was already migrated`);
    const by = options.by?.record ?? this.someAdmin(old);
    const fresh = this.world.createGroup({ title: old.title ?? '', supergroup: true });
    fresh.migratedFrom = old.id;
    for (const [id, member] of old.members) fresh.members.set(id, { ...member });
    old.migratedTo = fresh.id;
    const to = this.world.addMessage(old, by.user, { fields: { migrate_to_chat_id: fresh.id } });
    this.world.deliver(to);
    const from = this.world.addMessage(fresh, by.user, { fields: { migrate_from_chat_id: old.id } });
    this.world.deliver(from);
    return this.groupHandle(fresh);
  }

  /** Opens a forum topic (as a person would); returns its message_thread_id. */
  createTopic(group: SimGroup, name: string, options: { by?: SimUser; iconColor?: number } = {}): number {
    const chat = this.chat(group);
    if (!chat.isForum) throw new Error(`${chat.title} is not a forum`);
    const by = options.by?.record ?? this.someAdmin(chat);
    return createTopic(this.world, chat, by.user, name, options.iconColor);
  }

  // ── what chats show ──────────────────────────────────────────────────────────────────────

  /** @internal */
  snapshot(message: StoredMessage): SimMessage {
    return {
      ...this.world.renderMessage(message),
      chatKey: message.chat.key,
      deleted: message.deleted,
      history: structuredClone(message.history),
      silent: message.silent === true,
      seq: message.seq,
    };
  }

  /** Every message of a chat, oldest first, deleted ones included (flagged). */
  messages(chat: ChatHandle | number): SimMessage[] {
    return this.chat(chat).order.map((m) => this.snapshot(m));
  }

  /** The newest message still shown in a chat. */
  lastMessage(chat: ChatHandle | number): SimMessage | undefined {
    const order = this.chat(chat).order;
    for (let i = order.length - 1; i >= 0; i--) if (!order[i]!.deleted) return this.snapshot(order[i]!);
    return undefined;
  }

  /** The messages a bot sent into a chat, oldest first (deleted ones included). */
  botMessages(chat: ChatHandle | number, ref?: BotRef): SimMessage[] {
    const bot = ref === undefined ? undefined : this.bot(ref);
    return this.chat(chat)
      .order.filter((m) => m.senderBotId !== undefined && (!bot || m.senderBotId === bot.id))
      .map((m) => this.snapshot(m));
  }

  /** Callback answers a user got, oldest first (with and without text). */
  popups(user: SimUser): Popup[] {
    return structuredClone(user.record.popups);
  }

  /** The seq of the newest message in any chat (0 before the first): a mark for `{ since }`. */
  get lastSeq(): number {
    return this.world.messageSeq;
  }

  /**
   * The new messages that notified a person, oldest first: every message in their private chat
   * with a bot that was not sent with disable_notification, and the group messages that mention
   * them (a text_mention entity for their id, as from HTML `<a href="tg://user?id=…">`, or
   * @username) or reply to one of their messages; never edits, nor their own messages. Each with
   * its chat, message id, seq, date and text as first sent. `since` keeps those after a mark.
   */
  notifications(user: SimUser, options: NotificationQuery = {}): Notification[] {
    const since = typeof options.since === 'number' ? options.since : options.since?.seq ?? 0;
    return structuredClone(user.record.notifications.filter((n) => n.seq > since));
  }

  /**
   * The chat as plain text, as it looks now to a person scrolling it top to bottom: each message
   * not deleted, oldest first, as `Sender: text`, "(edited)" after edited ones, service messages
   * as `— Ada joined the group`, and under each message its buttons row by row, like
   * `[✅ Believe & roll] [❗ Liar!]{danger}` (`↗` on link buttons). `{ history: true }` adds
   * deleted messages, message ids and earlier versions; `{ marks: true }` shows *bold* and the like.
   */
  transcript(chat: ChatHandle | number, options: TranscriptOptions = {}): string {
    return renderTranscript(this.chat(chat).order, options);
  }

  /** Resolves with the first truthy value of `predicate`, checked on every change; throws after `timeoutMs`. */
  async waitFor<T>(predicate: () => T | Promise<T>, timeoutMs = 5000): Promise<Truthy<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await predicate();
      if (value) return value as Truthy<T>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.world.events.off('change', done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, 25));
        this.world.events.once('change', done);
      });
    }
  }

  /** Stops the server: pending long polls answer [], webhooks stop, pending presses resolve undefined. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const bot of this.world.bots.values()) {
      bot.poll?.settle({ updates: [] });
      bot.webhook?.stop();
    }
    for (const pending of [...this.pressTimers]) pending.resolve();
    this.release();
    await this.app.close();
  }

  // ── used by the handles ───────────────────────────────────────────────────────────────────

  /** @internal */
  waitForAnswer(query: QueryRecord, timeoutMs: number): Promise<CallbackAnswer | undefined> {
    if (query.answer) return Promise.resolve(query.answer);
    return new Promise((resolve) => {
      const pending = {
        timer: setTimeout(() => finish(undefined), timeoutMs),
        resolve: () => finish(undefined),
      };
      const waiter = (answer: CallbackAnswer | undefined): void => finish(answer);
      const finish = (answer: CallbackAnswer | undefined): void => {
        clearTimeout(pending.timer);
        this.pressTimers.delete(pending);
        const index = query.waiters.indexOf(waiter);
        if (index >= 0) query.waiters.splice(index, 1);
        resolve(answer);
      };
      this.pressTimers.add(pending);
      query.waiters.push(waiter);
    });
  }

  /** @internal */
  get defaultPressTimeoutMs(): number {
    return this.pressTimeoutMs;
  }
}

/** A person on Telegram. */
export class SimUser {
  /** @internal */
  constructor(
    private readonly sim: TelegramSim,
    /** @internal */
    readonly record: UserRecord,
  ) {}

  get id(): number {
    return this.record.id;
  }
  get firstName(): string {
    return this.record.user.first_name;
  }
  get username(): string | undefined {
    return this.record.user.username;
  }
  get languageCode(): string | undefined {
    return this.record.user.language_code;
  }
  /** The User object bots see. */
  get info(): TgUser {
    return { ...this.record.user };
  }

  private get world(): World {
    return this.sim.world;
  }

  /** The private chat with a bot (opening it sends nothing: see startPrivateChat). */
  privateChat(ref: BotRef): SimPrivateChat {
    const bot = this.sim.bot(ref);
    const chat = this.world.privateChat(bot, this.record);
    return new SimPrivateChat(this, bot.username, chat.key);
  }

  /**
   * Presses START (with a deep-link payload: "/start <payload>"), which also lets the bot write to
   * this user; unblocks the bot first if it was blocked.
   */
  startPrivateChat(ref: BotRef, payload?: string): SimPrivateChat {
    if (payload !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(payload)) {
      throw new Error('a start payload is 1-64 characters of A-Z, a-z, 0-9, _ and -');
    }
    const chat = this.privateChat(ref);
    const state = this.world.privateState(this.record, this.sim.bot(ref));
    if (state.blocked) this.unblockBot(ref);
    this.send(chat, payload ? `/start ${payload}` : '/start');
    return chat;
  }

  /** Blocks the bot: it gets my_chat_member "kicked", and 403 "bot was blocked by the user" on sends. */
  blockBot(ref: BotRef): void {
    const bot = this.sim.bot(ref);
    const state = this.world.privateState(this.record, bot);
    if (state.blocked) return;
    state.blocked = true;
    const chat = this.world.privateChat(bot, this.record);
    this.world.myChatMember(bot, chat, this.record.user, { status: 'member', user: bot.user, isBot: true }, { status: 'kicked', user: bot.user, isBot: true });
  }

  unblockBot(ref: BotRef): void {
    const bot = this.sim.bot(ref);
    const state = this.world.privateState(this.record, bot);
    if (!state.blocked) return;
    state.blocked = false;
    const chat = this.world.privateChat(bot, this.record);
    this.world.myChatMember(bot, chat, this.record.user, { status: 'kicked', user: bot.user, isBot: true }, { status: 'member', user: bot.user, isBot: true });
  }

  private target(chat: ChatHandle | BotRef): ChatRecord {
    if (typeof chat === 'string') return this.world.chats.get(this.privateChat(chat).chatKey)!;
    const record = this.sim.chat(chat);
    if (record.type === 'private' && record.userId !== this.id) throw new Error('that is not this user\'s private chat');
    return record;
  }

  private mustBeIn(chat: ChatRecord): void {
    if (chat.migratedTo !== undefined) {
      throw new Error(`group ${chat.id} was migrated to supergroup ${chat.migratedTo}; use the handle migrateGroup returned`);
    }
    if (chat.type !== 'private' && !isPresent(chat.members.get(this.id)?.status)) {
      throw new Error(`${this.firstName} is not a member of ${chat.title}`);
    }
  }

  /**
   * Sends a text message (to a group, a private chat, or a bot by token/username: its private
   * chat). Commands get bot_command entities, mentions and links theirs. Returns the message.
   */
  send(chat: ChatHandle | BotRef, text: string, options: { threadId?: number; replyTo?: SimMessage } = {}): SimMessage {
    const record = this.target(chat);
    this.mustBeIn(record);
    if (text.trim() === '') throw new Error('a message needs text');
    if (text.length > 4096) throw new Error('a message is at most 4096 characters');
    if (record.type === 'private') {
      const bot = this.world.bots.get(record.botId!)!;
      const state = this.world.privateState(this.record, bot);
      if (state.blocked) throw new Error(`${this.firstName} blocked @${bot.username}: unblockBot first`);
      state.started = true;
    }
    let replyTo: StoredMessage | undefined;
    if (options.replyTo) {
      replyTo = record.messages.get(options.replyTo.message_id);
      if (!replyTo || options.replyTo.chatKey !== record.key) throw new Error('replyTo is not a message of this chat');
    }
    let threadId = options.threadId;
    if (threadId !== undefined) {
      if (!record.isForum) throw new Error(`${record.title ?? 'this chat'} has no topics`);
      if (threadId === 1) threadId = undefined;
      else if (!record.topics.has(threadId)) throw new Error(`no topic ${threadId}`);
    } else if (replyTo?.threadId !== undefined) {
      threadId = replyTo.threadId;
    }
    const message = this.world.addMessage(record, this.record.user, {
      text,
      entities: userEntities(text),
      ...(threadId !== undefined ? { threadId } : {}),
      ...(replyTo ? { replyTo } : {}),
    });
    this.world.deliver(message);
    return this.sim.snapshot(message);
  }

  /** Edits one of this user's messages: bots that got it receive edited_message. */
  edit(message: SimMessage, text: string): SimMessage {
    const stored = this.world.chats.get(message.chatKey)?.messages.get(message.message_id);
    if (!stored || stored.deleted) throw new Error('that message is gone');
    if (stored.from.id !== this.id) throw new Error('people can only edit their own messages');
    stored.history.push({ ...(stored.text !== undefined ? { text: stored.text } : {}), ...(stored.entities ? { entities: stored.entities } : {}), date: stored.editDate ?? stored.date });
    stored.text = text;
    const entities = userEntities(text);
    if (entities.length > 0) stored.entities = entities;
    else delete stored.entities;
    stored.editDate = this.world.unixNow();
    this.world.changed();
    this.world.deliver(stored, 'edited_message');
    return this.sim.snapshot(stored);
  }

  /**
   * Presses an inline button (by its text or its callback_data) on a message as it is shown now.
   * Resolves with the answer the user saw once the bot calls answerCallbackQuery, or undefined
   * when it does not within `timeoutMs`. Throws when the message has no such button.
   */
  press(message: SimMessage, button: string, options: { timeoutMs?: number } = {}): Promise<CallbackAnswer | undefined> {
    const chat = this.world.chats.get(message.chatKey);
    const stored = chat?.messages.get(message.message_id);
    if (!chat || !stored || stored.deleted) throw new Error(`message ${message.message_id} is not there to press`);
    if (chat.type === 'private' ? chat.userId !== this.id : !isPresent(chat.members.get(this.id)?.status)) {
      throw new Error(`${this.firstName} can't see message ${message.message_id}`);
    }
    const buttons = stored.replyMarkup?.inline_keyboard.flat() ?? [];
    const found = buttons.find((b) => b.callback_data === button) ?? buttons.find((b) => b.text === button);
    if (!found) {
      const shown = buttons.map((b) => JSON.stringify(b.text)).join(', ') || 'none';
      throw new Error(`message ${message.message_id} has no button "${button}" (buttons: ${shown})`);
    }
    if (found.callback_data === undefined) throw new Error(`button "${found.text}" is not a callback button`);
    return this.query(chat, stored, found.callback_data, options);
  }

  /**
   * Presses a button on a message the user sees, sending `data` as its callback_data whatever the
   * message's buttons hold: what a modified client can do (bots must treat callback_data as
   * untrusted input). The message must be a bot's. Resolves like `press`.
   */
  pressForged(message: SimMessage, data: string, options: { timeoutMs?: number } = {}): Promise<CallbackAnswer | undefined> {
    const chat = this.world.chats.get(message.chatKey);
    const stored = chat?.messages.get(message.message_id);
    if (!chat || !stored || stored.deleted) throw new Error(`message ${message.message_id} is not there to press`);
    if (chat.type === 'private' ? chat.userId !== this.id : !isPresent(chat.members.get(this.id)?.status)) {
      throw new Error(`${this.firstName} can't see message ${message.message_id}`);
    }
    if (stored.senderBotId === undefined) throw new Error(`message ${message.message_id} is not a bot's`);
    return this.query(chat, stored, data, options);
  }

  private query(chat: ChatRecord, stored: StoredMessage, data: string, options: { timeoutMs?: number }): Promise<CallbackAnswer | undefined> {
    const bot = this.world.bots.get(stored.senderBotId!)!;
    const query: QueryRecord = {
      id: this.world.newQueryId(this.record),
      bot,
      user: this.record,
      message: stored,
      data,
      createdAt: this.world.now(),
      waiters: [],
    };
    bot.queries.set(query.id, query);
    const waiting = this.sim.waitForAnswer(query, options.timeoutMs ?? this.sim.defaultPressTimeoutMs);
    this.world.enqueue(
      bot,
      'callback_query',
      {
        id: query.id,
        from: { ...this.record.user },
        message: this.world.renderMessage(stored),
        chat_instance: this.world.chatInstance(bot, chat),
        data,
      },
      chat.key,
      this.record.user,
    );
    return waiting;
  }

  /** The messages this user sees in a chat: not deleted; someone else's private chat shows nothing. */
  visibleMessages(chat: ChatHandle | number): SimMessage[] {
    const record = this.sim.chat(chat);
    if (record.type === 'private' && record.userId !== this.id) return [];
    if (record.type !== 'private' && !isPresent(record.members.get(this.id)?.status) && record.migratedTo === undefined) return [];
    return record.order.filter((m) => !m.deleted).map((m) => this.sim.snapshot(m));
  }

  /** Callback answers this user got. */
  popups(): Popup[] {
    return this.sim.popups(this);
  }

  /** The new messages that notified this user (see `sim.notifications`). */
  notifications(options: NotificationQuery = {}): Notification[] {
    return this.sim.notifications(this, options);
  }

  /** Joins a group: a new_chat_members message (and chat_member updates for admin bots that asked). */
  join(group: SimGroup): void {
    const chat = this.sim.chat(group);
    if (chat.migratedTo !== undefined) throw new Error(`group ${chat.id} was migrated`);
    const before: MemberRecord = chat.members.get(this.id) ?? { status: 'left', user: this.record.user, isBot: false };
    if (isPresent(before.status)) return;
    if (before.status === 'kicked') throw new Error(`${this.firstName} is banned from ${chat.title}`);
    const after: MemberRecord = { status: 'member', user: this.record.user, isBot: false };
    chat.members.set(this.id, after);
    const service = this.world.addMessage(chat, this.record.user, { fields: { new_chat_members: [{ ...this.record.user }], new_chat_member: { ...this.record.user }, new_chat_participant: { ...this.record.user } } });
    this.world.deliver(service);
    this.world.chatMember(chat, this.record.user, before, after);
  }

  /** Leaves a group: a left_chat_member message (and chat_member updates for admin bots that asked). */
  leave(group: SimGroup): void {
    const chat = this.sim.chat(group);
    const before = chat.members.get(this.id);
    if (!before || !isPresent(before.status)) return;
    const after: MemberRecord = { ...before, status: 'left' };
    chat.members.set(this.id, after);
    const service = this.world.addMessage(chat, this.record.user, { fields: { left_chat_member: { ...this.record.user }, left_chat_participant: { ...this.record.user } } });
    this.world.deliver(service);
    this.world.chatMember(chat, this.record.user, before, after);
  }
}
