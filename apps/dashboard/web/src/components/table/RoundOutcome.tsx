import type { RankingOptions } from '@mia/engine';
import { useTranslation } from 'react-i18next';
import { claimLabel } from '../../labels/claims';
import { endText, lossTexts, type NameOf } from '../../live/tableText';
import { DiceFaces } from '../Dice';
import type { SceneOutcome } from './scene';

/** The round's ending in words: the reveal (dice faces) and who lost how many lives, and why. */
export function RoundOutcome({ outcome, ranking, nameOf }: { outcome: SceneOutcome; ranking: RankingOptions; nameOf: NameOf }) {
  const { t } = useTranslation();
  const { reveal } = outcome;
  const end = endText(t, { ended: outcome.end, losses: outcome.losses }, nameOf);
  const losses = lossTexts(t, outcome, nameOf);
  if (!reveal && !end && losses.length === 0) return null;
  return (
    <div className={outcome.fresh ? 'round-outcome round-outcome-fresh' : 'round-outcome'}>
      <p className="round-outcome-title">{outcome.current ? t('live.thisRound', { round: outcome.round }) : t('live.lastRound', { round: outcome.round })}</p>
      {reveal && (
        <p className="reveal">
          {t(reveal.reason === 'call' ? 'live.call' : 'live.look', { name: nameOf(reveal.by) })} <DiceFaces dice={reveal.dice} />{' '}
          <span className="reveal-claim">{t('live.announcedBy', { name: nameOf(reveal.announcer), claim: claimLabel(t, ranking, reveal.announced) })}</span>
        </p>
      )}
      {end && <p>{end}</p>}
      {losses.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole from each frame and its items have no identity but their place
        <p key={i} className="loss">
          <span aria-hidden="true">💔 </span>
          {text}
        </p>
      ))}
    </div>
  );
}
