// Issue 14 on the API: the rating boards of a group page (people, and the computer strategies
// apart), a player's rating with its history, tells and series over time, their games paged, and
// the group's own statistics. Real database, games played through the service.
import { ratingHistory } from '@mia/db';
import { aiAction, displayRating, strategyFor } from '@mia/engine';
import { aiPlayerId, recomputeTallies } from '@mia/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, GroupPage, GroupStats, PlayerPage, RecentGames } from '../../shared/api';
import { ADA, applied, BO, group, Table, world, type World } from './support';

const PEOPLE = -2001n;
const COMPUTERS = -2002n;
const DAY = 86_400_000;
const CALC = { id: aiPlayerId('calculator', 0), name: 'Ada' };
const BLUFFER = { id: aiPlayerId('bluffer', 1), name: 'Alan' };

describe('ratings and statistics routes', () => {
  let w: World;
  let people: string;
  let computers: string;
  const finished: string[] = [];

  const get = async <T = unknown>(url: string) => {
    const res = await w.app.inject({ url });
    return { status: res.statusCode, body: res.json() as T };
  };

  /** Ada looks at 31, announces 52, Bo calls: Ada (one life) is out, Bo wins. */
  async function bluffCaught(): Promise<string> {
    const t = new Table(w.games, w.dice, PEOPLE);
    await t.open([ADA, BO], { lives: 1 });
    await t.start([3, 1]);
    await t.play({ type: 'announce', value: 52 });
    await t.play({ type: 'call' });
    expect(t.game!.status).toBe('FINISHED');
    return t.game!.id;
  }

  beforeAll(async () => {
    w = await world();
    people = await group(w.games, PEOPLE, 'People', true);
    computers = await group(w.games, COMPUTERS, 'Computers only', true);
    finished.push(await bluffCaught(), await bluffCaught());
    // The first game three days earlier: a history over two days.
    await w.db.prisma.game.update({ where: { id: finished[0]! }, data: { finishedAt: new Date(Date.now() - 3 * DAY) } });
    // History edited behind the service's back: the chat's tallies are rebuilt, as an operator would.
    await recomputeTallies(w.db.prisma);
    // A game in play: Ada's truthful 64 is secret and counts nowhere.
    const running = new Table(w.games, w.dice, PEOPLE);
    await running.open([ADA, BO]);
    await running.start([6, 4]);
    await running.play({ type: 'announce', value: 64 });

    // Computer players only (the demo's groups): a person creates, two strategies play it out.
    applied(await w.games.act({ chatId: COMPUTERS, user: ADA, action: { type: 'create', creator: ADA.id, settings: { lives: 2 } } }));
    for (const p of [CALC, BLUFFER]) {
      applied(await w.games.act({ chatId: COMPUTERS, user: { ...p, isAi: true }, action: { type: 'join', player: p.id, name: p.name, ai: true } }));
    }
    let game = applied(await w.games.act({ chatId: COMPUTERS, action: { type: 'start' } })).game;
    while (game.state.phase === 'playing') {
      const action = aiAction(game.state, game.state.round!.actor, strategyFor('calculator'), w.dice.rng)!;
      game = applied(await w.games.act({ chatId: COMPUTERS, gameId: game.id, action })).game;
    }
    expect(game.status).toBe('FINISHED');
  }, 60_000);
  afterAll(() => w?.close());

  it('ranks the people of a group by rating, provisional under 10 games', async () => {
    const { body } = await get<GroupPage>(`/api/g/${people}`);
    expect(body.ratings.provisionalGames).toBe(10);
    expect(body.ratings.computers).toEqual([]);
    expect(body.ratings.people.map((e) => [e.position, e.name, e.games, e.wins, e.winRate, e.bluffRate, e.provisional])).toEqual([
      [1, 'Bo', 2, 2, 1, null, true],
      [2, 'Ada', 2, 0, 0, 1, true],
    ]);
    expect(body.ratings.people[0]!.rating).toBeGreaterThan(body.ratings.people[1]!.rating);
    expect(Number.isInteger(body.ratings.people[0]!.rating)).toBe(true);
  });

  it('gives a group of computer players only their strategies’ ladder, and no people', async () => {
    const { body } = await get<GroupPage>(`/api/g/${computers}`);
    expect(body.group.finishedGames).toBe(1);
    expect(body.ratings.people).toEqual([]);
    expect(body.ratings.computers.map((e) => [e.strategy, e.games, e.provisional]).sort()).toEqual([
      ['bluffer', 1, true],
      ['calculator', 1, true],
    ]);
    expect(body.ratings.computers.map((e) => e.wins).sort()).toEqual([0, 1]);
  });

  it('shows a person’s rating, its history, the series by day and the tells of finished games only', async () => {
    const { status, body } = await get<PlayerPage>(`/api/g/${people}/players/${ADA.id}`);
    expect(status).toBe(200);
    expect(body.rating).toMatchObject({ strategy: null, position: 2, ratedPlayers: 2, games: 2, provisional: true, provisionalGames: 10, trendGames: 2 });
    const stored = await ratingHistory(w.db.prisma, ADA.id, { chatId: PEOPLE });
    expect(body.ratingHistory).toEqual(stored.map((p) => ({ gameId: p.gameId, at: p.at.toISOString(), place: 2, rating: Math.round(p.rating) })));
    expect(body.rating!.rating).toBe(body.ratingHistory.at(-1)!.rating);
    // The trend spans both games: from the rating before the first.
    const before = Math.round(displayRating({ mu: stored[0]!.muBefore, sigma: stored[0]!.sigmaBefore }));
    expect(body.rating!.trend).toBe(body.rating!.rating - before);
    // Two days of games: two points by day, never one lone dot.
    expect(body.series.unit).toBe('day');
    expect(body.series.points.map((p) => [p.games, p.looked, p.bluffRate, p.calls, p.callsRight])).toEqual([
      [1, 1, 1, 0, null],
      [1, 1, 1, 0, null],
    ]);
    expect(body.series.points[0]!.start < body.series.points[1]!.start).toBe(true);
    expect(body.tells).toEqual([{ value: 52, announced: 2, looked: 2, truthful: 0, truthRate: 0, faced: 0, called: 0, callRate: null }]);
    expect(body.recent).toMatchObject({ offset: 0, limit: 10, total: 2, hasMore: false });
    expect(body.recent.games.map((g) => g.gameId)).toEqual([finished[1], finished[0]]);

    const bo = (await get<PlayerPage>(`/api/g/${people}/players/${BO.id}`)).body;
    expect(bo.tells).toEqual([{ value: 52, announced: 0, looked: 0, truthful: 0, truthRate: null, faced: 2, called: 2, callRate: 1 }]);
    expect(bo.rating).toMatchObject({ position: 1 });
  });

  it('shows a computer persona the rating of its strategy', async () => {
    const { body } = await get<PlayerPage>(`/api/g/${computers}/players/${CALC.id}`);
    expect(body.ai).toBe(true);
    expect(body.rating).toMatchObject({ strategy: 'calculator', games: 1, ratedPlayers: 2 });
    expect(body.ratingHistory).toHaveLength(1);
  });

  it('pages a person’s games: offset and limit validated, newest first', async () => {
    const first = await get<RecentGames>(`/api/g/${people}/players/${ADA.id}/games?limit=1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ offset: 0, limit: 1, total: 2, hasMore: true });
    expect(first.body.games.map((g) => g.gameId)).toEqual([finished[1]]);
    const next = await get<RecentGames>(`/api/g/${people}/players/${ADA.id}/games?offset=1&limit=1`);
    expect(next.body).toMatchObject({ offset: 1, total: 2, hasMore: false });
    expect(next.body.games.map((g) => g.gameId)).toEqual([finished[0]]);
    expect((await get<RecentGames>(`/api/g/${people}/players/${ADA.id}/games`)).body).toMatchObject({ limit: 10, total: 2 });
    for (const bad of ['limit=0', 'limit=51', 'offset=-1', 'offset=abc', 'limit=1.5']) {
      const { status, body } = await get<ApiError>(`/api/g/${people}/players/${ADA.id}/games?${bad}`);
      expect(status, bad).toBe(400);
      expect(body.message, bad).toMatch(/querystring/);
    }
    expect((await get(`/api/g/${people}/players/5555/games`)).status).toBe(404);
    expect((await get(`/api/g/${'x'.repeat(24)}/players/${ADA.id}/games`)).status).toBe(404);
  });

  it('gives the group’s own statistics over its finished games', async () => {
    const { status, body } = await get<GroupStats>(`/api/g/${people}/stats`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ games: 2, rounds: 2, announcements: 2, bluffRate: 1, calls: 2, callsRight: 1 });
    expect(body.livesLost).toEqual({ caughtBluffing: 2, wrongCall: 0, miaLooked: 0, miaGivenUp: 0, timeout: 0 });
    expect(body.values).toEqual([{ value: 52, announced: 2, looked: 2, truthful: 0, truthRate: 0 }]);
    expect(body.series.unit).toBe('day');
    expect(body.series.points.map((p) => [p.games, p.bluffRate, p.calls, p.callsRight])).toEqual([
      [1, 1, 1, 1],
      [1, 1, 1, 1],
    ]);
    expect(body.weeks.reduce((n, x) => n + x.games, 0)).toBe(2);
    for (const week of body.weeks) expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);

    const none = await get<GroupStats>(`/api/g/${computers}/stats`);
    expect(none.body.games).toBe(1);
    expect((await get(`/api/g/${'x'.repeat(24)}/stats`)).status).toBe(404);
  });
});
