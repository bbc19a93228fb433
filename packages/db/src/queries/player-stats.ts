// A player's statistics over their FINISHED games (rules: "What counts as a bluff"). Games in
// the lobby, in play or aborted never count: a running game's announcements are still secret.
import { Prisma } from '../generated/prisma/client.ts';
import {
  bluffRateOf,
  CAUSE_KEY,
  CLASS_KEY,
  emptyClassCounts,
  emptyLivesLost,
  isoWeekOf,
  ratio,
  type ClassCounts,
  type LivesLost,
  type Reader,
} from './common.ts';

export interface PlayerStatsOptions {
  /** Only games played in this chat. */
  chatId?: bigint;
  /** How many recent games to list (default 10). */
  recent?: number;
}

/**
 * Times one of the player's announcements was put to the test: a "liar!" call on it, or a look
 * under it when it was a Mia (each a Reveal with the player as announcer).
 */
export interface CalledOn {
  /** Their announcements revealed by a call or a look at Mia. */
  total: number;
  /** Of those, the dice were below the announcement: BLUFF_CAUGHT or MIA_FALSE (they lost the round). */
  caught: number;
  /** Of those, the announcement held: CLAIM_HELD or MIA_TRUE (the caller lost). */
  held: number;
  /**
   * Their bluffs (OVER announcements) that were revealed. A revealed OVER announcement is always
   * caught, so this is also "bluffs caught"; `caught - bluffsCalled` are blind or passed
   * announcements (and unlucky ones) that turned out too high.
   */
  bluffsCalled: number;
}

/** Reveals the player caused: a "liar!" call, or a look at an announced Mia. */
export interface CallsMade {
  total: number;
  /** BLUFF_CAUGHT or MIA_FALSE: the announcer lost. */
  right: number;
  /** CLAIM_HELD or MIA_TRUE: the player lost. */
  wrong: number;
  /**
   * Of the right calls, those on a bluff (an OVER announcement): "bluffs caught". The other
   * right calls caught blind or passed announcements that turned out too high.
   */
  bluffsCaught: number;
  /** right / total, null without calls. */
  accuracy: number | null;
}

/** The core counts, over all games or over the games that finished in one week. */
export interface CoreStats {
  games: number;
  wins: number;
  winRate: number | null;
  announcements: ClassCounts & { total: number };
  /** over / (truthful + over + under); null without a looked announcement. */
  bluffRate: number | null;
  calledOn: CalledOn;
  calls: CallsMade;
  livesLost: LivesLost;
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
  /** Oldest week first; only weeks in which at least one of their games finished. */
  weekly: WeeklyStats[];
  /** Most recently finished first. */
  recent: RecentGame[];
}

interface CountRow {
  week: string;
  part: 'game' | 'class' | 'calledOn' | 'call' | 'lost';
  key: string;
  n: number;
}

function emptyCore(): CoreStats {
  return {
    games: 0,
    wins: 0,
    winRate: null,
    announcements: { ...emptyClassCounts(), total: 0 },
    bluffRate: null,
    calledOn: { total: 0, caught: 0, held: 0, bluffsCalled: 0 },
    calls: { total: 0, right: 0, wrong: 0, bluffsCaught: 0, accuracy: null },
    livesLost: emptyLivesLost(),
  };
}

const CAUGHT = new Set(['BLUFF_CAUGHT', 'MIA_FALSE']);

function add(core: CoreStats, row: CountRow): void {
  const { key, n } = row;
  switch (row.part) {
    case 'game':
      core.games += n;
      if (key === 'won') core.wins += n;
      break;
    case 'class': {
      const k = CLASS_KEY[key];
      if (k) core.announcements[k] += n;
      core.announcements.total += n;
      break;
    }
    case 'calledOn': {
      const [outcome, classification] = key.split(':');
      core.calledOn.total += n;
      if (CAUGHT.has(outcome!)) core.calledOn.caught += n;
      else core.calledOn.held += n;
      if (classification === 'OVER') core.calledOn.bluffsCalled += n;
      break;
    }
    case 'call': {
      const [outcome, classification] = key.split(':');
      core.calls.total += n;
      if (CAUGHT.has(outcome!)) core.calls.right += n;
      else core.calls.wrong += n;
      if (classification === 'OVER') core.calls.bluffsCaught += n;
      break;
    }
    case 'lost': {
      const k = CAUSE_KEY[key];
      if (k) core.livesLost[k] += n;
      core.livesLost.total += n;
      break;
    }
  }
}

function finish<T extends CoreStats>(core: T): T {
  core.winRate = ratio(core.wins, core.games);
  core.bluffRate = bluffRateOf(core.announcements);
  core.calls.accuracy = ratio(core.calls.right, core.calls.total);
  return core;
}

