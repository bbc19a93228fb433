import { indexOf, type Step } from './steps';

/**
 * The replay's address: `?round=3&step=2` for the step on screen, `&spoilers=hidden` for the
 * spoiler-free mode. Pure: read and written by useReplayView, built for links.
 */
export interface View {
  index: number;
  spoilerFree: boolean;
}

const SPOILERS = 'spoilers';
const HIDDEN = 'hidden';

const number = (v: string | null): number | null => (v !== null && /^\d{1,6}$/.test(v) ? Number(v) : null);

/** The step a link names (the first step without one), and whether it asks for the spoiler-free mode. */
export function readAddress(steps: readonly Step[], params: URLSearchParams): { index: number; spoilerFree: boolean } {
  return {
    index: indexOf(steps, number(params.get('round')), number(params.get('step'))),
    spoilerFree: params.get(SPOILERS) === HIDDEN,
  };
}

/** The search part (without "?") of a link to a round (its start) or a step. */
export function addressOf(link: { round: number; step?: number; spoilerFree: boolean }): string {
  const params = new URLSearchParams({ round: String(link.round) });
  if (link.step !== undefined) params.set('step', String(link.step));
  if (link.spoilerFree) params.set(SPOILERS, HIDDEN);
  return params.toString();
}

export function addressOfView(steps: readonly Step[], view: View): string {
  const step = steps[view.index];
  if (!step) return view.spoilerFree ? `${SPOILERS}=${HIDDEN}` : '';
  return addressOf({ round: step.round, step: step.step, spoilerFree: view.spoilerFree });
}
