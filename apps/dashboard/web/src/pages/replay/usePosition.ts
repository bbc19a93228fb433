import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { indexOf, type Step } from './steps';

const number = (v: string | null): number | null => {
  if (v === null || !/^\d{1,6}$/.test(v)) return null;
  return Number(v);
};

export type Target = number | ((current: number) => number);

/**
 * The replay's position lives in the address (`?round=3&step=2`), so a link opens at that step
 * and the address bar always holds a link to what is on screen. Steps replace the history entry
 * (stepping through 80 steps should not take 80 presses of Back); a round link pushes one.
 *
 * React Router renders a navigation as a transition, so two key presses can come before the
 * first one's render: a move relative to the current step starts from the step last asked for.
 */
export function usePosition(steps: readonly Step[]): { index: number; go: (to: Target) => void } {
  const [params, setParams] = useSearchParams();
  const index = indexOf(steps, number(params.get('round')), number(params.get('step')));
  const asked = useRef(index);
  useLayoutEffect(() => {
    asked.current = index;
  }, [index]);
  const go = useCallback(
    (target: Target) => {
      const to = typeof target === 'function' ? target(asked.current) : target;
      const step = steps[Math.max(0, Math.min(to, steps.length - 1))];
      if (!step) return;
      asked.current = step.index;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('round', String(step.round));
          next.set('step', String(step.step));
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [steps, setParams],
  );
  return { index, go };
}

/** The search part of a link to a step, keeping the page's other parameters (the spoiler mode). */
export function stepSearch(current: URLSearchParams, round: number, step?: number): string {
  const next = new URLSearchParams(current);
  next.set('round', String(round));
  if (step === undefined) next.delete('step');
  else next.set('step', String(step));
  return `?${next.toString()}`;
}
