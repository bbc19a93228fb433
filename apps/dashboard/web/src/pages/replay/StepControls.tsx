import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PACES, STEP_MS, type Pace } from './useAutoPlay';
import type { StepAction } from './useStepKeys';

interface Props {
  index: number;
  total: number;
  onStep: (action: StepAction) => void;
  playing: boolean;
  onPlay: () => void;
  pace: Pace;
  onPace: (pace: Pace) => void;
  spoilerFree: boolean;
  onSpoilerFree: (on: boolean) => void;
}

const BUTTONS: { action: StepAction; icon: string; key: string; keys: string }[] = [
  { action: 'first', icon: '⇤', key: 'replay.first', keys: 'Home' },
  { action: 'previousRound', icon: '«', key: 'replay.previousRound', keys: 'Shift+ArrowLeft' },
  { action: 'previous', icon: '‹', key: 'replay.previous', keys: 'ArrowLeft' },
  { action: 'next', icon: '›', key: 'replay.next', keys: 'ArrowRight' },
  { action: 'nextRound', icon: '»', key: 'replay.nextRound', keys: 'Shift+ArrowRight' },
  { action: 'last', icon: '⇥', key: 'replay.last', keys: 'End' },
];

/**
 * The replay's controls: step buttons (real buttons, named, with their keys), play and pause, the
 * speed, and the spoiler-free switch. A button that cannot move (Previous at the first step) is
 * aria-disabled rather than disabled, so keyboard focus stays on it.
 */
export function StepControls(props: Props) {
  const { t, i18n } = useTranslation();
  const speedId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const atStart = props.index <= 0;
  const atEnd = props.index >= props.total - 1;
  const blocked = (a: StepAction) => (a === 'first' || a.startsWith('previous') ? atStart : atEnd);
  const button = (b: (typeof BUTTONS)[number]) => (
    <button
      key={b.action}
      type="button"
      className="replay-step-button"
      aria-keyshortcuts={b.keys}
      aria-disabled={blocked(b.action) || undefined}
      title={t(b.key)}
      onClick={() => {
        if (!blocked(b.action)) props.onStep(b.action);
      }}
    >
      <span aria-hidden="true">{b.icon}</span>
      <span className="visually-hidden">{t(b.key)}</span>
    </button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of buttons, not a form: a fieldset would bring a form's semantics and borders
    <div className="replay-controls" role="group" aria-label={t('replay.controls')}>
      <div className="replay-buttons">{BUTTONS.map(button)}</div>
      <div className="replay-options">
        <button type="button" className="replay-play" aria-pressed={props.playing} onClick={props.onPlay}>
          <span aria-hidden="true">{props.playing ? '❚❚' : '▶'}</span> {t(props.playing ? 'replay.pause' : 'replay.play')}
        </button>
        <span className="replay-speed">
          <label htmlFor={speedId}>{t('replay.speed')}</label>{' '}
          <select id={speedId} value={props.pace} onChange={(e) => props.onPace(Number(e.target.value) as Pace)}>
            {PACES.map((p) => (
              <option key={p} value={p}>
                {t('replay.pace', { pace: number.format(p), seconds: number.format(STEP_MS / 1000 / p) })}
              </option>
            ))}
          </select>
        </span>
        <label className="replay-spoiler">
          <input type="checkbox" checked={props.spoilerFree} onChange={(e) => props.onSpoilerFree(e.target.checked)} /> {t('replay.spoilerFree')}
        </label>
      </div>
      <KeyHelp />
    </div>
  );
}

const Kbd = ({ children }: { children: ReactNode }) => <kbd>{children}</kbd>;

function KeyHelp() {
  const { t } = useTranslation();
  return (
    <p className="hint replay-keys">
      {t('replay.keys')} <Kbd>←</Kbd> <Kbd>→</Kbd> {t('replay.keysStep')} · <Kbd>Shift</Kbd>+<Kbd>←</Kbd> <Kbd>→</Kbd> {t('replay.keysRound')} · <Kbd>Home</Kbd>{' '}
      <Kbd>End</Kbd> {t('replay.keysEnds')}
    </p>
  );
}
