import type { GameEvent, GameState } from '@mia/engine';
import { gameEvents, gameWithEvents, type EventLogRow, type Prisma, type ReadClient } from '@mia/db';
import type pg from 'pg';
import type { RowWrite } from './projection';

export type Tx = Prisma.TransactionClient;
/** Every read here takes the read-only client, a client or a transaction. */
type Reader = ReadClient | Tx;

/** A game as the service holds it: its row's coordinates and the engine state. */
export interface GameRecord {
  id: string;
  chatId: bigint;
  threadId: number | null;
  status: 'LOBBY' | 'PLAYING' | 'FINISHED' | 'ABORTED';
  version: number;
  state: GameState;
  deadlineAt: Date | null;
  turnStartedAt: Date | null;
}

export interface StoredEvent {
  seq: number;
  event: GameEvent;
  createdAt: Date;
}

function toRecord(row: {
  id: string;
  chatId: bigint;
  threadId: number | null;
  status: GameRecord['status'];
  version: number;
  state: Prisma.JsonValue;
  deadlineAt: Date | null;
  turnStartedAt: Date | null;
}): GameRecord {
  return { ...row, state: row.state as unknown as GameState };
}

/** One game by id (raw SQL: read before every button press, and cheaper than the query builder). */
export async function findGame(db: Reader, gameId: string): Promise<GameRecord | null> {
  const rows = await db.$queryRaw<Parameters<typeof toRecord>[0][]>`
    SELECT id, "chatId", "threadId", status::text AS status, version, state, "deadlineAt", "turnStartedAt"
    FROM "Game" WHERE id = ${gameId}`;
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Every game matching a condition on "Game" (aliased g), in one query: listings load their games
 * in one round trip, not one per game.
 */
export async function findGamesWhere(db: Reader, where: Prisma.Sql): Promise<GameRecord[]> {
  const rows = await db.$queryRaw<Parameters<typeof toRecord>[0][]>`
    SELECT g.id, g."chatId", g."threadId", g.status::text AS status, g.version, g.state, g."deadlineAt", g."turnStartedAt"
    FROM "Game" g WHERE ${where} ORDER BY g."createdAt", g.id`;
  return rows.map(toRecord);
}

/** The chat's game in its lobby or in play, if any: one round trip (every action starts here). */
export async function findCurrentGame(db: Reader, chatId: bigint): Promise<GameRecord | null> {
  const rows = await db.$queryRaw<Parameters<typeof toRecord>[0][]>`
    SELECT g.id, g."chatId", g."threadId", g.status::text AS status, g.version, g.state, g."deadlineAt", g."turnStartedAt"
    FROM "Chat" c JOIN "Game" g ON g.id = c."currentGameId"
    WHERE c.id = ${chatId}`;
  return rows[0] ? toRecord(rows[0]) : null;
}

const toStoredEvent = (r: EventLogRow): StoredEvent => ({ seq: r.seq, event: r.payload as unknown as GameEvent, createdAt: r.createdAt });

export async function readEvents(db: Reader, gameId: string, afterSeq = 0, uptoSeq?: number): Promise<StoredEvent[]> {
  // From GameEvent, or from GameLog once the maintenance sweep has compacted a finished game.
  const rows = await gameEvents(db, gameId, afterSeq, uptoSeq ?? null);
  return rows.map(toStoredEvent);
}

/** A game and its events after `afterSeq` up to `uptoSeq`, in one statement on the client's pool. */
export async function findGameWithEvents(
  pool: pg.Pool,
  gameId: string,
  afterSeq: number,
  uptoSeq: number,
): Promise<{ game: GameRecord; events: StoredEvent[] } | null> {
  const read = await gameWithEvents(pool, gameId, afterSeq, uptoSeq);
  return read && { game: toRecord({ ...read.game, chatId: BigInt(read.game.chatId) }), events: read.events.map(toStoredEvent) };
}

export const json = (value: unknown): Prisma.InputJsonValue => value as Prisma.InputJsonValue;

export async function appendEvents(tx: Tx, gameId: string, firstSeq: number, events: readonly GameEvent[], now: Date) {
  await tx.gameEvent.createMany({
    data: events.map((event, i) => ({ gameId, seq: firstSeq + i, type: event.type, payload: json(event), createdAt: now })),
  });
}

/** An open game moved on by one action: `advanceGame`'s input. */
export interface Advance {
  gameId: string;
  /** The version the action was applied to: the write happens only if the game is still at it. */
  version: number;
  record: Pick<GameRecord, 'status' | 'version' | 'state' | 'turnStartedAt'>;
  /** The new deadline, or `keep` to leave the stored one (a lobby's closing time). */
  deadlineAt: Date | null | 'keep';
  startedAt?: Date;
  finishedAt?: Date;
  winnerId?: bigint | null;
  /** The idempotency key to claim first; nothing is written when it was claimed before. */
  key?: string;
  /**
   * Only if the stored deadline is at or before this (a lobby's expiry): an /extend moves the
   * closing time without a new version, so the version alone would not see it.
   */
  dueBy?: Date;
  events: readonly GameEvent[];
  now: Date;
}

/**
 * Claims the key, updates the game if it is still open and at `version`, and appends the events,
 * in one statement (one round trip instead of three, on every action). `claimed` false: the key
 * was seen before; `updated` false: another writer moved the game on, it was closed, or (with
 * `dueBy`) its deadline was moved on.
 */
export async function advanceGame(tx: Tx, a: Advance): Promise<{ claimed: boolean; updated: boolean; ref: number | null }> {
  const keep = a.deadlineAt === 'keep';
  const deadlineAt = a.deadlineAt === 'keep' ? null : a.deadlineAt;
  const setWinner = a.winnerId !== undefined;
  const seqs = a.events.map((_, i) => a.version + 1 + i);
  const types = a.events.map((e) => e.type);
  const payloads = a.events.map((e) => JSON.stringify(e));
  const key = a.key ?? null;
  const dueBy = a.dueBy ?? null;
  const rows = await tx.$queryRaw<{ claimed: number; updated: number; ref: number | null }[]>`
    WITH claim AS (
      INSERT INTO "ProcessedUpdate" (key, "gameId")
      SELECT ${key}::text, ${a.gameId}::text WHERE ${key}::text IS NOT NULL
      ON CONFLICT DO NOTHING
      RETURNING key
    ), updated AS (
      UPDATE "Game" SET
        status = ${a.record.status}::"GameStatus",
        state = ${JSON.stringify(a.record.state)}::jsonb,
        version = ${a.record.version}::int,
        "deadlineAt" = CASE WHEN ${keep}::boolean THEN "deadlineAt" ELSE ${deadlineAt}::timestamptz END,
        "turnStartedAt" = ${a.record.turnStartedAt}::timestamptz,
        "startedAt" = COALESCE(${a.startedAt ?? null}::timestamptz, "startedAt"),
        "finishedAt" = COALESCE(${a.finishedAt ?? null}::timestamptz, "finishedAt"),
        "winnerId" = CASE WHEN ${setWinner}::boolean THEN ${a.winnerId ?? null}::bigint ELSE "winnerId" END,
        "updatedAt" = now()
      WHERE id = ${a.gameId}::text AND version = ${a.version}::int AND status IN ('LOBBY', 'PLAYING')
        AND (${dueBy}::timestamptz IS NULL OR "deadlineAt" <= ${dueBy}::timestamptz)
        AND (${key}::text IS NULL OR EXISTS (SELECT 1 FROM claim))
      RETURNING id, ref
    ), appended AS (
      INSERT INTO "GameEvent" ("gameId", seq, type, payload, "createdAt")
      SELECT updated.id, e.seq, e.type, e.payload, ${a.now}::timestamptz
      FROM updated, unnest(${seqs}::int[], ${types}::text[], ${payloads}::jsonb[]) AS e(seq, type, payload)
      RETURNING seq
    )
    SELECT (SELECT count(*) FROM claim)::int AS claimed, (SELECT count(*) FROM updated)::int AS updated,
      (SELECT count(*) FROM appended)::int AS appended, (SELECT ref FROM updated) AS ref`;
  const row = rows[0]!;
  return { claimed: key === null || row.claimed > 0, updated: row.updated > 0, ref: row.ref };
}

/** Writes the normalized rows, in order (a seat is created before it is updated, and so on). */
/** `game`: the game's id and its `ref`, the key of its statistics rows (Round, Announcement, Reveal). */
export async function writeRows(tx: Tx, game: { id: string; ref: number }, rows: readonly RowWrite[]): Promise<void> {
  const { id: gameId, ref: gameRef } = game;
  for (const row of rows) {
    switch (row.op) {
      case 'user':
        await tx.user.upsert({
          where: { id: row.id },
          create: { id: row.id, firstName: row.name, isAi: row.ai },
          update: { firstName: row.name },
        });
        break;
      case 'seat.create':
        await tx.seat.create({ data: { gameId, userId: row.userId, order: row.order, lives: row.lives } });
        break;
      case 'seat.delete':
        await tx.seat.delete({ where: { gameId_userId: { gameId, userId: row.userId } } });
        break;
      case 'seat.update': {
        const { op: _op, userId, ...data } = row;
        await tx.seat.update({ where: { gameId_userId: { gameId, userId } }, data });
        break;
      }
      case 'round.create':
        await tx.round.create({
          data: { gameRef, number: row.number, starterId: row.starterId, startedAt: row.startedAt },
        });
        break;
      case 'round.update': {
        const { op: _op, number, ...data } = row;
        await tx.round.update({ where: { gameRef_number: { gameRef, number } }, data });
        break;
      }
      case 'announcement.create': {
        const { op: _op, ...data } = row;
        await tx.announcement.create({ data: { ...data, gameRef } });
        break;
      }
      case 'reveal.create': {
        const { op: _op, ...data } = row;
        await tx.reveal.create({ data: { ...data, gameRef } });
        break;
      }
    }
  }
}
