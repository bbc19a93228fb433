import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupSummary, PublicGroups, PublicLive } from '../../../shared/api';
import { apiPaths, pagePaths } from '../api/client';
import { useApi } from '../api/useApi';
import { PlayNow } from '../components/live/PlayNow';
import { ApiView, Loading } from '../components/PageState';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { LANGUAGES } from '../i18n/languages';

/** `/`: what the dashboard is, the games playing now in public groups (the TV first), and the publicly listed groups. */
export function IndexPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('index.title'));
  const groups = useApi<PublicGroups>(apiPaths.groups());
  const live = useApi<PublicLive>(apiPaths.publicLive());
  return (
    <>
      <h1>{t('index.title')}</h1>
      <p className="lead">{t('index.intro')}</p>
      <section aria-labelledby="play-now">
        <h2 id="play-now">{t('tv.playNow')}</h2>
        {/*
          The answer only speeds up the first paint: the channel's snapshot brings the same, so
          without it (an error) the section still comes alive. While the TV shows a game, its
          title is the tab's; else the page's, as useDocumentTitle writes it.
        */}
        {live.status === 'loading' ? (
          <Loading />
        ) : (
          <PlayNow initial={live.status === 'ok' ? live.data : undefined} fallbackTitle={`${t('index.title')} · Mia`} />
        )}
      </section>
      <p>{t('index.private')}</p>
      <p>
        <Link to={pagePaths.odds()}>{t('group.oddsLink')}</Link>
      </p>
      <section aria-labelledby="public-groups">
        <h2 id="public-groups">{t('index.public')}</h2>
        <ApiView state={groups}>
          {(data) =>
            data.groups.length === 0 ? (
              <p className="empty">{t('index.empty')}</p>
            ) : (
              <ul className="card-list">
                {data.groups.map((g) => (
                  <GroupCard key={g.token} group={g} />
                ))}
              </ul>
            )
          }
        </ApiView>
      </section>
    </>
  );
}

function GroupCard({ group }: { group: GroupSummary }) {
  const { t } = useTranslation();
  const language = LANGUAGES.find((l) => l.code === group.language);
  return (
    <li className="card">
      <h3>
        <Link to={pagePaths.group(group.token)}>{group.title ?? t('group.untitled')}</Link>
      </h3>
      <p className="meta">
        {group.runningGames > 0 && <span className="badge badge-live">{t('index.running', { count: group.runningGames })}</span>}{' '}
        {t('index.finished', { count: group.finishedGames })}
        {language && (
          <>
            {' · '}
            <span lang={language.code}>{language.name}</span>
          </>
        )}
      </p>
    </li>
  );
}
