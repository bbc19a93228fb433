import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pagePaths } from '../../api/client';
import type { PublicEntry } from '../../live/publicState';
import { nameLookup } from '../../live/tableText';
import { tableScene } from '../table/scene';
import { SpectatorCount } from '../table/SpectatorCount';
import { TableView } from '../table/TableView';

/** A running public game in miniature: its group, seats and lives, whose turn, the last announcement. */
export function PreviewCard({ entry }: { entry: PublicEntry }) {
  const { t } = useTranslation();
  const { view } = entry.game;
  const scene = useMemo(() => tableScene(view, { ended: entry.ended }), [view, entry.ended]);
  const nameOf = nameLookup(view);
  const status =
    scene.phase === 'lobby'
      ? t('live.lobby')
      : scene.phase === 'over'
        ? scene.winner
          ? t('live.winner', { name: nameOf(scene.winner) })
          : t('live.gameOver')
        : scene.phase === 'stopped'
          ? t('group.aborted')
          : scene.cup
            ? `${t('live.round', { round: scene.round ?? 1 })} · ${t(`live.stage.${scene.cup.stage}`, { name: nameOf(scene.cup.seat) })}`
            : t('live.round', { round: scene.round ?? 1 });
  return (
    <li className="card preview-card">
      <div className="preview-head">
        <h4>
          <Link to={pagePaths.live(entry.group.token)}>{entry.group.title ?? t('group.untitled')}</Link>
        </h4>
        {entry.watching !== undefined && <SpectatorCount count={entry.watching} />}
      </div>
      <p className="preview-status">{status}</p>
      <TableView scene={scene} token={entry.group.token} size="mini" />
    </li>
  );
}
