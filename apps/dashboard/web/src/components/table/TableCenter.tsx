import type { Reveal } from '@mia/engine';
import { useTranslation } from 'react-i18next';
import { claimLabel, dieFace } from '../../labels/claims';
import type { NameOf } from '../../live/tableText';
import type { TableScene } from './scene';

const OUTCOME_KEY: Record<Reveal['outcome'], string> = {
  'bluff-caught': 'replay.outcome.bluffCaught',
  'claim-held': 'replay.outcome.claimHeld',
  'mia-true': 'replay.outcome.miaTrue',
  'mia-false': 'replay.outcome.miaFalse',
};

/**
 * The middle of the table: one thing at a time, the news of the moment. The dice of a reveal
 * roll in (CSS, keyed by round so each reveal animates once); the standing announcement with the
 * chance that one roll beats it; who starts; the winner. The same facts are in words under the
 * table, so the dice drawn here are hidden from screen readers.
 */
export function TableCenter({ scene, nameOf, repeated }: { scene: TableScene; nameOf: NameOf; repeated: boolean }) {
  const { t } = useTranslation();
  const reveal = scene.outcome?.fresh ? scene.outcome.reveal : null;
  return (
    <div className="table-center">
      {reveal && (
        <div className="table-reveal" key={`reveal-${scene.outcome!.round}`}>
          <span className="table-dice" aria-hidden="true">
            {reveal.dice.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole from each frame and its items have no identity but their place
              <span key={i} className="table-die">
                {dieFace(d)}
              </span>
            ))}
          </span>
          <span className={`table-outcome table-outcome-${reveal.outcome}`}>{t(OUTCOME_KEY[reveal.outcome])}</span>
        </div>
      )}
      <CenterLine scene={scene} nameOf={nameOf} hasReveal={reveal !== null} repeated={repeated} />
    </div>
  );
}

/** `repeated`: the notes under the table say the winner too, so screen readers hear it once. */
function CenterLine({ scene, nameOf, hasReveal, repeated }: { scene: TableScene; nameOf: NameOf; hasReveal: boolean; repeated: boolean }) {
  const { t } = useTranslation();
  if (scene.phase === 'over') {
    return (
      <p className="table-news table-winner" aria-hidden={repeated || undefined}>
        {scene.winner ? t('live.winner', { name: nameOf(scene.winner) }) : t('live.over')}
      </p>
    );
  }
  if (scene.phase === 'stopped') return <p className="table-news">{t('group.aborted')}</p>;
  if (scene.lobby) {
    return <p className="table-news">{t('live.lobbyPlayers', { seated: scene.lobby.seated, max: scene.lobby.max })}</p>;
  }
  if (scene.standing) {
    const { standing } = scene;
    return (
      <div className="table-standing" key={`standing-${scene.announcements.length}`}>
        <p className="table-standing-claim">{claimLabel(t, scene.ranking, standing.value)}</p>
        <p className="table-standing-who">{t('table.standing', { name: nameOf(standing.player) })}</p>
        <p className="table-odds">{t(`table.odds.${standing.odds.rule}`, { percent: standing.odds.percent })}</p>
      </div>
    );
  }
  if (scene.starter && !hasReveal) return <p className="table-news">{t('live.starts', { name: nameOf(scene.starter) })}</p>;
  return null;
}
