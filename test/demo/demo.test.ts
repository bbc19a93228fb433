import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const DIE_FACES = /[⚀⚁⚂⚃⚄⚅]{2}/;

/** Runs `npm start -- …` as a newcomer would and returns what it printed. */
async function npmStart(...args: string[]) {
  return run('npm', ['start', '--silent', '--', ...args], { cwd: root, timeout: 60_000 });
}

describe('npm start (the command-line demo)', () => {
  it('plays a whole game to a winner and prints its replay', async () => {
    const { stdout } = await npmStart('--seed', '42', '--delay', '0');
    expect(stdout).toContain('The game starts with 4 players, 6 lives each.');
    expect(stdout).toMatch(/— Round 1: \w+ starts\./);
    expect(stdout).toMatch(/🏆 \w+ wins!/);
    expect(stdout).toContain('Replay — the game is over, so its rolls may be shown:');
  });

  it('shows no dice before they are revealed: only reveal lines carry dice until the replay', async () => {
    const { stdout } = await npmStart('--seed', '7', '--delay', '0');
    const live = stdout.slice(0, stdout.indexOf('Replay —'));
    const withDice = live.split('\n').filter((line) => DIE_FACES.test(line));
    expect(withDice.length).toBeGreaterThan(0);
    for (const line of withDice) expect(line).toMatch(/calls "liar!"|looks under the cup/);
  });

  it('is reproducible from a seed and random without one', async () => {
    const [a, b, c] = await Promise.all([
      npmStart('--seed', '5', '--delay', '0'),
      npmStart('--seed', '5', '--delay', '0'),
      npmStart('--delay', '0'),
    ]);
    expect(a.stdout).toBe(b.stdout);
    expect(c.stdout).not.toBe(a.stdout);
  });

  it('refuses a bad option with its usage and exit code 2', async () => {
    await expect(npmStart('--players', 'oracle')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown strategy "oracle"'),
    });
  });
});
