// The ratings' SQL: read a game's seats and the current ratings, write the new ones. Ratings are
// applied one game at a time in one order for every process (a transaction-scoped advisory lock,
// held to the commit), so the stored order (RatingChange.seq) is the order they were computed in
// and a recompute that replays it gets the very same values.
import type { Tx } from '../repository';
import { rateFinishedGame, ratingKey, subjectOf, OVERALL, type RatedGame, type RatingChangeRow, type RatingRow } from './ledger';

/** pg_advisory_xact_lock's key for rating updates ("mia.rate" in ASCII). */
const RATING_LOCK = 0x6d69612e72617465n;

type Reader = Pick<Tx, '$queryRaw' | '$executeRaw'>;

interface SeatRow {
  userId: bigint;
  place: number;
  truthful: number;
  over: number;
  under: number;
}

/** A finished game's seats with places and their looked announcements by class. */
export async function gameSeats(db: Reader, gameId: string): Promise<RatedGame['seats']> {
  const rows = await db.$queryRaw<SeatRow[]>`
    SELECT s."userId", s.place,
           count(*) FILTER (WHERE a.classification = 'TRUTHFUL')::int AS truthful,
           count(*) FILTER (WHERE a.classification = 'OVER')::int AS "over",
           count(*) FILTER (WHERE a.classification = 'UNDER')::int AS "under"
    FROM "Seat" s
    JOIN "Game" g ON g.id = s."gameId"
    LEFT JOIN "Announcement" a ON a."gameRef" = g.ref AND a."userId" = s."userId"
    WHERE s."gameId" = ${gameId} AND s.place IS NOT NULL
    GROUP BY s."userId", s.place, s."order"
    ORDER BY s."order"`;
  return rows;
}

/** Waits for the rating lock: ratings read after this see every earlier game's update. */
export async function lockRatings(db: Reader): Promise<void> {
  await db.$queryRaw`SELECT pg_advisory_xact_lock(${RATING_LOCK})::text`;
}

/** The current ratings of these subjects in these scopes. */
export async function readRatings(db: Reader, scopes: bigint[], subjects: string[]): Promise<RatingRow[]> {
  return db.$queryRaw<RatingRow[]>`
    SELECT scope, subject, "userId", mu, sigma, rating, games, wins, truthful, "over", "under", "lastGameId", "updatedAt"
    FROM "Rating"
    WHERE scope = ANY(${scopes.map(String)}::bigint[]) AND subject = ANY(${subjects}::text[])`;
}

/** Inserts or replaces the rows (every column comes from the ledger). */
export async function writeRatings(db: Reader, rows: readonly RatingRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof RatingRow>(k: K) => rows.map((r) => r[k]);
  await db.$executeRaw`
    INSERT INTO "Rating" (scope, subject, "userId", mu, sigma, rating, games, wins, truthful, "over", "under", "lastGameId", "updatedAt")
    SELECT * FROM unnest(
      ${col('scope').map(String)}::bigint[], ${col('subject')}::text[], ${col('userId').map((u) => (u === null ? null : String(u)))}::bigint[],
      ${col('mu')}::float8[], ${col('sigma')}::float8[], ${col('rating')}::float8[],
      ${col('games')}::int[], ${col('wins')}::int[], ${col('truthful')}::int[], ${col('over')}::int[], ${col('under')}::int[],
      ${col('lastGameId')}::text[], ${col('updatedAt')}::timestamptz[])
    ON CONFLICT (scope, subject) DO UPDATE SET
      "userId" = EXCLUDED."userId", mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, rating = EXCLUDED.rating,
      games = EXCLUDED.games, wins = EXCLUDED.wins, truthful = EXCLUDED.truthful, "over" = EXCLUDED."over",
      "under" = EXCLUDED."under", "lastGameId" = EXCLUDED."lastGameId", "updatedAt" = EXCLUDED."updatedAt"`;
}

/** Appends the history rows, in the given order (their seq follows it). */
export async function writeChanges(db: Reader, rows: readonly RatingChangeRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof RatingChangeRow>(k: K) => rows.map((r) => r[k]);
  await db.$executeRaw`
    INSERT INTO "RatingChange" ("gameId", scope, subject, place, "muBefore", "sigmaBefore", mu, sigma, rating, games, at)
    SELECT "gameId", scope, subject, place, "muBefore", "sigmaBefore", mu, sigma, rating, games, at FROM unnest(
      ${col('gameId')}::text[], ${col('scope').map(String)}::bigint[], ${col('subject')}::text[], ${col('place')}::int[],
      ${col('muBefore')}::float8[], ${col('sigmaBefore')}::float8[], ${col('mu')}::float8[], ${col('sigma')}::float8[],
      ${col('rating')}::float8[], ${col('games')}::int[], ${col('at')}::timestamptz[])
    WITH ORDINALITY AS c("gameId", scope, subject, place, "muBefore", "sigmaBefore", mu, sigma, rating, games, at, n)
    ORDER BY n`;
}

/**
 * Rates a game that has just finished, inside the transaction that finished it (after its rows
 * are written): both its chat's ratings and the overall ones.
 */
export async function rateGameInTransaction(tx: Tx, game: { id: string; chatId: bigint; finishedAt: Date }): Promise<void> {
  const seats = await gameSeats(tx, game.id);
  if (seats.length < 2) return;
  await lockRatings(tx);
  const subjects = [...new Set(seats.map((s) => subjectOf(s.userId).subject))];
  const current = new Map((await readRatings(tx, [game.chatId, OVERALL], subjects)).map((r) => [ratingKey(r.scope, r.subject), r]));
  const { ratings, changes } = rateFinishedGame({ gameId: game.id, chatId: game.chatId, finishedAt: game.finishedAt, seats }, (scope, subject) =>
    current.get(ratingKey(scope, subject)),
  );
  await writeRatings(tx, ratings);
  await writeChanges(tx, changes);
}
