// A finished game's replay: its whole event log and per-round summaries. It shows every roll,
// so it is only given for FINISHED games (rules: "Secrecy": after a game has ended its rolls
// may be shown in its replay).
import type { Prisma } from '../generated/prisma/client';
import type { Reader } from './common';
import { gameEvents } from './event-log';

export interface ReplayEvent {
  seq: number;
  type: string;
  /** The engine's event as stored (GameEvent in @mia/engine). */
  payload: Prisma.JsonValue;
  createdAt: Date;
}

export interface ReplayAnnouncement {
  seq: number;
  userId: bigint;
  value: number;
  rank: number;
  /** The dice under the cup, higher die first. */
  dice: [number, number];
  kind: 'LOOKED' | 'BLIND' | 'PASS';
  classification: 'TRUTHFUL' | 'OVER' | 'UNDER' | 'BLIND' | 'PASS';
  thinkMs: number | null;
  createdAt: Date;
}

export interface ReplayReveal {
  dice: [number, number];
  outcome: 'BLUFF_CAUGHT' | 'CLAIM_HELD' | 'MIA_TRUE' | 'MIA_FALSE';
  callerId: bigint;
  announcerId: bigint;
  /** The revealed announcement's seq within the round. */
  announcementSeq: number;
  createdAt: Date;
}

export interface ReplayRound {
  number: number;
  starterId: bigint;
  startedAt: Date;
  endedAt: Date | null;
  end: 'CALL' | 'MIA_LOOK' | 'MIA_GIVE_UP' | 'TIMEOUT' | 'ABORTED' | null;
  loserId: bigint | null;
  livesLost: number | null;
  cause: 'CAUGHT_BLUFFING' | 'WRONG_CALL' | 'MIA_LOOKED' | 'MIA_GIVEN_UP' | 'TIMEOUT' | null;
  announcements: ReplayAnnouncement[];
  reveal: ReplayReveal | null;
}

export interface ReplayPlayer {
  userId: bigint;
  firstName: string;
  isAi: boolean;
  /** Join order. */
  order: number;
  lives: number;
  place: number | null;
  outAt: Date | null;
  outReason: string | null;
}

export interface GameReplay {
  game: {
    id: string;
    chatId: bigint;
    settings: Prisma.JsonValue;
    createdById: bigint;
    winnerId: bigint | null;
    createdAt: Date;
    startedAt: Date | null;
    finishedAt: Date;
  };
  /** Seats in join order. */
  players: ReplayPlayer[];
  /** The event log, in order. */
  events: ReplayEvent[];
  /** Rounds in order, each with its announcements in order. */
  rounds: ReplayRound[];
}

/** The replay of a FINISHED game; null when there is no such game or it is not finished. */
export async function gameReplay(prisma: Reader, gameId: string): Promise<GameReplay | null> {
  const game = await prisma.game.findUnique({
    where: { id: gameId },
    select: {
      id: true,
      chatId: true,
      status: true,
      settings: true,
      createdById: true,
      winnerId: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
    },
  });
  if (game?.status !== 'FINISHED' || !game.finishedAt) return null;

  const [seats, events, rounds, announcements, reveals] = await Promise.all([
    prisma.seat.findMany({
      where: { gameId },
      orderBy: { order: 'asc' },
      select: {
        userId: true,
        order: true,
        lives: true,
        place: true,
        outAt: true,
        outReason: true,
        user: { select: { firstName: true, isAi: true } },
      },
    }),
    gameEvents(prisma, gameId),
    prisma.round.findMany({
      where: { game: { id: gameId } },
      orderBy: { number: 'asc' },
      select: {
        number: true,
        starterId: true,
        startedAt: true,
        endedAt: true,
        end: true,
        loserId: true,
        livesLost: true,
        cause: true,
      },
    }),
    prisma.announcement.findMany({
      where: { game: { id: gameId } },
      orderBy: [{ roundNumber: 'asc' }, { seq: 'asc' }],
      select: {
        roundNumber: true,
        seq: true,
        userId: true,
        value: true,
        rank: true,
        diceHigh: true,
        diceLow: true,
        kind: true,
        classification: true,
        thinkMs: true,
        createdAt: true,
      },
    }),
    prisma.reveal.findMany({
      where: { round: { game: { id: gameId } } },
      select: {
        roundNumber: true,
        announcementSeq: true,
        diceHigh: true,
        diceLow: true,
        outcome: true,
        callerId: true,
        announcerId: true,
        createdAt: true,
      },
    }),
  ]);

  const byRound = new Map<number, ReplayAnnouncement[]>();
  for (const a of announcements) {
    const list = byRound.get(a.roundNumber) ?? [];
    list.push({
      seq: a.seq,
      userId: a.userId,
      value: a.value,
      rank: a.rank,
      dice: [a.diceHigh, a.diceLow],
      kind: a.kind,
      classification: a.classification,
      thinkMs: a.thinkMs,
      createdAt: a.createdAt,
    });
    byRound.set(a.roundNumber, list);
  }
  const revealOf = new Map(reveals.map((r) => [r.roundNumber, r]));

  return {
    game: {
      id: game.id,
      chatId: game.chatId,
      settings: game.settings,
      createdById: game.createdById,
      winnerId: game.winnerId,
      createdAt: game.createdAt,
      startedAt: game.startedAt,
      finishedAt: game.finishedAt,
    },
    players: seats.map((s) => ({
      userId: s.userId,
      firstName: s.user.firstName,
      isAi: s.user.isAi,
      order: s.order,
      lives: s.lives,
      place: s.place,
      outAt: s.outAt,
      outReason: s.outReason,
    })),
    events,
    rounds: rounds.map((r) => {
      const reveal = revealOf.get(r.number);
      return {
        number: r.number,
        starterId: r.starterId,
        startedAt: r.startedAt,
        endedAt: r.endedAt,
        end: r.end,
        loserId: r.loserId,
        livesLost: r.livesLost,
        cause: r.cause,
        announcements: (byRound.get(r.number) ?? []).sort((a, b) => a.seq - b.seq),
        reveal: reveal
          ? {
              dice: [reveal.diceHigh, reveal.diceLow],
              outcome: reveal.outcome,
              callerId: reveal.callerId,
              announcerId: reveal.announcerId,
              announcementSeq: reveal.announcementSeq,
              createdAt: reveal.createdAt,
            }
          : null,
      };
    }),
  };
}
