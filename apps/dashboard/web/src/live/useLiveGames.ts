import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { LiveGame } from '../../../shared/api';
import { initialLiveState, liveReducer, visibleGames, type LiveEntry } from './liveState';
import { reconnectDelay } from './reconnect';
import { browserSocket, closeIsFinal, liveUrl, parseLiveMessage, PING, type LiveSocket, type SocketFactory } from './socket';

/** `revoked`: the server closed with 4004 (the link was renewed); nothing reconnects. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'revoked';

export interface LiveOptions {
  /** Games already fetched over HTTP: shown until the socket's first snapshot. */
  initial?: LiveGame[];
  createSocket?: SocketFactory;
  /** Builds the socket's address; defaults to this page's origin. */
  url?: (token: string) => string;
  random?: () => number;
  /** A game left play (finished or aborted): the page may reload what depends on finished games. */
  onEnded?: (game: LiveGame) => void;
  /** The token no longer opens the group (close code 4004): the page should say the link is gone. */
  onRevoked?: (token: string) => void;
}

/** Keep-alive: a ping every 25 s keeps proxies from closing an idle socket... */
export const PING_INTERVAL_MS = 25_000;
/** ...and a socket silent for this long (not even a pong) is taken for dead and replaced. */
export const SILENCE_LIMIT_MS = 60_000;

/**
 * The group's running games, kept current by the live channel. On a lost connection it
 * reconnects with backoff (reconnect.ts); the snapshot every connection starts with replaces
 * the state, so nothing missed while away lingers. The failure count resets only on a snapshot:
 * a server that accepts and at once drops us still backs off. A close with 4004 (the link was
 * renewed) stops it for good.
 */
export function useLiveGames(token: string, options: LiveOptions = {}): { games: LiveEntry[]; status: ConnectionStatus } {
  const { initial } = options;
  const [state, dispatch] = useReducer(liveReducer, initial, (games) => initialLiveState(games, Date.now()));
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  // Read through a ref: callers may pass new functions on every render, and that must not
  // tear down a healthy connection. Only a new token reconnects.
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    const { createSocket = browserSocket, url = liveUrl, random } = optionsRef.current;
    let socket: LiveSocket | null = null;
    let failures = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let lastHeard = Date.now();
    let stopped = false;

    const scheduleReconnect = () => {
      if (stopped || retryTimer !== undefined) return;
      setStatus('reconnecting');
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        connect();
      }, reconnectDelay(failures, random));
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
        s = createSocket(url(token));
      } catch {
        scheduleReconnect(); // e.g. a browser that refuses sockets for now
        return;
      }
      socket = s;
      lastHeard = Date.now();
      s.onopen = () => {
        lastHeard = Date.now();
        setStatus('open');
      };
      s.onmessage = (event) => {
        lastHeard = Date.now();
        const message = parseLiveMessage(event.data);
        if (!message) return;
        const receivedAt = Date.now();
        if (message.type === 'snapshot') {
          failures = 0;
          setStatus('open');
          dispatch({ type: 'snapshot', games: message.games, receivedAt });
        } else if (message.type === 'game' || message.type === 'ended') {
          dispatch({ type: message.type, game: message.game, receivedAt });
          if (message.type === 'ended') optionsRef.current.onEnded?.(message.game);
        }
      };
      // A failed connection fires `error` then `close`; reconnecting on `close` alone is enough,
      // and scheduleReconnect ignores a second call while a retry is pending.
      s.onclose = (event) => {
        if (socket === s) socket = null;
        drop(s);
        if (closeIsFinal(event)) {
          // The same token can never open the group again: stop (no retry, no ping, no 'online').
          stopped = true;
          clearTimeout(retryTimer);
          clearInterval(pingTimer);
          setStatus('revoked');
          optionsRef.current.onRevoked?.(token);
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

    setStatus('connecting');
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      window.removeEventListener('online', onOnline);
      if (socket) drop(socket);
      socket = null;
    };
  }, [token]);

  const games = useMemo(() => visibleGames(state), [state]);
  return { games, status };
}
