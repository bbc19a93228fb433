// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { maxReconnectDelay, reconnectDelay } from '../../web/src/live/reconnect';
import { PING_INTERVAL_MS, useLiveGames } from '../../web/src/live/useLiveGames';
import type { LiveGame } from '../../shared/api';
import { fakeSockets, liveGame, lobbyGame, playingView } from './helpers';

const url = (token: string) => `ws://test/api/g/${token}/ws`;
const ids = (games: { game: { id: string } }[]) => games.map((g) => g.game.id);

describe('useLiveGames', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  });

  function setup(initial?: LiveGame[]) {
    const sockets = fakeSockets();
    const hook = renderHook(() => useLiveGames('tok', { createSocket: sockets.factory, url, random: () => 0.5, ...(initial ? { initial } : {}) }));
    return { ...sockets, hook };
  }

  it('connects to the group’s channel and applies the snapshot, then game updates by version', () => {
    const { sockets, last, hook } = setup();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://test/api/g/tok/ws');
    expect(hook.result.current.status).toBe('connecting');

    act(() => last().open());
    expect(hook.result.current.status).toBe('open');

    act(() => last().receive({ type: 'snapshot', games: [liveGame({ id: 'g1', version: 5 }), lobbyGame('g2')] }));
    expect(ids(hook.result.current.games)).toEqual(['g1', 'g2']);
    expect(hook.result.current.games[0]!.game.version).toBe(5);

    // A newer version replaces the table...
    const bobLost = playingView();
    bobLost.seats[1]!.lives = 7;
    act(() => last().receive({ type: 'game', game: liveGame({ id: 'g1', version: 7, view: bobLost }) }));
    expect(hook.result.current.games[0]!.game.version).toBe(7);
    expect(hook.result.current.games[0]!.game.view.seats[1]!.lives).toBe(7);

    // ...an older one arriving late does not roll it back.
    act(() => last().receive({ type: 'game', game: liveGame({ id: 'g1', version: 6 }) }));
    expect(hook.result.current.games[0]!.game.version).toBe(7);
    expect(hook.result.current.games[0]!.game.view.seats[1]!.lives).toBe(7);

    // A game that starts after the snapshot is added.
    act(() => last().receive({ type: 'game', game: liveGame({ id: 'g3', version: 1 }) }));
    expect(ids(hook.result.current.games)).toEqual(['g1', 'g2', 'g3']);
  });

  it('keeps an ended game, marked ended, after the running ones', () => {
    const { last, hook } = setup();
    act(() => last().open());
    act(() => last().receive({ type: 'snapshot', games: [liveGame({ id: 'g1' }), liveGame({ id: 'g2' })] }));
    act(() =>
      last().receive({
        type: 'ended',
        game: liveGame({ id: 'g1', version: 11, status: 'FINISHED', view: playingView({ phase: 'over' }) }),
      }),
    );
    expect(ids(hook.result.current.games)).toEqual(['g2', 'g1']);
    expect(hook.result.current.games.map((g) => g.ended)).toEqual([false, true]);
  });

  it('ignores frames that are not live messages', () => {
    const { last, hook } = setup();
    act(() => last().open());
    act(() => last().receive({ type: 'snapshot', games: [liveGame()] }));
    act(() => {
      last().onmessage?.({ data: 'not json' });
      last().onmessage?.({ data: JSON.stringify({ type: 'game' }) });
      last().receive({ type: 'error', message: 'bad request' });
      last().receive({ type: 'pong' });
    });
    expect(ids(hook.result.current.games)).toEqual(['g1']);
  });

  it('reconnects after a lost connection with backoff, and the new snapshot replaces the state', () => {
    const { sockets, last, hook } = setup();
    act(() => last().open());
    act(() => last().receive({ type: 'snapshot', games: [liveGame({ id: 'g1', version: 5 }), lobbyGame('g2')] }));

    act(() => last().drop());
    expect(hook.result.current.status).toBe('reconnecting');
    // The state stays on screen while away.
    expect(ids(hook.result.current.games)).toEqual(['g1', 'g2']);
    // No reconnect before the first backoff delay (1 s with random 0.5)...
    act(() => vi.advanceTimersByTime(reconnectDelay(0, () => 0.5) - 1));
    expect(sockets).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(sockets).toHaveLength(2);

    // ...a failed attempt waits longer (2 s)...
    act(() => last().drop());
    act(() => vi.advanceTimersByTime(1_999));
    expect(sockets).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(sockets).toHaveLength(3);

    // ...and once connected, the snapshot decides: g1 moved on, g2 is gone, g4 is new.
    act(() => last().open());
    act(() => last().receive({ type: 'snapshot', games: [liveGame({ id: 'g4', version: 1 }), liveGame({ id: 'g1', version: 9 })] }));
    expect(hook.result.current.status).toBe('open');
    expect(ids(hook.result.current.games)).toEqual(['g4', 'g1']);
    expect(hook.result.current.games[1]!.game.version).toBe(9);

    // The backoff starts over after a snapshot: the next drop waits 1 s again.
    act(() => last().drop());
    act(() => vi.advanceTimersByTime(1_000));
    expect(sockets).toHaveLength(4);
  });

  it('starts from the games fetched over HTTP until the snapshot arrives', () => {
    const { last, hook } = setup([liveGame({ id: 'g1', version: 3 })]);
    expect(ids(hook.result.current.games)).toEqual(['g1']);
    act(() => last().open());
    act(() => last().receive({ type: 'snapshot', games: [] }));
    expect(hook.result.current.games).toEqual([]);
  });

  it('pings to keep the connection alive, and replaces a socket that went silent', () => {
    const { sockets, last, hook } = setup();
    act(() => last().open());
    act(() => vi.advanceTimersByTime(PING_INTERVAL_MS));
    expect(last().sent).toEqual(['{"type":"ping"}']);
    // No answer at all for more than a minute: taken for dead, closed and replaced.
    act(() => vi.advanceTimersByTime(3 * PING_INTERVAL_MS));
    expect(sockets[0]!.closed).toBe(true);
    expect(hook.result.current.status).toBe('reconnecting');
    act(() => vi.advanceTimersByTime(maxReconnectDelay(0)));
    expect(sockets).toHaveLength(2);
  });

  it('stops for good when the server closes with 4004 (the token no longer opens the group)', () => {
    const sockets = fakeSockets();
    const onRevoked = vi.fn();
    const hook = renderHook(() => useLiveGames('tok', { createSocket: sockets.factory, url, random: () => 0.5, onRevoked }));
    act(() => sockets.last().open());
    act(() => sockets.last().receive({ type: 'snapshot', games: [liveGame({ id: 'g1' })] }));
    act(() => sockets.last().drop(4004));
    expect(hook.result.current.status).toBe('revoked');
    expect(onRevoked).toHaveBeenCalledExactlyOnceWith('tok');
    // No reconnect, however long; not when the browser comes back online either; no pings.
    act(() => vi.advanceTimersByTime(10 * 60_000));
    act(() => window.dispatchEvent(new Event('online')));
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.sockets[0]!.sent).toEqual([]);
    expect(hook.result.current.status).toBe('revoked');
  });

  it.each([
    ['1001 (the server restarts)', 1001],
    ['1011 (the snapshot could not be loaded)', 1011],
    ['no code (1005)', 1005],
    ['an abnormal close (1006)', 1006],
    ['no close event code at all', undefined],
  ])('reconnects after a close with %s', (_what, code) => {
    const { sockets, last, hook } = setup();
    act(() => last().open());
    act(() => last().drop(code));
    expect(hook.result.current.status).toBe('reconnecting');
    act(() => vi.advanceTimersByTime(maxReconnectDelay(0)));
    expect(sockets).toHaveLength(2);
  });

  it('closes its socket and stops reconnecting when unmounted', () => {
    const { sockets, last, hook } = setup();
    act(() => last().open());
    const first = last();
    hook.unmount();
    expect(first.closed).toBe(true);
    act(() => vi.advanceTimersByTime(60_000));
    expect(sockets).toHaveLength(1);
  });
});

describe('reconnectDelay', () => {
  it('doubles from one second up to thirty, with at most 20% jitter either way', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => reconnectDelay(a, () => 0.5))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 0.999999)).toBeLessThanOrEqual(maxReconnectDelay(0));
  });
});
