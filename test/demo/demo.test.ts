import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const DIE_FACES = /[⚀⚁⚂⚃⚄⚅]{2}/;
const dirs: string[] = [];

/** A fresh embedded database folder, as on a new machine. */
async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mia-demo-'));
  dirs.push(dir);
  return dir;
}

/** Runs `npm start -- …` as a newcomer would (no DATABASE_URL: the embedded database). */
async function npmStart(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return run('npm', ['start', '--silent', '--', ...args], { cwd: root, timeout: 90_000, env });
}

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

// Each run boots the embedded PostgreSQL (WebAssembly): seconds each, more on a loaded machine.
describe('npm start (the command-line demo)', { timeout: 180_000 }, () => {
  it('plays a whole game to a winner on the embedded database and prints its replay', async () => {
    const { stdout } = await npmStart(await freshDataDir(), '--seed', '42', '--delay', '0');
    expect(stdout).toContain('Every action is saved to the embedded database');
    expect(stdout).toContain('The game starts with 4 players, 6 lives each.');
    expect(stdout).toMatch(/— Round 1: \w+ starts\./);
    expect(stdout).toMatch(/🏆 \w+ wins!/);
    expect(stdout).toContain('Replay — the game is over, so its rolls may be shown (read back from the database):');
  });

  it('shows no dice before they are revealed: only reveal lines carry dice until the replay', async () => {
    const { stdout } = await npmStart(await freshDataDir(), '--seed', '7', '--delay', '0');
    const live = stdout.slice(0, stdout.indexOf('Replay —'));
    const withDice = live.split('\n').filter((line) => DIE_FACES.test(line));
    expect(withDice.length).toBeGreaterThan(0);
    for (const line of withDice) expect(line).toMatch(/calls "liar!"|looks under the cup/);
  });

  it('is reproducible from a seed and random without one', async () => {
    const [a, b, c] = await Promise.all([
      npmStart(await freshDataDir(), '--seed', '5', '--delay', '0'),
      npmStart(await freshDataDir(), '--seed', '5', '--delay', '0'),
      npmStart(await freshDataDir(), '--delay', '0'),
    ]);
    expect(a.stdout).toBe(b.stdout);
    expect(c.stdout).not.toBe(a.stdout);
  });

  it('resumes a game killed mid-play where it stood, and finishes it', async () => {
    const dataDir = await freshDataDir();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    // Slow enough to be killed mid-game: SIGKILL once the third round has begun.
    const child = spawn('npm', ['start', '--silent', '--', '--seed', '9', '--delay', '30'], { cwd: root, env, detached: true });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('— Round 3:')) {
          process.kill(-child.pid!, 'SIGKILL'); // the whole process group: npm and the demo under it
          resolve();
        }
      });
      child.on('exit', () => reject(new Error(`demo ended before round 3:\n${out}`)));
    });
    await new Promise((r) => child.once('close', r));
    expect(out).not.toMatch(/wins!/);

    const { stdout } = await npmStart(dataDir, '--seed', '9', '--delay', '0');
    expect(stdout).toMatch(/Resuming the unfinished game [\w-]+ \(round [3-9]|\(round \d\d/);
    expect(stdout).toMatch(/🏆 \w+ wins!/);
  });

  it('refuses a bad option with its usage and exit code 2', async () => {
    await expect(npmStart(await freshDataDir(), '--players', 'oracle')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown strategy "oracle"'),
    });
  });
});
