import type { PlayerId } from '@mia/engine';
import type { GameRecord } from './repository';

export interface DueTurn {
  gameId: string;
  chatId: bigint;
  player: PlayerId;
  move: number;
}

/** A lobby whose time ran out without a start (`Game.deadlineAt` while the game is in LOBBY). */
export interface DueLobby {
  gameId: string;
  chatId: bigint;
  deadlineAt: Date;
}

/**
 * One timer per game: the turn in play, or the lobby's closing time. Arming replaces the game's
 * previous timer. A turn's firing is a `timeout` action guarded by the move it was armed for, so a
 * timer that lost a race (the player acted, another process fired first) is refused as stale and
 * changes nothing; a lobby's firing is checked against the deadline in the database (see
 * `GameService.expireLobby`), so a lobby extended or started meanwhile stays.
 */
export class DeadlineTimers {
  /** `key` names what the timer was armed for: `move:<n>` or `lobby:<deadline ms>`. */
  private timers = new Map<string, { timer: NodeJS.Timeout; key: string }>();

  constructor(
    private readonly fire: (due: DueTurn) => void,
    private readonly now: () => Date,
    /** Lobby deadlines are only armed when this is given. */
    private readonly expire?: (due: DueLobby) => void,
  ) {}

  arm(game: GameRecord): void {
    const round = game.state.round;
    if (game.status === 'LOBBY' && game.deadlineAt && this.expire) {
      const due: DueLobby = { gameId: game.id, chatId: game.chatId, deadlineAt: game.deadlineAt };
      const expire = this.expire;
      this.set(game.id, `lobby:${game.deadlineAt.getTime()}`, game.deadlineAt, () => expire(due));
      return;
    }
    if (game.status !== 'PLAYING' || !game.deadlineAt || !round || game.state.phase !== 'playing') {
      this.disarm(game.id);
      return;
    }
    const due: DueTurn = { gameId: game.id, chatId: game.chatId, player: round.actor, move: game.state.move };
    this.set(game.id, `move:${game.state.move}`, game.deadlineAt, () => this.fire(due));
  }

  private set(gameId: string, key: string, at: Date, fire: () => void): void {
    if (this.timers.get(gameId)?.key === key) return; // already armed for this turn or deadline
    this.disarm(gameId);
    const delay = Math.max(0, at.getTime() - this.now().getTime());
    const timer = setTimeout(() => {
      this.timers.delete(gameId);
      fire();
    }, delay);
    timer.unref(); // a pending deadline alone does not keep a process alive
    this.timers.set(gameId, { timer, key });
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
