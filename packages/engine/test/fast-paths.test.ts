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
