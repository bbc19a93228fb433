import { run, statement } from '@mia/db';
import type pg from 'pg';
import type { Committed } from './bus';
import type { RowWrite } from './projection';
import type { Commit } from './write';

/**
 * The usual action in one statement and one round trip, no interactive transaction (BEGIN, the
 * statements, NOTIFY, COMMIT were five or more): the key's claim, the game moved on only if still
 * open and at the version read, its events, the rows its events imply (announcements, rounds,
 * reveals, seats) and the notice. A lone statement is atomic, and every write in it hangs on the
 * game's conditional update, so a duplicate or a racing writer writes nothing, as before.
 * Anything else (a game created or ended, a new profile, rows that touch one row twice, a caller's
 * statements) takes the transaction in write.ts.
 */

/** The text the statement casts to a number when its claim outlived a failed update (see below). */
const CONFLICT_MARK = 'mia: version conflict, claim undone ';

function isConflictMark(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '22P02' && typeof e.message === 'string' && e.message.includes(CONFLICT_MARK);
}

const ADVANCE = statement<
  [
    key: string | null,
    gameId: string,
    version: number,
    status: string,
    state: string,
    newVersion: number,
    keepDeadline: boolean,
    deadlineAt: Date | null,
    turnStartedAt: Date | null,
    startedAt: Date | null,
    dueBy: Date | null,
    now: Date,
    seqs: number[],
    types: string[],
    payloads: string[],
    rows: string,
    channel: string | null,
    notice: string,
  ],
  { claimed: number; updated: number; notified: number; guard: number }
>(
  'mia_advance_v2',
  `WITH claim AS (
    INSERT INTO "ProcessedUpdate" (key, "gameId") SELECT $1::text, $2::text WHERE $1::text IS NOT NULL
    ON CONFLICT DO NOTHING RETURNING key
  ), updated AS (
    UPDATE "Game" SET status = $4::"GameStatus", state = $5::jsonb, version = $6::int,
      "deadlineAt" = CASE WHEN $7::boolean THEN "deadlineAt" ELSE $8::timestamptz END,
      "turnStartedAt" = $9::timestamptz, "startedAt" = COALESCE($10::timestamptz, "startedAt"), "updatedAt" = now()
    WHERE id = $2::text AND version = $3::int AND status IN ('LOBBY', 'PLAYING')
      AND ($11::timestamptz IS NULL OR "deadlineAt" <= $11::timestamptz)
      AND ($1::text IS NULL OR EXISTS (SELECT 1 FROM claim))
    RETURNING id, ref
  ), events AS (
    INSERT INTO "GameEvent" ("gameId", seq, type, payload, "createdAt")
    SELECT updated.id, e.seq, e.type, e.payload, $12::timestamptz
    FROM updated, unnest($13::int[], $14::text[], $15::jsonb[]) AS e(seq, type, payload)
  ), r AS (
    SELECT updated.ref AS "gameRef", r.* FROM updated, jsonb_to_recordset($16::jsonb) AS r(op text, "userId" bigint, "roundNumber" smallint,
      "announcementSeq" smallint, number smallint, seq smallint, "starterId" bigint, "loserId" bigint, "callerId" bigint,
      "announcerId" bigint, "livesLost" smallint, cause text, "end" text, value smallint, rank smallint,
      "diceHigh" smallint, "diceLow" smallint, kind text, classification text, outcome text, answers smallint, "thinkMs" int, lives int,
      "outReason" text, place int, "outAt" timestamptz, "startedAt" timestamptz, "endedAt" timestamptz,
      "createdAt" timestamptz)
  ), rounds AS (
    INSERT INTO "Round" ("gameRef", number, "starterId", "startedAt")
    SELECT "gameRef", number, "starterId", "startedAt" FROM r WHERE op = 'round.create'
  ), ended AS (
    UPDATE "Round" t SET "loserId" = COALESCE(r."loserId", t."loserId"), "livesLost" = COALESCE(r."livesLost", t."livesLost"),
      cause = COALESCE(r.cause::"LossCause", t.cause), "end" = COALESCE(r."end"::"RoundEnd", t."end"),
      "endedAt" = COALESCE(r."endedAt", t."endedAt")
    FROM r WHERE r.op = 'round.update' AND t."gameRef" = r."gameRef" AND t.number = r.number
  ), announced AS (
    INSERT INTO "Announcement" ("gameRef", "roundNumber", seq, "userId", value, rank, "diceHigh", "diceLow", kind,
      classification, answers, "thinkMs", "createdAt")
    SELECT "gameRef", "roundNumber", seq, "userId", value, rank, "diceHigh", "diceLow", kind::"AnnouncementKind",
      classification::"Classification", answers, "thinkMs", "createdAt"
    FROM r WHERE op = 'announcement.create'
  ), revealed AS (
    INSERT INTO "Reveal" ("gameRef", "roundNumber", "announcementSeq", "diceHigh", "diceLow", outcome, value, classification,
      "callerId", "announcerId", "createdAt")
    SELECT "gameRef", "roundNumber", "announcementSeq", "diceHigh", "diceLow", outcome::"RevealOutcome", value,
      classification::"Classification", "callerId", "announcerId", "createdAt"
    FROM r WHERE op = 'reveal.create'
  ), seated AS (
    UPDATE "Seat" t SET lives = COALESCE(r.lives, t.lives), "outAt" = COALESCE(r."outAt", t."outAt"),
      "outReason" = COALESCE(r."outReason", t."outReason"), place = COALESCE(r.place, t.place)
    FROM r WHERE r.op = 'seat.update' AND t."gameId" = $2::text AND t."userId" = r."userId"
  ), notified AS (
    SELECT pg_notify($17::text, $18::text) FROM updated WHERE $17::text IS NOT NULL
  )
  SELECT (SELECT count(*) FROM claim)::int AS claimed, (SELECT count(*) FROM updated)::int AS updated,
    (SELECT count(*) FROM notified)::int AS notified,
    -- A data-modifying CTE runs whatever the others do: a key claimed for an update that did not
    -- apply (another writer moved the game first) would stay claimed, and the retry would take its
    -- own action for a duplicate and drop it. So that case fails the statement, which undoes the
    -- claim: the cast of a non-number raises (built at run time, so the planner cannot fold it).
    CASE WHEN EXISTS (SELECT 1 FROM claim) AND NOT EXISTS (SELECT 1 FROM updated)
      THEN ('${CONFLICT_MARK}' || (SELECT count(*) FROM claim))::int ELSE 0 END AS guard`,
);

