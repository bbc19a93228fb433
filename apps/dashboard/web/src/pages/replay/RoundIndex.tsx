import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { addressOf } from './address';
import type { Step } from './steps';

/**
 * Every round as a link (`?round=3`): a compact index instead of every round in full, and an
 * address to copy or share for each.
 */
export function RoundIndex({ rounds, current, spoilerFree }: { rounds: number[]; current: number; spoilerFree: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="replay-rounds" aria-labelledby="replay-rounds-title">
      <h2 id="replay-rounds-title">{t('replay.rounds')}</h2>
      <ol className="replay-round-index">
        {rounds.map((n) => (
          <li key={n}>
            <Link
              to={{ search: `?${addressOf({ round: n, spoilerFree })}` }}
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
export function CopyLink({ step, spoilerFree }: { step: Step; spoilerFree: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // What was copied, and for which address: stepping on makes an old "Link copied" go away.
  const [state, setState] = useState<CopyState>(null);
  const url = `${window.location.origin}${pathname}?${addressOf({ round: step.round, step: step.step, spoilerFree })}`;
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
