import type { GameEvent, GameState } from '@mia/engine';
import type { Prisma, PrismaClient } from '@mia/db';
import type { RowWrite } from './projection';

export type Tx = Prisma.TransactionClient;
type Reader = PrismaClient | Tx;

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

const GAME_FIELDS = {
  id: true,
  chatId: true,
  threadId: true,
  status: true,
  version: true,
  state: true,
  deadlineAt: true,
  turnStartedAt: true,
} as const;

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

export async function findGame(db: Reader, gameId: string): Promise<GameRecord | null> {
  const row = await db.game.findUnique({ where: { id: gameId }, select: GAME_FIELDS });
  return row ? toRecord(row) : null;
}

/** The chat's game in its lobby or in play, if any. */
export async function findCurrentGame(db: Reader, chatId: bigint): Promise<GameRecord | null> {
  const chat = await db.chat.findUnique({ where: { id: chatId }, select: { currentGameId: true } });
  return chat?.currentGameId ? findGame(db, chat.currentGameId) : null;
}

export async function readEvents(db: Reader, gameId: string, afterSeq = 0, uptoSeq?: number): Promise<StoredEvent[]> {
  const rows = await db.gameEvent.findMany({
    where: { gameId, seq: { gt: afterSeq, ...(uptoSeq !== undefined ? { lte: uptoSeq } : {}) } },
    orderBy: { seq: 'asc' },
    select: { seq: true, payload: true, createdAt: true },
  });
  return rows.map((r) => ({ seq: r.seq, event: r.payload as unknown as GameEvent, createdAt: r.createdAt }));
}

export const json = (value: unknown): Prisma.InputJsonValue => value as Prisma.InputJsonValue;

export async function appendEvents(tx: Tx, gameId: string, firstSeq: number, events: readonly GameEvent[], now: Date) {
  await tx.gameEvent.createMany({
    data: events.map((event, i) => ({ gameId, seq: firstSeq + i, type: event.type, payload: json(event), createdAt: now })),
  });
}

/** Writes the normalized rows, in order (a seat is created before it is updated, and so on). */
export async function writeRows(tx: Tx, gameId: string, rows: readonly RowWrite[]): Promise<void> {
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
          data: { id: row.id, gameId, number: row.number, starterId: row.starterId, startedAt: row.startedAt },
        });
        break;
      case 'round.update': {
        const { op: _op, id, ...data } = row;
        await tx.round.update({ where: { id }, data });
        break;
      }
      case 'announcement.create': {
        const { op: _op, ...data } = row;
        await tx.announcement.create({ data: { ...data, gameId } });
        break;
      }
      case 'reveal.create': {
        const { op: _op, ...data } = row;
        await tx.reveal.create({ data });
        break;
      }
    }
  }
}
