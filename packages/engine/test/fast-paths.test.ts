// The shortcuts taken for speed (issue 16) give what the plain definitions give: the claim lists
// and odds each ranking keeps, the lazily built view AI seats decide on, and the in-place folds
// of one action's events or a replay.
import { describe, expect, it } from 'vitest';
import {
  aiSeats,
  atLeastProbability,
  beatProbability,
  deferredPlayerView,
  evolve,
  OUTCOMES,
  playGame,
  playerView,
  rankingFor,
  replay,
  seededRng,
  type GameState,
  type RankingOptions,
} from '../src';

const ALL_RANKINGS: RankingOptions[] = (['66-high', '11-high'] as const).flatMap((doubles) =>
  [false, true].flatMap((littleMia) => [false, true].map((sum) => ({ doubles, littleMia, sum }))),
);

describe('what each ranking keeps', () => {
  it('claims above a value are the claims filtered by rank, for every ranking, value and rule', () => {
    for (const options of ALL_RANKINGS) {
      const ranking = rankingFor(options);
      expect(rankingFor({ ...options })).toBe(ranking);
      expect(ranking.above(null, false)).toEqual(ranking.claims);
      for (const v of ranking.classes.flat()) {
        const r = ranking.rankOf(v);
        expect(ranking.above(v, false)).toEqual(ranking.claims.filter((c) => ranking.rankOf(c) > r));
        expect(ranking.above(v, true)).toEqual(ranking.claims.filter((c) => ranking.rankOf(c) >= r));
        expect(Object.isFrozen(ranking.above(v, true))).toBe(true);
      }
      expect(() => ranking.above(35, false)).toThrow(RangeError);
    }
  });

  it('the odds tables count the 36 outcomes', () => {
    for (const options of ALL_RANKINGS) {
      const ranking = rankingFor(options);
      for (const v of ranking.classes.flat()) {
        const r = ranking.rankOf(v);
        expect(beatProbability(ranking, v)).toBe(OUTCOMES.filter((o) => ranking.rankOf(o) > r).length / 36);
        expect(atLeastProbability(ranking, v)).toBe(OUTCOMES.filter((o) => ranking.rankOf(o) >= r).length / 36);
      }
    }
  });

  it('rankingFor answers by the options, even for an options object changed since it was asked', () => {
    const options: RankingOptions = { doubles: '66-high', littleMia: false, sum: false };
    expect(rankingFor(options)).toBe(rankingFor({ ...options }));
    options.sum = true;
    expect(rankingFor(options).options).toEqual({ doubles: '66-high', littleMia: false, sum: true });
    options.doubles = '11-high';
    expect(rankingFor(options).options).toEqual({ doubles: '11-high', littleMia: false, sum: true });
  });

  it('rankOf and canonical still refuse what dice cannot show', () => {
    const ranking = rankingFor({ doubles: '66-high', littleMia: false, sum: false });
    for (const bad of [35, 0, 7, 67, -1, 21.5, Number.NaN, '21' as unknown as number]) {
      expect(() => ranking.rankOf(bad)).toThrow(RangeError);
      expect(() => ranking.canonical(bad)).toThrow(RangeError);
    }
  });
});

describe('folds and views', () => {
  const game = playGame({ seats: aiSeats(['calculator', 'bluffer', 'honest', 'random']), settings: { blindPass: true }, rng: seededRng(16) });

  it('a replay (folded in place) equals folding event by event', () => {
    let state: GameState | null = null;
    for (const e of game.events) state = evolve(state, e);
    expect(replay(game.events)).toEqual(state);
    expect(replay(game.events)).toEqual(game.state);
  });

  it('the view an AI seat gets reads as playerView, field by field and as JSON', () => {
    let state: GameState | null = null;
    for (const e of game.events) {
      state = evolve(state, e);
      if (state.phase !== 'playing') continue;
      for (const seat of state.seats) {
        const full = playerView(state, seat.id);
        const lazy = deferredPlayerView(state, seat.id);
        expect(JSON.parse(JSON.stringify(lazy))).toEqual(JSON.parse(JSON.stringify(full)));
        for (const key of Object.keys(full) as (keyof typeof full)[]) expect(lazy[key]).toEqual(full[key]);
      }
    }
  });
});

describe('the seeded rng', () => {
  // sfc32 with rejection sampling as first written: the limit worked out on every draw, in doubles.
  function plainRng(seed: number): (n: number) => number {
    let a = 0x9e3779b9;
    let b = 0x243f6a88;
    let c = 0xb7e15162;
    let d = seed >>> 0;
    const next = (): number => {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      return t >>> 0;
    };
    for (let i = 0; i < 15; i++) next();
    return (n) => {
      const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
      let x = next();
      while (x >= limit) x = next();
      return x % n;
    };
  }

  it('draws what the plain definition draws, whatever n it is asked in turn', () => {
    const ns = [6, 6, 10_000, 6, 1, 2, 0x1_0000_0000, 0x8000_0001, 3, 10_000, 10_000, 7, 0xffff_ffff, 6];
    for (const seed of [0, 1, 42, 0xffff_ffff, 2 ** 31]) {
      const fast = seededRng(seed);
      const plain = plainRng(seed);
      for (let i = 0; i < 3000; i++) {
        const n = ns[i % ns.length]!;
        expect(fast(n)).toBe(plain(n));
      }
    }
  });

  it('still refuses an n it cannot draw from, also after drawing from others', () => {
    const rng = seededRng(1);
    rng(6);
    for (const bad of [0, -1, 1.5, 0x1_0000_0001, Number.NaN]) expect(() => rng(bad)).toThrow(RangeError);
    expect(rng(6)).toBeLessThan(6);
  });
});
