import { useEffect, useMemo, useReducer, useState } from 'react';
import type { PublicLive } from '../../../shared/api';
import { openConnection, type ConnectionStatus } from './connection';
import { initialPublicState, publicReducer, publicTables, type PublicEntry } from './publicState';
import { parsePublicMessage, publicLiveUrl } from './publicSocket';
import { browserSocket, type SocketFactory } from './socket';

export interface PublicLiveOptions {
  createSocket?: SocketFactory | undefined;
  url?: string | undefined;
  random?: (() => number) | undefined;
}

/**
 * The running games of publicly listed groups and the TV's choice, kept current by the public
 * channel: `initial` (GET /api/live) at once, then the socket's snapshot and changes.
 */
export function usePublicLive(
  initial: PublicLive | undefined,
  options: PublicLiveOptions = {},
): { featured: PublicEntry | null; others: PublicEntry[]; status: ConnectionStatus } {
  const [state, dispatch] = useReducer(publicReducer, initial, (answer) => initialPublicState(answer, Date.now()));
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const { createSocket = browserSocket, url, random } = options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one connection for the page's life (see the deps' comment)
  useEffect(
    () =>
      openConnection({
        url: url ?? publicLiveUrl(),
        createSocket,
        random,
        onStatus: setStatus,
        onFrame: (data) => {
          const message = parsePublicMessage(data);
          if (!message) return false;
          const receivedAt = Date.now();
          switch (message.type) {
            case 'snapshot':
              dispatch({ type: 'snapshot', games: message.games, featured: message.featured, receivedAt });
              return true;
            case 'game':
            case 'ended':
              dispatch({ type: message.type, game: message.game, receivedAt });
              return false;
            case 'featured':
              dispatch({ type: 'featured', featured: message.featured });
              return false;
            case 'spectators':
              dispatch({ type: 'spectators', counts: message.counts });
              return false;
            default:
              return false;
          }
        },
      }),
    // One connection for the page's life: the options come from a context that does not change.
    [],
  );

  const tables = useMemo(() => publicTables(state), [state]);
  return { ...tables, status };
}
