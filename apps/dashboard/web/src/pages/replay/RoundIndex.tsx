import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Step } from './steps';
import { stepSearch } from './usePosition';

/**
 * Every round as a link (`?round=3`): a compact index instead of every round in full, and an
 * address to copy or share for each.
 */
export function RoundIndex({ rounds, current }: { rounds: number[]; current: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <nav className="replay-rounds" aria-labelledby="replay-rounds-title">
      <h2 id="replay-rounds-title">{t('replay.rounds')}</h2>
      <ol className="replay-round-index">
        {rounds.map((n) => (
          <li key={n}>
            <Link
              to={{ search: stepSearch(params, n) }}
              preventScrollReset
              aria-current={n === current ? 'true' : undefined}
              aria-label={t('live.round', { round: n })}
            >
              {n}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

type CopyState = { at: string; copied: boolean } | null;

/** Copies the address of the step on screen (with the spoiler mode), and says whether it did. */
export function CopyLink({ step }: { step: Step }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // What was copied, and for which address: stepping on makes an old "Link copied" go away.
  const [state, setState] = useState<CopyState>(null);
  const url = `${window.location.origin}${pathname}${stepSearch(params, step.round, step.step)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState({ at: url, copied: true });
    } catch {
      setState({ at: url, copied: false });
    }
  };
  const shown = state?.at === url ? state : null;
  return (
    <p className="replay-copy">
      <button type="button" onClick={() => void copy()}>
        <span aria-hidden="true">🔗</span> {t('replay.copyLink')}
      </button>{' '}
      <span role="status" className="replay-copy-status">
        {shown ? t(shown.copied ? 'replay.copied' : 'replay.copyFailed') : ''}
      </span>
    </p>
  );
}
