/**
 * Time as the simulator sees it: message dates, rate-limit windows and callback-query expiry are
 * read from the clock. Long-polling timeouts and webhook retries use real timers.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to: for rate-limit windows and the 15-minute query expiry. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: number = Date.UTC(2026, 0, 1, 12, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('a clock does not go back');
    this.current += ms;
  }

  set(ms: number): void {
    this.current = ms;
  }
}
