import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '@mia/db';
import { TelegramSim } from '@mia/telegram-sim';
import { afterAll, describe, expect, it } from 'vitest';

const execFileAsync = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const DIE_FACES = /[⚀⚁⚂⚃⚄⚅]{2}/;
const dirs: string[] = [];
const children: ChildProcess[] = [];

/** A fresh folder for the embedded database and the log, as on a new machine. */
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mia-demo-'));
  dirs.push(dir);
  return dir;
}

/** A newcomer's environment: no token, no DATABASE_URL (the embedded database in `dir`). */
function env(dir: string): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, 'pglite'), SIM_LIMITS: 'off' };
  delete e.DATABASE_URL;
  delete e.BOT_TOKEN;
  return e;
}

interface Demo {
  child: ChildProcess;
  /** Everything printed so far. */
  readonly out: string;
  /** Resolves with the output once it matches `pattern`; rejects if the demo ends first or after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** The demo's own process (npm and tsx stand in between): what its banner says to signal. */
  pid(): number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `npm start -- …` as a newcomer runs it, in its own process group (so a test can kill it all). */
function npmStart(dir: string, ...args: string[]): Demo {
  return spawnDemo(env(dir), ['--log', join(dir, 'demo.log'), ...args]);
}

function spawnDemo(environment: NodeJS.ProcessEnv, args: string[]): Demo {
  const child = spawn('npm', ['start', '--silent', '--', ...args], { cwd: root, env: environment, detached: true });
  children.push(child);
  let out = '';
  const listeners = new Set<() => void>();
  const feed = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', feed);
  child.stderr!.on('data', feed);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    get out() {
      return out;
    },
    exited,
    pid() {
      const m = /kill -TERM (\d+)/.exec(out);
      if (!m) throw new Error(`no pid in the banner:\n${out}`);
      return Number(m[1]);
    },
    waitFor(pattern, ms = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (!m) return;
          done();
          resolve(m);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} within ${ms} ms:\n${out.slice(-3000)}`));
        }, ms);
        void exited.then(() => {
          if (!pattern.test(out)) {
            done();
            reject(new Error(`the demo ended before ${pattern}:\n${out.slice(-3000)}`));
          }
        });
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** Lines of the narration that show two dice: each must be a reveal. */
function expectDiceOnlyInReveals(out: string): void {
  const withDice = out.split('\n').filter((line) => DIE_FACES.test(line));
  expect(withDice.length).toBeGreaterThan(0);
  for (const line of withDice) expect(line).toMatch(/calls "liar!"|looks under the cup/);
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

// Each run boots the embedded PostgreSQL (WebAssembly): seconds each, more on a loaded machine.
describe('npm start without a token (the demo)', { timeout: 240_000 }, () => {
  it('runs the bot in a simulated Telegram where computer players play game after game into the database; SIGTERM stops it, exit 0', async () => {
    const dir = await freshDir();
    const demo = npmStart(dir, '--delay', '0', '--groups', '2', '--pause', '200', '--seed', '7', '--port', '0');
    await demo.waitFor(/Stop: {6}Ctrl-C, or kill -TERM \d+/);
    expect(demo.out).toContain('Mia — DEMO');
    expect(demo.out).toContain('set BOT_TOKEN (see .env.example)');
    expect(demo.out).toMatch(/telegram-sim on http:\/\/127\.0\.0\.1:\d+/);
    expect(demo.out).toContain(`the embedded PostgreSQL (PGlite) in ${join(dir, 'pglite')}`);
    expect(demo.out).toContain('0 games finished, 0 rounds, 0 announcements so far');

    // Both tables play, and finished games are counted from the database as they end.
    await demo.waitFor(/\[Demo table 1 · \w{8}\] 🏆 .+ wins!/);
    await demo.waitFor(/\[Demo table 2 · \w{8}\] 🏆 .+ wins!/);
    const [, printed] = await demo.waitFor(/Database: ([2-9]|\d\d+) games finished/);
    // A second npm start on the same data folder is refused (two PGlites would corrupt it), saying
    // who holds it, with exit code 2 and no stack trace; the first plays on.
    const second = npmStart(dir, '--port', '0');
    expect(await second.exited).toEqual({ code: 2, signal: null });
    expect(second.out).toContain(`The embedded database in ${join(dir, 'pglite')} is in use by another process (pid ${demo.pid()})`);
    expect(second.out).not.toMatch(/\n\s+at /);
    expect(demo.out).toMatch(/\[Demo table \d · \w{8}\] \w+ 🤖 \(calculator\) sits down\./);

    // The dashboard serves the demo's groups: listed publicly, their live games, the built SPA.
    const [, dashboard] = /the dashboard at (http:\/\/[\d.:]+) /.exec(demo.out)!;
    const listed = (await (await fetch(`${dashboard}/api/groups`)).json()) as { groups: { token: string; title: string; finishedGames: number }[] };
    expect(listed.groups.map((g) => g.title).sort()).toEqual(['Demo table 1', 'Demo table 2']);
    for (const g of listed.groups) expect(demo.out).toContain(`${g.title}: ${dashboard}/g/${g.token}`);
    expect(listed.groups.some((g) => g.finishedGames > 0)).toBe(true);
    const live = (await (await fetch(`${dashboard}/api/g/${listed.groups[0]!.token}/live`)).json()) as { games: unknown[] };
    expect(Array.isArray(live.games)).toBe(true);
    const page = await fetch(`${dashboard}/g/${listed.groups[0]!.token}`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/<script type="module"[^>]* src="\/assets\//);
    // A link to it posted in Telegram gets a preview: its image is drawn by the demo's own dashboard.
    const image = await fetch(`${dashboard}/api/g/${listed.groups[0]!.token}/preview.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    process.kill(demo.pid(), 'SIGTERM');
    expect(await demo.exited).toEqual({ code: 0, signal: null });
    const [, finalGames] = /Stopped\. The database holds ([\d,]+) games? finished/.exec(demo.out)!;
    expect(Number(finalGames!.replace(/,/g, ''))).toBeGreaterThanOrEqual(Number(printed));
    expectDiceOnlyInReveals(demo.out);

    // Closed cleanly: the folder opens again, and holds the games, their rounds and AI players.
    const db = await openDatabase({ dataDir: join(dir, 'pglite') });
    try {
      const finished = await db.prisma.game.count({ where: { status: 'FINISHED' } });
      expect(finished).toBe(Number(finalGames!.replace(/,/g, '')));
      expect(await db.prisma.round.count()).toBeGreaterThan(finished);
      const ai = await db.prisma.user.findMany({ where: { isAi: true }, select: { firstName: true } });
      expect(ai.map((u) => u.firstName).sort()).toEqual(['Ada', 'Alan', 'Grace']);
    } finally {
      await db.close();
    }
  });

  it('killed mid-game, the next npm start resumes that game, its computer players finish it, and play goes on', async () => {
    const dir = await freshDir();
    // Slow enough to be killed mid-game: SIGKILL to everything once some game reaches round 3.
    const first = npmStart(dir, '--delay', '40', '--groups', '1', '--seed', '9');
    const [, label] = await first.waitFor(/(\[Demo table 1 · \w{8}\]) Round 3:/);
    process.kill(-first.child.pid!, 'SIGKILL');
    await first.exited;
    expect(first.out).not.toContain(`${label} 🏆`);

    const second = npmStart(dir, '--delay', '0', '--groups', '1', '--pause', '200');
    await second.waitFor(new RegExp(`${escape(label!)} Resuming this game from the last run \\(round ([3-9]|\\d\\d)\\)\\.`));
    await second.waitFor(new RegExp(`${escape(label!)} (🏆 .+ wins!|The game is over\\.)`));
    // The group keeps its id from run to run: its host waited for that game, and opens the next.
    const id = /· (\w{8})\]/.exec(label!)![1]!;
    await second.waitFor(new RegExp(`\\[Demo table 1 · (?!${id})\\w{8}\\] The game starts`));
    process.kill(second.pid(), 'SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it('with BOT_TOKEN runs the Telegram bot itself on the configured database', async () => {
    const dir = await freshDir();
    // Telegram here is telegram-sim, reached as the bot reaches any Bot API server.
    const sim = await TelegramSim.start({ limits: false });
    try {
      const token = sim.createBot({ username: 'mia_bot' });
      const bot = spawnDemo({ ...env(dir), BOT_TOKEN: token, TELEGRAM_API_ROOT: sim.apiRoot, LOG_LEVEL: 'info', DASHBOARD_PORT: '0' }, []);
      await bot.waitFor(/bot: long polling/);
      expect(bot.out).toContain('BOT_TOKEN is set: running the Mia bot on Telegram');
      // …with the dashboard beside it on the same game service.
      const [, dashboard] = await bot.waitFor(/The dashboard: (http:\/\/[\d.:]+) /);
      expect((await fetch(`${dashboard}/api/groups`)).status).toBe(200);
      expect(bot.out).not.toContain('DEMO');
      const ada = sim.user({ firstName: 'Ada' });
      const group = sim.group({ title: 'Real table', admins: [ada], bots: [token] });
      ada.send(group, '/newgame@mia_bot');
      await sim.waitFor(() => sim.botMessages(group).find((m) => m.text?.includes('a new game by Ada')), 30_000);
      // The bot's log lines carry its process id: the process to stop.
      const pid = Number(/"pid":(\d+)/.exec(bot.out)![1]);
      process.kill(pid, 'SIGTERM');
      expect(await bot.exited).toEqual({ code: 0, signal: null });
    } finally {
      await sim.stop();
    }
  });

  it('refuses a bad option with its usage and exit code 2', async () => {
    const dir = await freshDir();
    await expect(execFileAsync('npm', ['start', '--silent', '--', '--players', 'oracle'], { cwd: root, env: env(dir), timeout: 60_000 })).rejects.toMatchObject(
      { code: 2, stderr: expect.stringContaining('unknown strategy "oracle"') },
    );
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
