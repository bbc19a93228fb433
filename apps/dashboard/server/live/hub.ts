// The live channel's hub: one subscription to the game service per server, fanned out per chat
// to the sockets watching it. Each committed batch becomes one message, built and serialized
// once, then written to every socket of the game's chat.
import type { CommittedBatch, GameService } from '@mia/game';
import type { Logger } from 'pino';
import { isRunning, toLiveGame, type LiveSource } from '../mappers/live-game';
import { gamesOutOfPlay, runningGames } from '../read/games';
import { currentTokens, type Group } from '../read/groups';
import { encode } from './messages';

/** What the hub needs of a WebSocket (ws's WebSocket has it; tests pass fakes). */
export interface LiveSocket {
  readonly readyState: number;
  /** Bytes queued for sending: a client that does not read lets this grow. */
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

const OPEN = 1;

/** Close codes the SPA may act on (besides the standard ones). */
export const CLOSE_CODES = {
  /** The token is no longer the group's (rotated by an admin): reconnecting will not help. */
  tokenRevoked: 4004,
  /** The server is shutting down: reconnect later. */
  goingAway: 1001,
  /** The snapshot could not be loaded. */
  internalError: 1011,
} as const;

export interface LiveHubOptions {
  /**
   * How often (ms) the hub checks what no batch tells: games aborted (/stop, a lobby closed
   * unstarted) and tokens rotated while sockets are open. Default 5000.
   */
  sweepMs?: number;
  /** How often (ms) sockets are pinged; one that has not answered the last ping is dropped. Default 30000. */
  heartbeatMs?: number;
  /** A socket with more than this many bytes waiting to be sent is dropped (default 1 MiB). */
  maxBufferedBytes?: number;
  /** Messages held for a socket while its snapshot loads, before it counts as too slow (default 256). */
  maxQueued?: number;
}

export interface Watcher {
  readonly chatKey: string;
  readonly token: string;
  readonly socket: LiveSocket;
  /** False until its snapshot went out: messages wait in `queue` so the snapshot comes first. */
  ready: boolean;
  queue: string[];
  /** Answered the last heartbeat ping. */
  alive: boolean;
}

interface Deps {
  games: Pick<GameService, 'subscribe' | 'prisma'>;
  log: Logger;
  now: () => Date;
}

export class LiveHub {
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** Per watched chat, the games last seen running: checked by the sweep for aborts. */
  private readonly running = new Map<string, Set<string>>();
  /**
   * Per watched chat, the highest version broadcast of each game. A batch committed by another
   * process is loaded after its notice, so two quick commits can both load the newer game: it is
   * sent once (the second would repeat it, or repeat `ended`).
   */
  private readonly broadcastVersions = new Map<string, Map<string, number>>();
  private readonly sweepMs: number;
  private readonly heartbeatMs: number;
  private readonly maxBufferedBytes: number;
  private readonly maxQueued: number;
  private unsubscribe: (() => void) | null = null;
  private timers: NodeJS.Timeout[] = [];
  private sweeping = false;
  private closed = false;

  constructor(
    private readonly deps: Deps,
    options: LiveHubOptions = {},
  ) {
    this.sweepMs = options.sweepMs ?? 5000;
    this.heartbeatMs = options.heartbeatMs ?? 30_000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxQueued = options.maxQueued ?? 256;
  }

