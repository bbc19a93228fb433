/** The records the simulated Telegram keeps: bots, users, chats, messages, queries, calls. */
import type { Clock } from '../clock';
import type { ApiError, ResponseParameters } from '../errors';
import type { Limits, Window } from '../limits';
import type {
  BotCommand,
  ChatMemberStatus,
  ChatType,
  ForumTopic,
  InlineKeyboardMarkup,
  LinkPreviewOptions,
  TgChat,
  TgMessageEntity,
  TgUpdate,
  TgUser,
  UpdateType,
} from '../types';

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
  /** Deliveries sent and not answered yet (what a test checks one-at-a-time delivery against). */
  inFlight(): number;
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
  /** Messages kept per chat, oldest forgotten first (Infinity: all). */
  maxMessagesPerChat: number;
  /** Popups and notifications kept per user, oldest dropped first (Infinity: all). */
  maxPerUser: number;
}

export const isPresent = (status: ChatMemberStatus | undefined): boolean =>
  status === 'creator' || status === 'administrator' || status === 'member' || status === 'restricted';
