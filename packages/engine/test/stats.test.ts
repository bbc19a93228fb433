/**
 * The statistics' one definition: the fold of engine events (a bluff, a right call, a give-up,
 * a blind pass, a timeout, a sum-mode game), the rates, and the time buckets of the charts.
 */
import { describe, expect, it } from 'vitest';
import {
  bucketDays,
  callRate,
  callsRight,
  chooseBucketUnit,
  emptyPlayerCounts,
  foldStats,
  isRightCall,
  RANKED_VALUES,
  rankingFor,
  RANKING_PRESETS,
  truthRate,
  weeksBetween,
  type Action,
  type GameEvent,
  type GameState,
  type PlayerId,
  type SettingsInput,
} from '../src';
import { act, applyAll, applyOk, draws, scriptedRng } from './helpers';

/** A whole game's log from its creation: the first player starts, dealt `dealt`. */
function play(players: PlayerId[], settings: SettingsInput, dealt: [number, number], actions: Action[], rolls: [number, number][] = []): GameEvent[] {
  const events: GameEvent[] = [];
  const step = (state: GameState | null, action: Action, rng = scriptedRng()) => {
    const r = applyOk(state, action, rng);
    events.push(...r.events);
    return r.state;
  };
  let state = step(null, { type: 'create', creator: players[0]!, settings });
  for (const p of players) state = step(state, { type: 'join', player: p, name: p });
  state = step(state, { type: 'start' }, scriptedRng([0, ...draws(...dealt)]));
  const rest = applyAll(state, actions, rolls);
  events.push(...rest.events);
  expect(rest.state.phase).toBe('over');
  return events;
}

const ABC = ['A', 'B', 'C'];
// A bluffs 54 on 53, B calls it (right) and starts with a real Mia, which C gives up on.
const bluffAndGiveUp = play(ABC, { lives: 1 }, [5, 3], [act.announce('A', 54), act.call('B'), act.announce('B', 21), act.giveUp('C')], [[2, 1]]);
// A's true 42 is believed by B (true 65), C passes it on blind, A calls wrongly; B bluffs 32 on 31, C catches it.
const blindPass = play(
  ABC,
  { lives: 1, blindPass: true },
  [4, 2],
  [act.announce('A', 42), act.believe('B'), act.roll('B'), act.announce('B', 65), act.pass('C', 65), act.call('A'), act.announce('B', 32), act.call('C')],
  [
    [6, 5],
    [3, 1],
  ],
);
// Sum mode: "8 points" (stored as 62) on 53 is the truth; B's call is wrong.
const sumMode = play(['A', 'B'], { lives: 1, ranking: { sum: true } }, [5, 3], [act.announce('A', 62), act.call('B')]);
// B misses the deadline on A's bluff: a timeout is no answer, so B faced nothing.
const timeout = play(['A', 'B'], { lives: 1 }, [4, 2], [act.announce('A', 43), act.timeout('B')]);

const day = (d: string) => new Date(`${d}T20:00:00Z`);
const games = [
  { chatId: '-1', finishedAt: day('2026-12-01'), events: bluffAndGiveUp },
  { chatId: '-1', finishedAt: day('2026-12-02'), events: blindPass },
  { chatId: '-2', finishedAt: day('2026-12-02'), events: sumMode },
  { chatId: '-2', finishedAt: day('2026-12-09'), events: timeout },
];

describe('the fold of engine events', () => {
  const { players, groups } = foldStats(games);

  it('counts a bluff caught by a right call, and a Mia given up on', () => {
    const { players: p, groups: g } = foldStats([games[0]!]);
    expect(p.get('A')).toEqual({
      ...emptyPlayerCounts(),
      games: 1,
      classes: { truthful: 0, over: 1, under: 0, blind: 0, pass: 0 },
      calledOn: { total: 1, caught: 1, held: 0, bluffsCalled: 1 },
      lost: { ...emptyPlayerCounts().lost, 'caught-bluffing': 1 },
      announced: { 54: { announced: 1, looked: 1, truthful: 0 } },
    });
    expect(p.get('B')).toMatchObject({
      games: 1,
      wins: 1,
      calls: { total: 1, right: 1, wrong: 0, bluffsCaught: 1 },
      faced: { 54: { faced: 1, called: 1 } },
      announced: { 21: { announced: 1, looked: 1, truthful: 1 } },
    });
    expect(p.get('C')).toMatchObject({ games: 1, faced: { 21: { faced: 1, called: 0 } }, lost: { 'mia-given-up': 1 } });
    expect(g.get('-1')).toMatchObject({ games: 1, rounds: 2, calls: { total: 1, right: 1 }, lost: { 'caught-bluffing': 1, 'mia-given-up': 1 } });
  });

  it('a blind pass is an answer to the announcement it passes on, and an announcement of its own', () => {
    const { players: p } = foldStats([games[1]!]);
    expect(p.get('B')!.faced).toEqual({ 42: { faced: 1, called: 0 } });
    expect(p.get('C')!.faced).toEqual({ 65: { faced: 1, called: 0 }, 32: { faced: 1, called: 1 } });
    expect(p.get('C')!.classes.pass).toBe(1);
    expect(p.get('C')!.announced).toEqual({ 65: { announced: 1, looked: 0, truthful: 0 } });
    expect(p.get('A')).toMatchObject({ faced: { 65: { faced: 1, called: 1 } }, calls: { total: 1, right: 0, wrong: 1, bluffsCaught: 0 } });
    expect(p.get('B')).toMatchObject({ calledOn: { total: 1, caught: 1, held: 0, bluffsCalled: 1 }, classes: { truthful: 1, over: 1 } });
    expect(p.get('C')).toMatchObject({ calledOn: { total: 1, caught: 0, held: 1, bluffsCalled: 0 }, wins: 1 });
  });

  it('in sum mode a points class is stored as its canonical value, and the truth is equal rank', () => {
    expect(rankingFor({ ...RANKING_PRESETS.classic, sum: true }).canonical(53)).toBe(62);
    const { players: p } = foldStats([games[2]!]);
    expect(p.get('A')!.announced).toEqual({ 62: { announced: 1, looked: 1, truthful: 1 } });
    expect(p.get('B')).toMatchObject({ faced: { 62: { faced: 1, called: 1 } }, lost: { 'wrong-call': 1 } });
  });

  it('a missed deadline is not facing the announcement', () => {
    const { players: p } = foldStats([games[3]!]);
    expect(p.get('B')).toMatchObject({ faced: {}, lost: { timeout: 1 }, games: 1, wins: 0 });
  });

  it('adds up over games and keeps groups apart; unfinished games never count', () => {
    expect(players.get('A')).toMatchObject({ games: 4, wins: 2 });
    expect(players.get('C')!.games).toBe(2);
    expect(groups.get('-1')).toMatchObject({ games: 2, rounds: 4, calls: { total: 3, right: 2 } });
    expect(groups.get('-2')).toMatchObject({ games: 2, rounds: 2, calls: { total: 1, right: 0 }, lost: { timeout: 1, 'wrong-call': 1 } });
    const cut = blindPass.slice(
      0,
      blindPass.findIndex((e) => e.type === 'gameOver'),
    );
    expect(foldStats([{ chatId: '-3', finishedAt: day('2026-12-03'), events: cut }]).players.size).toBe(0);
  });
});

