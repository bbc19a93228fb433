import { useCallback, useEffect, useState } from 'react';

/** Speeds offered: multiples of one step every two seconds. */
export const PACES = [0.5, 1, 2, 4] as const;
export type Pace = (typeof PACES)[number];
export const STEP_MS = 2000;

/**
 * Plays the replay forward, one step every STEP_MS / pace, until the last step, where it stops.
 * Play at the end starts again from the first step. A step taken by hand meanwhile restarts the
 * wait from there. Nothing here animates, so it stays on when the visitor prefers reduced motion.
 */
export function useAutoPlay(index: number, total: number, go: (index: number) => void) {
  const [playing, setPlaying] = useState(false);
  const [pace, setPace] = useState<Pace>(1);
  const last = total - 1;

  useEffect(() => {
    if (!playing || index >= last) return;
    const timer = setTimeout(() => {
      go(index + 1);
      if (index + 1 >= last) setPlaying(false);
    }, STEP_MS / pace);
    return () => clearTimeout(timer);
  }, [playing, index, last, pace, go]);

  const toggle = useCallback(() => {
    if (playing) {
      setPlaying(false);
      return;
    }
    if (index >= last) go(0);
    setPlaying(true);
  }, [playing, index, last, go]);

  return { playing: playing && index < last, pace, setPace, toggle };
}
