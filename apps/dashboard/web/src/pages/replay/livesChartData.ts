import type { Derived } from './steps';

/**
 * The lives chart's numbers: one series per seat, from the start (point 0) through each round
 * (point r: after the r-th round), cut after the rounds the viewer may see (`known`: the
 * spoiler-free mode shows only rounds already over). Pure, so it is tested without chart.js.
 */
export interface LivesSeries {
  userId: string;
  name: string;
  /** null past what may be shown. */
  values: (number | null)[];
}

export function livesSeries(derived: Derived, known: number): LivesSeries[] {
  return derived.seats.map((p) => ({
    userId: p.userId,
    name: p.name,
    values: (derived.lives.get(p.userId) ?? []).map((v, i) => (i <= known ? v : null)),
  }));
}

/**
 * Point styles and dash patterns by seat, so the lines differ in shape as well as colour (for
 * colour-blind viewers and in print), in the same order as the colours.
 */
export const POINT_STYLES = ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot', 'cross', 'rectRounded', 'circle', 'rect'] as const;
export const DASHES: number[][] = [[], [6, 3], [2, 3], [8, 3, 2, 3], [], [6, 3], [2, 3], [8, 3, 2, 3], [4, 4], [10, 4]];

/** How many series colours the stylesheet defines (replay.css: --replay-series-1 …). */
export const SERIES_COLOURS = 10;

export function seriesStyle(i: number): { colourVar: string; pointStyle: (typeof POINT_STYLES)[number]; dash: number[] } {
  const k = i % SERIES_COLOURS;
  return { colourVar: `--replay-series-${k + 1}`, pointStyle: POINT_STYLES[k]!, dash: DASHES[k]! };
}
