// A group's games as the dashboard reads them: running ones (their payload is the engine's
// spectator view, see mappers/live-game.ts) and the list of ended ones.
import type { Reader } from '@mia/db/queries';
import type { GameState } from '@mia/engine';
import type { GameSummary } from '../../shared/api';
import type { LiveSource } from '../mappers/live-game';

const RUNNING = ['LOBBY', 'PLAYING'] as const;

const LIVE_FIELDS = { id: true, status: true, version: true, state: true, deadlineAt: true } as const;

type LiveRow = Omit<LiveSource, 'state'> & { state: unknown };
/** The state column holds the engine's plain JSON state, written only by @mia/game. */
const toSource = (row: LiveRow): LiveSource => ({ ...row, state: row.state as GameState });

/** The chat's games in the lobby or in play (one at most, as @mia/game keeps it; a list all the same). */
export async function runningGames(reads: Reader, chatId: bigint): Promise<LiveSource[]> {
  const rows = await reads.game.findMany({
    where: { chatId, status: { in: [...RUNNING] } },
    select: LIVE_FIELDS,
    orderBy: { createdAt: 'asc' },
  });
  return rows.map(toSource);
}

/** How many ended games a group page lists. */
export const RECENT_GAMES_LIMIT = 50;

/**
 * The chat's ended games, most recent first: finished ones, and aborted ones that had started
 * (a lobby that closed unstarted was never a game). No dice: a summary only.
 */
export async function recentGames(reads: Reader, chatId: bigint, limit = RECENT_GAMES_LIMIT): Promise<GameSummary[]> {
  const rows = await reads.game.findMany({
    where: { chatId, OR: [{ status: 'FINISHED' }, { status: 'ABORTED', startedAt: { not: null } }] },
    orderBy: [{ finishedAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }],
    take: limit,
    select: {
      id: true,
      status: true,
      startedAt: true,
      finishedAt: true,
      winnerId: true,
      seats: {
        orderBy: { order: 'asc' },
        select: { userId: true, place: true, user: { select: { firstName: true, isAi: true } } },
      },
      _count: { select: { rounds: true } },
    },
  });
  return rows.map((g) => ({
    id: g.id,
    status: g.status === 'FINISHED' ? 'FINISHED' : 'ABORTED',
    startedAt: g.startedAt?.toISOString() ?? null,
    finishedAt: g.finishedAt?.toISOString() ?? null,
    players: g.seats.map((s) => ({ userId: s.userId.toString(), name: s.user.firstName, ai: s.user.isAi, place: s.place })),
    winnerId: g.winnerId?.toString() ?? null,
    rounds: g._count.rounds,
  }));
}

/** The chat a game belongs to (a replay is given only through its own group's token). */
export async function chatOfGame(reads: Reader, gameId: string): Promise<bigint | null> {
  const row = await reads.game.findUnique({ where: { id: gameId }, select: { chatId: true } });
  return row?.chatId ?? null;
}
