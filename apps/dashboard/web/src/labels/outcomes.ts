import type { LossCause, OutReason } from '@mia/engine';
import type { AnnouncementClass, GameReplay } from '../../../shared/api';

/**
 * The locale keys for the enums of the engine (kebab-case, in live views) and of the database
 * (upper case, in replays): one table each, so a new value fails to compile instead of showing
 * a raw key.
 */
export const CAUSE_KEY: Record<LossCause, string> = {
  'caught-bluffing': 'cause.caughtBluffing',
  'wrong-call': 'cause.wrongCall',
  'mia-looked': 'cause.miaLooked',
  'mia-given-up': 'cause.miaGivenUp',
  timeout: 'cause.timeout',
};

type ReplayCause = NonNullable<GameReplay['rounds'][number]['cause']>;

export const REPLAY_CAUSE_KEY: Record<ReplayCause, string> = {
  CAUGHT_BLUFFING: 'cause.caughtBluffing',
  WRONG_CALL: 'cause.wrongCall',
  MIA_LOOKED: 'cause.miaLooked',
  MIA_GIVEN_UP: 'cause.miaGivenUp',
  TIMEOUT: 'cause.timeout',
};

export const OUT_KEY: Record<OutReason, string> = {
  lives: 'out.lives',
  left: 'out.left',
  kicked: 'out.kicked',
  idle: 'out.idle',
};

/** A replay's `outReason` is a plain string: read it case-insensitively, unknown ones as-is. */
export function outReasonKey(reason: string | null): string | null {
  if (reason === null) return null;
  const key = reason.toLowerCase() as OutReason;
  return OUT_KEY[key] ?? null;
}

/**
 * Replay marks: colour AND text AND a symbol, so the mark reads without colour (and in a
 * screen reader, which hears the text).
 */
export const CLASS_MARK: Record<AnnouncementClass, { key: string; symbol: string; css: string }> = {
  TRUTHFUL: { key: 'class.truthful', symbol: '✓', css: 'mark-truthful' },
  OVER: { key: 'class.over', symbol: '▲', css: 'mark-over' },
  UNDER: { key: 'class.under', symbol: '▼', css: 'mark-under' },
  BLIND: { key: 'class.blind', symbol: '◌', css: 'mark-blind' },
  PASS: { key: 'class.pass', symbol: '↷', css: 'mark-pass' },
};
