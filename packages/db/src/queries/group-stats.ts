// A group's own statistics over its FINISHED games: its bluff rate and calls right over time,
// lives lost by cause, the values announced most and how often each was true, games per week.
// The counts are the engine's fold per group (engine/src/stats/fold.ts: GroupCounts), the rates
// its bluffRate, callsRight and truthRate. Games in the lobby, in play or aborted never count.
import { bluffRate, bucketDays, callsRight, rankedIndex, truthRate, weeksBetween, weekStart, type BucketUnit } from '@mia/engine';
import { Prisma } from '../generated/prisma/client';
import { CAUSE_KEY, CLASS_KEY, emptyClassCounts, emptyLivesLost, isoWeekOf, type ClassCounts, type LivesLost, type Reader } from './common';

/** Calls ("liar!" or a look at an announced Mia) made in the group. */
export interface GroupCalls {
  total: number;
  /** The announcer lost (bluff caught, or a false Mia). */
  right: number;
  /** right / total (the engine's callsRight); null without calls. */
  rate: number | null;
}

/** What a chart point of the group shows: the games that ended on one day, or in one bucket. */
export interface GroupCounts {
  games: number;
  announcements: ClassCounts & { total: number };
  /** over / (truthful + over + under); null without a looked announcement. */
  bluffRate: number | null;
  calls: GroupCalls;
}

export interface GroupDay extends GroupCounts {
  /** UTC day the games ended, YYYY-MM-DD. */
  day: string;
}

export interface GroupPoint extends GroupCounts {
  unit: BucketUnit;
  /** First day of the bucket (a Monday for weeks, the 1st for months). */
  start: string;
  /** Last day of the bucket, inclusive. */
  end: string;
}

/** An announced value (as stored: in sum mode a points class's canonical value). */
export interface GroupValue {
  value: number;
  /** Announcements of it, of any kind. */
  announced: number;
  /** Made after looking at the dice. */
  looked: number;
  /** Of the looked ones, true. */
  truthful: number;
  /** truthful / looked; null when never announced after looking. */
  truthRate: number | null;
}

export interface GroupWeek {
  /** Monday of the ISO week, YYYY-MM-DD. */
  weekStart: string;
  /** ISO week, e.g. "2026-W05". */
  week: string;
  games: number;
}

export interface GroupStats extends GroupCounts {
  chatId: bigint;
  rounds: number;
  livesLost: LivesLost;
  /** Every value announced, most announced first (then in ranking order). */
  values: GroupValue[];
  /** Oldest first; only days on which a game ended. */
  daily: GroupDay[];
  /** The daily counts bucketed for a chart (engine `bucketDays`). */
  series: { unit: BucketUnit; points: GroupPoint[] };
  /** Every ISO week from the first game's to the last's, empty ones with 0 games. */
  weeks: GroupWeek[];
}

interface Row {
  day: string;
  part: 'game' | 'class' | 'value' | 'round';
  key: string;
  value: number;
  n: number;
  lives: number;
}

/** The statement behind groupStats, for EXPLAIN (benchmarks, index work). */
export function groupStatsSql(chatId: bigint): Prisma.Sql {
  // The tallies @mia/game adds up as each game of the chat finishes (GroupTally, one primary-key
  // range): the same rows the chat's announcements and rounds would give, already summed.
  return Prisma.sql`
    SELECT day, part, key, value, n, lives FROM "GroupTally" WHERE "chatId" = ${chatId}`;
}

const emptyCounts = (): GroupCounts => ({
  games: 0,
  announcements: { ...emptyClassCounts(), total: 0 },
  bluffRate: null,
  calls: { total: 0, right: 0, rate: null },
});

function add(into: GroupCounts, row: Row): void {
  if (row.part === 'game') into.games += row.n;
  else if (row.part === 'class') {
    const k = CLASS_KEY[row.key];
    if (k) into.announcements[k] += row.n;
    into.announcements.total += row.n;
  } else if (row.part === 'round') {
    const [end, cause] = row.key.split(':');
    if (end === 'CALL' || end === 'MIA_LOOK') {
      into.calls.total += row.n;
      if (cause === 'CAUGHT_BLUFFING') into.calls.right += row.n;
    }
  }
}

function countsOf(rows: readonly Row[]): GroupCounts {
  const c = emptyCounts();
  for (const r of rows) add(c, r);
  c.bluffRate = bluffRate(c.announcements);
  c.calls.rate = callsRight(c.calls);
  return c;
}

/** The statistics of a chat's finished games (all zero, and empty lists, when it has none). */
export async function groupStats(prisma: Reader, chatId: bigint): Promise<GroupStats> {
  const raw = await prisma.$queryRaw<Row[]>(groupStatsSql(chatId));
  const rows = raw.map((r) => ({ ...r, value: Number(r.value), n: Number(r.n), lives: Number(r.lives) }));

  const byDay = new Map<string, Row[]>();
  const values = new Map<number, GroupValue>();
  const livesLost = emptyLivesLost();
  let rounds = 0;
  for (const row of rows) {
    if (row.part === 'value') {
      const v = values.get(row.value) ?? { value: row.value, announced: 0, looked: 0, truthful: 0, truthRate: null };
      v.announced += row.n;
      if (row.key === 'TRUTHFUL' || row.key === 'OVER' || row.key === 'UNDER') v.looked += row.n;
      if (row.key === 'TRUTHFUL') v.truthful += row.n;
      values.set(row.value, v);
      continue;
    }
    if (row.part === 'round') {
      rounds += row.n;
      const k = CAUSE_KEY[row.key.split(':')[1]!];
      if (k) {
        livesLost[k] += row.lives;
        livesLost.total += row.lives;
      }
    }
    const list = byDay.get(row.day);
    if (list) list.push(row);
    else byDay.set(row.day, [row]);
  }

  const days = [...byDay.keys()].sort();
  const daily = days.map((day) => ({ day, ...countsOf(byDay.get(day)!) }));
  const { unit, buckets } = bucketDays(days.map((day) => ({ day })));
  const points = buckets.map((b) => ({ unit, start: b.start, end: b.end, ...countsOf(b.items.flatMap((d) => byDay.get(d.day)!)) }));

  const gamesByWeek = new Map<string, number>();
  for (const d of daily) gamesByWeek.set(weekStart(d.day), (gamesByWeek.get(weekStart(d.day)) ?? 0) + d.games);
  const weeks =
    days.length === 0 ? [] : weeksBetween(days[0]!, days.at(-1)!).map((w) => ({ weekStart: w, week: isoWeekOf(w), games: gamesByWeek.get(w) ?? 0 }));

  return {
    chatId,
    ...countsOf(rows.filter((r) => r.part !== 'value')),
    rounds,
    livesLost,
    values: [...values.values()]
      .map((v) => ({ ...v, truthRate: truthRate(v) }))
      .sort((a, b) => b.announced - a.announced || rankedIndex(a.value) - rankedIndex(b.value)),
    daily,
    series: { unit, points },
    weeks,
  };
}
