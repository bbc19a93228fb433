// The live channel's hub: one subscription to the game service per server, fanned out per chat
// to the sockets watching it. Each committed batch becomes one message, built and serialized
// once, then written to every socket of the game's chat. Every ending is a batch (a finished
// game, and the engine's abort: /stop, the bot removed, a lobby expired), so `ended` goes out
// as soon as it commits; a chat's changes outside its games (a rotated dashboard token, a
// migration to a supergroup) come as chat notices, in this process and from others alike.
import type { ChatChanged, CommittedBatch, GameService } from '@mia/game';
import type { Logger } from 'pino';
import { isRunning, toLiveGame } from '../mappers/live-game';
import { runningGames } from '../read/games';
import { currentTokens, groupByToken, type Group } from '../read/groups';
import { encode } from './messages';
import { heartbeat } from './heartbeat';

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
  /** How often (ms) sockets are pinged; one that has not answered the last ping is dropped. Default 30000. */
  heartbeatMs?: number;
  /** A socket with more than this many bytes waiting to be sent is dropped (default 1 MiB). */
  maxBufferedBytes?: number;
  /** Messages held for a socket while its snapshot loads, before it counts as too slow (default 256). */
  maxQueued?: number;
}

export interface Watcher {
  /** The chat watched; it changes when the group moves to a supergroup (its token goes with it). */
  chatKey: string;
  readonly token: string;
  readonly socket: LiveSocket;
  /** False until its snapshot went out: messages wait in `queue` so the snapshot comes first. */
  ready: boolean;
  queue: string[];
  /** Answered the last heartbeat ping. */
  alive: boolean;
}

interface Deps {
  games: Pick<GameService, 'subscribe' | 'subscribeChats' | 'reads'>;
  log: Logger;
  now: () => Date;
}

export class LiveHub {
  private readonly watchers = new Map<string, Set<Watcher>>();
  /**
   * Per watched chat, the highest version broadcast of each game. A batch committed by another
   * process is loaded after its notice, so two quick commits can both load the newer game: it is
   * sent once (the second would repeat it, or repeat `ended`).
   */
  private readonly broadcastVersions = new Map<string, Map<string, number>>();
  private readonly heartbeatMs: number;
  private readonly maxBufferedBytes: number;
  private readonly maxQueued: number;
  private unsubscribe: (() => void)[] | null = null;
  private readonly moveListeners = new Set<(watcher: Watcher, from: string) => void>();
  private timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(
    private readonly deps: Deps,
    options: LiveHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 30_000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxQueued = options.maxQueued ?? 256;
  }

  /** Subscribes to the game service (both origins: this process and, via LISTEN/NOTIFY, others). */
  start(): void {
    if (this.unsubscribe || this.closed) return;
    this.unsubscribe = [this.deps.games.subscribe((batch) => this.onBatch(batch)), this.deps.games.subscribeChats((changed) => this.onChatChanged(changed))];
    const timer = setInterval(() => this.heartbeat(), this.heartbeatMs);
    timer.unref();
    this.timers.push(timer);
  }

  /** Called when a watcher moved to its group's new chat id (a migration), with the old one. */
  onMove(listener: (watcher: Watcher, from: string) => void): () => void {
    this.moveListeners.add(listener);
    return () => this.moveListeners.delete(listener);
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
      // The token is read again once registered: a rotation (or a migration) that committed
      // since the upgrade looked it up, and whose notice came before this socket was registered,
      // is caught here; one after it, by its notice.
      const group = await groupByToken(this.deps.games.reads, watcher.token);
      if (!group) return this.revoke(watcher);
      if (group.id !== chatId) this.move(watcher, group.id.toString());
      const games = await runningGames(this.deps.games.reads, group.id);
      const now = this.deps.now();
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
    // A migration's batch may come before its chat notice: the watchers follow the game first.
    for (const { event } of batch.events) if (event.type === 'chatMoved') this.moveChat(event.from, event.to);
    const chatKey = batch.game.chatId.toString();
    const set = this.watchers.get(chatKey);
    if (!set || set.size === 0) return; // nobody watches this group: no work at all
    let versions = this.broadcastVersions.get(chatKey);
    if (!versions) this.broadcastVersions.set(chatKey, (versions = new Map()));
    if ((versions.get(batch.game.id) ?? -1) >= batch.game.version) return;
    versions.set(batch.game.id, batch.game.version);
    const game = toLiveGame(batch.game, this.deps.now());
    this.broadcast(chatKey, isRunning(batch.game.status) ? encode.game(game) : encode.ended(game));
  }

  private onChatChanged({ chatId, change }: ChatChanged): void {
    if (change.type === 'migrated') this.moveChat(chatId.toString(), change.to);
    else if (change.type === 'token-rotated') void this.closeRevoked(chatId);
  }

  /** A token rotated: the chat's sockets opened with any other token than its current one close. */
  private async closeRevoked(chatId: bigint): Promise<void> {
    const chatKey = chatId.toString();
    if (!this.watchers.has(chatKey)) return;
    try {
      const current = (await currentTokens(this.deps.games.reads, [chatId])).get(chatKey);
      for (const watcher of [...(this.watchers.get(chatKey) ?? [])]) if (watcher.token !== current) this.revoke(watcher);
    } catch (error) {
      // Without the check the sockets would stay open on a revoked link: they are closed instead.
      this.deps.log.warn({ err: error, chatId: chatKey }, 'dashboard: a rotated token could not be checked; closing its chat’s sockets');
      for (const watcher of [...(this.watchers.get(chatKey) ?? [])]) this.drop(watcher, CLOSE_CODES.goingAway, 'reconnect');
    }
  }

  private revoke(watcher: Watcher): void {
    this.drop(watcher, CLOSE_CODES.tokenRevoked, 'this dashboard link no longer works');
  }

  /** A group moved to a supergroup: its watchers (their token moved with it) follow it. */
  private moveChat(from: string, to: string): void {
    for (const watcher of [...(this.watchers.get(from) ?? [])]) this.move(watcher, to);
  }

  private move(watcher: Watcher, to: string): void {
    const from = watcher.chatKey;
    if (from === to) return;
    this.leave(watcher);
    watcher.chatKey = to;
    let set = this.watchers.get(to);
    if (!set) this.watchers.set(to, (set = new Set()));
    set.add(watcher);
    for (const listener of this.moveListeners) listener(watcher, from);
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

  /** Drops sockets that did not answer the last ping (a vanished client never sends a close). */
  private heartbeat(): void {
    for (const set of [...this.watchers.values()]) heartbeat(set, (watcher) => this.drop(watcher));
  }

  /** Stops listening and closes every socket (the server is shutting down). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const unsubscribe of this.unsubscribe ?? []) unsubscribe();
    this.unsubscribe = null;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const set of [...this.watchers.values()]) {
      for (const watcher of [...set]) this.drop(watcher, CLOSE_CODES.goingAway, 'the dashboard is restarting');
    }
  }
}
