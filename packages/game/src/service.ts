import { randomUUID } from 'node:crypto';
import { apply, type Action, type GameState, type PlayerId, type Rejection } from '@mia/engine';
import { isDatabaseUnavailable, type Database } from '@mia/db';
import pino, { type Logger } from 'pino';
import { ChatDirectory, newDashboardToken } from './chats';
import { LocalBus, PgNotifyBus, type Committed, type EventBus } from './bus';
import { toUserId } from './ids';
import { project } from './projection';
import {
  advanceGame,
  appendEvents,
  findCurrentGame,
  findGame,
  json,
  readEvents,
  writeRows,
  type GameRecord,
  type StoredEvent,
  type Tx,
} from './repository';
import { cryptoRng, rngFor, type DiceSource } from './rng';
import { DeadlineTimers, type DueLobby, type DueTurn } from './timers';

export interface UserInfo {
  id: PlayerId;
  name: string;
  username?: string | null;
  languageCode?: string | null;
  isAi?: boolean;
}

export interface ChatInfo {
  title?: string | null;
  type?: string;
}

export interface ActRequest {
  chatId: bigint;
  action: Action;
  /** The game the caller means (from a button): refused when the chat's current game differs. */
  gameId?: string;
  /** A Telegram update id or another idempotency key: the same key is applied once. */
  key?: string;
  /** Who is acting, kept fresh in the users table; required to create a game (its creator). */
  user?: UserInfo;
  /** The chat, recorded when a game is created in it. */
  chat?: ChatInfo;
  /** Forum topic the game lives in. */
  threadId?: number;
  /**
   * Actions that follow from the new state, applied in the same transaction (so one commit, one
   * batch of events, one round of messages): e.g. believe, then roll. Return undefined to stop.
   */
  followUp?: (state: GameState) => Action | undefined;
  /**
   * The chat's game as the caller has just read it (the bot reads it to check a button): tried
   * first instead of reading it again. The commit's version check makes that safe; any refusal
   * is decided on a fresh read.
   */
  current?: GameRecord;
}

export type ServiceRejectionCode = Rejection['code'] | 'other-game' | 'busy';
export interface ServiceRejection {
  code: ServiceRejectionCode;
  message: string;
}

export type ActResult =
  | { status: 'applied'; game: GameRecord; events: StoredEvent[] }
  | { status: 'rejected'; rejection: ServiceRejection; game: GameRecord | null }
  | { status: 'duplicate'; game: GameRecord | null };

/** Events that were committed, here (`local`) or by another process (`remote`). */
export interface CommittedBatch {
  game: GameRecord;
  events: StoredEvent[];
  origin: 'local' | 'remote';
}

/**
 * How long a lobby waits for its start: it closes (the game is aborted) `openMs` after it was
 * opened, unless started; `/extend` moves the closing time on by `extendMs`, never further than
 * `maxAheadMs` from now. A lobby nobody starts would otherwise hold the chat forever (one game a
 * chat).
 */
export interface LobbyTimes {
  openMs: number;
  extendMs: number;
  maxAheadMs: number;
}

export const LOBBY_TIMES: Readonly<LobbyTimes> = Object.freeze({
  openMs: 10 * 60_000,
  extendMs: 5 * 60_000,
  maxAheadMs: 30 * 60_000,
});

/** `extendLobby`'s answer: the new closing time, or why there is none. */
export type ExtendLobbyResult =
  | { ok: true; deadlineAt: Date; remainingMs: number }
  /** `no-lobby`: no such game in the chat, or it has started or ended. */
  | { ok: false; reason: 'no-lobby' }
  /** `at-limit`: it already stays open as long as allowed (`maxAheadMs` from now). */
  | { ok: false; reason: 'at-limit'; deadlineAt: Date; remainingMs: number };

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
 * An action's transaction may wait this long for one of the pool's connections, and run this long.
 * Under load, actions queue for the connections: Prisma's default 2 s wait failed them (the press
 * then got no answer at all) once a hundred groups played at once.
 */
const ACT_TRANSACTION = { maxWait: 30_000, timeout: 30_000 } as const;

class Conflict extends Error {}
class Duplicate extends Error {}

/**
 * The application service and the only writer of games: load, apply the engine, and in one
 * transaction append the events, write the normalized rows and bump the version; then tell
 * listeners and arm the next deadline. The bot, the demo, AI seats and benchmarks all play
 * through `act`.
 */
