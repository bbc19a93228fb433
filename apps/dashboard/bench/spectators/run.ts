// One run: database, dashboard, spectators seated, the paced play, what they received.
import { loadavg } from 'node:os';
import { MEMORY, openDatabase, type Database } from '@mia/db';
import { quantiles, type Quantiles } from '@mia/db/bench';
import { createServerDatabase } from '@mia/db/testing';
import { GameService, seededPerGame } from '@mia/game';
import type { Connected, ConnectOrder, Receipts } from '../spectator-clients';
import { config, DRAIN_MS, log, MB, quiet, r2, sleep } from './options';
import { type Server, startServerInProcess, startServerProcess } from './server';
import { type Commit, type Group, play, Slots, step, type Writer } from './writer';
import { type Clients, startClients } from './clients';

export interface RunResult {
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
  /**
   * `peakPlay`: the highest RSS during the measured play (the kernel's high-water mark, reset as
   * it starts); `endCollected`: after play and a full collection (what play kept, not its garbage).
   */
  serverRssMB: { idle: number; withClients: number; peakPlay: number; end: number; endCollected: number };
  /** JS heap in use after a full collection, without and with the spectators. */
  serverHeapMB: { idle: number; withClients: number; end: number };
  /** (heap + external) after a collection, with − without the spectators, per spectator. */
  serverHeapPerClientKB: number;
  serverCpuPercent: number;
  serverCpuMsPerCommit: number;
  /** This process during play: the writer (and, on PGlite, the dashboard and the database). */
  writerCpuPercent: number;
  clientsRssMB: number;
  clientsCpuPercent: number;
}

export async function run(database: 'postgres' | 'pglite', serverUrl: string): Promise<RunResult> {
  log(
    `\n== ${database === 'postgres' ? 'PostgreSQL (fresh database), the dashboard as its own process' : 'PGlite (in memory), the dashboard in this process'}`,
  );
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
    server.resetPeak();
    const played = await play(groups, config.seconds * 1000);
    const afterPlay = server.usage();
    const serverCpuMs = afterPlay.cpuMs - cpu0;
    const writerCpu = process.cpuUsage(writerCpu0);
    await sleep(DRAIN_MS);
    const end = server.usage();
    // whether play left anything behind: the heap kept by a full collection, and RSS after it
    const endHeap = await server.heap();
    const endCollected = server.usage();
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
      writeFileSync(
        process.env.SPECTATORS_TRACE,
        trace
          .sort((a, b) => a[0] - b[0])
          .map(([t, d, k]) => `${(t - t0).toFixed(0)} ${d.toFixed(1)} ${k}`)
          .join('\n'),
      );
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
      serverRssMB: {
        idle: MB(idle.rssBytes),
        withClients: MB(withClients.rssBytes),
        peakPlay: MB(afterPlay.peakRssBytes),
        end: MB(end.rssBytes),
        endCollected: MB(endCollected.rssBytes),
      },
      serverHeapMB: { idle: MB(idleHeap.heapUsedBytes), withClients: MB(withClientsHeap.heapUsedBytes), end: MB(endHeap.heapUsedBytes) },
      serverHeapPerClientKB: r2(
        (withClientsHeap.heapUsedBytes + withClientsHeap.externalBytes - idleHeap.heapUsedBytes - idleHeap.externalBytes) /
          1024 /
          Math.max(1, connected.clients),
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