/**
 * Everything counted in one statement (one snapshot), per week of the game's end. The player's
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
  // A reveal's game needs no lookup: ids are derived (@mia/game ids.ts), a round's is
  // `${gameId}:r${number}` and an announcement's `${gameId}:r${number}:a${seq}`, so dropping
  // that suffix gives the game id exactly.
  return Prisma.sql`
    WITH games AS MATERIALIZED (
      SELECT g.id,
             g."winnerId" = ${userId} AS won,
             to_char(date_trunc('week', g."finishedAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week
      FROM "Seat" s
      JOIN "Game" g ON g.id = s."gameId"
      WHERE s."userId" = ${userId} AND g.status = 'FINISHED' ${inChat}
    ),
    announced AS MATERIALIZED (
      SELECT a."gameId", a.classification, count(*) AS n
      FROM "Announcement" a WHERE a."userId" = ${userId}
      GROUP BY 1, 2
    ),
    revealed AS MATERIALIZED (
      SELECT regexp_replace(r."announcementId", ':r[0-9]+:a[0-9]+$', '') AS "gameId", r.outcome,
             b.id IS NOT NULL AS bluff
      FROM "Reveal" r
      LEFT JOIN "Announcement" b ON b.id = r."announcementId" AND b."userId" = ${userId} AND b.classification = 'OVER'
      WHERE r."announcerId" = ${userId}
    ),
    called AS MATERIALIZED (
      -- The announcement is looked up (by primary key) only to tell the bluffs they caught.
      SELECT regexp_replace(r."roundId", ':r[0-9]+$', '') AS "gameId", r.outcome,
             b.id IS NOT NULL AS bluff
      FROM "Reveal" r
      LEFT JOIN "Announcement" b ON b.id = r."announcementId" AND b.classification = 'OVER'
      WHERE r."callerId" = ${userId}
    ),
    lost AS MATERIALIZED (
      SELECT ro."gameId", ro.cause, ro."livesLost" FROM "Round" ro WHERE ro."loserId" = ${userId}
    )
    SELECT week, 'game' AS part, CASE WHEN won THEN 'won' ELSE 'played' END AS key, count(*)::int AS n
    FROM games GROUP BY 1, 3
    UNION ALL
    SELECT g.week, 'class', a.classification::text, sum(a.n)::int
    FROM announced a JOIN games g ON g.id = a."gameId"
    GROUP BY 1, 3
    UNION ALL
    SELECT g.week, 'calledOn', r.outcome::text || CASE WHEN r.bluff THEN ':OVER' ELSE '' END, count(*)::int
    FROM revealed r JOIN games g ON g.id = r."gameId"
    GROUP BY 1, 3
    UNION ALL
    SELECT g.week, 'call', c.outcome::text || CASE WHEN c.bluff THEN ':OVER' ELSE '' END, count(*)::int
    FROM called c JOIN games g ON g.id = c."gameId"
    GROUP BY 1, 3
    UNION ALL
    SELECT g.week, 'lost', l.cause::text, sum(l."livesLost")::int
    FROM lost l JOIN games g ON g.id = l."gameId"
    GROUP BY 1, 3`;
}

/** The statement behind playerStats' counts, for EXPLAIN (benchmarks, index work). */
export const playerStatsSql = (userId: bigint, options: Pick<PlayerStatsOptions, 'chatId'> = {}): Prisma.Sql =>
  countsSql(userId, options.chatId);

function recentSql(userId: bigint, chatId: bigint | undefined, limit: number): Prisma.Sql {
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
    LIMIT ${limit}`;
}

/** A player's statistics over their finished games, optionally in one chat only. */
export async function playerStats(
  prisma: Reader,
  userId: bigint,
  options: PlayerStatsOptions = {},
): Promise<PlayerStats> {
  const { chatId } = options;
  const limit = options.recent ?? 10;
  const [counts, recent] = await Promise.all([
    prisma.$queryRaw<CountRow[]>(countsSql(userId, chatId)),
    limit > 0 ? prisma.$queryRaw<RecentGame[]>(recentSql(userId, chatId, limit)) : Promise.resolve([]),
  ]);

  const total = emptyCore();
  const weeks = new Map<string, CoreStats>();
  for (const row of counts) {
    add(total, row);
    let week = weeks.get(row.week);
    if (!week) weeks.set(row.week, (week = emptyCore()));
    add(week, row);
  }
  const weekly = [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([weekStart, core]) => finish({ week: isoWeekOf(weekStart), weekStart, ...core }));

  return {
    userId,
    chatId: chatId ?? null,
    ...finish(total),
    weekly,
    recent,
  };
}
