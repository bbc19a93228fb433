import type { RankingOptions } from '@mia/engine';
import { useTranslation } from 'react-i18next';
import { claimLabel } from '../../labels/claims';
import type { SceneClaim } from './scene';

/**
 * An announcement by its player's seat: the claim in the ranking's words, marked when it was made
 * blind or passed on unseen. Keyed by the announcement's place in the round where it is used, so
 * each new announcement pops in (CSS), even one that repeats the words of the one before.
 */
export function SpeechBubble({ claim, ranking }: { claim: SceneClaim; ranking: RankingOptions }) {
  const { t } = useTranslation();
  const classes = ['bubble', `bubble-${claim.kind}`, claim.standing ? 'bubble-standing' : 'bubble-earlier'].join(' ');
  return (
    <span className={classes}>
      <span className="visually-hidden">{t('table.said')} </span>
      <span className="bubble-claim">{claimLabel(t, ranking, claim.value)}</span>
      {claim.kind !== 'looked' && <span className="bubble-kind"> {t(`table.kind.${claim.kind}`)}</span>}
    </span>
  );
}
