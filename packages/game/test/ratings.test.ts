// Ratings through the real service and database: written in the transaction that finishes a
// game, equal to the openskill package's own computation for the same places, absent for aborted
// games, and rebuilt to the same values by the recompute.
import { playerRating, ratingBoard, ratingHistory } from '@mia/db';
import { displayRating, isProvisional, PROVISIONAL_GAMES, seededRng, strategyFor, aiAction, type GameState } from '@mia/engine';
import { rate, rating as freshRating } from 'openskill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiPlayerId, recomputeRatings, recomputeTallies } from '../src';
import { applied, harness, type Harness } from './support';

const people = [
  { id: '7001', name: 'Ada' },
  { id: '7002', name: 'Bo' },
  { id: '7003', name: 'Cleo' },
  { id: '7004', name: 'Dov' },
];
const calc = [aiPlayerId('calculator', 0), aiPlayerId('calculator', 1)];
const bluffer = aiPlayerId('bluffer', 0);
const CHAT_A = -7001n;
const CHAT_B = -7002n;

interface Seat {
  id: string;
  name: string;
  ai?: boolean;
}

describe('ratings', () => {
  let h: Harness;
  const rng = seededRng(11);

  async function play(chatId: bigint, seats: Seat[], stopAfter?: number): Promise<{ id: string; state: GameState }> {
    const creator = seats.find((s) => !s.ai)!;
    applied(await h.service.act({ chatId, user: creator, action: { type: 'create', creator: creator.id, settings: { lives: 2 } } }));
    for (const s of seats) {
      applied(
        await h.service.act({
          chatId,
          ...(s.ai ? {} : { user: s }),
          action: { type: 'join', player: s.id, name: s.name, ai: s.ai ?? false },
        }),
      );
    }
    let game = applied(await h.service.act({ chatId, action: { type: 'start' } })).game;
    let moves = 0;
    while (game.state.phase === 'playing' && (stopAfter === undefined || moves++ < stopAfter)) {
      const action = aiAction(game.state, game.state.round!.actor, strategyFor('calculator'), rng)!;
      game = applied(await h.service.act({ chatId, gameId: game.id, action })).game;
    }
    return game;
  }

  const ratingRows = () => h.db.prisma.$queryRaw<Record<string, unknown>[]>`SELECT * FROM "Rating" ORDER BY scope, subject`;
  const changeRows = () =>
    h.db.prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT "gameId", scope, subject, place, "muBefore", "sigmaBefore", mu, sigma, rating, games, at
      FROM "RatingChange" ORDER BY seq`;

  beforeAll(async () => {
    h = await harness({ timers: false });
  });
  afterAll(() => h.close());

  it("rates a finished game's people exactly as the openskill package does, in its chat and overall", async () => {
    const game = await play(CHAT_A, people);
    const ranking = game.state.result!.ranking;
    const expected = rate(
      ranking.map(() => [freshRating()]),
      { rank: ranking.map((p) => p.place) },
    );
    // Seats in join order are the teams in the incremental path; the ranking's order may differ,
    // which must not matter for a rating.
    for (const [i, placing] of ranking.entries()) {
      for (const chatId of [CHAT_A, undefined]) {
        const [point] = await ratingHistory(h.db.prisma, placing.player, chatId === undefined ? {} : { chatId });
        expect(point).toMatchObject({ gameId: game.id, place: placing.place, games: 1 });
        expect(point!.mu).toBeCloseTo(expected[i]![0]!.mu, 12);
        expect(point!.sigma).toBeCloseTo(expected[i]![0]!.sigma, 12);
        expect(point!.rating).toBe(displayRating(point!));
      }
    }
    const board = await ratingBoard(h.db.prisma, { chatId: CHAT_A });
    expect(board.map((r) => r.rating)).toEqual([...board.map((r) => r.rating)].sort((a, b) => b - a));
    expect(board[0]!.provisional).toBe(true);
    const winner = board.find((r) => r.userId === BigInt(game.state.result!.winner!))!;
    expect(winner).toMatchObject({ games: 1, wins: 1, winRate: 1 });
  }, 60_000);

  it('leaves an aborted game out, even with rounds played', async () => {
    const before = await ratingRows();
    const game = await play(CHAT_A, people.slice(0, 3), 6);
    expect(game.state.phase).toBe('playing');
    await h.service.abort(CHAT_A, game.id, { by: people[0]!.id });
    expect(await ratingRows()).toEqual(before);
    const rows = await h.db.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "RatingChange" WHERE "gameId" = ${game.id}`;
    expect(rows[0]!.n).toBe(0);
  }, 60_000);

  it('rates computer players per strategy, apart from people, combining the seats of one strategy', async () => {
    const seats: Seat[] = [
      people[0]!,
      { id: calc[0]!, name: 'Grace', ai: true },
      { id: bluffer, name: 'Alan', ai: true },
      { id: calc[1]!, name: 'Hedy', ai: true },
    ];
    const game = await play(CHAT_B, seats);
    const ladder = await ratingBoard(h.db.prisma, { chatId: CHAT_B, kind: 'computers' });
    expect(ladder.map((r) => r.subject).sort()).toEqual(['ai:bluffer', 'ai:calculator']);
    expect(ladder.every((r) => r.userId === null && r.games === 1 && r.strategy !== null)).toBe(true);
    const peopleBoard = await ratingBoard(h.db.prisma, { chatId: CHAT_B });
    expect(peopleBoard.map((r) => r.subject)).toEqual([people[0]!.id]);
    // The person's update is the package's own, with the strategy's two seats as two teams.
    const ranking = game.state.result!.ranking;
    const order = seats.map((s) => ranking.find((p) => p.player === s.id)!.place);
    const expected = rate(
      seats.map(() => [freshRating()]),
      { rank: order },
    );
    const [ada] = await ratingHistory(h.db.prisma, people[0]!.id, { chatId: CHAT_B });
    expect(ada!.mu).toBeCloseTo(expected[0]![0]!.mu, 12);
    const calculator = ladder.find((r) => r.subject === 'ai:calculator')!;
    const moved = expected[1]![0]!.mu - 25 + (expected[3]![0]!.mu - 25);
    expect(calculator.mu).toBeCloseTo(25 + moved, 12);
    expect(calculator.wins).toBe(Math.min(order[1]!, order[3]!) === 1 ? 1 : 0);
  }, 60_000);

  it('keeps a history and a trend, and a recompute from every finished game gives the same ratings and tallies', async () => {
    for (let i = 0; i < 5; i++)
      await play(i % 2 === 0 ? CHAT_A : CHAT_B, i % 2 === 0 ? people : [people[1]!, people[0]!, { id: calc[0]!, name: 'Grace', ai: true }]);
    const ada = await playerRating(h.db.prisma, people[0]!.id);
    const history = await ratingHistory(h.db.prisma, people[0]!.id);
    expect(history.map((p) => p.games)).toEqual(history.map((_, i) => i + 1));
    expect(ada).toMatchObject({ games: history.length, rating: history.at(-1)!.rating, provisional: isProvisional(history.length) });
    expect(history.length).toBeLessThan(PROVISIONAL_GAMES);
    const window = history.slice(-5);
    expect(ada!.trend).toBeCloseTo(history.at(-1)!.rating - displayRating({ mu: window[0]!.muBefore, sigma: window[0]!.sigmaBefore }), 9);
    expect(ada!.position).toBeGreaterThanOrEqual(1);

    const ratings = await ratingRows();
    const changes = await changeRows();
    expect(ratings.length).toBeGreaterThan(0);
    const result = await recomputeRatings(h.db.prisma);
    expect(result.ratings).toBe(ratings.length);
    expect(await ratingRows()).toEqual(ratings);
    expect(await changeRows()).toEqual(changes);
    // The chats' statistics tallies, added up game by game, are what a rebuild from every game gives.
    const tallies = () => h.db.prisma.$queryRaw<unknown[]>`SELECT * FROM "GroupTally" ORDER BY "chatId", day, part, key, value`;
    const incremental = await tallies();
    expect(incremental.length).toBeGreaterThan(0);
    await recomputeTallies(h.db.prisma);
    expect(await tallies()).toEqual(incremental);
    // And from nothing: a database whose ratings were lost is rebuilt to the same values.
    await h.db.prisma.$executeRaw`DELETE FROM "RatingChange"`;
    await h.db.prisma.$executeRaw`DELETE FROM "Rating"`;
    await recomputeRatings(h.db.prisma);
    expect(await ratingRows()).toEqual(ratings);
  }, 120_000);
});
