import type { PublicLiveMessage } from '../../../shared/api';
import { apiPaths } from '../api/client';

/** ws(s)://<this host>/api/live/ws: the page's own origin, so the dev proxy and TLS apply. */
export function publicLiveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${apiPaths.publicLiveWs()}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Parses one frame of the public channel; anything that is not a known message is ignored. */
export function parsePublicMessage(data: unknown): PublicLiveMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  const ok = (() => {
    switch (value.type) {
      case 'snapshot':
        return Array.isArray(value.games) && 'featured' in value;
      case 'game':
      case 'ended':
        return isObject(value.game) && isObject(value.game.game) && isObject(value.game.group);
      case 'featured':
        return 'featured' in value;
      case 'spectators':
        return Array.isArray(value.counts);
      case 'pong':
      case 'error':
        return true;
      default:
        return false;
    }
  })();
  return ok ? (value as PublicLiveMessage) : null;
}
