import type { Action, PlayerId } from '@mia/engine';
import type { Database } from '@mia/db';
import pino, { type Logger } from 'pino';
import { ChatDirectory } from './chats';
import { LocalBus, PgNotifyBus, type ChatChange, type ChatNotice, type Committed, type EventBus } from './bus';
import { ACT_TRANSACTION, Committer } from './committer';
import { Deadlines } from './deadlines';
import { toUserId } from './ids';
import { extendedClosing, LOBBY_TIMES, type ExtendLobbyResult, type LobbyTimes } from './lobby-times';
import { moveChatRows } from './migration';
import { findCurrentGame, findGame, readEvents, type GameRecord, type StoredEvent, type Tx } from './repository';
import type { ActRequest, ActResult, ChatChanged, CommittedBatch, UserInfo } from './requests';
import { cryptoRng, type DiceSource } from './rng';
import { Conflict, isWriteConflict } from './write';

export * from './lobby-times';
export * from './requests';

export interface GameServiceOptions {
  db: Database;
  /** Dice and every other draw. Default: node:crypto. Tests: a seeded `Rng`, or `seededPerGame`. */
  rng?: DiceSource;
  now?: () => Date;
  /** Default: LISTEN/NOTIFY on PostgreSQL, in-process on the embedded database. */
  bus?: EventBus;
  /** Arm turn deadlines (default true). */
  timers?: boolean;
  log?: Logger;
  /** Optimistic retries when another writer committed first (default 8). */
  maxRetries?: number;
  /** Lobby closing times (default LOBBY_TIMES). */
  lobby?: Partial<LobbyTimes>;
}

/**
 * The application service and the only writer of games: load, apply the engine, and in one
 * transaction append the events, write the normalized rows and bump the version; then tell
 * listeners and arm the next deadline. The bot, the demo, AI seats and benchmarks all play
 * through `act`, and so do the endings from outside play (`abort`, `expireLobby`) and a chat's
 * migration: every change of a game is a batch of events with a new version and a notice.
 */
export class GameService {
  readonly db: Database;
  readonly log: Logger;
  /** Per-chat settings, language and dashboard link. */
  readonly chats: ChatDirectory;
  /** How long lobbies stay open, and by how much `/extend` prolongs them. */
  readonly lobbyTimes: Readonly<LobbyTimes>;
  private readonly now: () => Date;
  private readonly bus: EventBus;
  private readonly committer: Committer;
  private readonly deadlines: Deadlines;
  private readonly maxRetries: number;
  private readonly listeners = new Set<(batch: CommittedBatch) => void>();
  private readonly chatListeners = new Set<(changed: ChatChanged) => void>();
  private readonly unsubscribeBus: (() => void)[];
  /** Per game, the remote notice being loaded: the next one waits for it (see `queueRemote`). */
  private readonly remote = new Map<string, Promise<void>>();
  private closed = false;

  constructor(options: GameServiceOptions) {
    this.db = options.db;
    this.log = options.log ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
    this.now = options.now ?? (() => new Date());
    this.bus =
      options.bus ?? (options.db.kind === 'postgres' ? new PgNotifyBus(options.db.connectionString, this.log) : new LocalBus());
    this.chats = new ChatDirectory(options.db, {
      publish: (tx, chatId, change) => this.bus.publishChat(tx, this.chatNotice(chatId, change)),
      committed: (chatId, change) => this.emitChat({ chatId, change, origin: 'local' }),
    });
    this.maxRetries = options.maxRetries ?? 8;
    this.lobbyTimes = Object.freeze({ ...LOBBY_TIMES, ...options.lobby });
    this.committer = new Committer({
      prisma: this.db.prisma,
      bus: this.bus,
      rng: options.rng ?? cryptoRng,
      now: this.now,
      log: this.log,
      lobbyTimes: this.lobbyTimes,
      maxRetries: this.maxRetries,
      closed: () => this.closed,
      currentGame: (chatId) => this.currentGame(chatId),
      applied: (game, events) => {
        this.deadlines.arm(game);
        this.emit({ game, events, origin: 'local' });
      },
    });
    this.deadlines = new Deadlines(
      {
        prisma: this.db.prisma,
        now: this.now,
        log: this.log,
        act: (request) => this.act(request),
        expireLobby: (gameId) => this.expireLobby(gameId),
        closed: () => this.closed,
      },
      options.timers !== false,
    );
    this.unsubscribeBus = [
      this.bus.subscribe((notice) => this.queueRemote(notice)),
      this.bus.subscribeChats((notice) =>
        this.emitChat({ chatId: BigInt(notice.chatId), change: notice.change, origin: 'remote' }),
      ),
    ];
  }

