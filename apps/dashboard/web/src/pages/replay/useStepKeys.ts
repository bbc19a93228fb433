import { useEffect, useRef } from 'react';

export type StepAction = 'first' | 'previousRound' | 'previous' | 'next' | 'nextRound' | 'last';

/** Where a key press belongs to the control, not to the replay: text, choices, sliders. */
const FORM_CONTROL =
  'input, select, textarea, [contenteditable]:not([contenteditable="false"]), [role="slider"], [role="spinbutton"], [role="textbox"], [role="combobox"], [role="listbox"]';

export function actionFor(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>): StepAction | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null; // the browser's own shortcuts (Alt+← is Back)
  switch (e.key) {
    case 'ArrowLeft':
      return e.shiftKey ? 'previousRound' : 'previous';
    case 'ArrowRight':
      return e.shiftKey ? 'nextRound' : 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/**
 * The replay's keys on the whole page: ← → a step, Shift+← → a round, Home and End the first and
 * last step. Not while focus is in a form control, where those keys move the caret or the choice.
 */
export function useStepKeys(handlers: Record<StepAction, () => void>): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(FORM_CONTROL)) return;
      const action = actionFor(e);
      if (!action) return;
      e.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
