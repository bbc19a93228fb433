/**
 * Randomness enters the engine only through an `Rng`: a function that returns a whole number
 * in [0, n). Production passes a cryptographic one (see `@mia/game`), tests a seeded one, so a
 * game is reproducible from its seed and the engine itself stays free of I/O and globals.
 */
export type Rng = (n: number) => number;

/**
 * A small seeded generator (sfc32, public domain) with rejection sampling so every outcome of
 * `rng(n)` is equally likely. Hand-written because the engine takes no dependencies; it is for
 * tests, self-play and benchmarks, never for dice in a real game.
 */
export function seededRng(seed: number): Rng {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next(); // mix the seed in before the first draw
  // The last n asked and its rejection limit: callers ask the same few n over and over (6 for a
  // die, 10,000 for a chance), so the check and the limit's division are done once per change.
  let lastN = Number.NaN; // matches no n, so the first is checked
  let limit = 0;
  return (n: number): number => {
    if (n !== lastN) {
      if (!Number.isInteger(n) || n <= 0 || n > 0x1_0000_0000) throw new RangeError(`rng(${n})`);
      lastN = n;
      limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    }
    let x = next();
    while (x >= limit) x = next();
    // Both as unsigned 32-bit integers, so V8 divides integers rather than calling fmod.
    return n === 0x1_0000_0000 ? x : (x >>> 0) % (n >>> 0);
  };
}
