// A game's event log, wherever it lives: one GameEvent row per event while the game runs and a
// while after, then one GameLog row per game once the maintenance sweep has compacted it
// (@mia/game maintenance.ts). Every reader of events goes through this one statement's text.
import type pg from 'pg';
import { Prisma } from '../generated/prisma/client';
import { run, statement } from '../typed-sql';
import type { Reader } from './common';

export interface EventLogRow {
  seq: number;
  type: string;
  payload: Prisma.JsonValue;
  createdAt: Date;
}

/** The log, its parameters the game ($1), afterSeq ($2) and uptoSeq ($3; null: no upper bound). */
const EVENT_LOG = `
    SELECT seq, type, payload, "createdAt" FROM "GameEvent"
    WHERE "gameId" = $1::text AND seq > $2::int AND ($3::int IS NULL OR seq <= $3::int)
    UNION ALL
    SELECT x.seq, x.payload->>'type', x.payload, x."createdAt" FROM "GameLog" l
    CROSS JOIN LATERAL (
      SELECT (b.value->>0)::int + e.ord::int - 1 AS seq, e.value::jsonb AS payload,
        to_timestamp(0) + (b.value->>1)::bigint * interval '1 millisecond' AS "createdAt"
      FROM json_array_elements(l.batches) b, json_array_elements(b.value->2) WITH ORDINALITY e(value, ord)
    ) x
    WHERE l."gameId" = $1::text AND x.seq > $2::int AND ($3::int IS NULL OR x.seq <= $3::int)
    ORDER BY seq`;

/** Events of `gameId` with afterSeq < seq ≤ uptoSeq (no upper bound without it), in seq order. */
export function gameEventsSql(gameId: string, afterSeq = 0, uptoSeq: number | null = null): Prisma.Sql {
  // The same text, each $n replaced by Prisma's parameter for it.
  const parts = EVENT_LOG.split(/\$([123])(?!\d)/);
  const values = [gameId, afterSeq, uptoSeq];
  return Prisma.sql(
    parts.filter((_, i) => i % 2 === 0),
    ...parts.filter((_, i) => i % 2 === 1).map((n) => values[Number(n) - 1]),
  );
}

export function gameEvents(db: Reader, gameId: string, afterSeq = 0, uptoSeq: number | null = null): Promise<EventLogRow[]> {
  return db.$queryRaw<EventLogRow[]>(gameEventsSql(gameId, afterSeq, uptoSeq));
}

/** A game's row as `gameWithEvents` reads it (`chatId` as text: node-postgres leaves int8 a string). */
export interface GameRow {
  id: string;
  chatId: string;
  threadId: number | null;
  status: 'LOBBY' | 'PLAYING' | 'FINISHED' | 'ABORTED';
  version: number;
  state: Prisma.JsonValue;
  deadlineAt: Date | null;
  turnStartedAt: Date | null;
}

const GAME_WITH_EVENTS = statement<
  [gameId: string, afterSeq: number, uptoSeq: number | null],
  GameRow & { events: [seq: number, type: string, payload: Prisma.JsonValue, createdAtMs: number][] }
>(
  'mia_game_with_events_v1',
  `SELECT g.id, g."chatId"::text AS "chatId", g."threadId", g.status::text AS status, g.version, g.state, g."deadlineAt", g."turnStartedAt",
    COALESCE((SELECT json_agg(json_build_array(l.seq, l.type, l.payload, (extract(epoch FROM l."createdAt") * 1000)::bigint) ORDER BY l.seq)
      FROM (${EVENT_LOG}) l), '[]'::json) AS events
   FROM "Game" g WHERE g.id = $1::text`,
);

/**
 * A game and its events after `afterSeq` (up to `uptoSeq`) in one round trip, straight through
 * node-postgres: what another process's commit notice needs (the dashboard loads one per move of
 * every watched game; two queries through Prisma's query path cost it more CPU and garbage than
 * fanning the move out to its spectators). Null when the game does not exist.
 */
export async function gameWithEvents(
  pool: pg.Pool,
  gameId: string,
  afterSeq: number,
  uptoSeq: number | null,
): Promise<{ game: GameRow; events: EventLogRow[] } | null> {
  const [row] = await run(pool, GAME_WITH_EVENTS, [gameId, afterSeq, uptoSeq]);
  if (!row) return null;
  const { events, ...game } = row;
  return {
    game,
    events: events.map(([seq, type, payload, ms]) => ({ seq, type, payload, createdAt: new Date(ms) })),
  };
}
