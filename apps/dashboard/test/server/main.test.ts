// server/main.ts as a process: it starts on the embedded database, serves the API, refuses a bad
// configuration, and stops cleanly on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const APP_DIR = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

function start(env: Record<string, string>) {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: APP_DIR,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('server/main.ts', () => {
  it('serves the dashboard on the embedded database and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mia-dash-main-'));
    dirs.push(dataDir);
    const run = start({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_ROOT: join(dataDir, 'no-spa') });
    const deadline = Date.now() + 45_000;
    let address: string | null = null;
    while (!address && Date.now() < deadline && run.child.exitCode === null) {
      address = /"address":"(http:\/\/[^"]+)"/.exec(run.output())?.[1] ?? null;
      if (!address) await new Promise((r) => setTimeout(r, 100));
    }
    expect(address, run.output()).not.toBeNull();
    expect(run.output()).toContain('embedded database');

    const odds = await fetch(`${address}/api/odds`);
    expect(odds.status).toBe(200);
    expect(((await odds.json()) as { presets: unknown[] }).presets).toHaveLength(3);
    const home = await fetch(`${address}/`);
    expect(await home.text()).toContain('npm run build -w @mia/dashboard');

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('dashboard: stopping');
  }, 60_000);

  it('refuses a bad configuration with exit code 2 and says why', async () => {
    const run = start({ PORT: 'eighty' });
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('PORT');
  }, 30_000);
});