export class GameService {
  readonly db: Database;
  readonly log: Logger;
  /** Per-chat settings, language and dashboard link. */
  readonly chats: ChatDirectory;
  /** How long lobbies stay open, and by how much `/extend` prolongs them. */
  readonly lobbyTimes: Readonly<LobbyTimes>;
  private readonly rng: DiceSource;
  private readonly now: () => Date;
  private readonly bus: EventBus;
  private readonly timers: DeadlineTimers | null;
  private readonly maxRetries: number;
  private readonly listeners = new Set<(batch: CommittedBatch) => void>();
  private readonly expiryListeners = new Set<(game: GameRecord) => void>();
  private readonly unsubscribeBus: () => void;
  /** Per game, the remote notice being loaded: the next one waits for it (see `queueRemote`). */
  private readonly remote = new Map<string, Promise<void>>();
  /** Deadlines waiting to be tried again (see `retryLater`). */
  private readonly retries = new Set<NodeJS.Timeout>();
  /**
   * The profile (name, username, language code) this process last wrote per user: an action by
   * the same person with the same profile skips the upsert (a round trip on every action).
   */
  private readonly profiles = new Map<string, string>();
  private closed = false;

  constructor(options: GameServiceOptions) {
    this.db = options.db;
    this.chats = new ChatDirectory(options.db);
    this.log = options.log ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
    this.rng = options.rng ?? cryptoRng;
    this.now = options.now ?? (() => new Date());
    this.bus =
      options.bus ?? (options.db.kind === 'postgres' ? new PgNotifyBus(options.db.connectionString, this.log) : new LocalBus());
    this.maxRetries = options.maxRetries ?? 8;
    this.lobbyTimes = Object.freeze({ ...LOBBY_TIMES, ...options.lobby });
    this.timers =
      options.timers === false
        ? null
        : new DeadlineTimers(
            (due) => void this.fireDeadline(due),
            this.now,
            (due) => void this.fireLobbyDeadline(due),
          );
    this.unsubscribeBus = this.bus.subscribe((notice) => this.queueRemote(notice));
  }

  get prisma() {
    return this.db.prisma;
  }

  /**
   * Listen to lobbies closed for want of a start (see `LobbyTimes`): called with the game, now
   * ABORTED, in the one process that closed it. An expiry is no engine event (like `/stop`, it
   * ends the game without a result), so it does not come through `subscribe`.
   */
  onLobbyExpired(listener: (game: GameRecord) => void): () => void {
    this.expiryListeners.add(listener);
    return () => this.expiryListeners.delete(listener);
  }

