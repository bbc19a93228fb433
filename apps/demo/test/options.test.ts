import { describe, expect, it } from 'vitest';
import { parseOptions } from '../src/options';

describe('demo options', () => {
  it('defaults to four mixed AI players, random dice, paced only on a terminal', () => {
    expect(parseOptions([], true)).toEqual({
      seed: null,
      players: ['calculator', 'bluffer', 'honest', 'bluffer'],
      delayMs: 120,
      replay: true,
    });
    expect(parseOptions([], false).delayMs).toBe(0);
  });

  it('reads a seed, a table of strategies and a delay', () => {
    expect(parseOptions(['--seed', '9', '--players', 'honest, random', '--delay', '5', '--no-replay'], false)).toEqual({
      seed: 9,
      players: ['honest', 'random'],
      delayMs: 5,
      replay: false,
    });
  });

  it.each([
    [['--seed', 'x'], /--seed must be a whole number/],
    [['--players', 'honest'], /2 to 10 strategies/],
    [['--players', 'honest,oracle'], /unknown strategy "oracle"/],
    [['--delay=-1'], /--delay must be whole milliseconds/],
    [['--delay', '1.5'], /--delay must be whole milliseconds/],
    [['--colour'], /Unknown option/],
  ])('refuses %j with a readable message', (argv, message) => {
    expect(() => parseOptions(argv, false)).toThrow(message);
  });
});
