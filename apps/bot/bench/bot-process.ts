/**
 * The bot under load, alone in its process (forked by load.ts): startMia's bot front-end, long polling
 * (@grammyjs/runner) against the parent's telegram-sim, its GameService, and the database (a
 * PostgreSQL URL from the parent, or PGlite in memory, which then runs here too). Nothing of the
 * sim or the scripted people runs here, so this process's CPU time, RSS and database round trips
 * are the bot's own.
 *
 * The parent learns when an update's work is done: after every committed batch, once the
 * notifier's queue for that chat is empty (the bot's last Bot API call for it answered), this
 * process sends `settled` with the game over IPC (its state too, unless the parent reads it
 * itself). It answers `mark` requests with its CPU time, memory and round-trip count, and `bare`
 * by timing GameService.act without Telegram.
 */
import { openDatabase, type Database } from '@mia/db';
import { MEMORY } from '@mia/db';
import { aiAction, calculator, seededRng } from '@mia/engine';
import { GameService, type GameRecord } from '@mia/game';
import { startMia } from '@mia/host';
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { botFrontEnd } from '../src';

// Not the tests' quietLog: their support module brings telegram-sim (and its Fastify server) into
// this process, which a production bot does not load.
const quietLog = pino({ level: 'silent' });

export type ToBot =
  | {
      type: 'init';
      token: string;
      apiRoot: string;
      databaseUrl: string | null;
      seed: number;
      timers: boolean;
      /**
       * `settled` carries the game's state (false: only its id, status and version, and the parent
       * reads the state from the database itself, so that this process's CPU is not spent
       * serializing and sending about 4.5 kB a press that a bot in production never sends).
       */
      stateOverIpc: boolean;
    }
  | { type: 'mark'; name: string }
  | { type: 'bare'; samples: number; seed: number }
  | { type: 'stop' };

export interface Mark {
  name: string;
  /** process.cpuUsage() user + system, ms since the process started. */
  cpuMs: number;
  /** Its system part (the kernel: sockets, pipes, memory), ms. */
  systemCpuMs: number;
  rss: number;
  heapUsed: number;
  /** The V8 heap reserved, and memory outside it (buffers, WebAssembly), bytes. */
  heapTotal: number;
  external: number;
  /** Queries sent to the database by this process (pg Client.query calls) so far. */
  queries: number;
  /** Bot API calls this process made (grammY transformer) so far, getUpdates aside. */
  apiCalls: number;
  /** Peak resident set size so far, KB (process.resourceUsage().maxRSS). */
  maxRss: number;
}

export interface BareResult {
  ms: number[];
  cpuMs: number;
  queries: number;
}

export type FromBot =
  | { type: 'ready' }
  | { type: 'settled'; chatId: string; game: Pick<GameRecord, 'id' | 'status' | 'version'> & Partial<Pick<GameRecord, 'state'>> }
  | { type: 'mark'; mark: Mark }
  | { type: 'bare'; result: BareResult }
  | { type: 'stopped' }
  | { type: 'error'; message: string };

const send = (m: FromBot) => process.send!(m);

// Round trips: every query node-postgres sends (the Prisma adapter, the event bus) goes through
// Client.prototype.query. Counted only in this benchmark process; nothing is wrapped elsewhere.
let queries = 0;
const query = pg.Client.prototype.query;
const logQueries = process.env.BOT_LOG_QUERIES === '1';
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries++;
  if (logQueries) {
    const q = args[0];
    const text = typeof q === 'string' ? q : (q as { text?: string } | null)?.text;
    console.log(`query ${String(text).replace(/\s+/g, ' ').slice(0, 110)}`);
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

// --profile DIR: the CPU profile and the allocation profile (every allocation sampled, garbage
// included: what the scavenges cost) cover the play only (from the mark 'play start' to 'play
// end'), not the imports, the setup, the lobbies or the bare act.
const profileDir = process.env.BOT_PROFILE_DIR;
const inspector = profileDir ? new Session() : null;
inspector?.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) => inspector!.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
async function profile(name: string) {
  if (!inspector || !profileDir) return;
  if (name === 'play start') {
    await post('Profiler.enable');
    await post('Profiler.start');
    await post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  } else if (name === 'play end') {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    const { profile: allocations } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
    await mkdir(profileDir, { recursive: true });
    await writeFile(join(profileDir, `bot-play-${process.pid}.cpuprofile`), JSON.stringify(profile));
    await writeFile(join(profileDir, `bot-play-${process.pid}.heapprofile`), JSON.stringify(allocations));
  }
}

let apiCalls = 0;
function mark(name: string): Mark {
  // CPU first: the forced collection below is the benchmark's, not the bot's.
  const u = process.cpuUsage();
  const cpu = (u.user + u.system) / 1000;
  global.gc?.();
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  return { name, cpuMs: cpu, systemCpuMs: u.system / 1000, rss, heapUsed, heapTotal, external, queries, apiCalls, maxRss: process.resourceUsage().maxRSS };
}

