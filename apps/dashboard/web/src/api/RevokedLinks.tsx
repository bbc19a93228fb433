import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { LiveOptionsContext, useLiveOptions } from '../live/LiveContext';
import { apiPaths } from './client';
import { apiKey } from './queryClient';

/**
 * When a live channel closes with 4004 (an admin renewed the group's link), everything loaded
 * through that token is fetched again: the answers are now 404, so whichever page shows the group
 * (group, live tables) turns into its "not found" page, which says the link may have changed and
 * links to the index. The public index is refreshed too: it lists the group under its new token.
 */
export function RevokedLinks({ children }: { children: ReactNode }) {
  const outer = useLiveOptions();
  const queryClient = useQueryClient();
  const value = useMemo(
    () => ({
      ...outer,
      onRevoked: (token: string) => {
        outer.onRevoked?.(token);
        void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.group(token)) });
        void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.groups()) });
      },
    }),
    [outer, queryClient],
  );
  return <LiveOptionsContext.Provider value={value}>{children}</LiveOptionsContext.Provider>;
}
