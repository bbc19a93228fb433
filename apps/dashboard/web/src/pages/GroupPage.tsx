import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { GroupPage as GroupPageData } from '../../../shared/api';
import { apiPaths, pagePaths } from '../api/client';
import { apiKey } from '../api/queryClient';
import { useApi } from '../api/useApi';
import { LiveTables } from '../components/live/LiveTables';
import { ApiView } from '../components/PageState';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { rulesSummary } from '../labels/rules';
import { GameList } from './group/GameList';
import { ComputerLadder, Leaderboard } from './group/Leaderboard';
import { LazyGroupStats } from './group/LazyGroupStats';

/** `/g/:token`: the group's live tables first, then its leaderboard and finished games. */
export function GroupPage() {
  const { token = '' } = useParams();
  const page = useApi<GroupPageData>(apiPaths.group(token));
  return <ApiView state={page}>{(data) => <GroupContent token={token} data={data} />}</ApiView>;
}

function GroupContent({ token, data }: { token: string; data: GroupPageData }) {
  const { t } = useTranslation();
  const title = data.group.title ?? t('group.untitled');
  useDocumentTitle(title);
  // A game that ends on this page changes the leaderboard and the finished games: the group's
  // query (and, by prefix, its players' pages) is invalidated, so this page fetches again while
  // the live tables (and their socket) stay as they are.
  const queryClient = useQueryClient();
  const refreshHistory = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: apiKey(apiPaths.group(token)) });
  }, [queryClient, token]);
  return (
    <>
      <h1>{title}</h1>
      <p className="meta">
        {data.group.listedPublicly ? t('group.listed') : t('group.unlisted')}
        {' · '}
        <Link to={pagePaths.odds()}>{t('group.oddsLink')}</Link>
      </p>
      <p className="rules">
        <span className="rules-label">{t('group.rules')}:</span> {rulesSummary(t, data.settings).join(' · ')}
      </p>
      <section aria-labelledby="live-title">
        <div className="section-head">
          <h2 id="live-title">{t('live.title')}</h2>
          <Link to={pagePaths.live(token)}>{t('group.liveOnly')}</Link>
        </div>
        <LiveTables key={token} token={token} initial={data.live} level={3} onEnded={refreshHistory} />
      </section>
      <Ratings token={token} data={data} />
      <LazyGroupStats token={token} finishedGames={data.group.finishedGames} />
      <section aria-labelledby="games-title">
        <h2 id="games-title">{t('group.games')}</h2>
        <GameList token={token} games={data.games} />
      </section>
    </>
  );
}

/**
 * The rating board of people, and beside it the computer strategies' ladder. "No finished games"
 * only when there are none: a group whose games had only computer players shows their ladder.
 */
function Ratings({ token, data }: { token: string; data: GroupPageData }) {
  const { t } = useTranslation();
  const { people, computers, provisionalGames } = data.ratings;
  const provisional = [...people, ...computers].some((e) => e.provisional);
  return (
    <div className="boards">
      <section aria-labelledby="leaderboard-title">
        <h2 id="leaderboard-title">{t('group.leaderboard')}</h2>
        {people.length > 0 ? (
          <Leaderboard token={token} entries={people} />
        ) : (
          <p className="empty">{data.group.finishedGames === 0 ? t('group.leaderboardEmpty') : t('group.peopleEmpty')}</p>
        )}
        {people.length > 0 && <p className="hint">{t('group.leaderboardNote')}</p>}
        {provisional && <p className="hint">{t('group.provisionalNote', { count: provisionalGames })}</p>}
      </section>
      {computers.length > 0 && (
        <section aria-labelledby="ladder-title">
          <h2 id="ladder-title">{t('group.ladder')}</h2>
          <ComputerLadder entries={computers} />
          <p className="hint">{t('group.ladderNote')}</p>
        </section>
      )}
    </div>
  );
}
