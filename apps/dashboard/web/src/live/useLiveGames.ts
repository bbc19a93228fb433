import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { LiveGame } from '../../../shared/api';
import { openConnection, type ConnectionStatus } from './connection';
import { initialLiveState, liveReducer, visibleGames, type LiveEntry } from './liveState';
import { browserSocket, closeIsFinal, liveUrl, parseLiveMessage, type SocketFactory } from './socket';

export { PING_INTERVAL_MS, SILENCE_LIMIT_MS, type ConnectionStatus } from './connection';

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

/**
 * The group's running games, kept current by the live channel (connection.ts keeps the socket
 * open); the snapshot every connection starts with replaces the state, so nothing missed while
 * away lingers. A close with 4004 (the link was renewed) stops it for good.
 */
export function useLiveGames(token: string, options: LiveOptions = {}): { games: LiveEntry[]; status: ConnectionStatus; watching: number | null } {
  const { initial } = options;
  const [state, dispatch] = useReducer(liveReducer, initial, (games) => initialLiveState(games, Date.now()));
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  // Read through a ref: callers may pass new functions on every render, and that must not
  // tear down a healthy connection. Only a new token reconnects.
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    const { createSocket = browserSocket, url = liveUrl, random } = optionsRef.current;
    return openConnection({
      url: url(token),
      createSocket,
      random,
      onStatus: setStatus,
      isFinal: closeIsFinal,
      onFinal: () => optionsRef.current.onRevoked?.(token),
      onFrame: (data) => {
        const message = parseLiveMessage(data);
        if (!message) return false;
        const receivedAt = Date.now();
        switch (message.type) {
          case 'snapshot':
            dispatch({ type: 'snapshot', games: message.games, receivedAt });
            return true;
          case 'game':
          case 'ended':
            dispatch({ type: message.type, game: message.game, receivedAt });
            if (message.type === 'ended') optionsRef.current.onEnded?.(message.game);
            return false;
          case 'spectators':
            dispatch({ type: 'spectators', watching: message.watching });
            return false;
          default:
            return false;
        }
      },
    });
  }, [token]);

  const games = useMemo(() => visibleGames(state), [state]);
  return { games, status, watching: state.watching };
}
