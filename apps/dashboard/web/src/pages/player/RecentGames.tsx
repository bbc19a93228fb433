import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecentGames as RecentGamesPage } from '../../../../shared/api';
import { apiPaths, fetchJson, pagePaths } from '../../api/client';
import { apiKey } from '../../api/queryClient';
import { dateTime } from '../../labels/format';

/**
 * Their finished games, newest first: the player page brings the first page, "More games" asks
 * the games route for the next ones (TanStack Query's infinite query, under the page's key so a
 * game's end invalidates it with the rest of the group).
 */
export function RecentGames({ token, userId, first }: { token: string; userId: string; first: RecentGamesPage }) {
  const { t, i18n } = useTranslation();
  const path = apiPaths.playerGames(token, userId);
  const query = useInfiniteQuery({
    queryKey: [...apiKey(path), 'pages'],
    queryFn: ({ pageParam, signal }) => fetchJson<RecentGamesPage>(`${path}?offset=${pageParam}&limit=${first.limit}`, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.games.length : undefined),
    initialData: { pages: [first], pageParams: [0] },
    // The player page's answer is as fresh as this first page: no second request for it.
    staleTime: Infinity,
  });
  const games = query.data.pages.flatMap((p) => p.games);
  if (games.length === 0) return <p className="empty">{t('player.noGames')}</p>;
  return (
    <>
      <ul className="card-list">
        {games.map((g) => (
          <li key={g.gameId} className="card">
            <p className="meta">
              <time dateTime={g.finishedAt}>{dateTime(g.finishedAt, i18n.language)}</time>
            </p>
            <p>
              {g.won ? (
                <>
                  <span aria-hidden="true">🏆 </span>
                  {t('player.won')}
                </>
              ) : g.place !== null ? (
                t('player.place', { place: g.place, of: g.players })
              ) : (
                t('player.players', { count: g.players })
              )}
            </p>
            <p>
              <Link to={pagePaths.replay(token, g.gameId)}>
                {t('group.replay')}
                <span className="visually-hidden"> — {dateTime(g.finishedAt, i18n.language)}</span>
              </Link>
            </p>
          </li>
        ))}
      </ul>
      <p className="meta" role="status">
        {t('player.shown', { count: games.length, total: first.total })}
      </p>
      {query.hasNextPage && (
        <button type="button" className="more" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? t('common.loading') : t('player.moreGames')}
        </button>
      )}
      {query.isFetchNextPageError && <p className="empty">{t('error.network')}</p>}
    </>
  );
}
