// One process per embedded database folder. PGlite is PostgreSQL in one process's memory: two
// processes opening the same folder (a second `npm start`, the bot and the dashboard both on the
// default DATA_DIR) would each write its files as if alone and corrupt them, and PGlite keeps no
// postmaster.pid to stop them. This is that file, kept beside the folder (`<folder>.lock`, not in
// it: an image of the folder, `dump()`, must not carry it): the holder's pid, taken over when that
// process is gone (a crash leaves it behind), as PostgreSQL does with its own.
import { existsSync, readFileSync } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}): another \`npm start\`, or a bot or dashboard with the same DATA_DIR. ` +
        `Stop that one, or give this one a DATA_DIR of its own (or DATABASE_URL). If no such process runs, delete ${dataDir}.lock.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Takes the folder's lock or throws DataDirInUseError; resolves to its release. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      return () => unlink(file).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    // Held by a live process, this one included (a second open of a folder not yet closed is as unsafe).
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new DataDirInUseError(dataDir, holder);
    // Left by a process that is gone (or half-written by one that died writing it): taken over.
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`could not take the lock ${file}: another process keeps taking it`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, run by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process whose parent has not reaped it yet (a zombie; in a container whose first
  // process reaps nothing, for good) still answers signal 0 but holds no file: Linux's /proc tells.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch (error) {
    // Gone since the signal (with /proc to say so), or a system without /proc: signal 0 decides.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT' || !existsSync('/proc/self');
  }
}
