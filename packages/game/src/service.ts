import type { PlayerId } from '@mia/engine';
import { poolOf, readOnly, type Database, type PrismaClient, type ReadClient } from '@mia/db';
import pino, { type Logger } from 'pino';
import { Acting } from './acting';
import { ChatDirectory } from './chats';
import { LocalBus, PgNotifyBus, type ChatChange, type EventBus } from './bus';
import { Committer } from './committer';
import { Deadlines } from './deadlines';
import { Feed } from './feed';
import { Listings } from './listings';
import { Lobbies } from './lobbies';
import { Maintenance, type MaintenanceOptions, type SweepResult } from './maintenance';
import { LOBBY_TIMES, type ExtendLobbyResult, type LobbyTimes } from './lobby-times';
import type { GameRecord, StoredEvent, Tx } from './repository';
import type { ActRequest, ActResult, ChatChanged, CommittedBatch, UserInfo } from './requests';
import { cryptoRng, type DiceSource } from './rng';
import { Users } from './users';

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
  /** The periodic housekeeping (see `Maintenance`): its knobs, or false for none. Default: on. */
  maintenance?: MaintenanceOptions | false;
}

/**
 * The application service and the only writer of games: load, apply the engine, and in one
 * transaction append the events, write the normalized rows and bump the version; then tell
 * listeners and arm the next deadline. The bot, the demo, AI seats and benchmarks all play
 * through `act`, and so do the endings from outside play (`abort`, `expireLobby`) and a chat's
 * migration: every change of a game is a batch of events with a new version and a notice.
 *
 * A façade: the act pipeline is `Committer` (with `Acting` for the changes from outside play),
 * lobbies' lifecycle `Lobbies`, timers `Deadlines`, users `Users`, listeners and other processes'
 * commits `Feed`, reads of games `Listings`. The apps get no read-write client: `reads` refuses
 * every write.
 */
export class GameService {
  readonly log: Logger;
  /** Per-chat settings, language and dashboard link. */
  readonly chats: ChatDirectory;
  /** How long lobbies stay open, and by how much `/extend` prolongs them. */
  readonly lobbyTimes: Readonly<LobbyTimes>;
  /** The database for reading (statistics, listings, lookups): every write through it is refused. */
  readonly reads: ReadClient;
  private readonly bus: EventBus;
  private readonly committer: Committer;
  private readonly deadlines: Deadlines;
  private readonly feed: Feed;
  private readonly listings: Listings;
  private readonly lobbies: Lobbies;
  private readonly acting: Acting;
  private readonly users: Users;
  private readonly maintenance: Maintenance;
  private closed = false;

  constructor(options: GameServiceOptions) {
    const db = options.db;
    const prisma: PrismaClient = db.prisma;
    const now = options.now ?? (() => new Date());
    const maxRetries = options.maxRetries ?? 8;
    const closed = () => this.closed;
    const arm = (game: GameRecord) => this.deadlines.arm(game);
    this.log = options.log ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
    this.reads = readOnly(prisma);
    this.bus = options.bus ?? (db.kind === 'postgres' ? new PgNotifyBus(db.connectionString, this.log) : new LocalBus());
    this.lobbyTimes = Object.freeze({ ...LOBBY_TIMES, ...options.lobby });
    // The service's own reads go straight to the client: they are on every action's path.
    this.listings = new Listings(prisma, now, poolOf(prisma));
    this.feed = new Feed({ bus: this.bus, listings: this.listings, log: this.log, arm });
    const announcer = {
      publish: (tx: Tx, chatId: bigint, change: ChatChange) => this.bus.publishChat(tx, this.feed.chatNotice(chatId, change)),
      committed: (chatId: bigint, change: ChatChange) => this.feed.emitChat({ chatId, change, origin: 'local' as const }),
    };
    this.chats = new ChatDirectory(db, announcer);
    this.committer = new Committer({
      prisma,
      bus: this.bus,
      rng: options.rng ?? cryptoRng,
      now,
      log: this.log,
      lobbyTimes: this.lobbyTimes,
      maxRetries,
      closed,
      // Through the façade's method, as before the split (tests interpose there).
      currentGame: (chatId) => this.currentGame(chatId),
      applied: (game, events) => {
        this.deadlines.arm(game);
        this.feed.emit({ game, events, origin: 'local' });
      },
    });
    const { committer, feed, log, lobbyTimes, bus } = this;
    this.lobbies = new Lobbies({ prisma, committer, now, log, lobbyTimes, maxRetries, arm, closed });
    this.acting = new Acting({ prisma, bus, committer, feed, log, maxRetries, currentGame: (chatId) => this.currentGame(chatId) });
    this.users = new Users(prisma, (id) => committer.forgetProfile(id), announcer);
    this.maintenance = new Maintenance(prisma, db.kind, now, log, options.maintenance || {});
    if (options.maintenance !== false) this.maintenance.start();
    this.deadlines = new Deadlines(
      {
        prisma,
        now,
        log,
        act: (request) => this.act(request),
        expireLobby: (gameId) => this.expireLobby(gameId),
        closed,
      },
      options.timers !== false,
    );
  }