  /** Subscribes to the game service (both origins: this process and, via LISTEN/NOTIFY, others). */
  start(): void {
    if (this.unsubscribe || this.closed) return;
    this.unsubscribe = this.deps.games.subscribe((batch) => this.onBatch(batch));
    const every = (ms: number, run: () => void) => {
      const timer = setInterval(run, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.sweepMs, () => void this.sweep());
    every(this.heartbeatMs, () => this.heartbeat());
  }

  /** Sockets watching, over all chats. */
  get size(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  /**
   * A socket starts watching a group: registered at once (so no batch committed meanwhile is
   * missed), then sent the snapshot of the running games, then whatever arrived while it loaded.
   * Duplicates are harmless: a client keeps the highest version of each game.
   */
  join(socket: LiveSocket, group: Group): Watcher {
    const watcher: Watcher = { chatKey: group.id.toString(), token: group.token, socket, ready: false, queue: [], alive: true };
    let set = this.watchers.get(watcher.chatKey);
    if (!set) this.watchers.set(watcher.chatKey, (set = new Set()));
    set.add(watcher);
    void this.sendSnapshot(watcher, group.id);
    return watcher;
  }

  private async sendSnapshot(watcher: Watcher, chatId: bigint): Promise<void> {
    try {
      const games = await runningGames(this.deps.games.prisma, chatId);
      const now = this.deps.now();
      for (const g of games) this.track(watcher.chatKey, g.id, true);
      this.write(watcher, encode.snapshot(games.map((g) => toLiveGame(g, now))));
      watcher.ready = true;
      for (const message of watcher.queue.splice(0)) this.write(watcher, message);
    } catch (error) {
      this.deps.log.error({ err: error, chatId: watcher.chatKey }, 'dashboard: live snapshot failed');
      this.write(watcher, encode.error('the running games could not be loaded: reconnect'));
      this.drop(watcher, CLOSE_CODES.internalError, 'snapshot failed');
    }
  }

  leave(watcher: Watcher): void {
    const set = this.watchers.get(watcher.chatKey);
    if (!set) return;
    set.delete(watcher);
    if (set.size === 0) {
      this.watchers.delete(watcher.chatKey);
      this.running.delete(watcher.chatKey);
      this.broadcastVersions.delete(watcher.chatKey);
    }
  }

  /** Sends to one socket (its own pong or error), after its snapshot like everything else. */
  send(watcher: Watcher, message: string): void {
    this.deliver(watcher, message);
  }

  pong(watcher: Watcher): void {
    watcher.alive = true;
  }

  private onBatch(batch: CommittedBatch): void {
    const chatKey = batch.game.chatId.toString();
    const set = this.watchers.get(chatKey);
    if (!set || set.size === 0) return; // nobody watches this group: no work at all
    let versions = this.broadcastVersions.get(chatKey);
    if (!versions) this.broadcastVersions.set(chatKey, (versions = new Map()));
    if ((versions.get(batch.game.id) ?? -1) >= batch.game.version) return;
    versions.set(batch.game.id, batch.game.version);
    const running = isRunning(batch.game.status);
    this.track(chatKey, batch.game.id, running);
    const game = toLiveGame(batch.game, this.deps.now());
    this.broadcast(chatKey, running ? encode.game(game) : encode.ended(game));
  }

  private broadcast(chatKey: string, message: string): void {
    for (const watcher of [...(this.watchers.get(chatKey) ?? [])]) this.deliver(watcher, message);
  }

  private deliver(watcher: Watcher, message: string): void {
    if (!watcher.ready) {
      watcher.queue.push(message);
      if (watcher.queue.length > this.maxQueued) this.drop(watcher);
      return;
    }
    this.write(watcher, message);
  }

  private write(watcher: Watcher, message: string): void {
    const { socket } = watcher;
    if (socket.readyState !== OPEN) return;
    // A client that stopped reading would have the server hold every message for it. Dropped
    // instead: its reconnect gets a fresh snapshot, which is all it needs.
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.deps.log.info({ chatId: watcher.chatKey, buffered: socket.bufferedAmount }, 'dashboard: slow live client dropped');
      this.drop(watcher);
      return;
    }
    socket.send(message);
  }

  /** Closes a socket and forgets it. Without a code it is cut at once (a close frame would queue behind its backlog). */
  private drop(watcher: Watcher, code?: number, reason?: string): void {
    this.leave(watcher);
    if (code === undefined) watcher.socket.terminate();
    else watcher.socket.close(code, reason);
  }

  private track(chatKey: string, gameId: string, running: boolean): void {
    let ids = this.running.get(chatKey);
    if (running) {
      if (!this.watchers.has(chatKey)) return; // its last watcher left meanwhile
      if (!ids) this.running.set(chatKey, (ids = new Set()));
      ids.add(gameId);
    } else {
      ids?.delete(gameId);
    }
  }

  /**
   * What batches do not tell: a game aborted (no engine event: it is sent as `ended` from here)
   * and a token rotated by an admin (its sockets are closed with CLOSE_CODES.tokenRevoked).
   */
  async sweep(): Promise<void> {
    if (this.sweeping || this.closed || this.watchers.size === 0) return;
    this.sweeping = true;
    try {
      const prisma = this.deps.games.prisma;
      const chatKeys = [...this.watchers.keys()];
      const tokens = await currentTokens(prisma, chatKeys.map((k) => BigInt(k)));
      for (const chatKey of chatKeys) {
        const current = tokens.get(chatKey);
        for (const watcher of [...(this.watchers.get(chatKey) ?? [])]) {
          if (watcher.token !== current) this.drop(watcher, CLOSE_CODES.tokenRevoked, 'this dashboard link no longer works');
        }
      }
      const tracked = [...this.running.values()].flatMap((ids) => [...ids]);
      const ended = await gamesOutOfPlay(prisma, tracked);
      const now = this.deps.now();
      for (const game of ended) this.announceEnded(game, now);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'dashboard: live sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  private announceEnded(game: LiveSource & { chatId: bigint }, now: Date): void {
    const chatKey = game.chatId.toString();
    if (!this.running.get(chatKey)?.has(game.id)) return; // a batch told it meanwhile
    this.track(chatKey, game.id, false);
    this.broadcast(chatKey, encode.ended(toLiveGame(game, now)));
  }

  /** Drops sockets that did not answer the last ping (a vanished client never sends a close). */
  private heartbeat(): void {
    for (const set of [...this.watchers.values()]) {
      for (const watcher of [...set]) {
        if (!watcher.alive) {
          this.drop(watcher);
          continue;
        }
        watcher.alive = false;
        try {
          watcher.socket.ping();
        } catch {
          this.drop(watcher);
        }
      }
    }
  }

  /** Stops listening and closes every socket (the server is shutting down). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const set of [...this.watchers.values()]) {
      for (const watcher of [...set]) this.drop(watcher, CLOSE_CODES.goingAway, 'the dashboard is restarting');
    }
  }
}
