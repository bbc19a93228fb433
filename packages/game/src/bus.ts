import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Tx } from './repository';

/** "Game G has new events up to seq N": small enough for a NOTIFY payload (8000 bytes). */
export interface Committed {
  gameId: string;
  chatId: string;
  fromSeq: number;
  toSeq: number;
  /** The process that committed it: a process ignores its own notifications. */
  origin: string;
}

/**
 * What changed about a chat outside its games' logs, for whoever serves the chat by its dashboard
 * link: the link was rotated (sockets opened with the old one must close), or the group got a
 * new id (a supergroup's `migrate_to_chat_id`; its link moves with it). For whoever caches a
 * chat's language or play mode: 'settings' (the chat's /lang or play mode), 'user-language' (a
 * person's /lang; the chat id is the person's, their private chat's).
 */
export type ChatChange = { type: 'token-rotated' } | { type: 'migrated'; to: string } | { type: 'settings' } | { type: 'user-language' };

/** "Chat C changed": the chat id as a decimal string, never the token itself. */
export interface ChatNotice {
  chatId: string;
  change: ChatChange;
  origin: string;
}

/**
 * Carries "committed" notices between processes: a game's new events, and a chat's changes. The
 * service tells its own listeners directly; the bus only brings news from other processes.
 */
export interface EventBus {
  readonly origin: string;
  /** Called inside the action's transaction: a notice sent on commit and never on rollback. */
  publish(tx: Tx, notice: Committed): Promise<void>;
  /** Notices from other processes. */
  subscribe(listener: (notice: Committed) => void): () => void;
  /** Like `publish`, for a chat's change: inside the transaction that makes it. */
  publishChat(tx: Tx, notice: ChatNotice): Promise<void>;
  /** Chat notices from other processes. */
  subscribeChats(listener: (notice: ChatNotice) => void): () => void;
  close(): Promise<void>;
}

/** One process alone (the embedded PGlite serves a single connection, so it cannot LISTEN). */
export class LocalBus implements EventBus {
  readonly origin = randomUUID();
  async publish(): Promise<void> {}
  subscribe(): () => void {
    return () => undefined;
  }
  async publishChat(): Promise<void> {}
  subscribeChats(): () => void {
    return () => undefined;
  }
  async close(): Promise<void> {}
}

export const CHANNEL = 'mia_game_events';
/**
 * Chat notices go on a channel of their own: a process that only knows game notices (an older
 * version during a rolling deploy, a tool) never mistakes one for a game's.
 */
export const CHAT_CHANNEL = 'mia_chat_events';

/**
 * PostgreSQL LISTEN/NOTIFY: `pg_notify` inside the transaction, so a notice exists exactly when
 * the events do; a dedicated connection listens and reconnects with backoff when dropped. A
 * notice lost while disconnected is recovered by whoever reads the log from its last seq.
 */
export class PgNotifyBus implements EventBus {
  readonly origin = randomUUID();
  private client: pg.Client | null = null;
  private listeners = new Set<(notice: Committed) => void>();
  private chatListeners = new Set<(notice: ChatNotice) => void>();
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private ready: Promise<void>;

  constructor(
    private readonly connectionString: string,
    private readonly log?: Logger,
  ) {
    this.ready = this.connect(0);
  }

  /** Resolves once the first LISTEN is in place. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  private async connect(attempt: number): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if ((msg.channel !== CHANNEL && msg.channel !== CHAT_CHANNEL) || !msg.payload) return;
      let notice: Committed | ChatNotice;
      try {
        notice = JSON.parse(msg.payload) as Committed | ChatNotice;
      } catch {
        return;
      }
      if (notice.origin === this.origin) return;
      if (msg.channel === CHAT_CHANNEL) for (const l of this.chatListeners) l(notice as ChatNotice);
      else for (const l of this.listeners) l(notice as Committed);
    });
    client.on('error', (error) => {
      this.log?.warn({ err: error }, 'event bus: listener connection lost (database outage?), reconnecting');
      this.reconnect(client, 1);
    });
    // A connection can also just end (the server went away without a word): listen again.
    client.on('end', () => {
      if (this.closed || this.client !== client) return;
      this.log?.warn('event bus: listener connection ended, reconnecting');
      this.reconnect(client, 1);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${CHAT_CHANNEL}`);
      this.client = client;
      if (attempt > 0) this.log?.info({ attempt }, 'event bus: listening again');
    } catch (error) {
      this.log?.warn({ err: error, attempt }, 'event bus: cannot listen yet, retrying');
      this.reconnect(client, attempt + 1);
    }
  }

  private reconnect(client: pg.Client, attempt: number): void {
    void client.end().catch(() => undefined);
    if (this.client === client) this.client = null;
    if (this.closed || this.retry) return;
    // At most 1 s apart: notices committed before LISTEN is back never reach this process.
    const delay = Math.min(1000, 100 * 2 ** Math.min(attempt, 6));
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect(attempt);
    }, delay);
  }

  async publish(tx: Tx, notice: Committed): Promise<void> {
    await tx.$executeRaw`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`;
  }

  subscribe(listener: (notice: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publishChat(tx: Tx, notice: ChatNotice): Promise<void> {
    await tx.$executeRaw`SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(notice)})`;
  }

  subscribeChats(listener: (notice: ChatNotice) => void): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
