// Helpers for the multi-process tests: a database several processes (or a process and its
// successor) can open, and child processes speaking one JSON object per stdout line.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '@mia/db';
import { createServerDatabase } from '@mia/db/testing';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * One database that outlives the processes using it. On PostgreSQL a fresh database on the
 * server, which any number of processes may open at once. On PGlite a folder, which ONE process
 * at a time may open: whoever opened it must have closed it (or died) before the next one does.
 */
export interface SharedDatabase {
  kind: 'postgres' | 'pglite';
  /** What a child process is given: the URL, or the folder. */
  target: string;
  open(): Promise<Database>;
  /** Drops the database, or removes the folder. */
  dispose(): Promise<void>;
}

export async function sharedDatabase(kind: 'postgres' | 'pglite', serverUrl?: string): Promise<SharedDatabase> {
  if (kind === 'postgres') {
    if (!serverUrl) throw new Error('a PostgreSQL shared database needs the server URL');
    const created = await createServerDatabase(serverUrl);
    return { kind, target: created.url, open: () => openDatabase({ databaseUrl: created.url }), dispose: created.drop };
  }
  const dir = await mkdtemp(join(tmpdir(), 'mia-game-'));
  return {
    kind,
    target: dir,
    open: () => openDatabase({ dataDir: dir }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

export type Line = Record<string, unknown> & { t: string };

/** A child process running a TypeScript fixture, its stdout parsed line by line. */
export class Child {
  readonly lines: Line[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private stderr = '';
  private waiters: (() => void)[] = [];
  private readonly proc: ChildProcess;
  private done = false;

  constructor(script: string, args: string[]) {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    delete env.DATA_DIR;
    // `node --import tsx`, not the tsx binary: the binary runs node as ITS child, and a SIGKILL
    // to it would leave that grandchild running.
    this.proc = spawn(process.execPath, ['--import', 'tsx', join(PACKAGE_DIR, script), ...args], {
      cwd: PACKAGE_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffer = '';
    this.proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const text = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (text.trim()) this.lines.push(parseLine(text));
      }
      this.wake();
    });
    this.proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => {
      this.proc.once('close', (code, signal) => {
        this.done = true;
        this.wake();
        resolve({ code, signal });
      });
    });
    children.add(this);
    void this.exited.then(() => children.delete(this));
  }

  get pid(): number {
    return this.proc.pid!;
  }

  get stderrText(): string {
    return this.stderr;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /**
   * Resolves with the first line (from index `from`) matching `test`; fails if the child ends first.
   * The default bound is generous: a child's start (tsx compiling the game, opening PGlite) took
   * over 30 s on a 2-core machine at load 16 (CI failed so); a healthy child answers in seconds.
   */
  async waitFor(test: (line: Line) => boolean, timeoutMs = 90_000, from = 0): Promise<Line> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.slice(from).find(test);
      if (found) return found;
      if (this.done) throw new Error(`child ${this.pid} ended before the expected line\n${this.stderr}`);
      if (Date.now() > until) throw new Error(`child ${this.pid}: timed out waiting for a line\n${this.stderr}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, until - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Kills it (by its pid, nothing else) and waits until it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.done) this.proc.kill(signal);
    await this.exited;
  }
}

const children = new Set<Child>();

function parseLine(text: string): Line {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && typeof (value as Line).t === 'string') return value as Line;
  } catch {
    // not one of ours
  }
  return { t: 'text', text };
}

/** Kills every fixture process still running: for afterEach/afterAll. */
export async function killChildren(): Promise<void> {
  await Promise.all([...children].map((c) => c.kill('SIGKILL')));
}
