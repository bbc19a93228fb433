import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pagePaths } from '../../api/client';
import type { PublicEntry } from '../../live/publicState';
import { LiveTable } from './LiveTable';

/** The index's featured table, full size: the liveliest public game, and the way to its group. */
export function TvTable({ entry }: { entry: PublicEntry }) {
  const { t } = useTranslation();
  const { token, title } = entry.group;
  return (
    <section className="tv" aria-labelledby="tv-title">
      <div className="section-head">
        <h3 id="tv-title">
          <span aria-hidden="true">📺 </span>
          {t('tv.title')}
        </h3>
        <Link to={pagePaths.live(token)}>{t('tv.fromGroup', { group: title ?? t('group.untitled') })}</Link>
      </div>
      <LiveTable key={entry.game.id} entry={entry} token={token} level={3} spectators={entry.watching} />
    </section>
  );
}
