import type { ChartData } from 'chart.js';
import type { ClassCounts, LivesLost, PlayerPage } from '../../../../shared/api';
import { heatAxis } from './heatAxis';

/**
 * The player page's numbers shaped for its charts and tables. Pure (no chart.js at run time,
 * only its types), so each is tested on its own and the components only draw.
 */

export interface Series {
  labels: string[];
  /** Percent, one decimal; null for a bucket without an announcement after looking. */
  values: (number | null)[];
}

/** The numbers a sentence about the line needs (its text alternative); null if it is empty. */
export function seriesSummary(series: Series): { from: string; to: string; min: number; max: number; latest: number } | null {
  const points = series.values.map((v, i) => ({ v, label: series.labels[i]! })).filter((p): p is { v: number; label: string } => p.v !== null);
  if (points.length === 0) return null;
  const values = points.map((p) => p.v);
  return {
    from: points[0]!.label,
    to: points.at(-1)!.label,
    min: Math.min(...values),
    max: Math.max(...values),
    latest: points.at(-1)!.v,
  };
}

export const CLASS_KEYS = ['truthful', 'over', 'under', 'blind', 'pass'] as const;
export type ClassKey = (typeof CLASS_KEYS)[number];

export function classSlices(counts: ClassCounts): { key: ClassKey; count: number }[] {
  return CLASS_KEYS.map((key) => ({ key, count: counts[key] }));
}

export const CAUSE_KEYS = ['caughtBluffing', 'wrongCall', 'miaLooked', 'miaGivenUp', 'timeout'] as const;

export function livesLostRows(lost: LivesLost): { key: (typeof CAUSE_KEYS)[number]; count: number }[] {
  return CAUSE_KEYS.map((key) => ({ key, count: lost[key] }));
}

export interface HeatCell {
  actual: number;
  count: number;
  /** 0 (none) to 5 (the most frequent pair): the CSS class picks the shade. */
  level: number;
}

export interface HeatMap {
  /** The values that occur, announced or rolled, best first by the classic ranking (Mia, 66 … 31): both axes. */
  announced: number[];
  actual: number[];
  rows: { announced: number; cells: HeatCell[] }[];
  max: number;
  total: number;
}

/**
 * Announced against rolled, as a grid of counts. Only values that occur get a row and a column:
 * 21 × 21 cells would not fit a phone and would be mostly empty. Both axes list the same values
 * in the classic order (a player's games may mix rankings; the page carries no settings), so the
 * truthful cells form the diagonal.
 */
export function heatMap(cells: PlayerPage['announcedVsActual']): HeatMap {
  const counts = new Map<string, number>();
  let max = 0;
  let total = 0;
  for (const c of cells) {
    if (c.count <= 0) continue;
    const key = `${c.announced}:${c.actual}`;
    const n = (counts.get(key) ?? 0) + c.count;
    counts.set(key, n);
    max = Math.max(max, n);
    total += c.count;
  }
  const announced = heatAxis(cells);
  const actual = announced;
  const rows = announced.map((a) => ({
    announced: a,
    cells: actual.map((b) => {
      const count = counts.get(`${a}:${b}`) ?? 0;
      return { actual: b, count, level: count === 0 ? 0 : Math.max(1, Math.ceil((5 * count) / max)) };
    }),
  }));
  return { announced, actual, rows, max, total };
}

export interface ChartColors {
  line: string;
  grid: string;
  text: string;
  classes: Record<ClassKey, string>;
}

export function lineChartData(series: Series, label: string, colors: ChartColors): ChartData<'line', (number | null)[], string> {
  return {
    labels: series.labels,
    datasets: [
      {
        label,
        data: series.values,
        borderColor: colors.line,
        backgroundColor: colors.line,
        spanGaps: true,
        tension: 0.2,
        pointRadius: 3,
      },
    ],
  };
}

export function doughnutData(
  slices: { key: ClassKey; count: number }[],
  labelOf: (key: ClassKey) => string,
  colors: ChartColors,
): ChartData<'doughnut', number[], string> {
  return {
    labels: slices.map((s) => labelOf(s.key)),
    datasets: [
      {
        data: slices.map((s) => s.count),
        backgroundColor: slices.map((s) => colors.classes[s.key]),
        borderWidth: 1,
      },
    ],
  };
}
