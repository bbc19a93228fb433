import { useEffect, useState } from 'react';

/**
 * The client's clock, re-read every `intervalMs` while `active`: what countdowns tick on. A new
 * `restartKey` (e.g. a new deadline) reads the clock at once, so a fresh 90 s turn shows 1:30,
 * not a second-old reading's 1:31.
 */
export function useNow(intervalMs: number, active = true, restartKey?: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  const [key, setKey] = useState(restartKey);
  let current = now;
  if (key !== restartKey) {
    // Adjusting state while rendering (React's documented pattern for derived resets).
    current = Date.now();
    setKey(restartKey);
    setNow(current);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey restarts the interval, by design
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active, restartKey]);
  return current;
}
