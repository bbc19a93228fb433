// Skill ratings as the boards, /top, /stats and the player page read them (written by @mia/game's
// ratings ledger when a game finishes). Scope 0 holds the ratings over all chats.
import { bluffRate, displayRating, isProvisional, type StrategyName } from '@mia/engine';
import { Prisma } from '../generated/prisma/client';
import type { Reader } from './common';

/** The scope of the ratings over all chats. */
const OVERALL = 0n;
const scopeOf = (chatId: bigint | undefined): bigint => chatId ?? OVERALL;

export interface RatingBoardOptions {
  /** One chat's board; all chats when left out. */
  chatId?: bigint;
  /** People (default), or the computer strategies' ladder. */
  kind?: 'people' | 'computers';
  limit?: number;
  offset?: number;
}

export interface RatingBoardRow {
  /** 1-based position on the board (provisional ratings included). */
  position: number;
  /** A person's user id in decimal, or "ai:<strategy>". */
  subject: string;
  /** The person; null for a strategy. */
  userId: bigint | null;
  /** The strategy a computer row rates; null for a person. */
  strategy: StrategyName | null;
  firstName: string | null;
  username: string | null;
  /** The displayed rating (engine displayRating: conservative μ − 3σ, scaled). */
  rating: number;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
  winRate: number;
  /** Engine bluffRate over the announcements of the rated games; null without a looked one. */
  bluffRate: number | null;
  /** Fewer than PROVISIONAL_GAMES rated games. */
  provisional: boolean;
}

interface BoardRow {
  subject: string;
  userId: bigint | null;
  firstName: string | null;
  username: string | null;
  rating: number;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
  truthful: number;
  over: number;
  under: number;
}

/** The board's statement (for EXPLAIN): one index range of Rating(scope, rating), people joined to User. */
export function ratingBoardSql(options: RatingBoardOptions = {}): Prisma.Sql {
  const scope = scopeOf(options.chatId);
  const kind =
    (options.kind ?? 'people') === 'people'
      ? Prisma.sql`AND r."userId" IS NOT NULL AND NOT coalesce(u."isAi", false)`
      : Prisma.sql`AND (r."userId" IS NULL OR u."isAi")`;
  return Prisma.sql`
    SELECT r.subject, r."userId", u."firstName", u.username, r.rating, r.mu, r.sigma, r.games, r.wins,
           r.truthful, r."over", r."under"
    FROM "Rating" r
    LEFT JOIN "User" u ON u.id = r."userId"
    WHERE r.scope = ${scope} ${kind}
    ORDER BY r.rating DESC, r.games DESC, r.subject
    LIMIT ${options.limit ?? 10} OFFSET ${options.offset ?? 0}`;
}

const strategyOf = (subject: string): StrategyName | null => (subject.startsWith('ai:') ? (subject.slice(3) as StrategyName) : null);

function toBoardRow(r: BoardRow, position: number): RatingBoardRow {
  return {
    position,
    subject: r.subject,
    userId: r.userId,
    strategy: strategyOf(r.subject),
    firstName: r.firstName,
    username: r.username,
    rating: r.rating,
    mu: r.mu,
    sigma: r.sigma,
    games: r.games,
    wins: r.wins,
    winRate: r.wins / r.games,
    bluffRate: bluffRate(r),
    provisional: isProvisional(r.games),
  };
}

/** A board by rating, highest first (ties: more games, then subject, for a stable order). */
export async function ratingBoard(prisma: Reader, options: RatingBoardOptions = {}): Promise<RatingBoardRow[]> {
  const rows = await prisma.$queryRaw<BoardRow[]>(ratingBoardSql(options));
  const offset = options.offset ?? 0;
  return rows.map((r, i) => toBoardRow(r, offset + i + 1));
}

export interface RatingPoint {
  gameId: string;
  /** When the game finished. */
  at: Date;
  /** Best place in the game. */
  place: number;
  rating: number;
  mu: number;
  sigma: number;
  /** Rated games after this one. */
  games: number;
  /** The skill before the game. */
  muBefore: number;
  sigmaBefore: number;
}

export interface PlayerRating extends RatingBoardRow {
  /** Rating change over the last `trendGames` games (or all of them, when fewer). */
  trend: number;
  trendGames: number;
  /** Rated people on the same board (for "3rd of 12"). */
  ratedPlayers: number;
}

export interface RatingHistoryOptions {
  chatId?: bigint;
  /** The most recent points only (default: all). */
  limit?: number;
}

/** A subject's rating after each of their rated games, oldest first. */
export async function ratingHistory(prisma: Reader, subject: string, options: RatingHistoryOptions = {}): Promise<RatingPoint[]> {
  const scope = scopeOf(options.chatId);
  const limit = options.limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${options.limit}`;
  const rows = await prisma.$queryRaw<RatingPoint[]>`
    SELECT * FROM (
      SELECT "gameId", at, place, rating, mu, sigma, games, "muBefore", "sigmaBefore", seq
      FROM "RatingChange" WHERE scope = ${scope} AND subject = ${subject}
      ORDER BY seq DESC ${limit}
    ) h ORDER BY seq`;
  return rows.map(({ gameId, at, place, rating, mu, sigma, games, muBefore, sigmaBefore }) => ({
    gameId,
    at,
    place,
    rating,
    mu,
    sigma,
    games,
    muBefore,
    sigmaBefore,
  }));
}

/** How many games /stats' trend spans. */
export const TREND_GAMES = 5;

/** A person's (or strategy's) rating with its board position and recent trend; null before their first rated game. */
export async function playerRating(prisma: Reader, subject: string, options: { chatId?: bigint } = {}): Promise<PlayerRating | null> {
  const scope = scopeOf(options.chatId);
  const people = !subject.startsWith('ai:');
  const [rows, history] = await Promise.all([
    prisma.$queryRaw<(BoardRow & { position: number; ratedPlayers: number })[]>`
      WITH me AS (
        SELECT r.subject, r."userId", u."firstName", u.username, r.rating, r.mu, r.sigma, r.games, r.wins,
               r.truthful, r."over", r."under"
        FROM "Rating" r LEFT JOIN "User" u ON u.id = r."userId"
        WHERE r.scope = ${scope} AND r.subject = ${subject}
      ),
      board AS (
        SELECT r.subject, r.rating, r.games FROM "Rating" r LEFT JOIN "User" u ON u.id = r."userId"
        WHERE r.scope = ${scope} AND (CASE WHEN ${people} THEN r."userId" IS NOT NULL AND NOT coalesce(u."isAi", false)
                                            ELSE r."userId" IS NULL OR u."isAi" END)
      )
      SELECT me.*,
             (SELECT count(*)::int + 1 FROM board b
               WHERE b.rating > me.rating OR (b.rating = me.rating AND (b.games > me.games OR (b.games = me.games AND b.subject < me.subject)))) AS position,
             (SELECT count(*)::int FROM board) AS "ratedPlayers"
      FROM me`,
    ratingHistory(prisma, subject, { ...options, limit: TREND_GAMES }),
  ]);
  const row = rows[0];
  if (!row) return null;
  // The window's first game says what the rating was before it.
  const first = history[0];
  const baseline = first ? displayRating({ mu: first.muBefore, sigma: first.sigmaBefore }) : row.rating;
  return {
    ...toBoardRow(row, row.position),
    ratedPlayers: row.ratedPlayers,
    trend: row.rating - baseline,
    trendGames: Math.min(TREND_GAMES, history.length),
  };
}
