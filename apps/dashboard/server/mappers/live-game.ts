import { spectatorView, type GameState } from '@mia/engine';
import type { GameRecord } from '@mia/game';
import type { LiveGame } from '../../shared/api';

/** What a running game's payload is made from: the game's row as @mia/game reads it. */
export type LiveSource = Pick<GameRecord, 'id' | 'status' | 'version' | 'deadlineAt'> & { state: GameState };

/**
 * A game as any spectator may see it. The engine's `spectatorView` is the only source of the
 * game itself: it alone decides what is secret (the cup, the dice behind announcements and their
 * class), and nothing of `state` reaches a payload except through it.
 */
export function toLiveGame(game: LiveSource, now: Date): LiveGame {
  return {
    id: game.id,
    status: game.status,
    version: game.version,
    deadlineAt: game.deadlineAt ? game.deadlineAt.toISOString() : null,
    serverTime: now.toISOString(),
    view: spectatorView(game.state),
  };
}

export const isRunning = (status: GameRecord['status']): boolean => status === 'LOBBY' || status === 'PLAYING';
