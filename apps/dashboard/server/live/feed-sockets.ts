// The public channel's sockets: each gets its snapshot first (messages wait meanwhile), one that
// stops reading is dropped rather than buffered for, and one that stops answering pings is cut.
// The same rules as the group channel's hub (hub.ts), for a channel that is not per group.
import type { LiveSocket } from './hub';
import { heartbeat } from './heartbeat';

const OPEN = 1;

export interface FeedSocketsOptions {
  /** Default 1 MiB, as the hub's. */
  maxBufferedBytes?: number;
  /** Default 256, as the hub's. */
  maxQueued?: number;
}

export interface FeedWatcher {
  readonly socket: LiveSocket;
  ready: boolean;
  queue: string[];
  alive: boolean;
}

export class FeedSockets {
  private readonly watchers = new Set<FeedWatcher>();
  private readonly maxBufferedBytes: number;
  private readonly maxQueued: number;

  constructor(
    private readonly onDrop: (watcher: FeedWatcher) => void,
    options: FeedSocketsOptions = {},
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxQueued = options.maxQueued ?? 256;
  }

  get size(): number {
    return this.watchers.size;
  }

  add(socket: LiveSocket): FeedWatcher {
    const watcher: FeedWatcher = { socket, ready: false, queue: [], alive: true };
    this.watchers.add(watcher);
    return watcher;
  }

  has(watcher: FeedWatcher): boolean {
    return this.watchers.has(watcher);
  }

  /** Forgets a socket (it closed). True the first time. */
  remove(watcher: FeedWatcher): boolean {
    return this.watchers.delete(watcher);
  }

  /** The snapshot went out: whatever waited follows it. */
  ready(watcher: FeedWatcher, snapshot: string[]): void {
    if (!this.watchers.has(watcher)) return;
    for (const message of snapshot) this.write(watcher, message);
    watcher.ready = true;
    for (const message of watcher.queue.splice(0)) this.write(watcher, message);
  }

  send(watcher: FeedWatcher, message: string): void {
    if (!watcher.ready) {
      watcher.queue.push(message);
      if (watcher.queue.length > this.maxQueued) this.drop(watcher);
      return;
    }
    this.write(watcher, message);
  }

  broadcast(message: string): void {
    for (const watcher of [...this.watchers]) this.send(watcher, message);
  }

  /** A ping to each; one that did not answer the last is dropped (a vanished client sends no close). */
  heartbeat(): void {
    heartbeat(this.watchers, (watcher) => this.drop(watcher));
  }

  /** Closes a socket and forgets it; without a code it is cut at once. */
  drop(watcher: FeedWatcher, code?: number, reason?: string): void {
    if (this.remove(watcher)) this.onDrop(watcher);
    if (code === undefined) watcher.socket.terminate();
    else watcher.socket.close(code, reason);
  }

  closeAll(code: number, reason: string): void {
    for (const watcher of [...this.watchers]) this.drop(watcher, code, reason);
  }

  private write(watcher: FeedWatcher, message: string): void {
    const { socket } = watcher;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.drop(watcher); // its reconnect gets a fresh snapshot, which is all it needs
      return;
    }
    socket.send(message);
  }
}
