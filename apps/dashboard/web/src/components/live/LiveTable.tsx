import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pagePaths } from '../../api/client';
import type { LiveEntry } from '../../live/liveState';
import { liveSummary } from '../../live/tableText';
import { Countdown } from '../Countdown';
import { tableScene } from '../table/scene';
import { SpectatorCount } from '../table/SpectatorCount';
import { TableView } from '../table/TableView';

type Level = 2 | 3;

/**
 * One running game as a table (TableView), with its heading, the countdown, how many are
 * watching, a one-line screen-reader summary of each change, and the replay link once it is over.
 */
export function LiveTable({
  entry,
  token,
  level,
  spectators,
}: {
  entry: LiveEntry;
  token: string;
  level: Level;
  /** Pages watching this table; not shown while unknown. */
  spectators?: number | undefined;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { game } = entry;
  const { view } = game;
  const H = `h${level}` as const;
  const scene = useMemo(() => tableScene(view, { ended: entry.ended }), [view, entry.ended]);
  const title = entry.ended ? t('live.gameOver') : scene.phase === 'lobby' ? t('live.lobby') : t('live.round', { round: scene.round ?? 1 });

  return (
    <article className={entry.ended ? 'live-table live-table-ended' : 'live-table'} aria-labelledby={titleId}>
      <div className="live-table-head">
        <H id={titleId}>{title}</H>
        <div className="live-table-meta">
          {!entry.ended && <Countdown deadlineAt={game.deadlineAt} clockOffsetMs={entry.clockOffsetMs} />}
          {spectators !== undefined && <SpectatorCount count={spectators} />}
        </div>
      </div>
      <TableView scene={scene} token={token} />
      {/* One polite line per table, so a screen reader hears each change once and briefly. */}
      <p className="visually-hidden" aria-live="polite">
        {scene.phase === 'lobby' ? '' : liveSummary(t, view)}
      </p>
      {entry.ended && game.status === 'FINISHED' && (
        <p>
          <Link to={pagePaths.replay(token, game.id)}>{t('live.replay')}</Link>
        </p>
      )}
    </article>
  );
}
