import { reconnectDelay } from './reconnect';
import { PING, type LiveSocket, type SocketFactory } from './socket';

/** `revoked`: the server closed for good (a group's link was renewed); nothing reconnects. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'revoked';

/** Keep-alive: a ping every 25 s keeps proxies from closing an idle socket... */
export const PING_INTERVAL_MS = 25_000;
/** ...and a socket silent for this long (not even a pong) is taken for dead and replaced. */
export const SILENCE_LIMIT_MS = 60_000;

export interface ConnectionOptions {
  url: string;
  createSocket: SocketFactory;
  random?: (() => number) | undefined;
  /** A frame arrived; true when it was a snapshot (the connection is then up and its backoff resets). */
  onFrame(data: unknown): boolean;
  onStatus(status: ConnectionStatus): void;
  /** Whether a close ends watching for good (no reconnect); then `onFinal` is called. */
  isFinal?(event: { code?: number }): boolean;
  onFinal?(): void;
}

/**
 * One live channel's socket, kept open: on a lost connection it reconnects with backoff
 * (reconnect.ts), pings to stay alive, replaces a socket gone silent, and tries at once when the
 * browser is back online. The failure count resets only on a snapshot: a server that accepts and
 * at once drops us still backs off. Returns the function that closes it for good.
 */
export function openConnection(options: ConnectionOptions): () => void {
  const { url, createSocket, random } = options;
  let socket: LiveSocket | null = null;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastHeard = Date.now();
  let stopped = false;

  const scheduleReconnect = () => {
    if (stopped || retryTimer !== undefined) return;
    options.onStatus('reconnecting');
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        connect();
      },
      reconnectDelay(failures, random),
    );
    failures += 1;
  };

  const drop = (s: LiveSocket) => {
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
    try {
      s.close();
    } catch {
      // already closed
    }
  };

  function connect() {
    if (stopped) return;
    let s: LiveSocket;
    try {
      s = createSocket(url);
    } catch {
      scheduleReconnect(); // e.g. a browser that refuses sockets for now
      return;
    }
    socket = s;
    lastHeard = Date.now();
    s.onopen = () => {
      lastHeard = Date.now();
      options.onStatus('open');
    };
    s.onmessage = (event) => {
      lastHeard = Date.now();
      if (options.onFrame(event.data)) {
        failures = 0;
        options.onStatus('open');
      }
    };
    // A failed connection fires `error` then `close`; reconnecting on `close` alone is enough,
    // and scheduleReconnect ignores a second call while a retry is pending.
    s.onclose = (event) => {
      if (socket === s) socket = null;
      drop(s);
      if (options.isFinal?.(event)) {
        // Reconnecting can never succeed: stop (no retry, no ping, no 'online').
        stop();
        options.onStatus('revoked');
        options.onFinal?.();
        return;
      }
      scheduleReconnect();
    };
    s.onerror = () => undefined;
  }

  const pingTimer = setInterval(() => {
    if (!socket) return;
    if (Date.now() - lastHeard > SILENCE_LIMIT_MS) {
      const dead = socket;
      socket = null;
      drop(dead);
      scheduleReconnect();
      return;
    }
    try {
      socket.send(PING);
    } catch {
      // not open yet: the next tick tries again
    }
  }, PING_INTERVAL_MS);

  // Back online after a network loss: try at once rather than wait out the backoff.
  const onOnline = () => {
    if (socket || stopped) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    connect();
  };
  window.addEventListener('online', onOnline);

  function stop() {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    window.removeEventListener('online', onOnline);
    if (socket) drop(socket);
    socket = null;
  }

  options.onStatus('connecting');
  connect();
  return stop;
}
