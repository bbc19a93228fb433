import type { PrismaClient } from '@mia/db';
import { evolve, type GameEvent, type GameState } from '@mia/engine';
import { project, type RowWrite } from '@mia/game';
import { expect } from 'vitest';

/**
 * What a game's history must agree on, each side computed independently: the event log (folded
 * with the engine's `evolve`, projected with the same `project` the service uses but over the
 * whole log at once) against the stored state and the normalized rows the service wrote action
 * by action. Timestamps and think times are left out: they depend on when, not on what.
 */
export interface GameHistory {
  gameId: string;
  status: string;
  version: number;
  winnerId: bigint | null;
  seqs: number[];
  events: GameEvent[];
  /** When each event was committed (ms), for deadline checks. */
  committedAt: number[];
  stored: { state: GameState; rows: Rows };
  fromLog: { state: GameState | null; rows: Rows; lives: Record<string, number> };
  /** Lives as the stored state holds them. */
  lives: Record<string, number>;
  /** Idempotency keys recorded as applied to this game. */
  keys: string[];
}

export interface Rows {
  seats: { userId: bigint; order: number; lives: number; out: boolean; outReason: string | null; place: number | null }[];
  rounds: {
    number: number;
    starterId: bigint;
    loserId: bigint | null;
    livesLost: number | null;
    cause: string | null;
    end: string | null;
    ended: boolean;
  }[];
  announcements: {
    roundNumber: number;
    seq: number;
    userId: bigint;
    value: number;
    rank: number;
    diceHigh: number;
    diceLow: number;
    kind: string;
    classification: string;
  }[];
  reveals: { roundNumber: number; announcementSeq: number; diceHigh: number; diceLow: number; outcome: string; callerId: bigint; announcerId: bigint }[];
}

export async function readHistory(prisma: PrismaClient, gameId: string): Promise<GameHistory> {
  const game = await prisma.game.findUniqueOrThrow({ where: { id: gameId } });
  const log = await prisma.gameEvent.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
  const events = log.map((e) => e.payload as unknown as GameEvent);
  let state: GameState | null = null;
  for (const e of events) state = evolve(state, e);
  const { rows } = project({ gameId, before: null, events, firstSeq: 1, now: new Date(0), turnStartedAt: null });

  const lives: Record<string, number> = {};
  const start = events.find((e) => e.type === 'gameCreated')?.settings.lives ?? 0;
  for (const e of events) {
    if (e.type === 'playerJoined') lives[e.player] = start;
    if (e.type === 'playerLeft') delete lives[e.player];
    if (e.type === 'lifeLost') lives[e.player] = Math.max(0, lives[e.player]! - e.amount);
  }
  const storedState = game.state as unknown as GameState;

  const [seats, rounds, announcements, reveals, keys] = await Promise.all([
    prisma.seat.findMany({ where: { gameId } }),
    prisma.round.findMany({ where: { game: { id: gameId } } }),
    prisma.announcement.findMany({ where: { game: { id: gameId } } }),
    prisma.reveal.findMany({ where: { round: { game: { id: gameId } } } }),
    prisma.processedUpdate.findMany({ where: { gameId }, select: { key: true } }),
  ]);
  return {
    gameId,
    status: game.status,
    version: game.version,
    winnerId: game.winnerId,
    seqs: log.map((e) => e.seq),
    events,
    committedAt: log.map((e) => e.createdAt.getTime()),
    stored: {
      state: storedState,
      rows: sortRows({
        seats: seats.map((s) => ({ userId: s.userId, order: s.order, lives: s.lives, out: s.outAt !== null, outReason: s.outReason, place: s.place })),
        rounds: rounds.map((r) => ({
          number: r.number,
          starterId: r.starterId,
          loserId: r.loserId,
          livesLost: r.livesLost,
          cause: r.cause,
          end: r.end,
          ended: r.endedAt !== null,
        })),
        announcements: announcements.map(({ roundNumber, seq, userId, value, rank, diceHigh, diceLow, kind, classification }) => ({
          roundNumber,
          seq,
          userId,
          value,
          rank,
          diceHigh,
          diceLow,
          kind,
          classification,
        })),
        reveals: reveals.map(({ roundNumber, announcementSeq, diceHigh, diceLow, outcome, callerId, announcerId }) => ({
          roundNumber,
          announcementSeq,
          diceHigh,
          diceLow,
          outcome,
          callerId,
          announcerId,
        })),
      }),
    },
    fromLog: { state, rows: replayRows(rows), lives },
    lives: Object.fromEntries(storedState.seats.map((s) => [s.id, s.lives])),
    keys: keys.map((k) => k.key),
  };
}

