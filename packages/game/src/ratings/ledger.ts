// The ratings' bookkeeping, pure: one finished game in, the rows it changes out. The same code
// serves the transaction that finishes a game (store.ts) and the recompute over every finished
// game (recompute.ts), which is why the two give equal values.
import { displayRating, initialSkill, rateGame, type RatedSeat } from '@mia/engine';
import { aiStrategyOf } from '../ai-players';
import { toPlayerId } from '../ids';

/** The scope of ratings over all chats (no Telegram chat has id 0). */
export const OVERALL = 0n;

/** A finished game as rating reads it: its seats with their final places and announcements. */
export interface RatedGame {
  gameId: string;
  chatId: bigint;
  finishedAt: Date;
  seats: readonly {
    userId: bigint;
    place: number;
    /** Their looked announcements in the game, by class (engine: bluffRate). */
    truthful: number;
    over: number;
    under: number;
  }[];
}

export interface RatingRow {
  scope: bigint;
  subject: string;
  userId: bigint | null;
  mu: number;
  sigma: number;
  rating: number;
  games: number;
  wins: number;
  truthful: number;
  over: number;
  under: number;
  lastGameId: string;
  updatedAt: Date;
}

export interface RatingChangeRow {
  gameId: string;
  scope: bigint;
  subject: string;
  place: number;
  muBefore: number;
  sigmaBefore: number;
  mu: number;
  sigma: number;
  rating: number;
  games: number;
  at: Date;
}

/**
 * Who a seat's result rates: a person by their user id; a computer player by its strategy (its
 * personas are names at the table, the strategy is what plays), so strategies form a ladder of
 * their own. A computer id that carries no strategy of ours is rated as itself.
 */
export function subjectOf(userId: bigint): { subject: string; userId: bigint | null } {
  const strategy = aiStrategyOf(toPlayerId(userId));
  return strategy ? { subject: `ai:${strategy}`, userId: null } : { subject: userId.toString(), userId };
}

export const ratingKey = (scope: bigint, subject: string): string => `${scope}/${subject}`;

/**
 * The game's updates in its chat and over all chats: each scope rates from its own current
 * values (`current`, undefined for a subject not rated there yet).
 */
export function rateFinishedGame(
  game: RatedGame,
  current: (scope: bigint, subject: string) => RatingRow | undefined,
): { ratings: RatingRow[]; changes: RatingChangeRow[] } {
  const ratings: RatingRow[] = [];
  const changes: RatingChangeRow[] = [];
  const seats = game.seats.map((s) => ({ ...s, ...subjectOf(s.userId) }));
  const rated: RatedSeat<string>[] = seats.map((s) => ({ subject: s.subject, place: s.place }));
  for (const scope of [game.chatId, OVERALL]) {
    const updates = rateGame(rated, (subject) => current(scope, subject) ?? initialSkill());
    for (const u of updates) {
      const before = current(scope, u.subject);
      const mine = seats.filter((s) => s.subject === u.subject);
      const sum = (k: 'truthful' | 'over' | 'under') => mine.reduce((n, s) => n + s[k], 0);
      const row: RatingRow = {
        scope,
        subject: u.subject,
        userId: mine[0]!.userId,
        mu: u.after.mu,
        sigma: u.after.sigma,
        rating: displayRating(u.after),
        games: (before?.games ?? 0) + 1,
        wins: (before?.wins ?? 0) + (u.place === 1 ? 1 : 0),
        truthful: (before?.truthful ?? 0) + sum('truthful'),
        over: (before?.over ?? 0) + sum('over'),
        under: (before?.under ?? 0) + sum('under'),
        lastGameId: game.gameId,
        updatedAt: game.finishedAt,
      };
      ratings.push(row);
      changes.push({
        gameId: game.gameId,
        scope,
        subject: u.subject,
        place: u.place,
        muBefore: u.before.mu,
        sigmaBefore: u.before.sigma,
        mu: row.mu,
        sigma: row.sigma,
        rating: row.rating,
        games: row.games,
        at: game.finishedAt,
      });
    }
  }
  return { ratings, changes };
}
