// A game's event log, wherever it lives: one GameEvent row per event while the game runs and a
// while after, then one GameLog row per game once the maintenance sweep has compacted it
// (@mia/game maintenance.ts). Every reader of events goes through this one statement.
import { Prisma } from '../generated/prisma/client';
import type { Reader } from './common';

export interface EventLogRow {
  seq: number;
  type: string;
  payload: Prisma.JsonValue;
  createdAt: Date;
}

/** Events of `gameId` with afterSeq < seq ≤ uptoSeq (no upper bound without it), in seq order. */
export function gameEventsSql(gameId: string, afterSeq = 0, uptoSeq: number | null = null): Prisma.Sql {
  return Prisma.sql`
    SELECT seq, type, payload, "createdAt" FROM "GameEvent"
    WHERE "gameId" = ${gameId} AND seq > ${afterSeq}::int AND (${uptoSeq}::int IS NULL OR seq <= ${uptoSeq}::int)
    UNION ALL
    SELECT x.seq, x.payload->>'type', x.payload, x."createdAt" FROM "GameLog" l
    CROSS JOIN LATERAL (
      SELECT (b.value->>0)::int + e.ord::int - 1 AS seq, e.value::jsonb AS payload,
        to_timestamp(0) + (b.value->>1)::bigint * interval '1 millisecond' AS "createdAt"
      FROM json_array_elements(l.batches) b, json_array_elements(b.value->2) WITH ORDINALITY e(value, ord)
    ) x
    WHERE l."gameId" = ${gameId} AND x.seq > ${afterSeq}::int AND (${uptoSeq}::int IS NULL OR x.seq <= ${uptoSeq}::int)
    ORDER BY seq`;
}

export function gameEvents(db: Reader, gameId: string, afterSeq = 0, uptoSeq: number | null = null): Promise<EventLogRow[]> {
  return db.$queryRaw<EventLogRow[]>(gameEventsSql(gameId, afterSeq, uptoSeq));
}