describe('the definitions', () => {
  it('rates, null when there is nothing to count', () => {
    expect(isRightCall('bluff-caught')).toBe(true);
    expect(isRightCall('mia-false')).toBe(true);
    expect(isRightCall('claim-held')).toBe(false);
    expect(isRightCall('mia-true')).toBe(false);
    expect(callsRight({ total: 4, right: 3 })).toBe(0.75);
    expect(callsRight({ total: 0, right: 0 })).toBeNull();
    expect(truthRate({ looked: 5, truthful: 2 })).toBe(0.4);
    expect(truthRate({ looked: 0, truthful: 0 })).toBeNull();
    expect(callRate({ faced: 4, called: 1 })).toBe(0.25);
    expect(callRate({ faced: 0, called: 0 })).toBeNull();
  });

  it('the heat map and value tables use every value in the classic order', () => {
    expect(RANKED_VALUES).toEqual([21, 66, 55, 44, 33, 22, 11, 65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32, 31]);
  });
});

describe('time buckets', () => {
  const days = (first: string, n: number, every = 1) =>
    Array.from({ length: n }, (_, i) => ({ day: new Date(Date.parse(`${first}T00:00:00Z`) + i * every * 86_400_000).toISOString().slice(0, 10), n: 1 }));

  it('one day is one point', () => {
    const b = bucketDays([{ day: '2026-12-01', n: 3 }]);
    expect(b.unit).toBe('day');
    expect(b.buckets).toEqual([{ unit: 'day', start: '2026-12-01', end: '2026-12-01', items: [{ day: '2026-12-01', n: 3 }] }]);
    expect(bucketDays([]).buckets).toEqual([]);
  });

  it('two days are two points, even far apart', () => {
    expect(bucketDays(days('2026-12-01', 2)).buckets.map((b) => b.start)).toEqual(['2026-12-01', '2026-12-02']);
    const apart = bucketDays([{ day: '2026-01-05' }, { day: '2026-09-30' }]);
    expect(apart.unit).toBe('day');
    expect(apart.buckets).toHaveLength(2);
  });

  it('under three weeks stays by day', () => {
    expect(chooseBucketUnit(days('2026-12-01', 20).map((d) => d.day))).toBe('day');
  });

  it('40 days go by ISO week (Mondays), every day in one bucket', () => {
    const b = bucketDays(days('2026-12-17', 40));
    expect(b.unit).toBe('week');
    expect(b.buckets[0]).toMatchObject({ start: '2026-12-14', end: '2026-12-20' });
    expect(b.buckets.every((x) => new Date(`${x.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(b.buckets.reduce((n, x) => n + x.items.length, 0)).toBe(40);
    expect(b.buckets.length).toBeGreaterThanOrEqual(4);
  });

  it('400 days go by month', () => {
    const b = bucketDays(days('2026-01-15', 400));
    expect(b.unit).toBe('month');
    expect(b.buckets[0]).toMatchObject({ start: '2026-01-01', end: '2026-01-31' });
    expect(b.buckets.find((x) => x.start === '2026-02-01')!.end).toBe('2026-02-28');
    expect(b.buckets).toHaveLength(14);
  });

  it('a few scattered days over a long time fall back to days', () => {
    expect(chooseBucketUnit(['2026-01-01', '2026-03-01', '2026-06-01'])).toBe('day');
  });

  it('weeks between two days, empty ones filled', () => {
    expect(weeksBetween('2026-12-31', '2027-01-12')).toEqual(['2026-12-28', '2027-01-04', '2027-01-11']);
  });
});
