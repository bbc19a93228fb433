// The dashboard under measurement: a process of its own (PostgreSQL) or this process (PGlite),
// with its CPU, memory and heap as the benchmark reads them.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { GameService } from '@mia/game';
import WebSocket from 'ws';
import { createDashboard } from '../../server';
import { args, config, log, PACKAGE_ROOT, quiet, sleep } from './options';

const NODE_FLAGS_SCRIPT = pathToFileURL(join(PACKAGE_ROOT, '../../scripts/node-flags.mjs')).href;

export interface Usage {
  rssBytes: number;
  /** The highest RSS since the process started or since `resetPeak` (the kernel's VmHWM). */
  peakRssBytes: number;
  cpuMs: number;
}

/** The JS heap in use right after a full garbage collection: steadier than RSS, which keeps freed pages. */
export interface Heap {
  heapUsedBytes: number;
  /** Buffers and other memory outside the JS heap that JS objects hold. */
  externalBytes: number;
}

export interface Server {
  base: string;
  /** Where its usage is read: the dashboard alone, or this whole process. */
  scope: 'own process' | 'in process with the writer and PGlite';
  usage(): Usage;
  /** Starts a new RSS high-water mark (`usage().peakRssBytes`) from the current RSS. */
  resetPeak(): void;
  heap(): Promise<Heap>;
  stop(): Promise<void>;
}

/**
 * The dashboard process's heap through its inspector (started on a loopback port for the bench):
 * a full collection (HeapProfiler.collectGarbage), then process.memoryUsage() read inside it.
 */
export async function inspectorHeap(url: string): Promise<Heap> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<{ result?: { result?: { value?: unknown } } }>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const reply = JSON.parse(data.toString()) as { id?: number; error?: { message: string }; result?: { result?: { value?: unknown } } };
        if (reply.id !== mine) return;
        socket.off('message', onMessage);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve(reply);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const reply = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    const m = JSON.parse(String(reply.result?.result?.value)) as NodeJS.MemoryUsage;
    return { heapUsedBytes: m.heapUsed, externalBytes: m.external };
  } finally {
    socket.close();
  }
}

export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** RSS (now and its peak) and CPU time of another process, from /proc (Linux). */
export function procUsage(pid: number | 'self'): Usage {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  // fields after "(comm)": state is [0], utime [11], stime [12] (clock ticks)
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssBytes: rssKb * 1024, peakRssBytes: peakKb * 1024, cpuMs: (ticks * 1000) / CLK_TCK };
}

/**
 * Resets a process's VmHWM to its current RSS (Linux: "5" to /proc/PID/clear_refs, allowed for a
 * process of the same user), so that the next peak read is the peak of what came after.
 */
export function resetPeakRss(pid: number | 'self'): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

export async function startServerProcess(databaseUrl: string): Promise<Server> {
  const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [];
  // the inspector on a free loopback port: only to read the heap after a collection (inspectorHeap)
  // As in production: node on the compiled server (built first when stale); --tsx runs the
  // TypeScript sources through tsx instead, as `npm start` did before, to compare the two.
  if (!args.tsx) {
    const built = spawnSync(process.execPath, ['../../scripts/build.mjs', 'dashboard'], { cwd: PACKAGE_ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('could not build the dashboard (scripts/build.mjs)');
  }
  const entry = args.tsx ? ['--import', 'tsx', 'server/main.ts'] : ['dist-server/main.js'];
  // Compiled, with production's node flags and environment unless --node-flags says otherwise
  // (--node-flags "" for node's defaults).
  const production = (await import(NODE_FLAGS_SCRIPT)) as { DASHBOARD_NODE_FLAGS: string[]; DASHBOARD_ENV: Record<string, string> };
  const given = args['node-flags'];
  const flags = given === undefined ? (args.tsx ? [] : production.DASHBOARD_NODE_FLAGS) : given.split(' ').filter(Boolean);
  log(`dashboard process: node ${[...flags, ...entry].join(' ')}`);
  const child = spawn(process.execPath, [...profile, ...flags, '--inspect=127.0.0.1:0', ...entry], {
    cwd: PACKAGE_ROOT,
    env: {
      ...(args.tsx ? {} : production.DASHBOARD_ENV),
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_ROOT: '/nonexistent/mia-dashboard-dist',
      // 1,000 upgrades from one address in a minute: above the default 300 (see the header);
      // RATE_LIMIT_MAX set in the environment wins, to see the limit at work.
      RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX || String(config.groups * config.clientsPerGroup * 2 + 1000),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let inspector: string | null = null;
  createInterface({ input: child.stderr! }).on('line', (line) => {
    const url = /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
    if (url) inspector = url;
    else if (!/^(For help, see:|Debugger attached|Debugger ending)/.test(line)) process.stderr.write(`[dashboard] ${line}\n`);
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the dashboard did not start within 60 s')), 60_000);
    void exited.then((code) => reject(new Error(`the dashboard exited (${code}) before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: { msg?: string; level?: number; address?: string };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        log(`[dashboard] ${line}`);
        return;
      }
      if (entry.msg === 'dashboard: listening' && entry.address) {
        clearTimeout(timer);
        resolve(entry.address.replace(/^http/, 'ws'));
      } else if ((entry.level ?? 0) >= 30 && !entry.msg?.startsWith('Server listening')) log(`[dashboard] ${entry.msg ?? line}`);
    });
  });
  return {
    base,
    scope: 'own process',
    usage: () => procUsage(child.pid!),
    resetPeak: () => resetPeakRss(child.pid!),
    heap: () => {
      if (!inspector) throw new Error('the dashboard did not say where its inspector listens');
      return inspectorHeap(inspector);
    },
    async stop() {
      child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(10_000).then(() => 'timeout' as const)]);
      if (code === 'timeout') child.kill('SIGKILL');
    },
  };
}

/** A full collection in this process (global.gc, exposed on demand when not started with --expose-gc). */
export function fullGc(): void {
  if (!global.gc) {
    setFlagsFromString('--expose-gc');
    global.gc = runInNewContext('gc') as typeof global.gc;
  }
  global.gc!();
}

export async function startServerInProcess(games: GameService): Promise<Server> {
  const app = createDashboard({ games, log: quiet, webRoot: '/nonexistent/mia-dashboard-dist', rateLimit: { max: 1_000_000, timeWindow: 60_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    base: `ws://127.0.0.1:${port}`,
    scope: 'in process with the writer and PGlite',
    usage: () => {
      const c = process.cpuUsage();
      return { ...procUsage('self'), cpuMs: (c.user + c.system) / 1000 };
    },
    resetPeak: () => resetPeakRss('self'),
    heap: async () => {
      fullGc();
      const m = process.memoryUsage();
      return { heapUsedBytes: m.heapUsed, externalBytes: m.external };
    },
    stop: () => app.close(),
  };
}