let db: Database;
let games: GameService;
/** Stops taking updates and closes the bot's GameService (its bus), leaving the database open. */
let stopBot: (() => Promise<void>) | null = null;

async function init(m: Extract<ToBot, { type: 'init' }>) {
  db = m.databaseUrl ? await openDatabase({ databaseUrl: m.databaseUrl }) : await openDatabase({ dataDir: MEMORY });
  // The database stays open when the bot stops: the bare measurement runs on it afterwards.
  const mia = await startMia({
    database: { use: db },
    log: quietLog,
    service: { rng: seededRng(m.seed), timers: m.timers },
    recover: false,
    frontEnds: [
      botFrontEnd({
        token: m.token,
        apiRoot: m.apiRoot,
        // Telegram's flood limits are off in the sim here, so the bot's own pacing of new messages is
        // too: the load measures the bot, not the 20-a-minute wait of a group.
        pacing: { limits: false },
        registerCommands: false,
        transport: { mode: 'polling', deleteWebhook: false },
        configure(bot) {
          bot.api.config.use((prev, method, payload, signal) => {
            if (method !== 'getUpdates') apiCalls++;
            return prev(method, payload, signal);
          });
        },
      }),
    ],
  });
  games = mia.games;
  const [{ notifier }] = mia.frontEnds;
  // After the notifier's own subscription: its queue for the chat already holds this batch.
  games.subscribe((batch) => {
    if (batch.origin !== 'local') return;
    const chatId = batch.game.chatId.toString();
    const { id, status, version, state } = batch.game;
    const game = m.stateOverIpc ? { id, status, version, state } : { id, status, version };
    void notifier.idleChat(chatId).then(() => send({ type: 'settled', chatId, game }));
  });
  stopBot = async () => {
    stopBot = null;
    await mia.stop();
  };
  send({ type: 'ready' });
}

/** The bare database transaction of an action: GameService.act, no Telegram, same database. */
async function bare(samples: number, seed: number): Promise<BareResult> {
  // The bot is done: stopped first, so its service does not load the bare service's notices
  // (on PostgreSQL they would add its reads to the bare act's round trips and CPU).
  await stopBot?.();
  const rng = seededRng(seed + 2000);
  const service = new GameService({ db, rng: seededRng(seed + 3000), timers: false, log: quietLog });
  const strategy = calculator();
  const ms: number[] = [];
  let warm = 30;
  let cpu = 0;
  let counted = 0;
  try {
    for (let g = 0; ms.length < samples; g++) {
      const chatId = BigInt(-1_009_000_000_000 - g);
      const seats = [0, 1, 2, 3].map((i) => String(7_000_000_000 + g * 10 + i));
      const act = async (req: Parameters<GameService['act']>[0], timed: boolean) => {
        const q0 = queries;
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const result = await service.act(req);
        const took = performance.now() - t0;
        const c = process.cpuUsage(c0);
        if (result.status !== 'applied') throw new Error(`act ${req.action.type}: ${result.status}`);
        if (timed) {
          if (warm > 0) warm--;
          else {
            ms.push(took);
            cpu += (c.user + c.system) / 1000;
            counted += queries - q0;
          }
        }
        return result.game;
      };
      const creator = { id: seats[0]!, name: `creator ${seats[0]}` };
      await act({ chatId, user: creator, chat: { title: `bare ${g}`, type: 'supergroup' }, action: { type: 'create', creator: creator.id } }, false);
      for (const id of seats) await act({ chatId, user: { id, name: `p ${id}` }, action: { type: 'join', player: id, name: `p ${id}` } }, false);
      let game = await act({ chatId, action: { type: 'start' } }, false);
      while (game.state.phase === 'playing' && ms.length < samples) {
        const actor = game.state.round!.actor;
        const action = aiAction(game.state, actor, strategy, rng)!;
        // As the bot acts: the update's key, the person's profile and the game it has just read.
        game = await act(
          { chatId, gameId: game.id, action, key: `bare:${game.id}:${game.state.move}`, user: { id: actor, name: `p ${actor}` }, current: game },
          true,
        );
      }
    }
  } finally {
    await service.close();
  }
  return { ms, cpuMs: cpu, queries: counted };
}

process.on('message', (m: ToBot) => {
  void (async () => {
    try {
      switch (m.type) {
        case 'init':
          return await init(m);
        case 'mark': {
          if (m.name === 'play end') await profile(m.name);
          const marked = mark(m.name);
          if (m.name === 'play start') await profile(m.name);
          return send({ type: 'mark', mark: marked });
        }
        case 'bare':
          return send({ type: 'bare', result: await bare(m.samples, m.seed) });
        case 'stop':
          await stopBot?.();
          await db?.close();
          send({ type: 'stopped' });
          process.disconnect();
          return;
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