/** The rows `writes` leave behind, applied in order as the repository applies them. */
function replayRows(writes: readonly RowWrite[]): Rows {
  const seats = new Map<bigint, Rows['seats'][number]>();
  const rounds = new Map<number, Rows['rounds'][number]>();
  const announcements: Rows['announcements'] = [];
  const reveals: Rows['reveals'] = [];
  for (const w of writes) {
    switch (w.op) {
      case 'user':
        break;
      case 'seat.create':
        seats.set(w.userId, { userId: w.userId, order: w.order, lives: w.lives, out: false, outReason: null, place: null });
        break;
      case 'seat.delete':
        seats.delete(w.userId);
        break;
      case 'seat.update': {
        const s = seats.get(w.userId)!;
        if (w.lives !== undefined) s.lives = w.lives;
        if (w.outAt !== undefined) s.out = true;
        if (w.outReason !== undefined) s.outReason = w.outReason;
        if (w.place !== undefined) s.place = w.place;
        break;
      }
      case 'round.create':
        rounds.set(w.number, { number: w.number, starterId: w.starterId, loserId: null, livesLost: null, cause: null, end: null, ended: false });
        break;
      case 'round.update': {
        const r = rounds.get(w.number)!;
        if (w.loserId !== undefined) r.loserId = w.loserId;
        if (w.livesLost !== undefined) r.livesLost = w.livesLost;
        if (w.cause !== undefined) r.cause = w.cause;
        if (w.end !== undefined) r.end = w.end;
        if (w.endedAt !== undefined) r.ended = true;
        break;
      }
      case 'announcement.create': {
        const { roundNumber, seq, userId, value, rank, diceHigh, diceLow, kind, classification } = w;
        announcements.push({ roundNumber, seq, userId, value, rank, diceHigh, diceLow, kind, classification });
        break;
      }
      case 'reveal.create': {
        const { roundNumber, announcementSeq, diceHigh, diceLow, outcome, callerId, announcerId } = w;
        reveals.push({ roundNumber, announcementSeq, diceHigh, diceLow, outcome, callerId, announcerId });
        break;
      }
    }
  }
  return sortRows({ seats: [...seats.values()], rounds: [...rounds.values()], announcements, reveals });
}

function sortRows(rows: Rows): Rows {
  const byKey = <T extends { roundNumber: number; seq?: number }>(a: T, b: T) => a.roundNumber - b.roundNumber || (a.seq ?? 0) - (b.seq ?? 0);
  return {
    seats: [...rows.seats].sort((a, b) => a.order - b.order),
    rounds: [...rows.rounds].sort((a, b) => a.number - b.number),
    announcements: [...rows.announcements].sort(byKey),
    reveals: [...rows.reveals].sort(byKey),
  };
}

/** The log without who-pressed-when: what two runs of the same script must both have written. */
export const logSignature = (h: GameHistory): string => JSON.stringify(h.events);

/**
 * A finished game whose history agrees with itself: a winner, a gapless log as long as the
 * version, and the stored state, rows and lives all equal to what the log implies.
 */
export function expectConsistent(h: GameHistory): void {
  const where = `game ${h.gameId}`;
  expect(h.status, where).toBe('FINISHED');
  expect(h.winnerId, where).not.toBeNull();
  expect(String(h.winnerId), where).toBe(h.stored.state.result?.winner);
  expect(h.seqs, where).toEqual(Array.from({ length: h.version }, (_, i) => i + 1));
  expect(h.stored.state, where).toEqual(h.fromLog.state);
  expect(h.stored.rows, where).toEqual(h.fromLog.rows);
  expect(h.lives, where).toEqual(h.fromLog.lives);
  expect(Object.fromEntries(h.stored.rows.seats.map((s) => [String(s.userId), s.lives])), where).toEqual(h.fromLog.lives);
}
