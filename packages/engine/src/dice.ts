import type { Rng } from './rng';

/** Two dice as they lie under the cup, the higher first: [5, 3]. */
export type Dice = readonly [high: number, low: number];

/**
 * A roll's value: the higher die times ten plus the lower (5 and 3 make 53). Announcements are
 * values too; in sum mode they name a points class by its canonical value (see ranking.ts).
 */
export type Value = number;

export const MIA: Value = 21;

export function makeDice(a: number, b: number): Dice {
  return a >= b ? [a, b] : [b, a];
}

export function valueOf(dice: Dice): Value {
  return dice[0] * 10 + dice[1];
}

export function diceOf(value: Value): Dice {
  return makeDice(Math.floor(value / 10), value % 10);
}

export function rollDice(rng: Rng): Dice {
  // `| 0` keeps the dice small integers for V8 (an rng computing in 32-bit unsigned arithmetic
  // hands back doubles), so every Dice array has one elements kind.
  return makeDice((rng(6) + 1) | 0, (rng(6) + 1) | 0);
}

/** True for the 21 values two dice can show (11…66, higher die first). */
export function isValue(value: unknown): value is Value {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  const high = Math.floor(value / 10);
  const low = value % 10;
  return high >= 1 && high <= 6 && low >= 1 && low <= high;
}

/** All 36 equally likely outcomes of a roll, as values (a non-double appears twice). */
export const OUTCOMES: readonly Value[] = (() => {
  const out: Value[] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) out.push(valueOf(makeDice(a, b)));
  return out;
})();
