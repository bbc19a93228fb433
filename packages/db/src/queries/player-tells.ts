// A player's "tells", over their FINISHED games: how often each value they announce is true, and
// how often they call each value announced to them. The counts are the engine's fold
// (engine/src/stats/fold.ts: `announced` and `faced`); the rates its truthRate and callRate.
import { callRate, MIA, rankedIndex, truthRate } from '@mia/engine';
import { Prisma } from '../generated/prisma/client';
import type { Reader } from './common';

export interface PlayerTellsOptions {
  /** Only games played in this chat. */
  chatId?: bigint;
}

/** One value (as stored: the engine's Value; in sum mode a points class's canonical value). */
export interface TellValue {
  value: number;
  /** Their announcements of it, of any kind. */
  announced: number;
  /** Of those, made after looking at the dice (truthful, over or under). */
  looked: number;
  /** Of the looked ones, true (the dice ranked equal). */
  truthful: number;
  /** truthful / looked; null when never announced after looking. */
  truthRate: number | null;
  /**
   * Times it was announced to them and they answered: believed it (announced after it), called
   * "liar!", looked at the Mia or gave up on it. A missed deadline does not count.
   */
  faced: number;
  /** Of those, called "liar!" or looked at the Mia. */
  called: number;
  /** called / faced; null when never faced. */
  callRate: number | null;
}

export interface PlayerTells {
  userId: bigint;
  chatId: bigint | null;
  /** The values they announced or faced, in the classic ranking's order (RANKED_VALUES: Mia first). */
  values: TellValue[];
}

interface TellRow {
  part: 'announced' | 'faced';
  value: number;
  /** announced: the classification; faced: 'believed', 'called' or 'gaveUp'. */
  key: string;
  n: number;
}

/** The statement behind playerTells, for EXPLAIN (benchmarks, index work). */
export function playerTellsSql(userId: bigint, options: PlayerTellsOptions = {}): Prisma.Sql {
  const inChat = options.chatId === undefined ? Prisma.empty : Prisma.sql`AND g."chatId" = ${options.chatId}`;
  // The shape of playerStats: the player's finished games from their seats, their rows of each
  // table through its per-player index into a materialized CTE, hash-joined to the games.
  // - believed: their announcement after another in the round answers the one before (its value
  //   is kept on the row, `answers`);
  // - called: reveals they caused, with the value they revealed (kept on the reveal);
  // - gaveUp: rounds they lost by giving up on Mia, always on an announced Mia (21). (Reveal and
  //   Round carry their game.)
  return Prisma.sql`
    WITH games AS MATERIALIZED (
      SELECT g.ref
      FROM "Seat" s
      JOIN "Game" g ON g.id = s."gameId"
      WHERE s."userId" = ${userId} AND g.status = 'FINISHED' ${inChat}
    ),
    mine AS MATERIALIZED (
      SELECT a."gameRef", a.value, a.classification, a.answers
      FROM "Announcement" a WHERE a."userId" = ${userId}
    ),
    called AS MATERIALIZED (
      SELECT r."gameRef", r.value
      FROM "Reveal" r WHERE r."callerId" = ${userId}
    ),
    gave AS MATERIALIZED (
      SELECT ro."gameRef" FROM "Round" ro WHERE ro."loserId" = ${userId} AND ro.cause = 'MIA_GIVEN_UP'
    )
    SELECT 'announced' AS part, m.value, m.classification::text AS key, count(*)::int AS n
    FROM mine m JOIN games g ON g.ref = m."gameRef"
    GROUP BY 2, 3
    UNION ALL
    SELECT 'faced', m.answers, 'believed', count(*)::int
    FROM mine m
    JOIN games g ON g.ref = m."gameRef"
    WHERE m.answers IS NOT NULL
    GROUP BY 2
    UNION ALL
    SELECT 'faced', c.value, 'called', count(*)::int
    FROM called c JOIN games g ON g.ref = c."gameRef"
    GROUP BY 2
    UNION ALL
    SELECT 'faced', ${MIA}::int, 'gaveUp', count(*)::int
    FROM gave v JOIN games g ON g.ref = v."gameRef"
    HAVING count(*) > 0`;
}

/** A player's tells over their finished games, optionally in one chat only. */
export async function playerTells(prisma: Reader, userId: bigint, options: PlayerTellsOptions = {}): Promise<PlayerTells> {
  const rows = await prisma.$queryRaw<TellRow[]>(playerTellsSql(userId, options));
  const byValue = new Map<number, TellValue>();
  const of = (value: number): TellValue => {
    let v = byValue.get(value);
    if (!v) {
      v = { value, announced: 0, looked: 0, truthful: 0, truthRate: null, faced: 0, called: 0, callRate: null };
      byValue.set(value, v);
    }
    return v;
  };
  for (const row of rows) {
    const v = of(Number(row.value));
    const n = Number(row.n);
    if (row.part === 'announced') {
      v.announced += n;
      if (row.key === 'TRUTHFUL' || row.key === 'OVER' || row.key === 'UNDER') v.looked += n;
      if (row.key === 'TRUTHFUL') v.truthful += n;
    } else {
      v.faced += n;
      if (row.key === 'called') v.called += n;
    }
  }
  const values = [...byValue.values()]
    .map((v) => ({ ...v, truthRate: truthRate(v), callRate: callRate(v) }))
    .sort((a, b) => rankedIndex(a.value) - rankedIndex(b.value));
  return { userId, chatId: options.chatId ?? null, values };
}
