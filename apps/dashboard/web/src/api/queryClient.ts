import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiFailure } from './client';

/** Automatic attempts after the first failure of a request that may pass (then "Try again"). */
export const MAX_RETRIES = 2;

/**
 * Retry only what may pass by itself: no answer, a server error, a rate limit. A not-found (a
 * bad or rotated link) stays not found, and anything that is not an ApiFailure (a cancelled
 * request, a bug) is not worth repeating.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiFailure) || error.kind === 'not-found') return false;
  return failureCount < MAX_RETRIES;
}

/** 1 s, then 2 s, ... at most 8 s; a rate limit waits at least 5 s (its window is a minute). */
export function retryDelay(attempt: number, error: unknown): number {
  const backoff = Math.min(8_000, 1_000 * 2 ** attempt);
  return error instanceof ApiFailure && error.kind === 'rate-limited' ? Math.max(5_000, backoff) : backoff;
}

/**
 * The dashboard's query defaults. Live state comes over the live channel, and what a game's end
 * changes is invalidated when the channel reports it (GroupPage), so answers stay fresh for a
 * while and nothing refetches on window focus: a tab switch must not send a burst of requests.
 * networkMode 'always': with the browser offline a page says "connection failed" and offers a
 * retry instead of waiting silently; refetchOnReconnect tries again once it is back.
 */
export const QUERY_DEFAULTS: NonNullable<DefaultOptions['queries']> = {
  retry: shouldRetry,
  retryDelay,
  staleTime: 30_000,
  gcTime: 5 * 60_000,
  refetchOnWindowFocus: false,
  refetchOnReconnect: true,
  networkMode: 'always',
};

export function createQueryClient(overrides: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS, ...overrides } } });
}

/**
 * A route's cache key: its path's segments, so a group's key (['api', 'g', token]) is a prefix
 * of the keys of everything seen through its token (live list, replays, player pages), and one
 * invalidation reaches them all.
 */
export function apiKey(path: string): string[] {
  return path.split('/').filter(Boolean);
}