  /** Listen to every committed batch, local or from other processes. */
  subscribe(listener: (batch: CommittedBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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

  async act(request: ActRequest): Promise<ActResult> {
    const { chatId, action, key } = request;
    if (this.closed) return rejected('busy', 'the service is shutting down', null);
    if (action.type === 'create' && !request.user) throw new Error('creating a game needs the creator as `user`');
    let hint = request.current?.chatId === chatId && action.type !== 'create' ? request.current : undefined;
    for (let attempt = 0; attempt <= this.maxRetries; attempt++) {
      const hinted = hint !== undefined;
      const current = hint ?? (await this.currentGame(chatId));
      hint = undefined;
      // A refusal is decided on a fresh read (the caller's copy may be old), and only then is the
      // key looked up: checked after the state was read, a racing writer with the same key that
      // committed in between is seen as a duplicate, not refused by the state it left. An action
      // that applies needs no lookup: the claim in its transaction catches a duplicate.
      const refuse = async (refusal: ActResult): Promise<ActResult | null> => {
        if (hinted) return null;
        if (key && (await this.prisma.processedUpdate.findUnique({ where: { key }, select: { key: true } }))) {
          return { status: 'duplicate', game: await this.currentGame(chatId) };
        }
        return refusal;
      };
      if (request.gameId !== undefined && current?.id !== request.gameId) {
        const answer = await refuse(rejected('other-game', 'that game is no longer running', current));
        if (!answer) {
          attempt--;
          continue;
        }
        return answer;
      }
      const rng = rngFor(this.rng, chatId, current?.version ?? 0);
      let result = apply(action.type === 'create' ? null : (current?.state ?? null), action, rng);
      if (action.type === 'create' && current) {
        return (await refuse(rejected('game-exists', 'this chat already has a game', current)))!;
      }
      if (!result.ok) {
        const answer = await refuse({ status: 'rejected', rejection: result.rejection, game: current });
        if (!answer) {
          attempt--;
          continue;
        }
        return answer;
      }
      for (let next = request.followUp?.(result.state), n = 0; next && n < 4; next = request.followUp?.(result.state), n++) {
        const more = apply(result.state, next, rng);
        if (!more.ok) break; // a follow-up is a convenience: the action itself stands
        result = { ok: true, state: more.state, events: [...result.events, ...more.events] };
      }

      const now = this.now();
      const gameId = current?.id ?? randomUUID();
      const before: GameState | null = current?.state ?? null;
      const version = current?.version ?? 0;
      const moved = before === null || result.state.move !== before.move;
      const turnSeconds = result.state.settings.turnSeconds;
      // In play: the turn's deadline. In the lobby: its closing time, set when it opens and
      // moved only by `extendLobby` (so joins and leaves do not write it: see below).
      const inLobby = result.state.phase === 'lobby';
      const deadlineAt = inLobby
        ? action.type === 'create'
          ? new Date(now.getTime() + this.lobbyTimes.openMs)
          : (current?.deadlineAt ?? null)
        : result.state.phase === 'playing' && turnSeconds !== null
          ? moved
            ? new Date(now.getTime() + turnSeconds * 1000)
            : (current?.deadlineAt ?? null)
          : null;
      const turnStartedAt = result.state.phase === 'playing' ? (moved ? now : (current?.turnStartedAt ?? now)) : null;
      const { rows, game: patch } = project({
        gameId,
        before,
        events: result.events,
        firstSeq: version + 1,
        now,
        turnStartedAt: current?.turnStartedAt ?? null,
      });
      const status = patch.status ?? current?.status ?? 'LOBBY';
      const record: GameRecord = {
        id: gameId,
        chatId,
        threadId: current?.threadId ?? request.threadId ?? null,
        status,
        version: version + result.events.length,
        state: result.state,
        deadlineAt,
        turnStartedAt,
      };
      const notice: Committed = {
        gameId,
        chatId: chatId.toString(),
        fromSeq: version + 1,
        toSeq: record.version,
        origin: this.bus.origin,
      };

      try {
        await this.prisma.$transaction(async (tx) => {
          const newProfile = request.user && this.profiles.get(request.user.id) !== profileKey(request.user);
          if (action.type === 'create') {
            if (key) {
              const claimed = await tx.processedUpdate.createMany({ data: [{ key, gameId }], skipDuplicates: true });
              if (claimed.count === 0) throw new Duplicate();
            }
            await upsertUser(tx, request.user!);
            await tx.chat.upsert({
              where: { id: chatId },
              create: {
                id: chatId,
                type: request.chat?.type ?? 'group',
                title: request.chat?.title ?? null,
                dashboardToken: newDashboardToken(),
              },
              update: request.chat?.title ? { title: request.chat.title } : {},
            });
            const claim = await tx.chat.updateMany({
              where: { id: chatId, currentGameId: null },
              data: { currentGameId: gameId },
            });
            if (claim.count === 0) throw new Conflict();
            await tx.game.create({
              data: {
                id: gameId,
                chatId,
                threadId: record.threadId,
                status,
                settings: json(result.state.settings),
                state: json(result.state),
                version: record.version,
                createdById: toUserId(action.creator),
                deadlineAt,
                turnStartedAt,
              },
            });
            await appendEvents(tx, gameId, version + 1, result.events, now);
          } else {
            // Only a game still open: one aborted (/stop, an expired lobby) since it was read
            // keeps its version, and must not be brought back by this action. The key's claim,
            // the game and its events in one statement.
            const written = await advanceGame(tx, {
              gameId,
              version,
              record,
              // A lobby's closing time is left as it is: an /extend that committed since it was
              // read must not be undone by a join.
              deadlineAt: inLobby ? 'keep' : deadlineAt,
              ...(patch.startedAt ? { startedAt: patch.startedAt } : {}),
              ...(patch.finishedAt ? { finishedAt: patch.finishedAt } : {}),
              ...(patch.winnerId !== undefined ? { winnerId: patch.winnerId } : {}),
              ...(key ? { key } : {}),
              events: result.events,
              now,
            });
            if (!written.claimed) throw new Duplicate();
            if (!written.updated) throw new Conflict();
            if (newProfile) await upsertUser(tx, request.user!);
          }
          await writeRows(tx, gameId, rows);
          if (status === 'FINISHED') {
            await tx.chat.updateMany({ where: { id: chatId, currentGameId: gameId }, data: { currentGameId: null } });
          }
          await this.bus.publish(tx, notice);
        }, ACT_TRANSACTION);
      } catch (error) {
        if (error instanceof Duplicate) return { status: 'duplicate', game: await this.currentGame(chatId) };
        if (error instanceof Conflict || isWriteConflict(error)) {
          this.log.debug({ gameId, attempt }, 'act: another writer committed first; retrying');
          continue;
        }
        throw error;
      }

      if (request.user) this.rememberProfile(request.user);
      const events = result.events.map((event, i) => ({ seq: version + 1 + i, event, createdAt: now }));
      this.log.info(
        { chatId: chatId.toString(), gameId, action: action.type, version: record.version },
        'game: action applied',
      );
      this.timers?.arm(record);
      this.emit({ game: record, events, origin: 'local' });
      return { status: 'applied', game: record, events };
    }
    return rejected('busy', 'the game is busy; try again', await this.currentGame(chatId));
  }

  /**
   * Ends a chat's game without a result (`/stop`, or the bot removed from the group): recorded as
   * ABORTED with its log kept, and the chat is free for a new game.
   */
  async abort(chatId: bigint, gameId: string): Promise<GameRecord | null> {
    const game = await findGame(this.prisma, gameId);
    if (!game || game.chatId !== chatId || (game.status !== 'LOBBY' && game.status !== 'PLAYING')) return null;
    await this.prisma.$transaction([
      this.prisma.game.updateMany({
        where: { id: gameId, status: { in: ['LOBBY', 'PLAYING'] } },
        data: { status: 'ABORTED', finishedAt: this.now(), deadlineAt: null },
      }),
      this.prisma.chat.updateMany({ where: { id: chatId, currentGameId: gameId }, data: { currentGameId: null } }),
    ]);
    this.timers?.disarm(gameId);
    this.log.info({ chatId: chatId.toString(), gameId }, 'game: aborted');
    return { ...game, status: 'ABORTED', deadlineAt: null };
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
      // A lobby whose time is up but not yet closed (its timer is on its way) is given time from now.
      const base = Math.max(game.deadlineAt?.getTime() ?? now, now);
      const next = Math.min(base + ms, now + this.lobbyTimes.maxAheadMs);
      // At the cap, a few milliseconds more (the time since the last extension) is no extension.
      if (next - base < Math.min(ms, 60_000)) {
        return { ok: false, reason: 'at-limit', deadlineAt: new Date(base), remainingMs: base - now };
      }
      const deadlineAt = new Date(next);
      const updated = await this.prisma.game.updateMany({
        where: { id: gameId, status: 'LOBBY', deadlineAt: game.deadlineAt },
        data: { deadlineAt },
      });
      if (updated.count === 0) continue; // extended, started or closed meanwhile: read again
      this.timers?.arm({ ...game, deadlineAt });
      this.log.info({ chatId: chatId.toString(), gameId, deadlineAt }, 'game: lobby extended');
      return { ok: true, deadlineAt, remainingMs: next - now };
    }
    return { ok: false, reason: 'no-lobby' };
  }

  /**
   * Closes a lobby whose time is up (its timer, `fireOverdue`, `recover`): the game is ABORTED as
   * by `/stop` and the chat is free. Only if it is still a lobby past its closing time in the
   * database, so a lobby started or extended meanwhile stays, and of several processes only one
   * closes it and tells its listeners. Returns the closed game, else null.
   */
  async expireLobby(gameId: string): Promise<GameRecord | null> {
    if (this.closed) return null;
    const game = await findGame(this.prisma, gameId);
    if (!game || game.status !== 'LOBBY' || !game.deadlineAt) return null;
    const now = this.now();
    if (game.deadlineAt > now) {
      this.timers?.arm(game); // extended since this timer was armed (maybe by another process)
      return null;
    }
    const closed = await this.prisma.$transaction(async (tx) => {
      const updated = await tx.game.updateMany({
        where: { id: gameId, status: 'LOBBY', deadlineAt: { lte: now } },
        data: { status: 'ABORTED', finishedAt: now, deadlineAt: null },
      });
      if (updated.count === 0) return false;
      await tx.chat.updateMany({ where: { id: game.chatId, currentGameId: gameId }, data: { currentGameId: null } });
      return true;
    });
    if (!closed) return null;
    this.timers?.disarm(gameId);
    this.log.info({ chatId: game.chatId.toString(), gameId }, 'game: lobby closed, not started in time');
    const record: GameRecord = { ...game, status: 'ABORTED', deadlineAt: null };
    for (const l of this.expiryListeners) {
      try {
        l(record);
      } catch (error) {
        this.log.error({ err: error }, 'game: a lobby expiry listener failed');
      }
    }
    return record;
  }

  /**
   * A group upgraded to a supergroup gets a new id (Telegram's `migrate_to_chat_id`): the chat's
   * record and its games move to the new id, so the game in play follows the group.
   */
  async migrateChat(fromId: bigint, toId: bigint): Promise<GameRecord | null> {
    const old = await this.prisma.chat.findUnique({ where: { id: fromId } });
    if (!old || old.migratedTo === toId) return old?.currentGameId ? findGame(this.prisma, old.currentGameId) : null;
    await this.prisma.$transaction(async (tx) => {
      // The dashboard link moves with the group: the old record gives up its token first.
      await tx.chat.update({
        where: { id: fromId },
        data: { migratedTo: toId, currentGameId: null, dashboardToken: `${old.dashboardToken}.migrated` },
      });
      await tx.chat.upsert({
        where: { id: toId },
        create: {
          id: toId,
          type: 'supergroup',
          title: old.title,
          language: old.language,
          settings: old.settings ?? {},
          dashboardToken: old.dashboardToken,
          listedPublicly: old.listedPublicly,
          playMode: old.playMode,
          currentGameId: old.currentGameId,
        },
        update: { currentGameId: old.currentGameId },
      });
      await tx.game.updateMany({ where: { chatId: fromId }, data: { chatId: toId } });
    });
    this.log.info({ from: fromId.toString(), to: toId.toString() }, 'game: chat migrated to a supergroup');
    return old.currentGameId ? findGame(this.prisma, old.currentGameId) : null;
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
    const games = await Promise.all(seats.map((s) => findGame(this.prisma, s.gameId)));
    return games.filter((g): g is GameRecord => g !== null);
  }

  /** Every lobby and game in play, in every chat (start-up: the bot redraws what they show). */
  async openGames(): Promise<GameRecord[]> {
    const rows = await this.prisma.game.findMany({ where: { status: { in: ['LOBBY', 'PLAYING'] } }, select: { id: true } });
    const games = await Promise.all(rows.map((r) => findGame(this.prisma, r.id)));
    return games.filter((g): g is GameRecord => g !== null);
  }

  /** Games finished in the last `withinMs` (start-up: the bot sends an end it may have missed). */
  async recentlyFinished(withinMs: number): Promise<GameRecord[]> {
    const since = new Date(this.now().getTime() - withinMs);
    const rows = await this.prisma.game.findMany({ where: { status: 'FINISHED', finishedAt: { gte: since } }, select: { id: true } });
    const games = await Promise.all(rows.map((r) => findGame(this.prisma, r.id)));
    return games.filter((g): g is GameRecord => g !== null);
  }

  /** Every game in play, in every chat (start-up: AI seats resume their turns from these). */
  async runningGames(): Promise<GameRecord[]> {
    const rows = await this.prisma.game.findMany({ where: { status: 'PLAYING' }, select: { id: true } });
    const games = await Promise.all(rows.map((r) => findGame(this.prisma, r.id)));
    return games.filter((g): g is GameRecord => g !== null);
  }

  private rememberProfile(user: UserInfo): void {
    this.profiles.delete(user.id); // re-inserted last: the oldest entries go first
    this.profiles.set(user.id, profileKey(user));
    if (this.profiles.size > 100_000) this.profiles.delete(this.profiles.keys().next().value!);
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
    this.profiles.delete(user.id);
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
   * past its closing time closes), the rest are armed. Returns how many games are running (in
   * play: lobbies are not counted) and how many of them were overdue.
   */
  async recover(): Promise<{ running: number; overdue: number }> {
    const games = await this.prisma.game.findMany({
      where: { status: { in: ['LOBBY', 'PLAYING'] } },
      select: { id: true, status: true },
    });
    let running = 0;
    let overdue = 0;
    let lobbies = 0;
    for (const { id } of games) {
      const game = await findGame(this.prisma, id);
      if (!game) continue;
      if (game.status === 'PLAYING') {
        running++;
        if (game.deadlineAt && game.deadlineAt <= this.now()) overdue++;
      } else lobbies++;
      this.timers?.arm(game);
    }
    this.log.info({ running, overdue, lobbies }, 'game: recovered running games');
    return { running, overdue };
  }

  /**
   * Fires every deadline already past (recovery and tests; the timers do it in normal running):
   * turns time out, lobbies close. Returns how many fired.
   */
  async fireOverdue(): Promise<number> {
    const due = await this.prisma.game.findMany({
      where: { status: { in: ['LOBBY', 'PLAYING'] }, deadlineAt: { lte: this.now() } },
      select: { id: true, status: true },
    });
    let fired = 0;
    for (const { id, status } of due) {
      if (status === 'LOBBY') {
        if (await this.expireLobby(id)) fired++;
        continue;
      }
      const game = await findGame(this.prisma, id);
      const round = game?.state.round;
      if (!game || !round) continue;
      // Listed as overdue, but read again since: another writer may have moved the game on to a
      // turn whose deadline is still ahead, and that turn must not be timed out.
      if (game.status !== 'PLAYING' || !game.deadlineAt || game.deadlineAt > this.now()) continue;
      const result = await this.fireDeadline({ gameId: id, chatId: game.chatId, player: round.actor, move: game.state.move });
      if (result?.status === 'applied') fired++;
    }
    return fired;
  }

  private async fireLobbyDeadline(due: DueLobby, attempt = 0): Promise<void> {
    try {
      await this.expireLobby(due.gameId);
    } catch (error) {
      this.log.error({ err: error, gameId: due.gameId, attempt }, 'game: lobby could not be closed; retrying');
      this.retryLater(attempt, error, () => this.fireLobbyDeadline(due, attempt + 1));
    }
  }

  private async fireDeadline(due: DueTurn, attempt = 0): Promise<ActResult | null> {
    if (this.closed) return null;
    try {
      const result = await this.act({
        chatId: due.chatId,
        gameId: due.gameId,
        action: { type: 'timeout', player: due.player, move: due.move },
        key: `timeout:${due.gameId}:${due.move}`,
      });
      if (result.status === 'applied') this.log.info({ gameId: due.gameId, player: due.player }, 'game: turn timed out');
      return result;
    } catch (error) {
      this.log.error({ err: error, gameId: due.gameId, attempt }, 'game: deadline could not be applied; retrying');
      this.retryLater(attempt, error, () => this.fireDeadline(due, attempt + 1));
      return null;
    }
  }

  /**
   * A deadline that fell due while the database was down must still fire: it is tried again with
   * backoff (up to 5 s apart) for as long as the database stays unreachable, and a few times on
   * other errors. Its action is guarded by the move, so a retry after someone acted changes nothing.
   */
  private retryLater(attempt: number, error: unknown, again: () => Promise<unknown>): void {
    if (this.closed || (!isDatabaseUnavailable(error) && attempt >= 5)) return;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      void again();
    }, Math.min(5000, 250 * 2 ** Math.min(attempt, 5)));
    timer.unref();
    this.retries.add(timer);
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
      this.timers?.arm(game);
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

