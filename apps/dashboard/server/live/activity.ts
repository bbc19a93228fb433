// How lively each game is: the events it committed in the last few minutes (the TV's measure).
// Fed by every committed batch, whoever watches; memory stays small, as entries older than the
// window are dropped and a game is forgotten once it left play.

export class Activity {
  /** Per game, [when, events] of each batch within the window, oldest first. */
  private readonly batches = new Map<string, [number, number][]>();

  constructor(private readonly windowMs = 3 * 60_000) {}

  record(gameId: string, events: number, at: number): void {
    let list = this.batches.get(gameId);
    if (!list) this.batches.set(gameId, (list = []));
    list.push([at, events]);
    this.prune(gameId, at);
  }

  /** Events committed by this game within the window before `now`. */
  events(gameId: string, now: number): number {
    this.prune(gameId, now);
    return (this.batches.get(gameId) ?? []).reduce((sum, [, n]) => sum + n, 0);
  }

  forget(gameId: string): void {
    this.batches.delete(gameId);
  }

  /** Games with anything recorded (tests, and the feed's housekeeping). */
  get size(): number {
    return this.batches.size;
  }

  private prune(gameId: string, now: number): void {
    const list = this.batches.get(gameId);
    if (!list) return;
    let drop = 0;
    while (drop < list.length && list[drop]![0] <= now - this.windowMs) drop++;
    if (drop > 0) list.splice(0, drop);
    if (list.length === 0) this.batches.delete(gameId);
  }
}
