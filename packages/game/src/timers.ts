import type { PlayerId } from '@mia/engine';
import type { GameRecord } from './repository';

export interface DueTurn {
  gameId: string;
  chatId: bigint;
  player: PlayerId;
  move: number;
}

/**
 * One timer per game for the turn in play. Arming replaces the game's previous timer. Firing is
 * a `timeout` action guarded by the move it was armed for, so a timer that lost a race (the
 * player acted, another process fired first) is refused as stale and changes nothing.
 */
export class DeadlineTimers {
  private timers = new Map<string, { timer: NodeJS.Timeout; move: number }>();

  constructor(
    private readonly fire: (due: DueTurn) => void,
    private readonly now: () => Date,
  ) {}

  arm(game: GameRecord): void {
    const round = game.state.round;
    const existing = this.timers.get(game.id);
    if (game.status !== 'PLAYING' || !game.deadlineAt || !round || game.state.phase !== 'playing') {
      this.disarm(game.id);
      return;
    }
    if (existing?.move === game.state.move) return; // already armed for this turn
    this.disarm(game.id);
    const due: DueTurn = { gameId: game.id, chatId: game.chatId, player: round.actor, move: game.state.move };
    const delay = Math.max(0, game.deadlineAt.getTime() - this.now().getTime());
    const timer = setTimeout(() => {
      this.timers.delete(game.id);
      this.fire(due);
    }, delay);
    timer.unref(); // a pending deadline alone does not keep a process alive
    this.timers.set(game.id, { timer, move: game.state.move });
  }

  disarm(gameId: string): void {
    const t = this.timers.get(gameId);
    if (t) clearTimeout(t.timer);
    this.timers.delete(gameId);
  }

  get size(): number {
    return this.timers.size;
  }

  clear(): void {
    for (const t of this.timers.values()) clearTimeout(t.timer);
    this.timers.clear();
  }
}
