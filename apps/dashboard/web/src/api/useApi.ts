import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, fetchJson } from './client';

export type ApiState<T> =
  | { status: 'loading' }
  | { status: 'ok'; data: T }
  | { status: 'error'; failure: ApiFailure };

/**
 * Loads one route of the contract. A new path (or `retry`) starts a new request and aborts the
 * one before, so a slow answer for a page already left never overwrites the current one.
 */
export function useApi<T>(path: string): ApiState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchJson<T>(path, controller.signal).then(
      (data) => setState({ status: 'ok', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure =
          error instanceof ApiFailure ? error : new ApiFailure('network', null, String(error));
        setState({ status: 'error', failure });
      },
    );
    return () => controller.abort();
  }, [path, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
