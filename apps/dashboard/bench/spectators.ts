/**
 * Spectators (issue 7): 1,000 live-channel clients watching 100 running games. How long a
 * committed action takes to reach the clients (p50/p99), whether every client gets every version,
 * and what the server's memory costs per client. Goal: p99 under 200 ms.
 *
 * Three processes, as in production:
 *   - this one, the writer: a GameService playing 100 games (one per group, four seated people
 *     choosing like the calculator AI) through `act`, each game one action every --interval ms
 *     (staggered), noting when each `act` was called and resolved, per game id and version;
 *   - the dashboard, `server/main.ts` as its own process on the same PostgreSQL database, fed by
 *     LISTEN/NOTIFY like it is by the bot (its RSS and CPU are read from /proc);
 *   - the spectators (bench/spectator-clients.ts): 10 WebSocket clients per group on
 *     /api/g/:token/ws, noting when each `game`/`ended` message arrived and its version, and a
 *     LISTEN connection noting when each commit's notice arrived.
 * Delay = arrival − commit, matched by game id and version (one machine, one clock); the commit's
 * time is the earlier of `act` resolved and its notice heard (see NOTES).
 *
 * Without a PostgreSQL server the dashboard runs in this process on an in-memory PGlite (no
 * LISTEN/NOTIFY across processes there): its memory and CPU then include the writer's.
 *
 *   npm run bench -w @mia/dashboard
 *   npm run bench -w @mia/dashboard -- --groups 200 --clients 25 --seconds 120
 *
 * Options: --groups G (100), --clients C per group (10), --seconds S of play measured (30),
 * --warmup S of play before it, not measured (3), --interval ms between one game's actions
 * (1000: 100 groups → 100 actions/s), --db postgres|pglite (postgres when a server answers at
 * TEST_DATABASE_URL or postgresql://postgres@127.0.0.1:5432/postgres), --seed N (1),
 * --profile DIR (the dashboard process writes a V8 CPU profile there, for DevTools);
 * SPECTATORS_TRACE=file writes each delay with its time in the run, to see when the tail happened.
 * The dashboard's rate limit (300 requests a minute per address by default) would refuse most of
 * 1,000 upgrades from one address: the bench starts it with RATE_LIMIT_MAX raised above the
 * client count, as a deployment behind a proxy sets TRUST_PROXY instead.
 * Results: bench/results/spectators.json and spectators.md at the repository root.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MEMORY, openDatabase, type Database } from '@mia/db';
import { DEFAULT_SERVER_URL, machine, quantiles, serverReachable, writeResults, type Quantiles } from '@mia/db/bench';
import { createServerDatabase } from '@mia/db/testing';
import { aiAction, calculator, seededRng, type Action } from '@mia/engine';
import { GameService, seededPerGame, type GameRecord } from '@mia/game';
import pino from 'pino';
import WebSocket from 'ws';
import { createDashboard } from '../server';
import type { ChildMessage, Connected, ConnectOrder, ParentMessage, Receipts } from './spectator-clients';

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const GOAL = { p99Ms: 200 };
/** After the last commit, how long arrivals are awaited: later ones count as lost. */
const DRAIN_MS = 3000;

const { values: args } = parseArgs({
  options: {
    groups: { type: 'string', default: '100' },
    clients: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    interval: { type: 'string', default: '1000' },
    db: { type: 'string' },
    seed: { type: 'string', default: '1' },
    profile: { type: 'string' },
  },
});
const positive = (name: string, raw: string) => {
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return n;
};
const config = {
  groups: positive('groups', args.groups!),
  clientsPerGroup: positive('clients', args.clients!),
  seconds: positive('seconds', args.seconds!),
  warmupSeconds: args.warmup === '0' ? 0 : positive('warmup', args.warmup!),
  intervalMs: positive('interval', args.interval!),
  seed: positive('seed', args.seed!),
};
const log = (...a: unknown[]) => console.log(...a);
const quiet = pino({ level: 'silent' });
const wallClock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const MB = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

// ---------------------------------------------------------------------------------------------
// The dashboard: a process of its own (PostgreSQL) or this process (PGlite)
// ---------------------------------------------------------------------------------------------

