import { randomInt } from 'node:crypto';
import type { Rng } from '@mia/engine';

/** Dice for real games: node:crypto's unbiased `randomInt`. Tests inject `seededRng` instead. */
export const cryptoRng: Rng = (n) => randomInt(n);
