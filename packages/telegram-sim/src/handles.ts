/**
 * The typed handles tests use to play the people on the other side and to name chats: a user who
 * starts bots, writes, edits, presses buttons, joins and leaves; a group; a private chat.
 */
import type { TgMessage, TgUser } from './types';
import {
  isPresent,
  userEntities,
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
  type World,
} from './world';

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

/** What a handle needs of the simulator (TelegramSim). */
export interface SimHost {
  readonly world: World;
  bot(ref: BotRef): BotRecord;
  chat(handle: ChatHandle | number): ChatRecord;
  snapshot(message: StoredMessage): SimMessage;
  waitForAnswer(query: QueryRecord, timeoutMs: number): Promise<CallbackAnswer | undefined>;
  readonly defaultPressTimeoutMs: number;
  popups(user: SimUser): Popup[];
  notifications(user: SimUser, options?: NotificationQuery): Notification[];
}

/** A person on Telegram. */
export class SimUser {
  /** @internal */
  constructor(
    private readonly sim: SimHost,
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
    if (record.type === 'private' && record.userId !== this.id) throw new Error("that is not this user's private chat");
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
    stored.history.push({
      ...(stored.text !== undefined ? { text: stored.text } : {}),
      ...(stored.entities ? { entities: stored.entities } : {}),
      date: stored.editDate ?? stored.date,
    });
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
    // Queries past Telegram's answer window can no longer be answered: forgotten (the map keeps
    // insertion order, so the expired ones come first), or a long run would keep every press.
    for (const [id, old] of bot.queries) {
      if (old.createdAt + this.world.options.callbackQueryTtlMs >= query.createdAt) break;
      bot.queries.delete(id);
    }
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
    const service = this.world.addMessage(chat, this.record.user, {
      fields: { new_chat_members: [{ ...this.record.user }], new_chat_member: { ...this.record.user }, new_chat_participant: { ...this.record.user } },
    });
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
    const service = this.world.addMessage(chat, this.record.user, {
      fields: { left_chat_member: { ...this.record.user }, left_chat_participant: { ...this.record.user } },
    });
    this.world.deliver(service);
    this.world.chatMember(chat, this.record.user, before, after);
  }
}
