-- CreateTable
CREATE TABLE "GroupTally" (
    "chatId" BIGINT NOT NULL,
    "day" TEXT NOT NULL,
    "part" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" INTEGER NOT NULL,
    "n" INTEGER NOT NULL,
    "lives" INTEGER NOT NULL,

    CONSTRAINT "GroupTally_pkey" PRIMARY KEY ("chatId","day","part","key","value")
);

-- The chats' finished games so far (@mia/game tallies.ts: the same statement, over every game).
WITH games AS MATERIALIZED (
  SELECT g.id, g."chatId", to_char(g."finishedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
  FROM "Game" g WHERE g.status = 'FINISHED'
),
announced AS MATERIALIZED (
  SELECT g."chatId", g.day, a.value, a.classification, count(*)::int AS n
  FROM games g
  CROSS JOIN LATERAL (SELECT x.value, x.classification FROM "Announcement" x WHERE x."gameId" = g.id OFFSET 0) a
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
  CROSS JOIN LATERAL (SELECT x."end", x.cause, x."livesLost" FROM "Round" x WHERE x."gameId" = g.id OFFSET 0) ro
  GROUP BY 1, 2, 4
)
INSERT INTO "GroupTally" ("chatId", day, part, key, value, n, lives)
SELECT "chatId", day, part, key, value, n, lives FROM tally;
