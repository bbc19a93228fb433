// One process per embedded database folder: a second opener is refused with who holds it, and a
// lock left by a process that is gone is taken over.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, MEMORY, startEmbedded } from '../src/index';

/** A process that exists until killed, and one that has exited (its pid is free). */
function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return child;
}
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the embedded database folder’s lock', () => {
  let parent = '';
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'mia-lock-'));
  });
  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('a second open while the first is running is refused, and the folder opens again once it stops', async () => {
    const dataDir = join(parent, 'twice');
    const first = await startEmbedded({ dataDir });
    try {
      expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
      const second = startEmbedded({ dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(`in use by another process (pid ${process.pid})`);
      // The refused open did not take the lock away from the first.
      expect(existsSync(`${dataDir}.lock`)).toBe(true);
    } finally {
      await first.stop();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await startEmbedded({ dataDir });
    await again.stop();
  });

  it('a lock held by another live process is refused, naming it', async () => {
    const dataDir = join(parent, 'other');
    const holder = sleeper();
    try {
      await writeFile(`${dataDir}.lock`, `${holder.pid}\n`);
      const error = await startEmbedded({ dataDir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirInUseError);
      expect((error as DataDirInUseError).pid).toBe(holder.pid);
      expect((error as Error).message).toContain(`delete ${dataDir}.lock`);
      // Nothing was created in the folder, and the other process keeps its lock.
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
      expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(`${holder.pid}\n`);
    } finally {
      holder.kill();
    }
  });

  it('a lock left behind by a process that is gone (a crash), killed but not yet reaped, or left empty, is taken over', async () => {
    // A zombie: sh starts `true` in the background, prints its pid and becomes `sleep`, which
    // never reaps it (as a container whose first process reaps nothing would leave a SIGKILLed demo).
    const parentOfZombie = spawn('sh', ['-c', 'true & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const zombie = Number.parseInt(await new Promise<string>((resolve) => parentOfZombie.stdout.once('data', (d: Buffer) => resolve(d.toString()))), 10);
    try {
      // `true` exits at once; on a busy machine it may take a moment to be scheduled.
      await expect.poll(async () => (await readFile(`/proc/${zombie}/stat`, 'utf8').catch(() => '')).includes(') Z '), { timeout: 15_000 }).toBe(true);
      for (const left of [`${await exitedPid()}\n`, `${zombie}\n`, '']) {
        const dataDir = join(parent, `stale-${left.trim() || 'empty'}`);
        await writeFile(`${dataDir}.lock`, left);
        const db = await startEmbedded({ dataDir });
        try {
          expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
        } finally {
          await db.stop();
        }
      }
    } finally {
      parentOfZombie.kill();
    }
  });

  it('an in-memory database takes no lock', async () => {
    const db = await startEmbedded({ dataDir: MEMORY });
    await db.stop();
    expect(existsSync(`${MEMORY}.lock`)).toBe(false);
  });
});
