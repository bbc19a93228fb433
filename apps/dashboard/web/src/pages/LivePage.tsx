import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LiveGames } from '../../../shared/api';
import { apiPaths, pagePaths } from '../api/client';
import { useApi } from '../api/useApi';
import { LiveTables } from '../components/live/LiveTables';
import { ApiView } from '../components/PageState';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/**
 * `/g/:token/live`: only the tables, for a screen on the wall. The HTTP answer comes first so
 * a bad link shows "not found" instead of a socket retrying forever.
 */
export function LivePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  useDocumentTitle(t('live.title'));
  const live = useApi<LiveGames>(apiPaths.live(token));
  return (
    <ApiView state={live}>
      {(data) => (
        <>
          <div className="section-head">
            <h1>{t('live.title')}</h1>
            <Link to={pagePaths.group(token)}>{t('live.backToGroup')}</Link>
          </div>
          <LiveTables key={token} token={token} initial={data.games} level={2} />
        </>
      )}
    </ApiView>
  );
}