interface Usage {
  rssBytes: number;
  cpuMs: number;
}

/** The JS heap in use right after a full garbage collection: steadier than RSS, which keeps freed pages. */
interface Heap {
  heapUsedBytes: number;
  /** Buffers and other memory outside the JS heap that JS objects hold. */
  externalBytes: number;
}

interface Server {
  base: string;
  /** Where its usage is read: the dashboard alone, or this whole process. */
  scope: 'own process' | 'in process with the writer and PGlite';
  usage(): Usage;
  heap(): Promise<Heap>;
  stop(): Promise<void>;
}

/**
 * The dashboard process's heap through its inspector (started on a loopback port for the bench):
 * a full collection (HeapProfiler.collectGarbage), then process.memoryUsage() read inside it.
 */
async function inspectorHeap(url: string): Promise<Heap> {
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

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** RSS and CPU time of another process, from /proc (Linux). */
function procUsage(pid: number): Usage {
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  // fields after "(comm)": state is [0], utime [11], stime [12] (clock ticks)
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssBytes: rssKb * 1024, cpuMs: (ticks * 1000) / CLK_TCK };
}

async function startServerProcess(databaseUrl: string): Promise<Server> {
  const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [];
  // the inspector on a free loopback port: only to read the heap after a collection (inspectorHeap)
  const child = spawn(process.execPath, [...profile, '--inspect=127.0.0.1:0', '--import', 'tsx', 'server/main.ts'], {
    cwd: PACKAGE_ROOT,
    env: {
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
function fullGc(): void {
  if (!global.gc) {
    setFlagsFromString('--expose-gc');
    global.gc = runInNewContext('gc') as typeof global.gc;
  }
  global.gc!();
}

async function startServerInProcess(games: GameService): Promise<Server> {
  const app = createDashboard({ games, log: quiet, webRoot: '/nonexistent/mia-dashboard-dist', rateLimit: { max: 1_000_000, timeWindow: 60_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    base: `ws://127.0.0.1:${port}`,
    scope: 'in process with the writer and PGlite',
    usage: () => {
      const c = process.cpuUsage();
      return { rssBytes: process.memoryUsage().rss, cpuMs: (c.user + c.system) / 1000 };
    },
    heap: async () => {
      fullGc();
      const m = process.memoryUsage();
      return { heapUsedBytes: m.heapUsed, externalBytes: m.external };
    },
    stop: () => app.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// The writer: one game per group, one action at a time, paced
// ---------------------------------------------------------------------------------------------

/** A game service with its own connection pool, and how many acts it runs at once. */
interface Writer {
  games: GameService;
  slots: Slots;
}

interface Group {
  index: number;
  writer: Writer;
  chatId: bigint;
  token: string;
  players: { id: string; name: string }[];
  game: GameRecord | null;
}

/** A committed version: game id, version, wall-clock ms when `act` was called and when it resolved, the group's index. */
type Commit = [gameId: string, version: number, calledAt: number, resolvedAt: number, group: number];

const strategy = calculator();
const choices = seededRng(config.seed + 7);

/** The group's next action: a new game when there is none (or it ended), joins, start, then play. */
function nextAction(g: Group): Parameters<GameService['act']>[0] {
  const { chatId } = g;
  const state = g.game?.state;
  if (!state || state.phase === 'over') {
    const creator = g.players[0]!;
    return { chatId, user: creator, chat: { title: `Spectators ${g.index + 1}`, type: 'supergroup' }, action: { type: 'create', creator: creator.id } };
  }
  const gameId = g.game!.id;
  if (state.phase === 'lobby') {
    const next = g.players.find((p) => !state.seats.some((s) => s.id === p.id));
    if (next) return { chatId, gameId, user: next, action: { type: 'join', player: next.id, name: next.name } };
    return { chatId, gameId, action: { type: 'start' } };
  }
  const actor = state.round!.actor;
  const action: Action = aiAction(state, actor, strategy, choices)!;
  return { chatId, gameId, key: `spectators:${gameId}:${state.move}`, user: g.players.find((p) => p.id === actor)!, action };
}

/**
 * At most `n` acts in flight: the others wait here, not in Prisma's pool, whose transactions give
 * up after waiting 2 s for a connection (PGlite has one; a busy machine makes the wait long).
 */
class Slots {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** One action of the group; its commit with the times `act` was called and resolved. */
async function step(g: Group): Promise<Commit> {
  return g.writer.slots.run(async () => {
    const request = nextAction(g);
    const calledAt = wallClock();
    const result = await g.writer.games.act(request);
    const resolvedAt = wallClock();
    if (result.status !== 'applied') throw new Error(`group ${g.index + 1}: ${request.action.type} was ${result.status}`);
    g.game = result.game;
    return [result.game.id, result.game.version, calledAt, resolvedAt, g.index];
  });
}

interface Played {
  commits: Commit[];
  seconds: number;
  /** Ticks skipped because the group's previous action was still running (the writer fell behind). */
  lateTicks: number;
  /** Acts that failed (logged; the group goes on from its current game). */
  failed: number;
}

/** Plays every group for `ms`, each one action per interval (staggered); returns the commits. */
async function play(groups: Group[], ms: number): Promise<Played> {
  const commits: Commit[] = [];
  const t0 = performance.now();
  const end = t0 + ms;
  let lateTicks = 0;
  let failed = 0;
  await Promise.all(
    groups.map(async (g) => {
      const offset = (g.index * config.intervalMs) / groups.length;
      for (let k = 0; ; k++) {
        let due = t0 + offset + k * config.intervalMs;
        if (due >= end) return;
        const now = performance.now();
        if (now > due + config.intervalMs) {
          // fell a whole tick behind (the machine is busy): skip ahead instead of bursting
          lateTicks++;
          k = Math.ceil((now - t0 - offset) / config.intervalMs);
          due = t0 + offset + k * config.intervalMs;
          if (due >= end) return;
        }
        await sleep(due - performance.now());
        try {
          commits.push(await step(g));
        } catch (error) {
          if (failed++ < 3) log(`  act failed: ${(error as Error).message.split('\n')[0]}`);
          g.game = await g.writer.games.currentGame(g.chatId);
        }
      }
    }),
  );
  return { commits, seconds: (performance.now() - t0) / 1000, lateTicks, failed };
}

// ---------------------------------------------------------------------------------------------
// The spectators' process
// ---------------------------------------------------------------------------------------------

interface Clients {
  ask<T extends ChildMessage['type']>(message: ParentMessage, answer: T): Promise<Extract<ChildMessage, { type: T }>>;
  pid: number;
  close(): Promise<void>;
}

function startClients(): Clients {
  const child: ChildProcess = fork(fileURLToPath(new URL('./spectator-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    ask(message, answer) {
      return new Promise((resolve, reject) => {
        const onMessage = (m: ChildMessage) => {
          if (m.type !== answer) return;
          child.off('message', onMessage);
          resolve(m as Extract<ChildMessage, { type: typeof answer }>);
        };
        child.on('message', onMessage);
        void exited.then(() => reject(new Error('the spectators process exited')));
        child.send(message);
      });
    },
    async close() {
      if (child.connected) child.send({ type: 'close' } satisfies ParentMessage);
      await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One run
// ---------------------------------------------------------------------------------------------

interface RunResult {
  database: 'postgres' | 'pglite';
  at: string;
  groups: number;
  clients: number;
  /** Each game's pace (ms between its actions) and the seconds measured after the warm-up. */
  intervalMs: number;
  warmupSeconds: number;
  serverScope: Server['scope'];
  seconds: number;
  commits: number;
  actionsPerSecond: number;
  lateTicks: number;
  failedActs: number;
  /** Arrival − the commit: the earlier of act resolved and (PostgreSQL) its notice heard. */
  delayMs: Quantiles;
  /** Arrival − act resolved in the writer (late when the writer is busy). */
  delayFromResolveMs: Quantiles;
  /** Arrival − act called: an upper bound (includes the transaction and its wait for a connection). */
  delayFromCallMs: Quantiles;
  /** PostgreSQL: act resolved → the notice heard by a listener in the spectators' process. */
  noticeMs: Quantiles | null;
  /** PostgreSQL: notice heard → spectator received: the dashboard's own part (load two rows, send). */
  dashboardMs: Quantiles | null;
  delivered: number;
  expected: number;
  lost: number;
  /** Arrivals matching no commit of the window (a version sent twice, or from before it). */
  unmatched: number;
  connectSeconds: number;
  /** The machine's 1-minute load average when play started and ended (it is shared: context for the tail). */
  loadAverage: { start: number; end: number };
  refused: Record<string, number>;
  closesDuringPlay: Record<string, number>;
  serverRssMB: { idle: number; withClients: number; end: number };
  /** JS heap in use after a full collection, without and with the spectators. */
  serverHeapMB: { idle: number; withClients: number };
  /** (heap + external) after a collection, with − without the spectators, per spectator. */
  serverHeapPerClientKB: number;
  serverCpuPercent: number;
  serverCpuMsPerCommit: number;
  /** This process during play: the writer (and, on PGlite, the dashboard and the database). */
  writerCpuPercent: number;
  clientsRssMB: number;
  clientsCpuPercent: number;
}

async function run(database: 'postgres' | 'pglite', serverUrl: string): Promise<RunResult> {
  log(`\n== ${database === 'postgres' ? 'PostgreSQL (fresh database), the dashboard as its own process' : 'PGlite (in memory), the dashboard in this process'}`);
  const created = database === 'postgres' ? await createServerDatabase(serverUrl) : null;
  let db: Database | null = null;
  let games: GameService | null = null;
  let server: Server | null = null;
  let clients: Clients | null = null;
  try {
    db = created ? await openDatabase({ databaseUrl: created.url }) : await openDatabase({ dataDir: MEMORY });
    games = new GameService({ db, log: quiet, timers: false, rng: seededPerGame(config.seed) });
    // PGlite serves one connection; the pool on a server holds 10 (two left for the reads)
    const writer: Writer = { games, slots: new Slots(created ? 8 : 1) };
    server = created ? await startServerProcess(created.url) : await startServerInProcess(games);

    // the groups, each with a game in play (not measured: nobody watches yet)
    const s0 = performance.now();
    const groups: Group[] = [];
    for (let i = 0; i < config.groups; i++) {
      const chatId = BigInt(-1_007_000_000_000 - i);
      const profile = await games.chats.profile(chatId, { title: `Spectators ${i + 1}`, type: 'supergroup' });
      const players = [0, 1, 2, 3].map((j) => ({ id: String(8_000_000_000 + i * 10 + j), name: `S${i}-${j}` }));
      groups.push({ index: i, writer, chatId, token: profile.dashboardToken, players, game: null });
    }
    await Promise.all(
      groups.map(async (g) => {
        while (g.game?.state.phase !== 'playing') await step(g);
      }),
    );
    log(`  ${config.groups} groups with a game in play (${((performance.now() - s0) / 1000).toFixed(1)} s); dashboard at ${server.base}`);
    await sleep(2000);
    const idleHeap = await server.heap(); // a full collection first, so both RSS readings follow one
    const idle = server.usage();

    // the spectators
    const clientsStarted = performance.now();
    clients = startClients();
    const order: ConnectOrder = {
      type: 'connect',
      base: server.base,
      groups: groups.map((g) => ({ token: g.token, clients: config.clientsPerGroup })),
      concurrency: 50,
      ...(created ? { databaseUrl: created.url } : {}),
    };
    const connected: Connected = await clients.ask(order, 'connected');
    const total = config.groups * config.clientsPerGroup;
    log(`  ${connected.clients} of ${total} spectators connected in ${connected.seconds.toFixed(1)} s`);
    if (Object.keys(connected.refused).length) log(`  upgrades refused: ${JSON.stringify(connected.refused)}`);
    if (connected.errors.length) log(`  connection errors, e.g. ${connected.errors[0]}`);
    await sleep(2000);
    const withClientsHeap = await server.heap();
    const withClients = server.usage();

    // a warm-up (the dashboard's first batches compile and connect what the next ones reuse), then the measure
    log(`  warm-up ${config.warmupSeconds} s, then playing ${config.seconds} s, each game one action every ${config.intervalMs} ms…`);
    const warmup = config.warmupSeconds > 0 ? await play(groups, config.warmupSeconds * 1000) : { commits: [] };
    const load0 = loadavg()[0]!;
    const cpu0 = server.usage().cpuMs;
    const writerCpu0 = process.cpuUsage();
    const played = await play(groups, config.seconds * 1000);
    const serverCpuMs = server.usage().cpuMs - cpu0;
    const writerCpu = process.cpuUsage(writerCpu0);
    await sleep(DRAIN_MS);
    const end = server.usage();
    const receipts: Receipts = await clients.ask({ type: 'report' }, 'receipts');

    // match arrivals with commits
    const committed = new Map<string, Commit>();
    for (const c of played.commits) committed.set(`${c[0]}:${c[1]}`, c);
    const warmedUp = new Set(warmup.commits.map(([id, version]) => `${id}:${version}`));
    const heard = new Map<string, number>();
    for (const [game, version, at] of receipts.notices) heard.set(`${receipts.games[game]}:${version}`, at);
    const delays: number[] = [];
    const fromResolve: number[] = [];
    const fromCall: number[] = [];
    const toNotice: number[] = [];
    const fromNotice: number[] = [];
    const seen = new Set<string>();
    let unmatched = 0;
    const trace: [number, number, string][] = [];
    for (const [client, game, version, at] of receipts.receipts) {
      const key = `${receipts.games[game]}:${version}`;
      if (warmedUp.has(key)) continue;
      const c = committed.get(key);
      const once = `${client}:${key}`;
      if (c === undefined || seen.has(once)) {
        unmatched++;
        continue;
      }
      seen.add(once);
      const noticed = heard.get(key);
      // the commit happened before both observers saw it: the earlier of the two is the closer
      delays.push(at - Math.min(c[3], noticed ?? Infinity));
      fromResolve.push(at - c[3]);
      fromCall.push(at - c[2]);
      if (noticed !== undefined) fromNotice.push(at - noticed);
      if (process.env.SPECTATORS_TRACE) trace.push([c[3], at - c[3], key]);
    }
    for (const c of played.commits) {
      const noticed = heard.get(`${c[0]}:${c[1]}`);
      if (noticed !== undefined) toNotice.push(noticed - c[3]);
    }
    if (process.env.SPECTATORS_TRACE) {
      const { writeFileSync } = await import('node:fs');
      const t0 = played.commits[0]?.[3] ?? 0;
      writeFileSync(process.env.SPECTATORS_TRACE, trace.sort((a, b) => a[0] - b[0]).map(([t, d, k]) => `${(t - t0).toFixed(0)} ${d.toFixed(1)} ${k}`).join('\n'));
    }
    // every spectator of the group should get every version committed in it
    const expected = played.commits.reduce((n, c) => n + connected.perGroup[c[4]]!, 0);
    const result: RunResult = {
      database,
      at: new Date().toISOString(),
      groups: config.groups,
      clients: connected.clients,
      intervalMs: config.intervalMs,
      warmupSeconds: config.warmupSeconds,
      serverScope: server.scope,
      seconds: r2(played.seconds),
      commits: played.commits.length,
      actionsPerSecond: r2(played.commits.length / played.seconds),
      lateTicks: played.lateTicks,
      failedActs: played.failed,
      delayMs: quantiles(delays),
      delayFromResolveMs: quantiles(fromResolve),
      delayFromCallMs: quantiles(fromCall),
      noticeMs: toNotice.length ? quantiles(toNotice) : null,
      dashboardMs: fromNotice.length ? quantiles(fromNotice) : null,
      delivered: delays.length,
      expected,
      lost: expected - delays.length,
      unmatched,
      connectSeconds: r2(connected.seconds),
      loadAverage: { start: r2(load0), end: r2(loadavg()[0]!) },
      refused: connected.refused,
      closesDuringPlay: receipts.closes,
      serverRssMB: { idle: MB(idle.rssBytes), withClients: MB(withClients.rssBytes), end: MB(end.rssBytes) },
      serverHeapMB: { idle: MB(idleHeap.heapUsedBytes), withClients: MB(withClientsHeap.heapUsedBytes) },
      serverHeapPerClientKB: r2(
        (withClientsHeap.heapUsedBytes + withClientsHeap.externalBytes - idleHeap.heapUsedBytes - idleHeap.externalBytes) / 1024 / Math.max(1, connected.clients),
      ),
      serverCpuPercent: r2((serverCpuMs / (played.seconds * 1000)) * 100),
      serverCpuMsPerCommit: r2(serverCpuMs / Math.max(1, played.commits.length)),
      writerCpuPercent: r2(((writerCpu.user + writerCpu.system) / 1000 / (played.seconds * 1000)) * 100),
      clientsRssMB: MB(receipts.rssBytes),
      clientsCpuPercent: r2((receipts.cpuMs / (performance.now() - clientsStarted)) * 100),
    };
    return result;
  } finally {
    await clients?.close();
    await server?.stop();
    await games?.close();
    await db?.close();
    await created?.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const NOTES = [
  'Delay: the wall-clock time a spectator received a `game`/`ended` message minus the time of the commit of that game and version. The commit is observed twice: by the writer, when its `GameService.act` resolved (its event loop may get there late on a busy machine), and, on PostgreSQL, by a LISTEN connection in the spectators\' process hearing the commit\'s notice (sent by PostgreSQL at commit). The commit happened before both, so the earlier of the two is used: the delay is a lower bound, tight within the quicker observer\'s reaction. Also given: the delay from act resolved alone (the plain definition; negative when the writer lags) and from the call of act (an upper bound: it includes the transaction and the writer\'s wait for a pooled connection). All processes read the same clock (performance.timeOrigin + performance.now()).',
  'Split (PostgreSQL): "notice heard" is the notice\'s arrival at the LISTEN connection minus act resolved (negative when the writer lags); "dashboard" is a spectator\'s arrival minus the notice: the dashboard\'s own part (it hears the same notice, loads the game and its events, serializes once and writes to each socket).',
  'The first seconds of play are a warm-up, not measured (--warmup): the dashboard\'s first batches pay for compiling and connecting once.',
  `Delivered/expected: every committed version during the measured window, times the spectators of its group; an arrival more than ${DRAIN_MS / 1000} s after the last commit, or never, counts as lost. A version the dashboard skipped (it loads the game after the notice, so two quick commits may come out as the newer one twice) is lost too.`,
  'Server memory: the dashboard process\'s RSS (/proc) after the games were set up and nobody watched ("idle"), 2 s after the last spectator connected and got its snapshot ("with clients"), and after play. RSS moves by tens of MB with garbage collection alone (freed pages stay with the process), so the per-client figure comes from the heap instead: heap in use plus external memory (buffers), each read right after a full collection (through the dashboard\'s inspector on a loopback port; in process, global.gc), with clients minus idle, per client. CPU: the dashboard\'s user+system time during play over the play\'s wall time, in % of one core; "writer" is this process\'s.',
  'The dashboard is started with RATE_LIMIT_MAX above the number of spectators: with the default (300 a minute per address) most of 1,000 upgrades from one address would get 429.',
];

function rows(r: RunResult) {
  const met = r.delayMs.p99 < GOAL.p99Ms;
  return [
    { measure: 'delay p50 ms', value: r.delayMs.p50, goal: '' },
    { measure: 'delay p95 ms', value: r.delayMs.p95, goal: '' },
    { measure: 'delay p99 ms', value: r.delayMs.p99, goal: `< ${GOAL.p99Ms}: ${met ? 'met' : 'NOT met'}` },
    { measure: 'delay max ms', value: r.delayMs.max, goal: '' },
    { measure: 'delay from act resolved p50 / p99 ms', value: `${r.delayFromResolveMs.p50} / ${r.delayFromResolveMs.p99}`, goal: '' },
    { measure: 'delay from act call p50 / p99 ms', value: `${r.delayFromCallMs.p50} / ${r.delayFromCallMs.p99}`, goal: 'upper bound' },
    ...(r.dashboardMs && r.noticeMs
      ? [
          { measure: 'notice heard − act resolved p50 / p99 ms', value: `${r.noticeMs.p50} / ${r.noticeMs.p99}`, goal: '' },
          { measure: 'dashboard: notice → spectator p50 / p99 ms', value: `${r.dashboardMs.p50} / ${r.dashboardMs.p99}`, goal: '' },
        ]
      : []),
    { measure: 'messages delivered / expected', value: `${r.delivered} / ${r.expected}`, goal: r.lost === 0 ? 'none lost' : `${r.lost} LOST` },
    { measure: 'actions committed / s', value: r.actionsPerSecond, goal: '' },
    { measure: 'server RSS idle MB', value: r.serverRssMB.idle, goal: '' },
    { measure: 'server RSS with clients MB', value: r.serverRssMB.withClients, goal: '' },
    { measure: 'server RSS after play MB', value: r.serverRssMB.end, goal: '' },
    { measure: 'server heap after GC idle / with clients MB', value: `${r.serverHeapMB.idle} / ${r.serverHeapMB.withClients}`, goal: '' },
    { measure: 'server heap + external per client KB', value: r.serverHeapPerClientKB, goal: '' },
    { measure: 'server CPU % of a core (play)', value: r.serverCpuPercent, goal: '' },
    { measure: 'server CPU ms / commit', value: r.serverCpuMsPerCommit, goal: '' },
  ];
}

function describe(r: RunResult): string {
  const refused = Object.entries(r.refused).map(([s, n]) => `${n}× ${s}`).join(', ');
  const closes = Object.entries(r.closesDuringPlay).map(([c, n]) => `${n}× ${c}`).join(', ');
  return (
    `${r.clients} spectators on ${r.groups} games (dashboard: ${r.serverScope}), each game one action per ${r.intervalMs} ms; ` +
    `${r.commits} commits in ${r.seconds} s after a ${r.warmupSeconds} s warm-up` +
    `${r.lateTicks ? ` (${r.lateTicks} ticks skipped: the writer fell behind)` : ''}${r.failedActs ? `, ${r.failedActs} acts failed` : ''}; connected in ${r.connectSeconds} s${refused ? `, refused ${refused}` : ''}` +
    `${closes ? `; closed by the server during play: ${closes}` : ''}${r.unmatched ? `; ${r.unmatched} unmatched arrivals` : ''}; ` +
    `writer ${r.writerCpuPercent}% of a core; spectators' process ${r.clientsRssMB} MB RSS, ${r.clientsCpuPercent}% CPU; load average ${r.loadAverage.start} → ${r.loadAverage.end}`
  );
}

function markdown(results: RunResult[]): string {
  const m = machine();
  const lines = [
    '# Spectators (`npm run bench -w @mia/dashboard`)',
    '',
    `Generated by apps/dashboard/bench/spectators.ts. Node ${m.node}, ${m.cpus}. Each game: four seated people choosing like the calculator AI, played through \`GameService.act\` at a steady pace; the same number of WebSocket spectators on every group.`,
    '',
    ...NOTES.map((n) => `- ${n}`),
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${r.clients} spectators, ${r.groups} games (${r.at})`, '', describe(r), '');
    lines.push('| measure | value | goal |', '| --- | ---: | --- |');
    for (const row of rows(r)) lines.push(`| ${row.measure} | ${row.value} | ${row.goal} |`);
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
  let database: 'postgres' | 'pglite';
  if (args.db === 'postgres' || args.db === 'pglite') database = args.db;
  else if (args.db === undefined) database = (await serverReachable(serverUrl)) ? 'postgres' : 'pglite';
  else throw new Error(`--db must be postgres or pglite, got ${args.db}`);
  if (database === 'postgres' && !(await serverReachable(serverUrl))) throw new Error(`no PostgreSQL server at ${serverUrl}`);

  const r = await run(database, serverUrl);
  log(`\n${describe(r)}`);
  console.table(rows(r));
  for (const n of NOTES) log(`- ${n}`);
  const written = await writeResults({
    name: 'spectators',
    header: { generatedBy: 'apps/dashboard/bench/spectators.ts', ...machine(), goal: GOAL, config, notes: NOTES },
    results: [r],
    key: (x) => x.database,
    markdown,
  });
  log(`\nwrote ${written.json} and spectators.md`);
  // a run that lost messages or could not seat every spectator did not measure what it says
  if (r.lost > 0 || r.clients < config.groups * config.clientsPerGroup) process.exitCode = 1;
}

await main();
