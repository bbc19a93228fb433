import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/useNow';
import { clock } from '../labels/format';
import { remainingMs } from '../live/liveState';

/**
 * Time left until a deadline set by the server. `clockOffsetMs` (server minus client clock,
 * from the message's serverTime) makes it right on a client whose clock is off. role="timer"
 * is not announced on every tick, which is what a screen-reader user wants.
 */
export function Countdown({ deadlineAt, clockOffsetMs }: { deadlineAt: string | null; clockOffsetMs: number }) {
  const { t } = useTranslation();
  const now = useNow(1000, deadlineAt !== null, deadlineAt);
  const left = remainingMs(deadlineAt, clockOffsetMs, now);
  if (left === null) return null;
  const urgent = left <= 10_000;
  return (
    <span className={urgent ? 'countdown countdown-urgent' : 'countdown'} role="timer">
      <span aria-hidden="true">⏳ </span>
      {left === 0 ? t('live.timeUp') : t('live.timeLeft', { time: clock(left) })}
    </span>
  );
}
