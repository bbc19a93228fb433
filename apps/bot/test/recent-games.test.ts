import type { GameRecord } from '@mia/game';
import { describe, expect, it } from 'vitest';
import { RecentGames } from '../src/recent-games';

/** Only what RecentGames looks at: id, version and phase. */
const record = (id: string, version: number, phase: 'lobby' | 'playing' | 'over' = 'playing') =>
  ({ id, version, status: phase === 'over' ? 'FINISHED' : 'PLAYING', state: { phase } }) as unknown as GameRecord;

describe('RecentGames: the running games as last committed', () => {
  it('keeps the newest version of a game, whatever order the batches come in', () => {
    const recent = new RecentGames();
    recent.saw(record('g', 3));
    recent.saw(record('g', 2));
    expect(recent.get('g')?.version).toBe(3);
    recent.saw(record('g', 5));
    expect(recent.get('g')?.version).toBe(5);
  });

  it('drops a finished game, so a press on it reads the database', () => {
    const recent = new RecentGames();
    recent.saw(record('g', 7));
    recent.saw(record('g', 8, 'over'));
    expect(recent.get('g')).toBeUndefined();
    expect(recent.size).toBe(0);
  });

  it('keeps at most `max` games, the least recently committed going first', () => {
    const recent = new RecentGames(2);
    recent.saw(record('a', 1));
    recent.saw(record('b', 1));
    recent.saw(record('a', 2));
    recent.saw(record('c', 1));
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')?.version).toBe(2);
    expect(recent.get('c')?.version).toBe(1);
  });
});
