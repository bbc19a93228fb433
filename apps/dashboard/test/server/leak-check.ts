// The secrecy checker: finds dice in a payload that the game has not revealed. It knows nothing
// of the server's code: it walks any JSON and applies the rules (docs/rules.md, "Secrecy"):
// while a game runs, the only dice anyone may see are those a call or a look at Mia revealed,
// and they appear in a round's `reveal`. So, anywhere in a payload:
// - a pair of whole numbers from 1 to 6 (the shape dice take) is a leak unless it is a round's
//   `reveal.dice` and those dice were revealed;
// - a `dice` property anywhere but in `reveal` is a leak, whatever it holds;
// - the engine's secret fields (`cup`, an announcement's `class`, a player's `myDice`...) and the
//   database's (`diceHigh`, `classification`...) are leaks by name;
// - an announcement shows who, what and how (`player`, `value`, `kind`) and nothing more.
import type { GameEvent } from '@mia/engine';

const SECRET_KEYS = new Set(['cup', 'class', 'classification', 'myDice', 'myAnnouncements', 'diceHigh', 'diceLow', 'lookedBy']);
const ANNOUNCEMENT_KEYS = new Set(['player', 'value', 'kind']);

export const diceKey = (dice: readonly number[]): string => `${dice[0]},${dice[1]}`;

/** The dice a game's events revealed so far (a `revealed` event each). */
export function revealedDice(events: readonly GameEvent[]): Set<string> {
  const seen = new Set<string>();
  for (const e of events) if (e.type === 'revealed') seen.add(diceKey(e.dice));
  return seen;
}

/** Dice the game holds secret: the cup's and every unrevealed announcement's (what a leak would show). */
export function secretDice(events: readonly GameEvent[]): Set<string> {
  const secret = new Set<string>();
  for (const e of events) {
    if (e.type === 'diceRolled' || e.type === 'announced') secret.add(diceKey(e.dice));
  }
  for (const d of revealedDice(events)) secret.delete(d);
  return secret;
}

const isDie = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 6;
const looksLikeDice = (v: unknown): v is number[] => Array.isArray(v) && v.length === 2 && v.every(isDie);

/** Every leak in `payload`, each as "path: what"; empty when the payload keeps the game's secrets. */
export function findLeaks(payload: unknown, revealed: ReadonlySet<string>): string[] {
  const leaks: string[] = [];
  const walk = (value: unknown, path: string[]): void => {
    const where = path.join('.') || '(root)';
    const key = path.at(-1);
    const parent = path.at(-2);
    if (looksLikeDice(value)) {
      const inReveal = key === 'dice' && parent === 'reveal';
      if (!inReveal) leaks.push(`${where}: dice ${diceKey(value)} outside a reveal`);
      else if (!revealed.has(diceKey(value))) leaks.push(`${where}: dice ${diceKey(value)} shown as revealed but never revealed`);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        if (key === 'announcements' && item && typeof item === 'object') {
          const extra = Object.keys(item).filter((k) => !ANNOUNCEMENT_KEYS.has(k));
          if (extra.length) leaks.push(`${where}.${i}: an announcement shows ${extra.join(', ')}`);
        }
        walk(item, [...path, String(i)]);
      });
      return;
    }
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (SECRET_KEYS.has(k)) leaks.push(`${where}.${k}: a secret field`);
        else if (k === 'dice' && key !== 'reveal') leaks.push(`${where}.${k}: dice outside a reveal`);
        walk(v, [...path, k]);
      }
    }
  };
  walk(payload, []);
  return leaks;
}
