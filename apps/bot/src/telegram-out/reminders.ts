import type { GameRecord } from '@mia/game';

/** What a reminder redraws: the turn it was armed for, and the seconds left then. */
export interface Hurry {
  move: number;
  seconds: number;
}

/**
 * The turn reminders, one timer per game: some time before the deadline (a third of the turn, at
 * most 30 s) the player's live prompt is redrawn with the seconds left (`remind`). An edit, not a
 * new message: a turn notifies once. No reminder for a computer player or a turn without a clock.
 */
export class Reminders {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly remind: (game: GameRecord, hurry: Hurry) => void) {}

  /** Arms the game's reminder for its current turn, replacing any earlier one. */
  arm(game: GameRecord): void {
    this.cancel(game.id);
    const round = game.state.round;
    const seconds = game.state.settings.turnSeconds;
    if (!game.deadlineAt || !round || game.state.phase !== 'playing' || !seconds) return;
    if (game.state.seats.find((p) => p.id === round.actor)?.ai) return;
    const lead = Math.min(30, Math.floor(seconds / 3)) * 1000;
    const delay = game.deadlineAt.getTime() - lead - Date.now();
    if (delay <= 0) return;
    const hurry = { move: game.state.move, seconds: Math.round(lead / 1000) };
    const timer = setTimeout(() => {
      this.timers.delete(game.id);
      this.remind(game, hurry);
    }, delay);
    timer.unref();
    this.timers.set(game.id, timer);
  }

  cancel(gameId: string): void {
    const timer = this.timers.get(gameId);
    if (timer) clearTimeout(timer);
    this.timers.delete(gameId);
  }

  cancelAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
