// Time buckets for statistics charts (bluff rate, calls right over time): a daily series is
// grouped by day, week or month to fit its history, so a chart never shows a lone dot when there
// are games on two days or more, and a long history does not draw hundreds of points.

/** A UTC calendar day, YYYY-MM-DD. */
export type Day = string;

export type BucketUnit = 'day' | 'week' | 'month';

export interface Bucket<T> {
  unit: BucketUnit;
  /** First day of the bucket (a Monday for weeks, the 1st for months), YYYY-MM-DD. */
  start: Day;
  /** Last day of the bucket, inclusive. */
  end: Day;
  /** The days of the series in this bucket, oldest first (never empty). */
  items: T[];
}

export interface Bucketed<T> {
  unit: BucketUnit;
  /** Oldest first; only buckets with at least one day of the series. */
  buckets: Bucket<T>[];
}

export interface BucketOptions {
  /** The coarsest unit giving at least this many buckets is taken (default 4). */
  minPoints?: number;
  /** A history spanning fewer days than this is drawn by day (default 21: three weeks). */
  minSpanDays?: number;
  /** Force a unit instead of choosing one. */
  unit?: BucketUnit;
}

const DAY_MS = 86_400_000;
const toDate = (day: Day) => new Date(`${day}T00:00:00Z`);
const iso = (d: Date): Day => d.toISOString().slice(0, 10);

/** The UTC day of an instant. */
export const dayOf = (date: Date): Day => iso(date);

/** The Monday (UTC) of the ISO week holding `day`. */
export function weekStart(day: Day): Day {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return iso(d);
}

/** The first day of `day`'s month. */
export const monthStart = (day: Day): Day => `${day.slice(0, 7)}-01`;

/** The first day of the bucket of `unit` holding `day`. */
export function bucketStart(day: Day, unit: BucketUnit): Day {
  return unit === 'day' ? day : unit === 'week' ? weekStart(day) : monthStart(day);
}

/** The last day (inclusive) of the bucket of `unit` starting on `start`. */
export function bucketEnd(start: Day, unit: BucketUnit): Day {
  const d = toDate(start);
  if (unit === 'week') d.setUTCDate(d.getUTCDate() + 6);
  else if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return iso(d);
}

/** The day `n` days after `day` (before, for a negative n). */
export const addDays = (day: Day, n: number): Day => iso(new Date(toDate(day).getTime() + n * DAY_MS));

/**
 * The unit for a series with games on these days: by day while the history is short (under
 * `minSpanDays`), else the coarsest of month and week that still gives `minPoints` buckets,
 * else by day (a few scattered days: each its own point).
 */
export function chooseBucketUnit(days: readonly Day[], options: BucketOptions = {}): BucketUnit {
  if (options.unit) return options.unit;
  const minPoints = options.minPoints ?? 4;
  const minSpan = options.minSpanDays ?? 21;
  const distinct = [...new Set(days)].sort();
  if (distinct.length <= 1) return 'day';
  const span = (toDate(distinct.at(-1)!).getTime() - toDate(distinct[0]!).getTime()) / DAY_MS + 1;
  if (span < minSpan) return 'day';
  for (const unit of ['month', 'week'] as const) {
    if (new Set(distinct.map((d) => bucketStart(d, unit))).size >= minPoints) return unit;
  }
  return 'day';
}

/** Groups a daily series (any order) into the buckets `chooseBucketUnit` picks for it. */
export function bucketDays<T extends { day: Day }>(daily: readonly T[], options: BucketOptions = {}): Bucketed<T> {
  const unit = chooseBucketUnit(
    daily.map((d) => d.day),
    options,
  );
  const byStart = new Map<Day, T[]>();
  for (const item of [...daily].sort((a, b) => a.day.localeCompare(b.day))) {
    const start = bucketStart(item.day, unit);
    const items = byStart.get(start);
    if (items) items.push(item);
    else byStart.set(start, [item]);
  }
  return {
    unit,
    buckets: [...byStart.entries()].map(([start, items]) => ({ unit, start, end: bucketEnd(start, unit), items })),
  };
}

/**
 * Every ISO week from the one holding `first` to the one holding `last`, as Mondays: the x axis
 * of "games per week" with its empty weeks filled.
 */
export function weeksBetween(first: Day, last: Day): Day[] {
  const out: Day[] = [];
  for (let w = weekStart(first), end = weekStart(last); w <= end; w = addDays(w, 7)) out.push(w);
  return out;
}
