import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

const STORAGE_KEY = 'mia.replay.spoilerFree';
const PARAM = 'spoilers';
const HIDDEN = 'hidden';

function stored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The spoiler-free mode: on when the link says so (`?spoilers=hidden`, so a link shared to a
 * friend who has not seen the game keeps it on), else as the visitor last chose (localStorage).
 *
 * Off by default: a replay is reached from a finished game's card, which already names the winner
 * and places, and the page is there to study the game, which needs every roll. Someone who wants
 * to follow it as it happened turns it on once and it stays on.
 *
 * Held in state as well as in the address: React Router renders a navigation as a transition, and
 * the switch must follow a click at once (a controlled checkbox would flick back meanwhile).
 */
export function useSpoilerFree(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const inLink = params.get(PARAM) === HIDDEN;
  const [on, setOn] = useState(() => inLink || stored());
  // A link followed within the app that asks for the mode turns it on (React's pattern for state
  // adjusted to a changed input while rendering).
  const [seen, setSeen] = useState(inLink);
  if (seen !== inLink) {
    setSeen(inLink);
    if (inLink) setOn(true);
  }
  const set = useCallback(
    (value: boolean) => {
      setOn(value);
      try {
        localStorage.setItem(STORAGE_KEY, value ? '1' : '0');
      } catch {
        // not remembered; the address still carries it
      }
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(PARAM, HIDDEN);
          else next.delete(PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [on, set];
}
