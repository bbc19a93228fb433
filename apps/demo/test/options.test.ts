import { describe, expect, it } from 'vitest';
import { parseOptions } from '../src/options';

describe('demo options', () => {
  it('defaults to three groups of three computer players at a human pace', () => {
    expect(parseOptions([])).toMatchObject({
      seed: null,
      groups: 3,
      players: ['calculator', 'bluffer', 'honest'],
      delayMs: [800, 2500],
      pauseMs: 4000,
    });
    expect(parseOptions([]).logFile).toMatch(/data[/\\]demo\.log$/);
  });

  it('reads a seed, groups, a table of strategies, a delay or a range, a pause and a log file', () => {
    expect(
      parseOptions(['--seed', '9', '--groups', '5', '--players', 'honest, Random', '--delay', '5', '--pause', '0', '--log', '/tmp/x.log', '--port', '0'], {}),
    ).toEqual({ seed: 9, groups: 5, players: ['honest', 'random'], delayMs: 5, pauseMs: 0, logFile: '/tmp/x.log', port: 0, host: '127.0.0.1' });
    // The dashboard's address: --port, else PORT and HOST from the environment, else 3000 on loopback.
    expect(parseOptions([], { PORT: '8081', HOST: '0.0.0.0' })).toMatchObject({ port: 8081, host: '0.0.0.0' });
    expect(parseOptions([], {}).port).toBe(3000);
    expect(parseOptions(['--delay', '100-300']).delayMs).toEqual([100, 300]);
  });

  it.each([
    [['--seed', 'x'], /--seed must be a whole number/],
    [['--groups', '0'], /--groups must be a whole number from 1 to 20/],
    [['--groups', '2.5'], /--groups must be a whole number/],
    [['--players', 'honest'], /2 to 10 strategies/],
    [['--players', 'honest,oracle'], /unknown strategy "oracle"/],
    [['--delay=-1'], /--delay must be a whole number/],
    [['--delay', '300-100'], /MIN up to MAX/],
    [['--pause', 'soon'], /--pause must be a whole number/],
    [['--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['--colour'], /Unknown option/],
    [['--help'], /^Usage: npm start/],
  ])('refuses %j with a readable message', (argv, message) => {
    expect(() => parseOptions(argv)).toThrow(message);
  });
});
