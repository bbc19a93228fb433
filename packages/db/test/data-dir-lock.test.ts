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
    // A zombie, made as a container makes one of a SIGKILLed demo: sh starts a child, prints its
    // pid and becomes `sleep`, which never reaps; once it is `sleep`, the child is killed.
    const parentOfZombie = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const zombie = Number.parseInt(await new Promise<string>((resolve) => parentOfZombie.stdout.once('data', (d: Buffer) => resolve(d.toString()))), 10);
    const procFile = (pid: number, name: string) => readFile(`/proc/${pid}/${name}`, 'utf8').catch(() => '');
    try {
      await expect.poll(async () => (await procFile(parentOfZombie.pid!, 'comm')).trim(), { timeout: 15_000 }).toBe('sleep');
      process.kill(zombie, 'SIGKILL');
      await expect.poll(async () => (await procFile(zombie, 'stat')).includes(') Z '), { timeout: 15_000 }).toBe(true);
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
