import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerPage } from '../../../../shared/api';
import { pagePaths } from '../../api/client';
import { dateTime } from '../../labels/format';

export function RecentGames({ token, recent }: { token: string; recent: PlayerPage['recent'] }) {
  const { t, i18n } = useTranslation();
  if (recent.length === 0) return <p className="empty">{t('player.noGames')}</p>;
  return (
    <ul className="card-list">
      {recent.map((g) => (
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
  );
}
