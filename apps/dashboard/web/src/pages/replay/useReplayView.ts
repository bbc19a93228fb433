import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { addressOfView, readAddress, type View } from './address';
import type { Step } from './steps';

const STORAGE_KEY = 'mia.replay.spoilerFree';

function stored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export type Target = number | ((current: number) => number);

/**
 * Where the replay is and whether it hides spoilers: React state, mirrored into the address so a
 * link opens at that step and the address bar always holds a link to what is on screen.
 *
 * State first, the address after: React Router renders each navigation as a transition, so a
 * position read back from the address lags behind quick key presses (and a controlled checkbox
 * would flick back). An address that changes from outside (a round link, Back) is followed; the
 * ones written here are recognised as such. Steps replace the history entry (80 steps should not
 * take 80 presses of Back); a round link pushes one.
 *
 * The spoiler-free mode is on when the link says so (`spoilers=hidden`: a link shared with someone
 * who has not seen the game keeps it on), else as the visitor last chose (localStorage). Off by
 * default: a replay is reached from a finished game's card, which already names the winner and
 * places, and the page is there to study the game, which needs every roll. Whoever wants to
 * follow it as it happened turns it on once and it stays on.
 */
export function useReplayView(steps: readonly Step[]) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const [view, setView] = useState<View>(() => {
    const asked = readAddress(steps, params);
    return { index: asked.index, spoilerFree: asked.spoilerFree || stored() };
  });
  /** Addresses written here and not yet rendered back. */
  const written = useRef<string[]>([]);
  /** The address that matches the view (written or followed). */
  const shown = useRef(addressOfView(steps, readAddress(steps, params)));

  useLayoutEffect(() => {
    const mine = written.current.indexOf(search);
    if (mine >= 0) {
      written.current.splice(0, mine + 1);
      return;
    }
    // From outside: follow it (a link without the mode leaves it as it is).
    const asked = readAddress(steps, new URLSearchParams(search));
    setView((v) => {
      const next = { index: asked.index, spoilerFree: asked.spoilerFree || v.spoilerFree };
      return next.index === v.index && next.spoilerFree === v.spoilerFree ? v : next;
    });
    shown.current = addressOfView(steps, { index: asked.index, spoilerFree: asked.spoilerFree });
  }, [search, steps]);

  // Written when the view changes, and only then (setParams is new with every address).
  const write = useRef(setParams);
  useLayoutEffect(() => {
    write.current = setParams;
  }, [setParams]);
  useEffect(() => {
    const next = addressOfView(steps, view);
    if (next === shown.current) return;
    shown.current = next;
    written.current.push(next);
    write.current(new URLSearchParams(next), { replace: true, preventScrollReset: true });
  }, [view, steps]);

  const go = useCallback(
    (target: Target) =>
      setView((v) => {
        const to = typeof target === 'function' ? target(v.index) : target;
        return { ...v, index: Math.max(0, Math.min(to, steps.length - 1)) };
      }),
    [steps],
  );
  const setSpoilerFree = useCallback((on: boolean) => {
    try {
      localStorage.setItem(STORAGE_KEY, on ? '1' : '0');
    } catch {
      // not remembered; the address still carries it
    }
    setView((v) => ({ ...v, spoilerFree: on }));
  }, []);

  return { index: view.index, spoilerFree: view.spoilerFree, go, setSpoilerFree };
}
