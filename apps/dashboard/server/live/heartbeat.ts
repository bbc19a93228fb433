// The keep-alive both live channels run (a group's and the public feed): ws has no heartbeat of
// its own, and a vanished client (a phone gone out of range) never sends a close.

export interface Pinged {
  /** Answered the last ping (set again by the socket's `pong`). */
  alive: boolean;
  readonly socket: { ping(): void };
}

/** One beat: a socket that did not answer the last ping is dropped; every other is pinged. */
export function heartbeat<W extends Pinged>(watchers: Iterable<W>, drop: (watcher: W) => void): void {
  for (const watcher of [...watchers]) {
    if (!watcher.alive) {
      drop(watcher);
      continue;
    }
    watcher.alive = false;
    try {
      watcher.socket.ping();
    } catch {
      drop(watcher);
    }
  }
}
