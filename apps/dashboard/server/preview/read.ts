// What link previews show, read from the database. A running game is read only as the engine's
// spectatorView (its state goes no further than this file), so no preview can hold a die that
// the game has not revealed. Finished games and statistics are the same the API gives.
import { playerStats, ratingBoard, type Reader } from '@mia/db/queries';
import { spectatorView } from '@mia/engine';
import { settingsOf } from '../mappers/settings';
import { runningGames } from '../read/games';
import type { Group } from '../read/groups';
import { personInGroup } from '../read/players';
import type { FinishedGame, FinishedGames, GroupScene, Leader, PlayerRecord } from './model';

export async function finishedGames(reads: Reader, group: Group): Promise<FinishedGames> {
  const finished = await reads.game.aggregate({
    where: { chatId: group.id, status: 'FINISHED' },
    _count: { _all: true },
    _max: { finishedAt: true },
  });
  return { count: finished._count._all, lastAt: finished._max.finishedAt };
}

export async function groupScene(reads: Reader, group: Group): Promise<GroupScene> {
  const [games, finished] = await Promise.all([runningGames(reads, group.id), finishedGames(reads, group)]);
  const game = games[0];
  return { running: game ? { id: game.id, version: game.version, view: spectatorView(game.state) } : null, finished };
}

/** The group's rating board (people), as its page shows it. */
export async function leaders(reads: Reader, group: Group, limit: number): Promise<Leader[]> {
  const rows = await ratingBoard(reads, { chatId: group.id, kind: 'people', limit });
  return rows.map((r) => ({
    name: r.firstName ?? '?',
    rating: Math.round(r.rating),
    games: r.games,
    wins: r.wins,
    winRate: r.winRate,
    bluffRate: r.bluffRate,
  }));
}

/** The person's record in the group's finished games; null if they never sat at its table. */
export async function playerRecord(reads: Reader, group: Group, userId: bigint): Promise<PlayerRecord | null> {
  const person = await personInGroup(reads, group.id, userId);
  if (!person) return null;
  const stats = await playerStats(reads, userId, { chatId: group.id, recent: 0 });
  return { name: person.name, ai: person.ai, games: stats.games, wins: stats.wins, winRate: stats.winRate, bluffRate: stats.bluffRate };
}

/** A FINISHED game of this group (nothing of a running one, nor of another group's). */
export async function finishedGame(reads: Reader, group: Group, gameId: string): Promise<FinishedGame | null> {
  const game = await reads.game.findFirst({
    where: { id: gameId, chatId: group.id, status: 'FINISHED', finishedAt: { not: null } },
    select: {
      id: true,
      finishedAt: true,
      settings: true,
      winner: { select: { firstName: true } },
      seats: { orderBy: { order: 'asc' }, select: { lives: true, place: true, user: { select: { firstName: true, isAi: true } } } },
      _count: { select: { rounds: true } },
    },
  });
  if (!game?.finishedAt) return null;
  return {
    id: game.id,
    finishedAt: game.finishedAt,
    rounds: game._count.rounds,
    winnerName: game.winner?.firstName ?? null,
    players: game.seats.map((s) => ({ name: s.user.firstName, ai: s.user.isAi, lives: s.lives, place: s.place })),
    startLives: settingsOf(game.settings).lives,
  };
}
