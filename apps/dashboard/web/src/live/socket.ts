import type { LiveClientMessage, LiveMessage } from '../../../shared/api';
import { apiPaths } from '../api/client';

/**
 * The part of the browser's WebSocket the live hook uses. Tests inject a fake with the same
 * shape; production uses `new WebSocket(url)`.
 */
export interface LiveSocket {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  /** A browser's CloseEvent carries `code`; 1005 or 1006 when the server sent none. */
  onclose: ((event: { code?: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

export type SocketFactory = (url: string) => LiveSocket;

export const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as LiveSocket;

/** The close code that means "the token no longer opens the group" (shared/api.ts). */
export const CLOSE_LINK_REVOKED = 4004;

/**
 * Whether a close ends watching for good: only 4004, as reconnecting with the same token can
 * never succeed. 1001 (restart), 1011 (snapshot failed) and a close without a code reconnect.
 */
export function closeIsFinal(event: { code?: number } | null | undefined): boolean {
  return event?.code === CLOSE_LINK_REVOKED;
}

/** ws(s)://<this host>/api/g/<token>/ws: the page's own origin, so the dev proxy and TLS apply. */
export function liveUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${apiPaths.ws(token)}`;
}

/** Parses one frame; anything that is not a known message is ignored rather than trusted. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as { type?: unknown; games?: unknown; game?: unknown };
  switch (m.type) {
    case 'snapshot':
      return Array.isArray(m.games) ? (value as LiveMessage) : null;
    case 'game':
    case 'ended':
      return typeof m.game === 'object' && m.game !== null ? (value as LiveMessage) : null;
    case 'spectators':
      return typeof (value as { watching?: unknown }).watching === 'number' ? (value as LiveMessage) : null;
    case 'pong':
    case 'error':
      return value as LiveMessage;
    default:
      return null;
  }
}

export const PING: string = JSON.stringify({ type: 'ping' } satisfies LiveClientMessage);
