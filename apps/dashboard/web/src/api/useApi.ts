import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiFailure, fetchJson } from './client';
import { apiKey } from './queryClient';

export type ApiState<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; failure: ApiFailure };

const asFailure = (error: unknown): ApiFailure => (error instanceof ApiFailure ? error : new ApiFailure('network', null, String(error)));

/**
 * Loads one route of the contract through TanStack Query (cache, retries and invalidation are
 * its: queryClient.ts), in the pages' shape. Once a page has data, a failed background refetch
 * keeps it on screen, except a not-found: the link stopped working, and the page says so.
 * A retry after an error shows "loading" again, so the button visibly does something.
 */
export function useApi<T>(path: string): ApiState<T> & { retry: () => void } {
  const query = useQuery({
    queryKey: apiKey(path),
    queryFn: ({ signal }) => fetchJson<T>(path, signal),
  });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  if (query.status === 'error') {
    const failure = asFailure(query.error);
    if (query.data !== undefined && failure.kind !== 'not-found') return { status: 'ok', data: query.data, retry };
    if (query.data === undefined && query.isFetching) return { status: 'loading', retry };
    return { status: 'error', failure, retry };
  }
  if (query.status === 'pending') return { status: 'loading', retry };
  return { status: 'ok', data: query.data, retry };
}