  get prisma() {
    return this.db.prisma;
  }

  /** Listen to every committed batch, local or from other processes. */
  subscribe(listener: (batch: CommittedBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Listen to chats' changes outside their games' logs (a dashboard link rotated, a group moved to
   * a new id), local or from other processes: whoever serves a chat by its link follows these.
   */
  subscribeChats(listener: (changed: ChatChanged) => void): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  currentGame(chatId: bigint): Promise<GameRecord | null> {
    return findCurrentGame(this.prisma, chatId);
  }

  game(gameId: string): Promise<GameRecord | null> {
    return findGame(this.prisma, gameId);
  }

  events(gameId: string, afterSeq = 0): Promise<StoredEvent[]> {
    return readEvents(this.prisma, gameId, afterSeq);
  }

  act(request: ActRequest): Promise<ActResult> {
    return this.committer.commit(request, {});
  }

  /**
   * Ends a chat's game without a result (`/stop`, or the bot removed from the group): the engine's
   * `abort`, committed like any action (ABORTED, its log kept, the chat free for a new game).
   * Who may stop it is the caller's business. Returns the aborted game, or null when there was
   * nothing to abort. The bot calls `act` itself, with the update's key.
   */
  async abort(
    chatId: bigint,
    gameId: string,
    how: { reason?: 'stopped' | 'bot-removed'; by?: PlayerId } = {},
  ): Promise<GameRecord | null> {
    const action: Action = { type: 'abort', reason: how.reason ?? 'stopped', ...(how.by ? { by: how.by } : {}) };
    const result = await this.act({ chatId, gameId, action });
    return result.status === 'applied' ? result.game : null;
  }

  /**
   * Moves a lobby's closing time `ms` on (`/extend`), but never beyond `maxAheadMs` from now.
   * Guarded by the closing time read, so two extensions at once both count and an expiry racing
   * with it either wins (the lobby is gone) or finds the new time.
   */
  async extendLobby(chatId: bigint, gameId: string, ms: number = this.lobbyTimes.extendMs): Promise<ExtendLobbyResult> {
    if (!(ms > 0)) throw new Error('extendLobby: ms must be positive');
    for (let attempt = 0; attempt <= this.maxRetries; attempt++) {
      const game = await findGame(this.prisma, gameId);
      if (!game || game.chatId !== chatId || game.status !== 'LOBBY') return { ok: false, reason: 'no-lobby' };
      const now = this.now().getTime();
      const { base, next } = extendedClosing(game.deadlineAt?.getTime() ?? null, now, ms, this.lobbyTimes);
      if (next === null) return { ok: false, reason: 'at-limit', deadlineAt: new Date(base), remainingMs: base - now };
      const deadlineAt = new Date(next);
      const updated = await this.prisma.game.updateMany({
        where: { id: gameId, status: 'LOBBY', deadlineAt: game.deadlineAt },
        data: { deadlineAt },
      });
      if (updated.count === 0) continue; // extended, started or closed meanwhile: read again
      this.deadlines.arm({ ...game, deadlineAt });
      this.log.info({ chatId: chatId.toString(), gameId, deadlineAt }, 'game: lobby extended');
      return { ok: true, deadlineAt, remainingMs: next - now };
    }
    return { ok: false, reason: 'no-lobby' };
  }

  /**
   * Closes a lobby whose time is up (its timer, `fireOverdue`, `recover`): the engine's `abort`
   * with reason `lobby-expired`, committed like any action, so its batch tells every listener (the
   * bot's notifier closes the lobby message, the dashboard's live channel sends `ended`). Only if
   * it is still a lobby past its closing time in the database: a lobby started meanwhile is refused
   * by the engine, one extended by the guard on the closing time, and of several processes only
   * one commits (the version). Returns the closed game, else null.
   */
  async expireLobby(gameId: string): Promise<GameRecord | null> {
    if (this.closed) return null;
    const game = await findGame(this.prisma, gameId);
    if (!game || game.status !== 'LOBBY' || !game.deadlineAt) return null;
    const now = this.now();
    if (game.deadlineAt > now) {
      this.deadlines.arm(game); // extended since this timer was armed (maybe by another process)
      return null;
    }
    const result = await this.committer.commit(
      { chatId: game.chatId, gameId, current: game, action: { type: 'abort', reason: 'lobby-expired' } },
      { dueBy: now },
    );
    if (result.status !== 'applied') {
      if (result.status === 'rejected' && result.rejection.code === 'not-due' && result.game) this.deadlines.arm(result.game);
      return null;
    }
    this.log.info({ chatId: game.chatId.toString(), gameId }, 'game: lobby closed, not started in time');
    return result.game;
  }

  /**
   * A group upgraded to a supergroup gets a new id (Telegram's `migrate_to_chat_id`): the chat's
   * record and its games move to the new id in one transaction, with the open game's `chatMoved`
   * (a new version, notified under the new id) and a chat notice (the dashboard's sockets follow
   * the group). Returns the open game, moved, if there is one.
   */
  async migrateChat(fromId: bigint, toId: bigint): Promise<GameRecord | null> {
    const change: ChatChange = { type: 'migrated', to: toId.toString() };
    for (let attempt = 0; attempt <= this.maxRetries; attempt++) {
      const old = await this.prisma.chat.findUnique({ where: { id: fromId } });
      if (!old) return null;
      if (old.migratedTo !== null) return old.migratedTo === toId ? this.currentGame(toId) : null;
      const alongside = async (tx: Tx) => {
        await moveChatRows(tx, old, toId);
        await this.bus.publishChat(tx, this.chatNotice(fromId, change));
      };
      const game = await this.currentGame(fromId);
      let moved: GameRecord | null = null;
      if (game) {
        const action: Action = { type: 'moveChat', from: fromId.toString(), to: toId.toString() };
        const result = await this.committer.commit({ chatId: fromId, gameId: game.id, current: game, action }, { alongside });
        if (result.status !== 'applied') continue; // moved, ended or migrated meanwhile: read again
        moved = result.game;
      } else {
        try {
          await this.prisma.$transaction(alongside, ACT_TRANSACTION);
        } catch (error) {
          if (error instanceof Conflict || isWriteConflict(error)) continue;
          throw error;
        }
      }
      this.log.info({ from: fromId.toString(), to: toId.toString() }, 'game: chat migrated to a supergroup');
      this.emitChat({ chatId: fromId, change, origin: 'local' });
      return moved;
    }
    return null;
  }

  /** The chat messages a bot keeps for a game (opaque here; see apps/bot's notifier). */
  async telegramRefs(gameId: string): Promise<unknown> {
    const row = await this.prisma.game.findUnique({ where: { id: gameId }, select: { telegram: true } });
    return row?.telegram ?? null;
  }

  async saveTelegramRefs(gameId: string, refs: unknown): Promise<void> {
    // Raw: written after nearly every action, and the query builder costs more than the write.
    await this.prisma.$executeRaw`UPDATE "Game" SET telegram = ${JSON.stringify(refs)}::jsonb, "updatedAt" = now() WHERE id = ${gameId}`;
  }

  /** Games in play in which `player` has a seat (for a player who comes back to the bot). */
  async runningGamesOf(player: PlayerId): Promise<GameRecord[]> {
    const seats = await this.prisma.seat.findMany({
      where: { userId: toUserId(player), game: { status: 'PLAYING' } },
      select: { gameId: true },
    });
    return this.load(seats.map((s) => s.gameId));
  }

  /** Every lobby and game in play, in every chat (start-up: the bot redraws what they show). */
  async openGames(): Promise<GameRecord[]> {
    return this.load(await this.idsWhere({ status: { in: ['LOBBY', 'PLAYING'] } }));
  }

  /**
   * Games that ended (finished, or aborted: stopped, the bot removed, a lobby expired) in the last
   * `withinMs`: at start-up the bot sends an end whose messages it may have missed.
   */
  async recentlyFinished(withinMs: number): Promise<GameRecord[]> {
    const since = new Date(this.now().getTime() - withinMs);
    return this.load(await this.idsWhere({ status: { in: ['FINISHED', 'ABORTED'] }, finishedAt: { gte: since } }));
  }

  /** Every game in play, in every chat (start-up: AI seats resume their turns from these). */
  async runningGames(): Promise<GameRecord[]> {
    return this.load(await this.idsWhere({ status: 'PLAYING' }));
  }

  private async idsWhere(where: { status: unknown; finishedAt?: { gte: Date } }): Promise<string[]> {
    const rows = await this.prisma.game.findMany({ where: where as never, select: { id: true } });
    return rows.map((r) => r.id);
  }

  private async load(ids: string[]): Promise<GameRecord[]> {
    const games = await Promise.all(ids.map((id) => findGame(this.prisma, id)));
    return games.filter((g): g is GameRecord => g !== null);
  }

  /** Keeps a user's profile and reachability (private chat started, bot blocked) up to date. */
  async updateUser(user: UserInfo, flags: { privateChatOk?: boolean; blockedBot?: boolean } = {}): Promise<void> {
    const id = toUserId(user.id);
    const data = {
      firstName: user.name,
      ...(user.username !== undefined ? { username: user.username } : {}),
      ...(user.languageCode !== undefined ? { languageCode: user.languageCode } : {}),
      ...flags,
    };
    this.committer.forgetProfile(user.id);
    await this.prisma.user.upsert({ where: { id }, create: { id, isAi: user.isAi ?? false, ...data }, update: data });
  }

  /** The language a user chose with /lang in a private chat (null: follow Telegram's). */
  async setUserLanguage(id: PlayerId, language: string | null): Promise<void> {
    await this.prisma.user.updateMany({ where: { id: toUserId(id) }, data: { language } });
  }

  async user(id: PlayerId) {
    return this.prisma.user.findUnique({ where: { id: toUserId(id) } });
  }

  /**
   * On start-up: every running game and open lobby is loaded; overdue deadlines fire now (a lobby
   * past its closing time closes), the rest are armed (see `Deadlines`).
   */
  recover(): Promise<{ running: number; overdue: number }> {
    return this.deadlines.recover();
  }

  /** Fires every deadline already past (recovery and tests): turns time out, lobbies close. */
  fireOverdue(): Promise<number> {
    return this.deadlines.fireOverdue();
  }

  /**
   * Notices arrive in commit order, but loading each one's events takes queries that may finish
   * in any order: a game's notices are loaded one after another, so its batches reach listeners
   * in the order they were committed.
   */
  private queueRemote(notice: Committed): void {
    const next = (this.remote.get(notice.gameId) ?? Promise.resolve()).then(() => this.onRemote(notice));
    this.remote.set(notice.gameId, next);
    void next.then(() => {
      if (this.remote.get(notice.gameId) === next) this.remote.delete(notice.gameId);
    });
  }

  private async onRemote(notice: Committed): Promise<void> {
    try {
      const [game, events] = await Promise.all([
        findGame(this.prisma, notice.gameId),
        readEvents(this.prisma, notice.gameId, notice.fromSeq - 1, notice.toSeq),
      ]);
      if (!game) return;
      this.deadlines.arm(game);
      this.emit({ game, events, origin: 'remote' });
    } catch (error) {
      this.log.warn({ err: error, gameId: notice.gameId }, 'game: could not load remote events');
    }
  }

  private emit(batch: CommittedBatch): void {
    for (const l of this.listeners) {
      try {
        l(batch);
      } catch (error) {
        this.log.error({ err: error }, 'game: a listener failed');
      }
    }
  }

  private chatNotice(chatId: bigint, change: ChatChange): ChatNotice {
    return { chatId: chatId.toString(), change, origin: this.bus.origin };
  }

  private emitChat(changed: ChatChanged): void {
    for (const l of this.chatListeners) {
      try {
        l(changed);
      } catch (error) {
        this.log.error({ err: error }, 'game: a chat listener failed');
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.deadlines.clear();
    for (const unsubscribe of this.unsubscribeBus) unsubscribe();
    await this.bus.close();
  }
}
