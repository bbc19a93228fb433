// A chat's leaderboard over its FINISHED games: people only (User.isAi = false). Games that had
// AI seats count for the people in them; the AI players themselves are not ranked.
import { Prisma } from '../generated/prisma/client.ts';
import { ratio, type Reader } from './common.ts';

export interface LeaderboardOptions {
  /** Rows to return (default 10). */
  limit?: number;
}

export interface LeaderboardRow {
  /** 1-based position on the board. */
  position: number;
  userId: bigint;
  firstName: string;
  username: string | null;
  games: number;
  wins: number;
  /** wins / games. */
  winRate: number;
  /** over / (truthful + over + under) over their announcements in the chat; null without any looked one. */
  bluffRate: number | null;
  /**
   * Lives lost in the chat's finished games, all causes: per seat, the game's starting lives
   * (its settings) minus the lives left. Every lost life lowers the seat's lives and is recorded
   * on its round (Round.livesLost), so this equals the rounds' sum without reading every round.
   */
  livesLost: number;
}

interface Row {
  userId: bigint;
  firstName: string;
  username: string | null;
  games: number;
  wins: number;
  bluffs: number;
  looked: number;
  livesLost: number;
}

/** The leaderboard's statement (for EXPLAIN in benchmarks and index work). */
export function leaderboardSql(chatId: bigint, options: LeaderboardOptions = {}): Prisma.Sql {
  const limit = options.limit ?? 10;
  // One index probe per finished game of the chat (a few hundred): seats, then announcements
  // through the covering (gameId, userId, classification) index. The LATERAL subqueries keep
  // that shape: hashing the whole Seat or Announcement table instead is far slower.
  return Prisma.sql`
    WITH games AS MATERIALIZED (
      SELECT id, "winnerId", (settings ->> 'lives')::int AS lives
      FROM "Game" WHERE "chatId" = ${chatId} AND status = 'FINISHED'
    ),
    players AS (
      SELECT s."userId", count(*)::int AS games,
             count(*) FILTER (WHERE g."winnerId" = s."userId")::int AS wins,
             sum(g.lives - s.lives)::int AS "livesLost"
      FROM games g
      -- one index probe per game (OFFSET 0 keeps the planner from hashing the whole table)
      CROSS JOIN LATERAL (SELECT "userId", lives FROM "Seat" WHERE "gameId" = g.id OFFSET 0) s
      GROUP BY s."userId"
    ),
    announced AS (
      SELECT x."userId", sum(x.bluffs)::int AS bluffs, sum(x.looked)::int AS looked
      FROM games g
      CROSS JOIN LATERAL (
        SELECT a."userId",
               count(*) FILTER (WHERE a.classification = 'OVER') AS bluffs,
               count(*) FILTER (WHERE a.classification IN ('TRUTHFUL', 'OVER', 'UNDER')) AS looked
        FROM "Announcement" a WHERE a."gameId" = g.id
        GROUP BY a."userId"
      ) x
      GROUP BY x."userId"
    )
    SELECT p."userId", u."firstName", u.username, p.games, p.wins, p."livesLost",
           coalesce(a.bluffs, 0) AS bluffs, coalesce(a.looked, 0) AS looked
    FROM players p
    JOIN "User" u ON u.id = p."userId" AND NOT u."isAi"
    LEFT JOIN announced a ON a."userId" = p."userId"
    ORDER BY p.wins DESC, p.wins::float8 / p.games DESC, p.games DESC, p."userId"
    LIMIT ${limit}`;
}

/** Ordered by wins, then win rate, then games played; ties by user id for a stable order. */
export async function leaderboard(
  prisma: Reader,
  chatId: bigint,
  options: LeaderboardOptions = {},
): Promise<LeaderboardRow[]> {
  const rows = await prisma.$queryRaw<Row[]>(leaderboardSql(chatId, options));
  return rows.map((r, i) => ({
    position: i + 1,
    userId: r.userId,
    firstName: r.firstName,
    username: r.username,
    games: r.games,
    wins: r.wins,
    winRate: r.wins / r.games,
    bluffRate: ratio(r.bluffs, r.looked),
    livesLost: r.livesLost,
  }));
}
