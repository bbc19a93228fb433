// What a player announced against what their dice showed, over the LOOKED announcements of their
// FINISHED games: the dashboard's heat map of honesty. Blind announcements and blind passes are
// left out (the announcer had not seen the dice, so there is nothing to be honest about), and so
// are games in the lobby, in play or aborted: a running game's dice are still secret.
import { Prisma } from '../generated/prisma/client';
import type { Reader } from './common';

export interface AnnouncedVsActualOptions {
  /** Only games played in this chat. */
  chatId?: bigint;
}

export interface AnnouncedVsActualCell {
  /** The announced value as stored (the engine's Value; in sum mode its points class's canonical value). */
  announced: number;
  /** The value of the dice under the cup: the higher die times ten plus the lower. */
  actual: number;
  /** Looked announcements with this pair. */
  count: number;
}

/** The statement behind announcedVsActual (for EXPLAIN in benchmarks and index work). */
export function announcedVsActualSql(userId: bigint, options: AnnouncedVsActualOptions = {}): Prisma.Sql {
  const inChat = options.chatId === undefined ? Prisma.empty : Prisma.sql`AND g."chatId" = ${options.chatId}`;
  // The same shape as playerStats: the player's finished games from their seats (index-only on
  // Seat(userId, place, gameId)), then their announcements through Announcement(userId, kind).
  return Prisma.sql`
    WITH games AS MATERIALIZED (
      SELECT g.ref
      FROM "Seat" s
      JOIN "Game" g ON g.id = s."gameId"
      WHERE s."userId" = ${userId} AND g.status = 'FINISHED' ${inChat}
    )
    SELECT a.value AS announced, (a."diceHigh" * 10 + a."diceLow") AS actual, count(*)::int AS count
    FROM "Announcement" a
    JOIN games g ON g.ref = a."gameRef"
    WHERE a."userId" = ${userId} AND a.kind = 'LOOKED'
    GROUP BY 1, 2
    ORDER BY 1, 2`;
}

/** One cell per (announced, actual) pair that occurred, ordered by announced value, then actual. */
export async function announcedVsActual(prisma: Reader, userId: bigint, options: AnnouncedVsActualOptions = {}): Promise<AnnouncedVsActualCell[]> {
  const rows = await prisma.$queryRaw<AnnouncedVsActualCell[]>(announcedVsActualSql(userId, options));
  // Integer expressions come back as numbers already; Number() keeps the type honest if a driver
  // ever hands them over as strings.
  return rows.map((r) => ({ announced: Number(r.announced), actual: Number(r.actual), count: Number(r.count) }));
}
