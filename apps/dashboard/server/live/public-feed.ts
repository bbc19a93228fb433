// The public feed: the running games of publicly listed groups, for the index's previews and its
// TV (GET /api/live and the channel /api/live/ws). It holds them in memory, kept current by the
// game service's batches (this process's and, through LISTEN/NOTIFY, others'), so a crowd on the
// index costs no query per visitor. What no batch tells (a group listed or unlisted, a token
// renewed, a title changed) is read again every `reconcileMs` while anyone watches, and before
// answering when the last reading is older: a group unlisted leaves the feed within that time.
import type { CommittedBatch, GameService } from '@mia/game';
import type { Logger } from 'pino';
import type { LiveGame, PublicLive, PublicLiveGame, SpectatorCounts } from '../../shared/api';
import { isRunning, toLiveGame } from '../mappers/live-game';
import { gamesById, publicChats, runningGamesOf, type PublicChat } from '../read/public-live';
import { Activity } from './activity';
import { chooseFeatured, FEATURE_RULES, type Featured, type FeatureRules } from './featured';
import { FeedSockets, type FeedSocketsOptions, type FeedWatcher } from './feed-sockets';
import { CLOSE_CODES, type LiveSocket } from './hub';
import { encodePublic } from './public-messages';
import type { Spectators } from './spectators';

export interface PublicFeedOptions extends FeedSocketsOptions {
  /** How often (ms) the listed groups are read again while sockets are open (default 5000). */
  reconcileMs?: number;
  /** How often (ms) the TV's choice is reconsidered while sockets are open (default 1000). */
  featureTickMs?: number;
  /** Pings, as the hub's (default 30000). */
  heartbeatMs?: number;
  /** The activity window (default 3 minutes). */
  activityWindowMs?: number;
  rules?: FeatureRules;
}

interface Deps {
  games: Pick<GameService, 'subscribe' | 'reads'>;
  log: Logger;
  now: () => Date;
  spectators: Spectators;
}

interface Entry {
  chatKey: string;
  /** When it was first seen (ms): the order of the previews. */
  since: number;
  game: LiveGame;
  /** When it left play (ms); null while it runs. */
  endedAt: number | null;
}

const sameChat = (a: PublicChat | undefined, b: PublicChat | undefined) => a?.token === b?.token && a?.title === b?.title;