const FAST_OPS = new Set<RowWrite['op']>(['announcement.create', 'round.create', 'round.update', 'reveal.create', 'seat.update']);

/**
 * The rows for the statement: updates of one seat or one round merged into one (later fields win,
 * as applied in order), since one statement's parts see the same snapshot. Null when a row is
 * beyond the statement (a seat created or removed, a user, a round created and changed at once).
 */
export function statementRows(rows: readonly RowWrite[]): RowWrite[] | null {
  const out: RowWrite[] = [];
  const updates = new Map<string, RowWrite>();
  const created = new Set<string>();
  for (const row of rows) {
    if (!FAST_OPS.has(row.op)) return null;
    if (row.op === 'seat.update' || row.op === 'round.update') {
      const key = row.op === 'seat.update' ? `seat:${row.userId}` : `round:${row.number}`;
      if (created.has(key)) return null;
      const earlier = updates.get(key);
      if (earlier) Object.assign(earlier, row);
      else {
        const copy = { ...row };
        updates.set(key, copy);
        out.push(copy);
      }
      continue;
    }
    if (row.op === 'round.create') created.add(`round:${row.number}`);
    out.push(row);
  }
  return out;
}

/** The commit's rows for `advanceInOneStatement`, or null when it takes the transaction (see ADVANCE). */
export function fitsOneStatement(c: Omit<Commit, 'publish'>): RowWrite[] | null {
  if (c.creating || c.alongside || c.newProfile) return null;
  if (c.patch.status === 'FINISHED' || c.patch.finishedAt || c.patch.winnerId !== undefined) return null;
  if (c.record.status !== 'LOBBY' && c.record.status !== 'PLAYING') return null;
  return statementRows(c.rows);
}

const rowJson = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** Writes the commit in one statement; `claimed` false: the key was seen; `updated` false: a conflict. */
export async function advanceInOneStatement(
  pool: pg.Pool,
  c: Omit<Commit, 'publish'>,
  rows: readonly RowWrite[],
  notify: { channel: string; notice: Committed } | null,
): Promise<{ claimed: boolean; updated: boolean }> {
  const key = c.request.key ?? null;
  const [row] = await run(pool, ADVANCE, [
    key,
    c.record.id,
    c.version,
    c.record.status,
    JSON.stringify(c.record.state),
    c.record.version,
    c.keepDeadline,
    c.keepDeadline ? null : c.record.deadlineAt,
    c.record.turnStartedAt,
    c.patch.startedAt ?? null,
    c.dueBy ?? null,
    c.now,
    c.events.map((_, i) => c.version + 1 + i),
    c.events.map((e) => e.type),
    c.events.map((e) => JSON.stringify(e)),
    JSON.stringify(rows, rowJson),
    notify?.channel ?? null,
    notify ? JSON.stringify(notify.notice) : '',
  ]).catch((error: unknown) => {
    if (isConflictMark(error)) return [{ claimed: 1, updated: 0, notified: 0, guard: 0 }];
    throw error;
  });
  return { claimed: key === null || row!.claimed > 0, updated: row!.updated > 0 };
}
