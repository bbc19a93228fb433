import type { ChartData } from 'chart.js';
import type { RatingPoint, StatsSeries, Tell } from '../../../../shared/api';
import type { ChartColors } from './chartData';

/**
 * The statistics over time (player and group pages) shaped for their charts and tables. Pure,
 * like chartData.ts: tested on its own, the components only draw.
 */

/** Percent with one decimal; null where there is nothing to rate. */
export const pct1 = (r: number | null): number | null => (r === null ? null : Math.round(r * 1000) / 10);

export interface RatesOverTime {
  unit: StatsSeries['unit'];
  labels: string[];
  bluff: (number | null)[];
  calls: (number | null)[];
}

/** Bluff rate and calls right per bucket, labelled by the bucket's first day (or month). */
export function ratesOverTime(series: StatsSeries, label: (start: string, unit: StatsSeries['unit']) => string): RatesOverTime {
  return {
    unit: series.unit,
    labels: series.points.map((p) => label(p.start, series.unit)),
    bluff: series.points.map((p) => pct1(p.bluffRate)),
    calls: series.points.map((p) => pct1(p.callsRight)),
  };
}

/** Two lines on one percent axis; the calls line dashed, so the two differ without colour. */
export function ratesChartData(
  rates: RatesOverTime,
  names: { bluff: string; calls: string },
  colors: ChartColors,
): ChartData<'line', (number | null)[], string> {
  return {
    labels: rates.labels,
    datasets: [
      { label: names.bluff, data: rates.bluff, borderColor: colors.line, backgroundColor: colors.line, spanGaps: true, tension: 0.2, pointRadius: 3 },
      {
        label: names.calls,
        data: rates.calls,
        borderColor: colors.classes.truthful,
        backgroundColor: colors.classes.truthful,
        borderDash: [6, 4],
        pointStyle: 'rect',
        spanGaps: true,
        tension: 0.2,
        pointRadius: 3,
      },
    ],
  };
}

/** The rating after each game, oldest first, with the game's date as its label. */
export function ratingChartData(
  history: RatingPoint[],
  label: string,
  date: (iso: string) => string,
  colors: ChartColors,
): ChartData<'line', number[], string> {
  return {
    labels: history.map((p) => date(p.at)),
    datasets: [
      {
        label,
        data: history.map((p) => p.rating),
        borderColor: colors.line,
        backgroundColor: colors.line,
        tension: 0.2,
        pointRadius: history.length > 60 ? 0 : 3,
      },
    ],
  };
}

/** Games per ISO week as bars. */
export function weeksChartData(
  weeks: { weekStart: string; games: number }[],
  label: string,
  date: (day: string) => string,
  colors: ChartColors,
): ChartData<'bar', number[], string> {
  return {
    labels: weeks.map((w) => date(w.weekStart)),
    datasets: [{ label, data: weeks.map((w) => w.games), backgroundColor: colors.line, borderRadius: 3 }],
  };
}

/** The tell to put in words: the value they announced after looking most often (at least 3 times). */
export function headlineTell(tells: Tell[]): Tell | null {
  const candidates = tells.filter((t) => t.looked >= 3 && t.truthRate !== null);
  if (candidates.length === 0) return null;
  return candidates.reduce((best, t) => (t.looked > best.looked ? t : best));
}
