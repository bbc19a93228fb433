import type { PlayerRating as StoredRating, RatingBoardRow, RatingPoint as StoredPoint } from '@mia/db/queries';
import { PROVISIONAL_GAMES } from '@mia/engine';
import { subjectOf } from '@mia/game';
import type { PlayerRating, RatingEntry, RatingPoint, StrategyEntry } from '../../shared/api';

/**
 * Who a person's results rate, as @mia/game's ratings ledger decides it: a computer persona's
 * games rate its strategy ("ai:<strategy>"), anyone else is rated as themself.
 */
export const ratingSubjectOf = (userId: bigint): string => subjectOf(userId).subject;

const rated = (row: RatingBoardRow) => ({
  position: row.position,
  rating: Math.round(row.rating),
  games: row.games,
  wins: row.wins,
  winRate: row.winRate,
  bluffRate: row.bluffRate,
  provisional: row.provisional,
});

export function toRatingEntry(row: RatingBoardRow): RatingEntry {
  return { userId: (row.userId ?? 0n).toString(), name: row.firstName ?? '?', ...rated(row) };
}

/** A strategy's row; null for a computer id that carries no strategy of ours (rated as itself). */
export function toStrategyEntry(row: RatingBoardRow): StrategyEntry | null {
  return row.strategy ? { strategy: row.strategy, ...rated(row) } : null;
}

export function toPlayerRating(r: StoredRating): PlayerRating {
  return {
    strategy: r.strategy,
    position: r.position,
    ratedPlayers: r.ratedPlayers,
    rating: Math.round(r.rating),
    trend: Math.round(r.rating) - Math.round(r.rating - r.trend),
    trendGames: r.trendGames,
    games: r.games,
    provisional: r.provisional,
    provisionalGames: PROVISIONAL_GAMES,
  };
}

export const toRatingPoint = (p: StoredPoint): RatingPoint => ({
  gameId: p.gameId,
  at: p.at.toISOString(),
  place: p.place,
  rating: Math.round(p.rating),
});
