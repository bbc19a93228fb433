// The TV's choice (server/live/featured.ts), the activity it measures (activity.ts) and the
// spectator counts (spectators.ts): pure logic and timers, no database.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Activity } from '../../server/live/activity';
import { chooseFeatured, FEATURE_RULES, type Candidate, type Featured } from '../../server/live/featured';
import type { Watcher } from '../../server/live/hub';
import { Spectators } from '../../server/live/spectators';

const game = (id: string, events: number, extra: Partial<Candidate> = {}): Candidate => ({ id, playing: true, events, spectators: 0, endedAt: null, ...extra });
const NONE: Featured = { id: null, since: 0 };
const T0 = 1_000_000;

describe('chooseFeatured', () => {
  it('picks the game with the most recent events; nothing when nothing runs', () => {
    expect(chooseFeatured([game('a', 3), game('b', 9), game('c', 5)], NONE, T0)).toEqual({ id: 'b', since: T0 });
    expect(chooseFeatured([], NONE, T0)).toEqual({ id: null, since: T0 });
  });

  it('prefers a game in play to a lobby, then more spectators, then a stable order', () => {
    expect(chooseFeatured([game('lobby', 20, { playing: false }), game('play', 1)], NONE, T0).id).toBe('play');
    expect(chooseFeatured([game('a', 4), game('b', 4, { spectators: 3 })], NONE, T0).id).toBe('b');
    expect(chooseFeatured([game('b', 4), game('a', 4)], NONE, T0).id).toBe('a');
    expect(chooseFeatured([game('a', 4), game('b', 4)], NONE, T0).id).toBe('a');
  });

  it('holds its game against a slightly livelier one, and for a while against any (no flicker)', () => {
    const shown: Featured = { id: 'a', since: T0 };
    const later = T0 + FEATURE_RULES.minHoldMs;
    // Just switched: even a much livelier game waits.
    expect(chooseFeatured([game('a', 2), game('b', 30)], shown, T0 + 1000)).toBe(shown);
    // Held long enough, but the other is only a little livelier.
    expect(chooseFeatured([game('a', 10), game('b', 13)], shown, later)).toBe(shown);
    expect(chooseFeatured([game('a', 10), game('b', 14)], shown, later)).toBe(shown); // 1.4×: under the margin
    // Clearly livelier: 1.5× and 3 more.
    expect(chooseFeatured([game('a', 10), game('b', 15)], shown, later)).toEqual({ id: 'b', since: later });
    expect(chooseFeatured([game('a', 1), game('b', 3)], shown, later)).toBe(shown); // 3×, but only 2 more
    // Back and forth between two close games: the choice never changes.
    let current = shown;
    for (let i = 0; i < 20; i++) {
      const [x, y] = i % 2 ? [8, 10] : [10, 8];
      current = chooseFeatured([game('a', x), game('b', y)], current, later + i * 5000);
      expect(current.id).toBe('a');
    }
  });

  it('leaves a lobby at once for a game that starts play', () => {
    const shown: Featured = { id: 'lobby', since: T0 };
    expect(chooseFeatured([game('lobby', 5, { playing: false }), game('b', 1)], shown, T0 + 10).id).toBe('b');
  });

  it('keeps a featured game that ended on screen a few seconds, then moves on', () => {
    const shown: Featured = { id: 'a', since: T0 };
    const ended = game('a', 40, { endedAt: T0 + 5000 });
    expect(chooseFeatured([ended, game('b', 2)], shown, T0 + 5000 + FEATURE_RULES.endedHoldMs - 1)).toBe(shown);
    expect(chooseFeatured([ended, game('b', 2)], shown, T0 + 5000 + FEATURE_RULES.endedHoldMs)).toEqual({ id: 'b', since: T0 + 13_000 });
    // A game that ended is never chosen anew.
    expect(chooseFeatured([game('z', 99, { endedAt: T0 })], NONE, T0).id).toBeNull();
    // A featured game that vanished (its group unlisted) is replaced at once.
    expect(chooseFeatured([game('b', 1)], shown, T0 + 10).id).toBe('b');
  });
});

describe('Activity', () => {
  it('counts the events of the window before now, and forgets what is older', () => {
    const a = new Activity(60_000);
    a.record('g', 2, T0);
    a.record('g', 3, T0 + 30_000);
    a.record('h', 1, T0 + 30_000);
    expect(a.events('g', T0 + 30_000)).toBe(5);
    expect(a.events('g', T0 + 60_000)).toBe(3);
    expect(a.events('g', T0 + 90_000)).toBe(0);
    expect(a.events('nope', T0)).toBe(0);
    a.forget('h');
    expect(a.size).toBe(0);
  });
});

describe('Spectators', () => {
  afterEach(() => vi.useRealTimers());
  const watcher = (chatKey: string) => ({ chatKey }) as Watcher;

  it('counts a group’s sockets, and the TV’s while it shows one of its games', () => {
    const s = new Spectators(() => undefined);
    const [a1, a2, b1] = [watcher('A'), watcher('A'), watcher('B')];
    s.joinGroup(a1);
    s.joinGroup(a2);
    s.joinGroup(b1);
    s.joinFeed();
    s.joinFeed();
    expect([s.watching('A'), s.watching('B'), s.watching('C')]).toEqual([2, 1, 0]);
    s.feature('B');
    expect([s.watching('A'), s.watching('B'), s.groupSockets('B')]).toEqual([2, 3, 1]);
    s.leaveGroup(a1);
    s.leaveGroup(a1); // a second close of the same socket changes nothing
    s.leaveFeed();
    expect([s.watching('A'), s.watching('B')]).toEqual([1, 2]);
    s.close();
  });

  it('sends a changed count to the group’s sockets at most once per throttle window', () => {
    vi.useFakeTimers();
    const sent: [string, string][] = [];
    const s = new Spectators((w, m) => sent.push([w.chatKey, m]), { throttleMs: 500 });
    const told: string[][] = [];
    s.onChange((chats) => told.push([...chats]));
    const crowd = Array.from({ length: 5 }, () => watcher('A'));
    for (const w of crowd) s.joinGroup(w);
    expect(sent).toEqual([]); // not yet: the window is open
    vi.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    // One message per socket, with the final count, after the whole crowd arrived.
    expect(sent).toEqual(crowd.map(() => ['A', '{"type":"spectators","watching":5}']));
    expect(told).toEqual([['A']]);
    s.leaveGroup(crowd[0]!);
    vi.advanceTimersByTime(500);
    expect(sent.slice(5).map(([, m]) => m)).toEqual(Array(4).fill('{"type":"spectators","watching":4}'));
    // Nothing changed: nothing sent.
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(9);
    s.close();
  });
});
