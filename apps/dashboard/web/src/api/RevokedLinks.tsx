import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { LiveOptionsContext, useLiveOptions } from '../live/LiveContext';
import { apiPaths } from './client';
import { apiKey } from './queryClient';

const RevokedTokens = createContext<ReadonlySet<string>>(new Set());

/**
 * When a live channel closes with 4004 (an admin renewed the group's link), everything loaded
 * through that token is fetched again: the answers are now 404, so whichever page shows the group
 * (group, live tables) turns into its "not found" page, which, knowing why, says the link no
 * longer works and links to the index. The public index is refreshed too: it lists the group
 * under its new token.
 */
export function RevokedLinks({ children }: { children: ReactNode }) {
  const outer = useLiveOptions();
  const queryClient = useQueryClient();
  const [revoked, setRevoked] = useState<ReadonlySet<string>>(() => new Set());
  const value = useMemo(
    () => ({
      ...outer,
      onRevoked: (token: string) => {
        outer.onRevoked?.(token);
        setRevoked((before) => new Set(before).add(token));
        void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.group(token)) });
        void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.groups()) });
      },
    }),
    [outer, queryClient],
  );
  return (
    <RevokedTokens.Provider value={revoked}>
      <LiveOptionsContext.Provider value={value}>{children}</LiveOptionsContext.Provider>
    </RevokedTokens.Provider>
  );
}

/** Whether the live channel said, while this page was open, that `token` no longer opens its group. */
export function useLinkRevoked(token: string | undefined): boolean {
  const revoked = useContext(RevokedTokens);
  return token !== undefined && revoked.has(token);
}