export class PublicFeed {
  private chats = new Map<string, PublicChat>();
  private entries = new Map<string, Entry>();
  private featured: Featured = { id: null, since: 0 };
  private readonly activity: Activity;
  private readonly sockets: FeedSockets;
  private readonly reconcileMs: number;
  private readonly featureTickMs: number;
  private readonly heartbeatMs: number;
  private readonly rules: FeatureRules;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;
  private stops: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly deps: Deps,
    options: PublicFeedOptions = {},
  ) {
    this.reconcileMs = options.reconcileMs ?? 5000;
    this.featureTickMs = options.featureTickMs ?? 1000;
    this.heartbeatMs = options.heartbeatMs ?? 30_000;
    this.rules = options.rules ?? FEATURE_RULES;
    this.activity = new Activity(options.activityWindowMs);
    this.sockets = new FeedSockets(() => deps.spectators.leaveFeed(), options);
  }

  start(): void {
    if (this.stops.length > 0 || this.closed) return;
    this.stops.push(this.deps.games.subscribe((batch) => this.onBatch(batch)));
    this.stops.push(this.deps.spectators.onChange((chats) => this.onCounts(chats)));
    const every = (ms: number, run: () => void) => {
      const timer = setInterval(run, ms);
      timer.unref();
      this.stops.push(() => clearInterval(timer));
    };
    every(this.reconcileMs, () => {
      if (this.sockets.size > 0) void this.refresh().catch((error: unknown) => this.deps.log.warn({ err: error }, 'dashboard: public feed refresh failed'));
    });
    every(this.featureTickMs, () => {
      if (this.sockets.size > 0) this.rechoose();
    });
    every(this.heartbeatMs, () => this.sockets.heartbeat());
  }

  /** GET /api/live's answer. */
  async current(): Promise<PublicLive> {
    await this.fresh();
    this.rechoose();
    return { games: this.list(), featured: this.featured.id, spectators: this.counts() };
  }

  /** Sockets on the public channel. */
  get size(): number {
    return this.sockets.size;
  }

  join(socket: LiveSocket): FeedWatcher {
    const watcher = this.sockets.add(socket);
    this.deps.spectators.joinFeed();
    void this.sendSnapshot(watcher);
    return watcher;
  }

  leave(watcher: FeedWatcher): void {
    if (this.sockets.remove(watcher)) this.deps.spectators.leaveFeed();
  }

  /** Its own pong or error, after its snapshot. */
  send(watcher: FeedWatcher, message: string): void {
    this.sockets.send(watcher, message);
  }

  pong(watcher: FeedWatcher): void {
    watcher.alive = true;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const stop of this.stops.splice(0)) stop();
    this.sockets.closeAll(CLOSE_CODES.goingAway, 'the dashboard is restarting');
  }

  private async sendSnapshot(watcher: FeedWatcher): Promise<void> {
    try {
      await this.fresh();
      this.rechoose();
      this.sockets.ready(watcher, [encodePublic.snapshot(this.list(), this.featured.id), encodePublic.spectators(this.counts())]);
    } catch (error) {
      this.deps.log.error({ err: error }, 'dashboard: public live snapshot failed');
      this.sockets.ready(watcher, [encodePublic.error('the running games could not be loaded: reconnect')]);
      this.sockets.drop(watcher, CLOSE_CODES.internalError, 'snapshot failed');
    }
  }

  /** Reads the listed groups again if the last reading is older than `reconcileMs`. */
  private async fresh(): Promise<void> {
    if (this.deps.now().getTime() - this.loadedAt < this.reconcileMs) return;
    await this.refresh();
  }

  /** One reading at a time: callers meanwhile share it. */
  private refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const reads = this.deps.games.reads;
    const chats = await publicChats(reads);
    const running = await runningGamesOf(
      reads,
      [...chats.keys()].map((k) => BigInt(k)),
    );
    const runningIds = new Set(running.map((g) => g.id));
    // Games we showed running that no longer are, and no batch told (a batch missed while the
    // database connection was down): their final state, so the TV shows how they ended.
    const vanished = [...this.entries].filter(([id, e]) => e.endedAt === null && !runningIds.has(id)).map(([id]) => id);
    const finals = (await gamesById(reads, vanished)).filter((g) => !isRunning(g.status));
    const now = this.deps.now();
    const at = now.getTime();

    const next = new Map<string, Entry>();
    for (const g of running) {
      const chatKey = g.chatId.toString();
      const held = this.entries.get(g.id);
      const game = held && held.game.version >= g.version ? held.game : toLiveGame(g, now);
      next.set(g.id, { chatKey, since: held?.since ?? g.createdAt.getTime(), game, endedAt: held?.endedAt ?? null });
    }
    for (const g of finals) {
      const chatKey = g.chatId.toString();
      if (chats.has(chatKey)) next.set(g.id, { chatKey, since: this.entries.get(g.id)?.since ?? at, game: toLiveGame(g, now), endedAt: at });
    }
    // Games that ended lately stay while the TV may still hold them.
    for (const [id, e] of this.entries) {
      if (!next.has(id) && e.endedAt !== null && at - e.endedAt < this.rules.endedHoldMs && chats.has(e.chatKey)) next.set(id, e);
    }

    const changed =
      next.size !== this.entries.size ||
      [...next].some(([id, e]) => {
        const held = this.entries.get(id);
        return !held || held.game.version !== e.game.version || held.endedAt !== e.endedAt || !sameChat(this.chats.get(e.chatKey), chats.get(e.chatKey));
      });
    this.chats = chats;
    this.entries = next;
    this.loadedAt = at;
    if (changed && this.sockets.size > 0) {
      this.rechoose();
      this.sockets.broadcast(encodePublic.snapshot(this.list(), this.featured.id));
      this.sockets.broadcast(encodePublic.spectators(this.counts()));
    }
  }

  private onBatch(batch: CommittedBatch): void {
    const now = this.deps.now();
    const at = now.getTime();
    const { game: record } = batch;
    this.activity.record(record.id, Math.max(1, batch.events.length), at);
    const chatKey = record.chatId.toString();
    if (!this.chats.has(chatKey)) return; // not listed publicly (as of the last reading)
    const held = this.entries.get(record.id);
    if (held && held.game.version >= record.version) return; // a late copy of what was sent
    const running = isRunning(record.status);
    const entry: Entry = { chatKey, since: held?.since ?? at, game: toLiveGame(record, now), endedAt: running ? null : (held?.endedAt ?? at) };
    this.entries.set(record.id, entry);
    const message = this.publicGame(entry);
    if (message) this.sockets.broadcast(running ? encodePublic.game(message) : encodePublic.ended(message));
    this.rechoose();
  }

  /** The TV's choice, again: on every batch, every tick while watched, and before answering. */
  private rechoose(): void {
    const at = this.deps.now().getTime();
    const candidates = [...this.entries].map(([id, e]) => ({
      id,
      playing: e.game.status === 'PLAYING',
      events: this.activity.events(id, at),
      spectators: this.deps.spectators.groupSockets(e.chatKey),
      endedAt: e.endedAt,
    }));
    const next = chooseFeatured(candidates, this.featured, at, this.rules);
    const moved = next.id !== this.featured.id;
    this.featured = next;
    // Ended games go once no TV holds them any more; a new snapshot takes them off the previews.
    let dropped = false;
    for (const [id, e] of this.entries) {
      if (e.endedAt !== null && at - e.endedAt >= this.rules.endedHoldMs && id !== next.id) {
        this.entries.delete(id);
        this.activity.forget(id);
        dropped = true;
      }
    }
    if (moved) {
      this.deps.spectators.feature(next.id === null ? null : (this.entries.get(next.id)?.chatKey ?? null));
      this.sockets.broadcast(encodePublic.featured(next.id));
    }
    if (dropped && this.sockets.size > 0) {
      this.sockets.broadcast(encodePublic.snapshot(this.list(), this.featured.id));
      this.sockets.broadcast(encodePublic.spectators(this.counts()));
    }
  }

  private onCounts(chats: ReadonlySet<string>): void {
    if (this.sockets.size === 0) return;
    if ([...this.entries.values()].some((e) => chats.has(e.chatKey))) this.sockets.broadcast(encodePublic.spectators(this.counts()));
  }

  private counts(): SpectatorCounts {
    return [...this.entries].map(([id, e]) => ({ game: id, watching: this.deps.spectators.watching(e.chatKey) }));
  }

  private publicGame(entry: Entry): PublicLiveGame | null {
    const chat = this.chats.get(entry.chatKey);
    return chat ? { group: { token: chat.token, title: chat.title }, game: entry.game } : null;
  }

  /** Games in play first, then lobbies, then those that just ended; each kind oldest first. */
  private list(): PublicLiveGame[] {
    const rank = (e: Entry) => (e.endedAt !== null ? 2 : e.game.status === 'PLAYING' ? 0 : 1);
    return [...this.entries.values()]
      .sort((a, b) => rank(a) - rank(b) || a.since - b.since || (a.game.id < b.game.id ? -1 : 1))
      .map((e) => this.publicGame(e))
      .filter((g): g is PublicLiveGame => g !== null);
  }
}
