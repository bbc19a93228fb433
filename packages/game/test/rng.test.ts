import { describe, expect, it } from 'vitest';
import { rngFor, seededPerGame } from '../src';

const draws = (rng: (n: number) => number, k = 12) => Array.from({ length: k }, () => rng(6));

describe('seededPerGame: dice as a function of seed, chat and version', () => {
  it('gives the same draws for the same seed, chat and version, however often it is asked', () => {
    const a = seededPerGame(7);
    const b = seededPerGame(7);
    expect(draws(rngFor(a, -100n, 12))).toEqual(draws(rngFor(b, -100n, 12)));
    expect(draws(rngFor(a, -100n, 12))).toEqual(draws(rngFor(a, -100n, 12)));
  });

  it('differs between seeds, neighbouring chats and neighbouring versions', () => {
    const base = draws(rngFor(seededPerGame(7), -100n, 12), 24);
    expect(draws(rngFor(seededPerGame(8), -100n, 12), 24)).not.toEqual(base);
    expect(draws(rngFor(seededPerGame(7), -101n, 12), 24)).not.toEqual(base);
    expect(draws(rngFor(seededPerGame(7), -100n, 13), 24)).not.toEqual(base);
  });

  it('a plain Rng stays one stream for the whole service', () => {
    let i = 0;
    const stream = (n: number) => i++ % n;
    expect(rngFor(stream, 1n, 0)).toBe(stream);
  });
});
