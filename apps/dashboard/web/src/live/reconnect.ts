/**
 * How long to wait before reconnecting after the `attempt`-th failure in a row (0-based):
 * exponential from one second, capped at 30 s, with ±20% jitter so that the tabs of a whole
 * group do not all knock on a restarted server in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The longest `reconnectDelay` can be for `attempt`: what tests advance the clock by. */
export function maxReconnectDelay(attempt: number): number {
  return Math.round(Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt)) * 1.2);
}