  /** Listen to every committed batch, local or from other processes. */
  subscribe(listener: (batch: CommittedBatch) => void): () => void {
    return this.feed.subscribe(listener);
  }

  /**
   * Listen to chats' changes outside their games' logs (a dashboard link rotated, a group moved to
   * a new id), local or from other processes: whoever serves a chat by its link follows these.
   */
  subscribeChats(listener: (changed: ChatChanged) => void): () => void {
    return this.feed.subscribeChats(listener);
  }

  currentGame(chatId: bigint): Promise<GameRecord | null> {
    return this.listings.currentGame(chatId);
  }

  game(gameId: string): Promise<GameRecord | null> {
    return this.listings.game(gameId);
  }

  events(gameId: string, afterSeq = 0): Promise<StoredEvent[]> {
    return this.listings.events(gameId, afterSeq);
  }

  act(request: ActRequest): Promise<ActResult> {
    return this.acting.act(request);
  }

  /**
   * Ends a chat's game without a result (`/stop`, or the bot removed from the group): the engine's
   * `abort`, committed like any action (ABORTED, its log kept, the chat free for a new game).
   * Who may stop it is the caller's business. Returns the aborted game, or null when there was
   * nothing to abort. The bot calls `act` itself, with the update's key.
   */
  abort(chatId: bigint, gameId: string, how: { reason?: 'stopped' | 'bot-removed'; by?: PlayerId } = {}): Promise<GameRecord | null> {
    return this.acting.abort(chatId, gameId, how);
  }

  /**
   * Moves a lobby's closing time `ms` on (`/extend`), but never beyond `maxAheadMs` from now.
   * Guarded by the closing time read, so two extensions at once both count and an expiry racing
   * with it either wins (the lobby is gone) or finds the new time.
   */
  extendLobby(chatId: bigint, gameId: string, ms: number = this.lobbyTimes.extendMs): Promise<ExtendLobbyResult> {
    return this.lobbies.extend(chatId, gameId, ms);
  }

  /**
   * Closes a lobby whose time is up (its timer, `fireOverdue`, `recover`): the engine's `abort`
   * with reason `lobby-expired`, committed like any action, so its batch tells every listener (the
   * bot's notifier closes the lobby message, the dashboard's live channel sends `ended`). Only if
   * it is still a lobby past its closing time in the database: a lobby started meanwhile is refused
   * by the engine, one extended by the guard on the closing time, and of several processes only
   * one commits (the version). Returns the closed game, else null.
   */
  expireLobby(gameId: string): Promise<GameRecord | null> {
    return this.lobbies.expire(gameId);
  }

  /**
   * A group upgraded to a supergroup gets a new id (Telegram's `migrate_to_chat_id`): the chat's
   * record and its games move to the new id in one transaction, with the open game's `chatMoved`
   * (a new version, notified under the new id) and a chat notice (the dashboard's sockets follow
   * the group). Returns the open game, moved, if there is one.
   */
  migrateChat(fromId: bigint, toId: bigint): Promise<GameRecord | null> {
    return this.acting.migrateChat(fromId, toId);
  }

  /** Games in play in which `player` has a seat (for a player who comes back to the bot). */
  runningGamesOf(player: PlayerId): Promise<GameRecord[]> {
    return this.listings.runningGamesOf(player);
  }

  /** Every lobby and game in play, in every chat (start-up: the bot redraws what they show). */
  openGames(): Promise<GameRecord[]> {
    return this.listings.openGames();
  }

  /**
   * Games that ended (finished, or aborted: stopped, the bot removed, a lobby expired) in the last
   * `withinMs`: at start-up the bot sends an end whose messages it may have missed.
   */
  recentlyFinished(withinMs: number): Promise<GameRecord[]> {
    return this.listings.recentlyFinished(withinMs);
  }

  /** Every game in play, in every chat (start-up: AI seats resume their turns from these). */
  runningGames(): Promise<GameRecord[]> {
    return this.listings.runningGames();
  }

  /** Keeps a user's profile and reachability (private chat started, bot blocked) up to date. */
  updateUser(user: UserInfo, flags: { privateChatOk?: boolean; blockedBot?: boolean } = {}): Promise<void> {
    return this.users.update(user, flags);
  }

  /** The language a user chose with /lang in a private chat (null: follow Telegram's). */
  setUserLanguage(id: PlayerId, language: string | null): Promise<void> {
    return this.users.setLanguage(id, language);
  }

  user(id: PlayerId) {
    return this.users.get(id);
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
   * One housekeeping sweep now: processed-update keys past their retention pruned, event logs of
   * games ended a while ago compacted, and the embedded database vacuumed. `at`: the time to
   * judge ages by (default now).
   */
  maintain(at?: Date): Promise<SweepResult> {
    return this.maintenance.sweep(at);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.maintenance.stop();
    this.deadlines.clear();
    this.feed.close();
    await this.bus.close();
  }
}
