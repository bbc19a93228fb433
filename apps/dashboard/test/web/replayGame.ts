import { DEFAULT_SETTINGS } from '@mia/engine';
import type { GameReplay } from '../../shared/api';

/**
 * A whole game of seven rounds whose numbers add up (3 lives each; every loss in the rounds, the
 * final lives and places agree): every class of announcement, every way a round ends (a wrong
 * call, a false Mia looked at, a missed turn, a Mia given up, a void round when Carol leaves, a
 * caught bluff), and a winner. Lives after each round:
 *   Alice 3 3 3 2 1 1 1 0 · Bob 3 2 2 2 2 2 1 1 · Carol 3 3 2 2 2 2 2 2 (left in round 5)
 */
export function replayGame(): GameReplay {
  const a = (
    seq: number,
    userId: string,
    value: number,
    dice: [number, number],
    kind: 'LOOKED' | 'BLIND' | 'PASS',
    classification: GameReplay['rounds'][number]['announcements'][number]['classification'],
  ) => ({
    seq,
    userId,
    value,
    dice,
    kind,
    classification,
    thinkMs: 1000,
  });
  return {
    id: 'game-9',
    settings: { ...DEFAULT_SETTINGS, lives: 3, blindPass: true },
    startedAt: '2026-03-01T18:00:00.000Z',
    finishedAt: '2026-03-01T18:20:00.000Z',
    winnerId: 'u2',
    players: [
      { userId: 'u1', name: 'Alice', ai: false, order: 0, lives: 0, place: 2, outReason: 'lives', outRound: 7 },
      { userId: 'u2', name: 'Bob', ai: false, order: 1, lives: 1, place: 1, outReason: null, outRound: null },
      { userId: 'u3', name: 'Carol', ai: true, order: 2, lives: 2, place: 3, outReason: 'left', outRound: 5 },
    ],
    rounds: [
      {
        number: 1,
        starterId: 'u1',
        end: 'CALL',
        loserId: 'u2',
        livesLost: 1,
        cause: 'WRONG_CALL',
        announcements: [
          a(1, 'u1', 53, [5, 3], 'LOOKED', 'TRUTHFUL'),
          a(2, 'u2', 62, [4, 1], 'LOOKED', 'OVER'),
          a(3, 'u3', 63, [6, 4], 'LOOKED', 'UNDER'),
          a(4, 'u1', 64, [2, 2], 'BLIND', 'BLIND'),
        ],
        reveal: { dice: [2, 2], outcome: 'CLAIM_HELD', callerId: 'u2', announcerId: 'u1' },
      },
      {
        number: 2,
        starterId: 'u3',
        end: 'MIA_LOOK',
        loserId: 'u3',
        livesLost: 1,
        cause: 'CAUGHT_BLUFFING',
        announcements: [a(1, 'u3', 21, [3, 1], 'LOOKED', 'OVER')],
        reveal: { dice: [3, 1], outcome: 'MIA_FALSE', callerId: 'u1', announcerId: 'u3' },
      },
      {
        number: 3,
        starterId: 'u2',
        end: 'TIMEOUT',
        loserId: 'u1',
        livesLost: 1,
        cause: 'TIMEOUT',
        announcements: [a(1, 'u2', 43, [4, 3], 'LOOKED', 'TRUTHFUL'), a(2, 'u3', 52, [4, 3], 'PASS', 'PASS')],
        reveal: null,
      },
      {
        number: 4,
        starterId: 'u2',
        end: 'MIA_GIVE_UP',
        loserId: 'u1',
        livesLost: 1,
        cause: 'MIA_GIVEN_UP',
        announcements: [a(1, 'u2', 65, [6, 5], 'LOOKED', 'TRUTHFUL'), a(2, 'u3', 21, [1, 1], 'LOOKED', 'OVER')],
        reveal: null,
      },
      {
        number: 5,
        starterId: 'u1',
        end: 'ABORTED',
        loserId: null,
        livesLost: null,
        cause: null,
        announcements: [a(1, 'u1', 42, [4, 2], 'LOOKED', 'TRUTHFUL'), a(2, 'u2', 54, [5, 4], 'LOOKED', 'TRUTHFUL')],
        reveal: null,
      },
      {
        number: 6,
        starterId: 'u1',
        end: 'CALL',
        loserId: 'u2',
        livesLost: 1,
        cause: 'WRONG_CALL',
        announcements: [a(1, 'u1', 31, [3, 1], 'LOOKED', 'TRUTHFUL')],
        reveal: { dice: [3, 1], outcome: 'CLAIM_HELD', callerId: 'u2', announcerId: 'u1' },
      },
      {
        number: 7,
        starterId: 'u1',
        end: 'CALL',
        loserId: 'u1',
        livesLost: 1,
        cause: 'CAUGHT_BLUFFING',
        announcements: [a(1, 'u1', 65, [3, 2], 'LOOKED', 'OVER')],
        reveal: { dice: [3, 2], outcome: 'BLUFF_CAUGHT', callerId: 'u2', announcerId: 'u1' },
      },
    ],
  };
}
