import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicLive } from '../../../../shared/api';
import { useLiveOptions } from '../../live/LiveContext';
import { usePublicLive } from '../../live/usePublicLive';
import { ConnectionIndicator } from './ConnectionIndicator';
import { PreviewCard } from './PreviewCard';
import { TvTable } from './TvTable';
import { tvTitle } from './tvTitle';
import './live.css';

/**
 * The index's "playing now": the TV (the liveliest public game, full size) and every other
 * running game of a publicly listed group in miniature, all live. While the TV shows a game the
 * tab's title follows it; `fallbackTitle` is the title otherwise.
 */
export function PlayNow({ initial, fallbackTitle }: { initial: PublicLive | undefined; fallbackTitle: string }) {
  const { t } = useTranslation();
  const { createSocket } = useLiveOptions();
  const { featured, others, status } = usePublicLive(initial, { createSocket });
  const title = tvTitle(t, featured);
  useEffect(() => {
    document.title = title ?? fallbackTitle;
  }, [title, fallbackTitle]);
  return (
    <>
      <ConnectionIndicator status={status} />
      {featured ? <TvTable entry={featured} /> : <p className="empty">{t('tv.nothing')}</p>}
      {others.length > 0 && (
        <section aria-labelledby="previews-title">
          <h3 id="previews-title">{t('tv.others')}</h3>
          <ul className="preview-list">
            {others.map((entry) => (
              <PreviewCard key={entry.game.id} entry={entry} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
