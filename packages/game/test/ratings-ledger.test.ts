// The ratings ledger without a database: how ratings move over many games.
import { displayRating, isProvisional, PROVISIONAL_GAMES } from '@mia/engine';
import { describe, expect, it } from 'vitest';
import { aiPlayerId, OVERALL, rateFinishedGame, type RatedGame, type RatingRow } from '../src';

const CHAT = -42n;
const ids = [1n, 2n, 3n, 4n];

function season(games: number, placesOf: (game: number) => number[]) {
  const current = new Map<string, RatingRow>();
  const key = (scope: bigint, subject: string) => `${scope}/${subject}`;
  const history: RatingRow[][] = [];
  for (let g = 0; g < games; g++) {
    const places = placesOf(g);
    const game: RatedGame = {
      gameId: `g${g}`,
      chatId: CHAT,
      finishedAt: new Date(Date.UTC(2026, 0, 1 + g)),
      seats: ids.map((userId, i) => ({ userId, place: places[i]!, truthful: 2, over: 1, under: 0 })),
    };
    const out = rateFinishedGame(game, (scope, subject) => current.get(key(scope, subject)));
    for (const r of out.ratings) current.set(key(r.scope, r.subject), r);
    history.push(out.ratings.filter((r) => r.scope === CHAT));
  }
  return { current, history, of: (scope: bigint, id: bigint) => current.get(key(scope, id.toString()))! };
}

describe('ratings ledger', () => {
  it('a player who wins often rises above the rest, and their rating settles', () => {
    // Player 1 wins three games in four; the others take the places in turn.
    const { of, history } = season(40, (g) => (g % 4 === 3 ? [2, 1, 3, 4] : [1, 2 + (g % 3), 2 + ((g + 1) % 3), 2 + ((g + 2) % 3)]));
    const ada = of(CHAT, 1n);
    for (const other of [2n, 3n, 4n]) expect(ada.rating).toBeGreaterThan(of(CHAT, other).rating);
    expect(ada.rating).toBeGreaterThan(displayRating({ mu: 25, sigma: 25 / 3 }) + 200);
    expect(ada).toMatchObject({ games: 40, wins: 30, truthful: 80, over: 40 });
    // σ shrinks as games are played; the rating is provisional for the first PROVISIONAL_GAMES.
    const sigmas = history.map((rows) => rows.find((r) => r.subject === '1')!.sigma);
    expect(sigmas.at(-1)!).toBeLessThan(sigmas[0]!);
    expect(history.map((rows) => isProvisional(rows[0]!.games)).filter(Boolean)).toHaveLength(PROVISIONAL_GAMES - 1);
    // The overall scope saw the same games in the same order: the same values.
    expect(of(OVERALL, 1n).mu).toBe(ada.mu);
  });

  it('rates every seat of one computer strategy as one subject', () => {
    const grace = BigInt(aiPlayerId('calculator', 0));
    const hedy = BigInt(aiPlayerId('calculator', 1));
    const game: RatedGame = {
      gameId: 'g',
      chatId: CHAT,
      finishedAt: new Date(0),
      seats: [
        { userId: 1n, place: 2, truthful: 1, over: 0, under: 0 },
        { userId: grace, place: 1, truthful: 3, over: 1, under: 0 },
        { userId: hedy, place: 3, truthful: 0, over: 2, under: 1 },
      ],
    };
    const { ratings, changes } = rateFinishedGame(game, () => undefined);
    const calculator = ratings.filter((r) => r.subject === 'ai:calculator');
    expect(calculator.map((r) => r.scope)).toEqual([CHAT, OVERALL]);
    expect(calculator[0]).toMatchObject({ userId: null, games: 1, wins: 1, truthful: 3, over: 3, under: 1 });
    expect(changes.filter((c) => c.subject === 'ai:calculator').map((c) => c.place)).toEqual([1, 1]);
  });

  it('a game of one seat rates nothing', () => {
    const out = rateFinishedGame(
      { gameId: 'g', chatId: CHAT, finishedAt: new Date(0), seats: [{ userId: 1n, place: 1, truthful: 0, over: 0, under: 0 }] },
      () => undefined,
    );
    expect(out).toEqual({ ratings: [], changes: [] });
  });
});
