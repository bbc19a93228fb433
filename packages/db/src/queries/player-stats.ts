// A player's statistics over their FINISHED games (rules: "What counts as a bluff"). Games in
// the lobby, in play or aborted never count: a running game's announcements are still secret.
import { bucketDays, weekStart, type BucketUnit } from '@mia/engine';
import { Prisma } from '../generated/prisma/client';
import { isoWeekOf, type Reader } from './common';
import { coreOf, type CoreStats, type DayRow } from './core-stats';

export type { CalledOn, CallsMade, CoreStats } from './core-stats';

export interface PlayerStatsOptions {
  /** Only games played in this chat. */
  chatId?: bigint;
  /** How many recent games to list (default 10): one page. */
  recent?: number;
  /** Recent games to skip, for the next pages (default 0). */
  recentOffset?: number;
}

export interface DailyStats extends CoreStats {
  /** The UTC day the games ended, YYYY-MM-DD. */
  day: string;
}

/** One point of a chart over time: the games that ended in one bucket (see `bucketDays`). */
export interface StatsPoint extends CoreStats {
  unit: BucketUnit;
  /** First day of the bucket (YYYY-MM-DD; a Monday for weeks, the 1st for months). */
  start: string;
  /** Last day of the bucket, inclusive. */
  end: string;
}

/** A series over time, bucketed by day, week or month to fit the history (never one lone dot for two days or more). */
export interface StatsSeries {
  unit: BucketUnit;
  points: StatsPoint[];
}

export interface WeeklyStats extends CoreStats {
  /** ISO week of the games' end (UTC), e.g. "2026-W05". */
  week: string;
  /** Its Monday, YYYY-MM-DD. */
  weekStart: string;
}

export interface RecentGame {
  gameId: string;
  chatId: bigint;
  chatTitle: string | null;
  finishedAt: Date;
  /** The player's final place (1 = first; equal lives share a place). */
  place: number | null;
  won: boolean;
  /** Seats in the game. */
  players: number;
}

export interface PlayerStats extends CoreStats {
  userId: bigint;
  chatId: bigint | null;
  /** Oldest day first; only days on which at least one of their games finished. */
  daily: DailyStats[];
  /** The daily counts bucketed for a chart (bluff rate, calls right over time). */
  series: StatsSeries;
  /** Oldest week first; only weeks in which at least one of their games finished. */
  weekly: WeeklyStats[];
  /** One page of their games, most recently finished first. */
  recent: RecentGame[];
  /** Where that page is: `total` is their finished games here (= games). */
  recentPage: RecentPage;
}

