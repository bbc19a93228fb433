import { createContext, useContext } from 'react';
import type { LiveOptions } from './useLiveGames';

/**
 * How pages open live sockets: the browser's WebSocket in the app, a fake in tests (provided
 * once around the rendered page instead of threaded through every component).
 */
export const LiveOptionsContext = createContext<Omit<LiveOptions, 'initial'>>({});

export function useLiveOptions(): Omit<LiveOptions, 'initial'> {
  return useContext(LiveOptionsContext);
}
