/**
 * TelegramSim: the Bot API server plus the typed handles tests use to play the people on the other
 * side — users who start bots, write in groups and press buttons — and to read what every chat
 * shows.
 */
import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock';
import { Faults } from './faults';
import { SimGroup, SimUser, type BotRef, type ChatHandle, type NotificationQuery, type SimMessage } from './handles';
import { resolveLimits, type Limits } from './limits';
import { addBotToGroup, migrateGroup, openTopic, removeBotFromGroup } from './membership';
import { commandsKey } from './methods/index';
import { Params } from './params';
import { mulberry32 } from './random';
import type { SimOptions } from './options';
import { createServer } from './server';
import { renderTranscript, type TranscriptOptions } from './transcript';
import type { BotCommand, TgUpdate } from './types';
import { DEFAULT_WEBHOOK_OPTIONS } from './webhook';
import { botInfo, type BotInfo } from './world/views';
import {
  World,
  type ApiCall,
  type BotRecord,
  type CallbackAnswer,
  type ChatRecord,
  type Notification,
  type Popup,
  type QueryRecord,
  type StoredMessage,
} from './world';

export type { SimOptions } from './options';

/** What a truthy value of T can be. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export {
  SimGroup,
  SimPrivateChat,
  SimUser,
  type BotRef,
  type ChatHandle,
  type NotificationQuery,
  type SimMessage,
} from './handles';
export type { BotInfo } from './world/views';

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
      maxMessagesPerChat: options.maxMessagesPerChat ?? Number.POSITIVE_INFINITY,
      maxPerUser: options.maxPerUser ?? Number.POSITIVE_INFINITY,
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
      latencyMs: options.latencyMs ?? 0,
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

  /**
   * How many calls of each method were answered ok and how many failed, since the start or the
   * last `resetCalls`: complete however few calls `maxCalls` keeps in the log (a benchmark counts
   * its calls without holding every one's params and result).
   */
  callCounts(): Record<string, { ok: number; failed: number }> {
    return Object.fromEntries([...this.world.callCounts].map(([method, count]) => [method, { ...count }]));
  }

  resetCalls(): void {
    this.world.calls.length = 0;
    this.world.callCounts.clear();
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
    return botInfo(this.bot(ref));
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

  /** Adds a bot to a group: my_chat_member for it, and a new_chat_members message to its bots. */
  addBotToGroup(ref: BotRef, group: SimGroup, options: { by?: SimUser; admin?: boolean } = {}): void {
    addBotToGroup(this.world, this.bot(ref), this.chat(group), options.by?.record, options.admin === true);
  }

  /** Removes (bans) a bot from a group: it gets my_chat_member "kicked", then 403 on every send. */
  removeBotFromGroup(ref: BotRef, group: SimGroup, options: { by?: SimUser } = {}): void {
    removeBotFromGroup(this.world, this.bot(ref), this.chat(group), options.by?.record);
  }

  /**
   * Upgrades a group to a supergroup with a new id: the old chat gets a migrate_to_chat_id service
   * message, the new one a migrate_from_chat_id one; sends to the old id then fail with 400 and
   * parameters.migrate_to_chat_id. Returns the supergroup.
   */
  migrateGroup(group: SimGroup, options: { by?: SimUser } = {}): SimGroup {
    return this.groupHandle(migrateGroup(this.world, this.chat(group), options.by?.record));
  }

  /** Opens a forum topic (as a person would); returns its message_thread_id. */
  createTopic(group: SimGroup, name: string, options: { by?: SimUser; iconColor?: number } = {}): number {
    return openTopic(this.world, this.chat(group), name, options.by?.record, options.iconColor);
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
    const since = typeof options.since === 'number' ? options.since : (options.since?.seq ?? 0);
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
