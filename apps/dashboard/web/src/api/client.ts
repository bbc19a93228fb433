import type { ApiError } from '../../../shared/api';

/**
 * Why a request failed, as the pages tell it: a bad or rotated link (404, and 400 for a malformed
 * token or id: to a visitor both are "this link leads nowhere"), too many requests, a server
 * error, or no answer at all. Only the last three are worth a retry.
 */
export type FailureKind = 'not-found' | 'rate-limited' | 'server' | 'network';

export class ApiFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export function failureOf(status: number, body: Partial<ApiError> | null): ApiFailure {
  const message = body?.message ?? `HTTP ${status}`;
  if (status === 404 || status === 400) return new ApiFailure('not-found', status, message);
  if (status === 429) return new ApiFailure('rate-limited', status, message);
  return new ApiFailure('server', status, message);
}

/** GET a route of the contract (shared/api.ts) and parse its JSON. */
export async function fetchJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...(signal ? { signal } : {}), headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiFailure('network', null, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiError> | null;
    throw failureOf(response.status, body);
  }
  try {
    return (await response.json()) as T;
  } catch (error) {
    // A proxy's HTML error page or a cut-off body: the same remedy as a lost connection.
    if (signal?.aborted) throw error;
    throw new ApiFailure('network', response.status, 'the answer was not JSON');
  }
}

const seg = encodeURIComponent;

/** The contract's routes; ids and tokens are escaped because they come from the address bar. */
export const apiPaths = {
  groups: () => '/api/groups',
  odds: () => '/api/odds',
  group: (token: string) => `/api/g/${seg(token)}`,
  live: (token: string) => `/api/g/${seg(token)}/live`,
  replay: (token: string, gameId: string) => `/api/g/${seg(token)}/games/${seg(gameId)}`,
  player: (token: string, userId: string) => `/api/g/${seg(token)}/players/${seg(userId)}`,
  /** A page of the person's finished games: add ?offset=&limit=. */
  playerGames: (token: string, userId: string) => `/api/g/${seg(token)}/players/${seg(userId)}/games`,
  groupStats: (token: string) => `/api/g/${seg(token)}/stats`,
  ws: (token: string) => `/api/g/${seg(token)}/ws`,
  /** The running games of publicly listed groups, and their channel. */
  publicLive: () => '/api/live',
  publicLiveWs: () => '/api/live/ws',
};

/** The SPA's own addresses, so every link is built in one place. */
export const pagePaths = {
  home: () => '/',
  odds: () => '/odds',
  group: (token: string) => `/g/${seg(token)}`,
  live: (token: string) => `/g/${seg(token)}/live`,
  replay: (token: string, gameId: string) => `/g/${seg(token)}/games/${seg(gameId)}`,
  player: (token: string, userId: string) => `/g/${seg(token)}/players/${seg(userId)}`,
};
