// `npm run stats:recompute`: every rating rebuilt from the finished games, in the order they
// were first rated (RatingChange.seq), then any finished game never rated (a database from before
// ratings, say) by the time it finished. The same ledger as the incremental path, so the values
// are equal to the ones the games wrote as they finished.
import type { PrismaClient } from '@mia/db';
import type { Tx } from '../repository';
import { rateFinishedGame, ratingKey, type RatedGame, type RatingChangeRow, type RatingRow } from './ledger';
import { lockRatings, writeChanges, writeRatings } from './store';

interface GameSeatRow {
  gameId: string;
  chatId: bigint;
  finishedAt: Date;
  userId: bigint;
  place: number;
  truthful: number;
  over: number;
  under: number;
}

/** Finished games in rating order, with their seats (one row per seat, seats in join order). */
async function finishedGames(tx: Tx): Promise<RatedGame[]> {
  const rows = await tx.$queryRaw<GameSeatRow[]>`
    WITH rated AS (SELECT "gameId", min(seq) AS seq FROM "RatingChange" GROUP BY 1),
    counts AS (
      SELECT "gameRef", "userId",
             count(*) FILTER (WHERE classification = 'TRUTHFUL')::int AS truthful,
             count(*) FILTER (WHERE classification = 'OVER')::int AS "over",
             count(*) FILTER (WHERE classification = 'UNDER')::int AS "under"
      FROM "Announcement" GROUP BY 1, 2
    )
    SELECT g.id AS "gameId", g."chatId", g."finishedAt", s."userId", s.place,
           coalesce(c.truthful, 0) AS truthful, coalesce(c."over", 0) AS "over", coalesce(c."under", 0) AS "under"
    FROM "Game" g
    JOIN "Seat" s ON s."gameId" = g.id AND s.place IS NOT NULL
    LEFT JOIN rated r ON r."gameId" = g.id
    LEFT JOIN counts c ON c."gameRef" = g.ref AND c."userId" = s."userId"
    WHERE g.status = 'FINISHED'
    ORDER BY r.seq NULLS LAST, g."finishedAt", g.id, s."order"`;
  const games: RatedGame[] = [];
  let last: (RatedGame & { seats: RatedGame['seats'][number][] }) | undefined;
  for (const r of rows) {
    if (last?.gameId !== r.gameId) {
      last = { gameId: r.gameId, chatId: r.chatId, finishedAt: r.finishedAt, seats: [] };
      games.push(last);
    }
    last.seats.push({ userId: r.userId, place: r.place, truthful: r.truthful, over: r.over, under: r.under });
  }
  return games;
}

export interface RecomputeResult {
  games: number;
  ratings: number;
  changes: number;
}

/** Rebuilds Rating and RatingChange in one transaction (writers of ratings wait for it). */
export async function recomputeRatings(prisma: PrismaClient): Promise<RecomputeResult> {
  return prisma.$transaction(
    async (tx) => {
      await lockRatings(tx);
      const games = await finishedGames(tx);
      const current = new Map<string, RatingRow>();
      const changes: RatingChangeRow[] = [];
      for (const game of games) {
        if (game.seats.length < 2) continue;
        const out = rateFinishedGame(game, (scope, subject) => current.get(ratingKey(scope, subject)));
        for (const r of out.ratings) current.set(ratingKey(r.scope, r.subject), r);
        changes.push(...out.changes);
      }
      await tx.$executeRaw`DELETE FROM "RatingChange"`;
      await tx.$executeRaw`DELETE FROM "Rating"`;
      // In chunks: one statement's arrays stay a few megabytes at most.
      const rows = [...current.values()];
      for (let i = 0; i < rows.length; i += 5000) await writeRatings(tx, rows.slice(i, i + 5000));
      for (let i = 0; i < changes.length; i += 5000) await writeChanges(tx, changes.slice(i, i + 5000));
      return { games: games.length, ratings: rows.length, changes: changes.length };
    },
    { maxWait: 60_000, timeout: 30 * 60_000 },
  );
}
