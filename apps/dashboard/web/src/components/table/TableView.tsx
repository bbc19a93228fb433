import { useTranslation } from 'react-i18next';
import { announcementText, type NameOf } from '../../live/tableText';
import { Cup } from './Cup';
import { sceneNames } from './names';
import { RoundOutcome } from './RoundOutcome';
import type { TableScene } from './scene';
import { EmptySeat, Seat } from './Seat';
import { TableCenter } from './TableCenter';
import './table.css';

/** Past this many places a narrow table lists its seats in a grid instead of a ring. */
const RING_MAX_NARROW = 6;

/**
 * A table drawn from a scene (scene.ts): seats on a ring with their names, lives and newest
 * announcements, the cup in front of the player whose turn it is, the news of the moment in the
 * middle. `full` adds, under the table, whose turn it is, the round's announcements and its
 * ending in words; `mini` is the index's preview. Presentational: it decides nothing.
 */
export function TableView({ scene, token, size = 'full' }: { scene: TableScene; token: string; size?: 'full' | 'mini' }) {
  const { t } = useTranslation();
  const nameOf = sceneNames(scene);
  const places = scene.seats.length + scene.emptySeats.length;
  const crowd = places > RING_MAX_NARROW ? 'table-many' : places <= 4 ? 'table-few' : '';
  const classes = ['table-view', `table-${size}`, `table-${scene.phase}`, crowd].filter(Boolean).join(' ');
  return (
    <div className={classes} data-seats={places}>
      <div className="table-ring">
        <div className="table-felt" aria-hidden="true" />
        <ol className="seats table-seats" aria-label={t('live.seats')}>
          {scene.seats.map((seat) => (
            <Seat key={seat.id} seat={seat} token={token} ranking={scene.ranking} />
          ))}
          {scene.emptySeats.map((at, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an empty seat is only a place at the table
            <EmptySeat key={`empty-${i}`} x={at.x} y={at.y} />
          ))}
        </ol>
        <Cup cup={scene.cup} />
        <TableCenter scene={scene} nameOf={nameOf} repeated={size === 'full'} />
      </div>
      {size === 'full' && <TableNotes scene={scene} nameOf={nameOf} />}
    </div>
  );
}

/** Under a full table, in words: whose turn, the round's announcements, how the last round ended. */
function TableNotes({ scene, nameOf }: { scene: TableScene; nameOf: NameOf }) {
  const { t } = useTranslation();
  if (scene.lobby) {
    return (
      <div className="table-notes">
        {scene.seats.length === 0 && <p>{t('live.lobbyNobody')}</p>}
        <p className="hint">{t('live.lobbyHint')}</p>
      </div>
    );
  }
  const turn =
    scene.phase === 'over'
      ? scene.winner
        ? t('live.winner', { name: nameOf(scene.winner) })
        : t('live.over')
      : scene.cup
        ? t(`live.stage.${scene.cup.stage}`, { name: nameOf(scene.cup.seat) })
        : null;
  return (
    <div className="table-notes">
      {turn && <p className="turn-line">{turn}</p>}
      {scene.announcements.length > 0 && (
        <ol className="announcements" aria-label={t('live.announcements')}>
          {scene.announcements.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: announcements are only ever appended, so a place never changes hands
            <li key={i}>{announcementText(t, scene.ranking, nameOf, a)}</li>
          ))}
        </ol>
      )}
      {scene.outcome && <RoundOutcome outcome={scene.outcome} ranking={scene.ranking} nameOf={nameOf} />}
    </div>
  );
}