  async close(): Promise<void> {
    this.closed = true;
    this.timers?.clear();
    for (const t of this.retries) clearTimeout(t);
    this.retries.clear();
    this.unsubscribeBus();
    await this.bus.close();
  }
}

function rejected(code: ServiceRejectionCode, message: string, game: GameRecord | null): ActResult {
  return { status: 'rejected', rejection: { code, message }, game };
}

/** What `upsertUser` writes for a user, as a comparable string (fields left undefined are not written). */
function profileKey(user: UserInfo): string {
  return JSON.stringify([user.name, user.username, user.languageCode, user.isAi ?? false]);
}

async function upsertUser(tx: Tx, user: UserInfo): Promise<void> {
  const data = {
    firstName: user.name,
    ...(user.username !== undefined ? { username: user.username } : {}),
    ...(user.languageCode !== undefined ? { languageCode: user.languageCode } : {}),
  };
  await tx.user.upsert({
    where: { id: toUserId(user.id) },
    create: { id: toUserId(user.id), isAi: user.isAi ?? false, ...data },
    update: data,
  });
}

/** Unique violations and serialization failures from a racing writer: retry against the new state. */
function isWriteConflict(error: unknown): boolean {
  // Raw statements report the database's own code under `meta`.
  const code = (error as { meta?: { code?: string } })?.meta?.code ?? (error as { code?: string })?.code;
  return code === 'P2002' || code === 'P2034' || code === '40001' || code === '23505';
}
