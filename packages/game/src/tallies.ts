// A chat's statistics tallied game by game (GroupTally): written in the transaction that finishes
// a game, from that game's own rows, so the group page reads a few hundred tallies instead of
// every announcement and round of the chat (@mia/db groupStats). The recompute rebuilds them
// from every finished game with the same statement.
import { Prisma, type PrismaClient } from '@mia/db';
import type { Tx } from './repository';

type Writer = Pick<Tx, '$executeRaw'>;

/**
 * The tallies of the finished games `games` selects (ref, chatId, finishedAt), added to the
 * stored ones. A call is a round ended by a call or a look at Mia, right when the announcer lost
 * it (cause CAUGHT_BLUFFING); the read side turns these rows into rates with the engine's
 * definitions. Announcements and rounds are read game by game (LATERAL … OFFSET 0): per-game
 * index scans, never the whole tables.
 */
function tallySql(games: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    WITH games AS MATERIALIZED (
      SELECT g.ref, g."chatId", to_char(g."finishedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM (${games}) g
    ),
    announced AS MATERIALIZED (
      SELECT g."chatId", g.day, a.value, a.classification, count(*)::int AS n
      FROM games g
      CROSS JOIN LATERAL (SELECT x.value, x.classification FROM "Announcement" x WHERE x."gameRef" = g.ref OFFSET 0) a
      GROUP BY 1, 2, 3, 4
    ),
    tally AS (
      SELECT "chatId", day, 'game' AS part, '' AS key, 0 AS value, count(*)::int AS n, 0 AS lives
      FROM games GROUP BY 1, 2
      UNION ALL
      SELECT "chatId", day, 'class', classification::text, 0, sum(n)::int, 0 FROM announced GROUP BY 1, 2, 4
      UNION ALL
      SELECT "chatId", '', 'value', classification::text, value, sum(n)::int, 0 FROM announced GROUP BY 1, 4, 5
      UNION ALL
      SELECT g."chatId", g.day, 'round', coalesce(ro."end"::text, '') || ':' || coalesce(ro.cause::text, ''), 0,
             count(*)::int, coalesce(sum(ro."livesLost"), 0)::int
      FROM games g
      CROSS JOIN LATERAL (SELECT x."end", x.cause, x."livesLost" FROM "Round" x WHERE x."gameRef" = g.ref OFFSET 0) ro
      GROUP BY 1, 2, 4
    )
    INSERT INTO "GroupTally" ("chatId", day, part, key, value, n, lives)
    SELECT "chatId", day, part, key, value, n, lives FROM tally
    ON CONFLICT ("chatId", day, part, key, value)
    DO UPDATE SET n = "GroupTally".n + EXCLUDED.n, lives = "GroupTally".lives + EXCLUDED.lives`;
}

/** Adds a game that has just finished to its chat's tallies (inside the finishing transaction, after its rows). */
export async function tallyFinishedGame(tx: Writer, gameId: string): Promise<void> {
  await tx.$executeRaw(tallySql(Prisma.sql`SELECT ref, "chatId", "finishedAt" FROM "Game" WHERE id = ${gameId} AND status = 'FINISHED'`));
}

/** Rebuilds every chat's tallies from its finished games, in one transaction. */
export async function recomputeTallies(prisma: PrismaClient): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`DELETE FROM "GroupTally"`;
      await tx.$executeRaw(tallySql(Prisma.sql`SELECT ref, "chatId", "finishedAt" FROM "Game" WHERE status = 'FINISHED'`));
    },
    { maxWait: 60_000, timeout: 30 * 60_000 },
  );
}