export interface RecentPage {
  offset: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

/**
 * Everything counted in one statement (one snapshot), per UTC day of the game's end. The player's
 * finished games come from their seats; every other count is restricted to those games.
 * - `game`: seats in finished games; `won` where Game.winnerId is the player.
 * - `class`: their announcements by classification.
 * - `calledOn`: reveals of their announcements, by outcome, marked when the announcement was OVER.
 * - `call`: reveals they caused (call or Mia look), by outcome, marked when the announcement was OVER.
 * - `lost`: Round.livesLost summed by cause over rounds they lost.
 */
function countsSql(userId: bigint, chatId: bigint | undefined): Prisma.Sql {
  const inChat = chatId === undefined ? Prisma.empty : Prisma.sql`AND g."chatId" = ${chatId}`;
  // Plan shape, kept stable on purpose: the player's rows of each table are read once through
  // that table's per-player index (covering: index-only scans) into a materialized CTE and
  // hash-joined to the player's finished games. Left to itself the planner may instead probe
  // a table once per game when it underestimates the games (in a chat, say), which is far slower.
  // A reveal carries its game and the class of the announcement it revealed, so the bluffs
  // among them need no lookup.
  return Prisma.sql`
    WITH games AS MATERIALIZED (
      SELECT g.ref,
             g."winnerId" = ${userId} AS won,
             to_char(g."finishedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
      FROM "Seat" s
      JOIN "Game" g ON g.id = s."gameId"
      WHERE s."userId" = ${userId} AND g.status = 'FINISHED' ${inChat}
    ),
    announced AS MATERIALIZED (
      SELECT a."gameRef", a.classification, count(*) AS n
      FROM "Announcement" a WHERE a."userId" = ${userId}
      GROUP BY 1, 2
    ),
    revealed AS MATERIALIZED (
      SELECT r."gameRef", r.outcome, r.classification = 'OVER' AS bluff
      FROM "Reveal" r WHERE r."announcerId" = ${userId}
    ),
    called AS MATERIALIZED (
      SELECT r."gameRef", r.outcome, r.classification = 'OVER' AS bluff
      FROM "Reveal" r WHERE r."callerId" = ${userId}
    ),
    lost AS MATERIALIZED (
      SELECT ro."gameRef", ro.cause, ro."livesLost" FROM "Round" ro WHERE ro."loserId" = ${userId}
    ),
    days AS (
      SELECT day, count(*)::int AS games, count(*) FILTER (WHERE won)::int AS wins FROM games GROUP BY 1
    ),
    classes AS (
      SELECT g.day,
             coalesce(sum(a.n) FILTER (WHERE a.classification = 'TRUTHFUL'), 0)::int AS truthful,
             coalesce(sum(a.n) FILTER (WHERE a.classification = 'OVER'), 0)::int AS "over",
             coalesce(sum(a.n) FILTER (WHERE a.classification = 'UNDER'), 0)::int AS "under",
             coalesce(sum(a.n) FILTER (WHERE a.classification = 'BLIND'), 0)::int AS blind,
             coalesce(sum(a.n) FILTER (WHERE a.classification = 'PASS'), 0)::int AS pass
      FROM announced a JOIN games g ON g.ref = a."gameRef" GROUP BY 1
    ),
    "on" AS (
      SELECT g.day,
             count(*) FILTER (WHERE r.outcome = 'BLUFF_CAUGHT')::int AS "onBluffCaught",
             count(*) FILTER (WHERE r.outcome = 'CLAIM_HELD')::int AS "onClaimHeld",
             count(*) FILTER (WHERE r.outcome = 'MIA_TRUE')::int AS "onMiaTrue",
             count(*) FILTER (WHERE r.outcome = 'MIA_FALSE')::int AS "onMiaFalse",
             count(*) FILTER (WHERE r.bluff)::int AS "onBluffs"
      FROM revealed r JOIN games g ON g.ref = r."gameRef" GROUP BY 1
    ),
    calls AS (
      SELECT g.day,
             count(*) FILTER (WHERE c.outcome = 'BLUFF_CAUGHT')::int AS "callBluffCaught",
             count(*) FILTER (WHERE c.outcome = 'CLAIM_HELD')::int AS "callClaimHeld",
             count(*) FILTER (WHERE c.outcome = 'MIA_TRUE')::int AS "callMiaTrue",
             count(*) FILTER (WHERE c.outcome = 'MIA_FALSE')::int AS "callMiaFalse",
             count(*) FILTER (WHERE c.bluff)::int AS "callBluffs"
      FROM called c JOIN games g ON g.ref = c."gameRef" GROUP BY 1
    ),
    losses AS (
      SELECT g.day,
             coalesce(sum(l."livesLost") FILTER (WHERE l.cause = 'CAUGHT_BLUFFING'), 0)::int AS "lostCaughtBluffing",
             coalesce(sum(l."livesLost") FILTER (WHERE l.cause = 'WRONG_CALL'), 0)::int AS "lostWrongCall",
             coalesce(sum(l."livesLost") FILTER (WHERE l.cause = 'MIA_LOOKED'), 0)::int AS "lostMiaLooked",
             coalesce(sum(l."livesLost") FILTER (WHERE l.cause = 'MIA_GIVEN_UP'), 0)::int AS "lostMiaGivenUp",
             coalesce(sum(l."livesLost") FILTER (WHERE l.cause = 'TIMEOUT'), 0)::int AS "lostTimeout"
      FROM lost l JOIN games g ON g.ref = l."gameRef" GROUP BY 1
    )
    -- One row per day, every count a column: a player's few hundred days, not thousands of rows.
    SELECT d.day, d.games, d.wins,
           coalesce(k.truthful, 0) AS truthful, coalesce(k."over", 0) AS "over", coalesce(k."under", 0) AS "under",
           coalesce(k.blind, 0) AS blind, coalesce(k.pass, 0) AS pass,
           coalesce(o."onBluffCaught", 0) AS "onBluffCaught", coalesce(o."onClaimHeld", 0) AS "onClaimHeld",
           coalesce(o."onMiaTrue", 0) AS "onMiaTrue", coalesce(o."onMiaFalse", 0) AS "onMiaFalse",
           coalesce(o."onBluffs", 0) AS "onBluffs",
           coalesce(c."callBluffCaught", 0) AS "callBluffCaught", coalesce(c."callClaimHeld", 0) AS "callClaimHeld",
           coalesce(c."callMiaTrue", 0) AS "callMiaTrue", coalesce(c."callMiaFalse", 0) AS "callMiaFalse",
           coalesce(c."callBluffs", 0) AS "callBluffs",
           coalesce(l."lostCaughtBluffing", 0) AS "lostCaughtBluffing", coalesce(l."lostWrongCall", 0) AS "lostWrongCall",
           coalesce(l."lostMiaLooked", 0) AS "lostMiaLooked", coalesce(l."lostMiaGivenUp", 0) AS "lostMiaGivenUp",
           coalesce(l."lostTimeout", 0) AS "lostTimeout"
    FROM days d
    LEFT JOIN classes k ON k.day = d.day
    LEFT JOIN "on" o ON o.day = d.day
    LEFT JOIN calls c ON c.day = d.day
    LEFT JOIN losses l ON l.day = d.day`;
}

/** The statement behind playerStats' counts, for EXPLAIN (benchmarks, index work). */
export const playerStatsSql = (userId: bigint, options: Pick<PlayerStatsOptions, 'chatId'> = {}): Prisma.Sql => countsSql(userId, options.chatId);

function recentSql(userId: bigint, chatId: bigint | undefined, limit: number, offset: number): Prisma.Sql {
  const inChat = chatId === undefined ? Prisma.empty : Prisma.sql`AND g."chatId" = ${chatId}`;
  // From the player's seats (a few hundred games at most), not backwards through every game.
  return Prisma.sql`
    WITH seats AS MATERIALIZED (
      SELECT "gameId", place FROM "Seat" WHERE "userId" = ${userId}
    )
    SELECT g.id AS "gameId", g."chatId", c.title AS "chatTitle", g."finishedAt", s.place,
           coalesce(g."winnerId" = ${userId}, false) AS won,
           (SELECT count(*)::int FROM "Seat" o WHERE o."gameId" = g.id) AS players
    FROM seats s
    JOIN "Game" g ON g.id = s."gameId"
    JOIN "Chat" c ON c.id = g."chatId"
    WHERE g.status = 'FINISHED' ${inChat}
    ORDER BY g."finishedAt" DESC, g.id
    LIMIT ${limit} OFFSET ${offset}`;
}

/** A player's statistics over their finished games, optionally in one chat only. */
export async function playerStats(prisma: Reader, userId: bigint, options: PlayerStatsOptions = {}): Promise<PlayerStats> {
  const { chatId } = options;
  const limit = Math.max(0, Math.floor(options.recent ?? 10));
  const offset = Math.max(0, Math.floor(options.recentOffset ?? 0));
  const [counts, recent] = await Promise.all([
    prisma.$queryRaw<DayRow[]>(countsSql(userId, chatId)),
    limit > 0 ? prisma.$queryRaw<RecentGame[]>(recentSql(userId, chatId, limit, offset)) : Promise.resolve([]),
  ]);

  const byDay = new Map<string, DayRow[]>();
  const byWeek = new Map<string, DayRow[]>();
  for (const row of counts) {
    const push = (m: Map<string, DayRow[]>, k: string) => {
      const list = m.get(k);
      if (list) list.push(row);
      else m.set(k, [row]);
    };
    push(byDay, row.day);
    push(byWeek, weekStart(row.day));
  }
  const daily = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, rows]) => ({ day, ...coreOf(rows) }));
  const weekly = [...byWeek.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, rows]) => ({ week: isoWeekOf(start), weekStart: start, ...coreOf(rows) }));
  const total = coreOf(counts);

  return {
    userId,
    chatId: chatId ?? null,
    ...total,
    daily,
    series: seriesOf(byDay),
    weekly,
    recent,
    recentPage: { offset, limit, total: total.games, hasMore: offset + recent.length < total.games },
  };
}

/** The daily count rows bucketed by the engine's `bucketDays` (day, week or month to fit). */
function seriesOf(byDay: ReadonlyMap<string, readonly DayRow[]>): StatsSeries {
  const { unit, buckets } = bucketDays([...byDay.keys()].map((day) => ({ day })));
  return {
    unit,
    points: buckets.map((b) => ({ unit, start: b.start, end: b.end, ...coreOf(b.items.flatMap((d) => byDay.get(d.day) ?? [])) })),
  };
}
