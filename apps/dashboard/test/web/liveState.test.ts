import { describe, expect, it } from 'vitest';
import { clockOffset, EMPTY_LIVE_STATE, initialLiveState, liveReducer, remainingMs, visibleGames } from '../../web/src/live/liveState';
import { parseLiveMessage } from '../../web/src/live/socket';
import { liveGame, SERVER_NOW } from './fixtures';

describe('liveReducer', () => {
  it('keeps the highest version of each game', () => {
    let s = liveReducer(EMPTY_LIVE_STATE, { type: 'snapshot', games: [liveGame({ version: 4 })], receivedAt: 0 });
    s = liveReducer(s, { type: 'game', game: liveGame({ version: 6 }), receivedAt: 0 });
    const same = liveReducer(s, { type: 'game', game: liveGame({ version: 5 }), receivedAt: 0 });
    expect(same).toBe(s); // unchanged state object: React skips the render
    expect(s.byId.g1!.game.version).toBe(6);
  });

  it('takes a snapshot as the set of games, but never an older version of one it holds', () => {
    let s = initialLiveState([liveGame({ id: 'a', version: 8 }), liveGame({ id: 'b' })], 0);
    s = liveReducer(s, { type: 'snapshot', games: [liveGame({ id: 'a', version: 7 }), liveGame({ id: 'c' })], receivedAt: 0 });
    expect(s.order).toEqual(['a', 'c']);
    expect(s.byId.a!.game.version).toBe(8);
    expect(s.byId.b).toBeUndefined();
  });

  it('marks a game ended by an `ended` message or a finished status, and lists it last', () => {
    let s = initialLiveState([liveGame({ id: 'a' }), liveGame({ id: 'b' }), liveGame({ id: 'c' })], 0);
    s = liveReducer(s, { type: 'ended', game: liveGame({ id: 'a', version: 11, status: 'FINISHED' }), receivedAt: 0 });
    s = liveReducer(s, { type: 'game', game: liveGame({ id: 'b', version: 11, status: 'ABORTED' }), receivedAt: 0 });
    expect(visibleGames(s).map((e) => [e.game.id, e.ended])).toEqual([
      ['c', false],
      ['a', true],
      ['b', true],
    ]);
  });

  it('stores the server-minus-client clock offset of the version it keeps', () => {
    const s = liveReducer(EMPTY_LIVE_STATE, { type: 'game', game: liveGame(), receivedAt: SERVER_NOW - 90_000 });
    expect(s.byId.g1!.clockOffsetMs).toBe(90_000);
  });
});

describe('clock', () => {
  it('computes the time left by the server clock', () => {
    const deadline = new Date(SERVER_NOW + 30_000).toISOString();
    const offset = clockOffset(new Date(SERVER_NOW).toISOString(), SERVER_NOW + 10_000); // client 10 s ahead
    expect(remainingMs(deadline, offset, SERVER_NOW + 10_000)).toBe(30_000);
    expect(remainingMs(deadline, offset, SERVER_NOW + 50_000)).toBe(0);
    expect(remainingMs(null, offset, SERVER_NOW)).toBeNull();
  });
});

describe('parseLiveMessage', () => {
  it('accepts the contract’s messages and rejects anything else', () => {
    expect(parseLiveMessage(JSON.stringify({ type: 'snapshot', games: [] }))).toEqual({ type: 'snapshot', games: [] });
    expect(parseLiveMessage(JSON.stringify({ type: 'pong' }))).toEqual({ type: 'pong' });
    expect(parseLiveMessage(JSON.stringify({ type: 'snapshot' }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'game', game: null }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'hello' }))).toBeNull();
    expect(parseLiveMessage('{')).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
  });
});
