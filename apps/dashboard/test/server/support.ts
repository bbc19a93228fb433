// Test support: a database, a game service and the dashboard on it; groups; games played move by
// move through GameService.act with forced dice; and a WebSocket client for the live channel.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import { seededRng, type Action, type GameEvent, type Rng, type SettingsInput } from '@mia/engine';
import { GameService, PgNotifyBus, type ActResult, type ChatNotice, type Committed, type EventBus, type GameRecord } from '@mia/game';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import WebSocket from 'ws';
import { createDashboard, type DashboardOptions } from '../../server';
import type { LiveMessage } from '../../shared/api';

export const quietLog = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** A folder that does not exist: the dashboard without a built SPA (the tests never depend on a build). */
export const NO_WEB_ROOT = '/nonexistent/mia-dashboard-dist';

/** Dice (and every other draw) forced from a queue; the seeded generator once it runs dry. */
export class ScriptedRng {
  readonly queue: number[] = [];
  private readonly rest: Rng;
  constructor(seed = 1) {
    this.rest = seededRng(seed);
  }
  readonly rng: Rng = (n) => {
    const next = this.queue.shift();
    if (next === undefined) return this.rest(n);
    if (next >= n) throw new Error(`scripted draw ${next} out of range ${n}`);
    return next;
  };
  /** The draws of a roll showing these dice (rollDice draws each die as rng(6) + 1). */
  dice(a: number, b: number): void {
    this.queue.push(a - 1, b - 1);
  }
}

export interface World {
  db: TestDatabase;
  games: GameService;
  dice: ScriptedRng;
  app: FastifyInstance;
  /** Resolves once the service hears other processes (its LISTEN is up on PostgreSQL; at once on PGlite). */
  listening: Promise<void>;
  close(): Promise<void>;
}

export async function world(options: Partial<Omit<DashboardOptions, 'games'>> & { bus?: EventBus } = {}): Promise<World> {
  const { bus, ...dashboard } = options;
  const db = await openTestDatabase();
  const dice = new ScriptedRng();
  // timers: false, as the dashboard's own process runs it; tests time turns out by hand.
  const pgBus = !bus && db.kind === 'postgres' ? new PgNotifyBus(db.connectionString, quietLog) : null;
  const games = new GameService({ db, rng: dice.rng, log: quietLog, timers: false, ...(bus ? { bus } : pgBus ? { bus: pgBus } : {}) });
  const app = createDashboard({
    games,
    log: quietLog,
    webRoot: NO_WEB_ROOT,
    rateLimit: { max: 100_000, timeWindow: 60_000 },
    ...dashboard,
  });
  await app.ready();
  return {
    db,
    games,
    dice,
    app,
    listening: pgBus?.whenReady() ?? Promise.resolve(),
    async close() {
      await app.close();
      await games.close();
      await db.destroy();
    },
  };
}

/** Listens on a free loopback port; returns the ws:// base. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/** A group as the bot records it, optionally listed publicly; returns its dashboard token. */
export async function group(games: GameService, chatId: bigint, title: string, listed = false): Promise<string> {
  const profile = await games.chats.profile(chatId, { title, type: 'supergroup' });
  if (listed) await games.chats.setListedPublicly(chatId, true);
  return profile.dashboardToken;
}

export const ADA = { id: '1001', name: 'Ada' };
export const BO = { id: '1002', name: 'Bo' };
export const CLEO = { id: '1003', name: 'Cleo' };
export const DOV = { id: '1004', name: 'Dov' };

export function applied(result: ActResult): Extract<ActResult, { status: 'applied' }> {
  if (result.status !== 'applied') throw new Error(`expected applied, got ${result.status}: ${JSON.stringify(result, bigints)}`);
  return result;
}
const bigints = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

type Dice = [number, number];

/**
 * A move of the player whose turn it is (the script need not know who that is). A round's starter
 * is dealt the dice by the engine as the round starts: `deal` on `start()` and on a move that ends
 * a round forces them (seeded dice when left out); `roll` is a receiver's, after `believe`.
 */
export type Move =
  | { type: 'roll'; dice: Dice }
  | { type: 'announce'; value: number }
  | { type: 'announceBlind'; value: number; dice: Dice }
  | { type: 'believe' }
  | { type: 'call'; deal?: Dice }
  | { type: 'passBlind'; value: number }
  | { type: 'lookAtMia'; deal?: Dice }
  | { type: 'giveUp'; deal?: Dice }
  | { type: 'timeout'; deal?: Dice };

/** A game played through the service, keeping every event (dice included) as the truth to check against. */
export class Table {
  game: GameRecord | null = null;
  readonly events: GameEvent[] = [];
  constructor(
    private readonly games: GameService,
    private readonly dice: ScriptedRng,
    readonly chatId: bigint,
  ) {}

  private async act(action: Action, user?: { id: string; name: string }): Promise<GameRecord> {
    const result = applied(await this.games.act({ chatId: this.chatId, action, ...(user ? { user } : {}), ...(this.game ? { gameId: this.game.id } : {}) }));
    // Forced dice nobody rolled (a `deal` on a move that ended the game) would land on a later move.
    if (this.dice.queue.length > 0) throw new Error(`forced draws left unused by ${action.type}: ${this.dice.queue.join(', ')}`);
    this.events.push(...result.events.map((e) => e.event));
    this.game = result.game;
    return result.game;
  }

  /** Creates the game (the first player creates it) and seats the players; `starter` is the index the start draws. */
  async open(players: { id: string; name: string }[], settings: SettingsInput = {}, starter = 0): Promise<GameRecord> {
    const creator = players[0]!;
    await this.act({ type: 'create', creator: creator.id, settings }, creator);
    for (const p of players) await this.act({ type: 'join', player: p.id, name: p.name }, p);
    this.starter = starter;
    return this.game!;
  }

  private starter = 0;

  /** Starts the game: the starter drawn as given to `open`, and dealt `deal` (seeded dice when left out). */
  async start(deal?: Dice): Promise<GameRecord> {
    this.dice.queue.push(this.starter);
    if (deal) this.dice.dice(...deal);
    return this.act({ type: 'start' });
  }

  /** Plays one move for the player whose turn it is. */
  async play(move: Move): Promise<GameRecord> {
    const state = this.game!.state;
    const player = state.round!.actor;
    const guard = { move: state.move };
    switch (move.type) {
      case 'roll':
        this.dice.dice(...move.dice);
        return this.act({ type: 'roll', player, ...guard });
      case 'announce':
        return this.act({ type: 'announce', player, value: move.value, blind: false, ...guard });
      case 'announceBlind':
        this.dice.dice(...move.dice);
        return this.act({ type: 'announce', player, value: move.value, blind: true, ...guard });
      case 'passBlind':
        return this.act({ type: 'passBlind', player, value: move.value, ...guard });
      case 'believe':
        return this.act({ type: 'believe', player, ...guard });
      default:
        // call, lookAtMia, giveUp, timeout: a round ends, and the next one's starter is dealt `deal`.
        if (move.deal) this.dice.dice(...move.deal);
        return this.act({ type: move.type, player, ...guard });
    }
  }
}

/** A live-channel connection that keeps every message; `next` takes them in order. */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  private cursor = 0;
  private wake: (() => void) | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as LiveMessage);
      this.wake?.();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static connect(url: string): Promise<LiveClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const client = new LiveClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => reject(new UpgradeRefused(res.statusCode ?? 0, body)));
      });
      socket.once('error', (error) => reject(error));
    });
  }

  /** The next message (after those already taken) that matches; fails after `timeoutMs`. */
  async next<T extends LiveMessage['type']>(
    type: T,
    test: (m: Extract<LiveMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 2000,
  ): Promise<Extract<LiveMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.messages.length; i++) {
        const m = this.messages[i]!;
        if (m.type === type && test(m as Extract<LiveMessage, { type: T }>)) {
          this.cursor = i + 1;
          return m as Extract<LiveMessage, { type: T }>;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${type}" message within ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(this.cursor).map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  send(data: string | Buffer, binary = false): void {
    this.socket.send(data, { binary });
  }

  close(): void {
    this.socket.close();
  }
}

export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused with ${status}: ${body}`);
  }
}

/**
 * Two processes' buses on one embedded database: what PostgreSQL's LISTEN/NOTIFY does between a
 * bot and a dashboard. A notice is delivered by `flush()`, which a test calls once the writer's
 * transaction committed (NOTIFY is delivered at commit).
 */
export class SharedBus {
  private readonly members = new Map<string, { games: Set<(notice: Committed) => void>; chats: Set<(notice: ChatNotice) => void> }>();
  private pending: ({ kind: 'game'; notice: Committed } | { kind: 'chat'; notice: ChatNotice })[] = [];

  member(): EventBus {
    const origin = randomUUID();
    const listeners = { games: new Set<(notice: Committed) => void>(), chats: new Set<(notice: ChatNotice) => void>() };
    this.members.set(origin, listeners);
    return {
      origin,
      publish: async (_tx, notice) => {
        this.pending.push({ kind: 'game', notice });
      },
      subscribe: (listener) => {
        listeners.games.add(listener);
        return () => listeners.games.delete(listener);
      },
      publishChat: async (_tx, notice) => {
        this.pending.push({ kind: 'chat', notice });
      },
      subscribeChats: (listener) => {
        listeners.chats.add(listener);
        return () => listeners.chats.delete(listener);
      },
      close: async () => {
        this.members.delete(origin);
      },
    };
  }

  flush(): void {
    for (const item of this.pending.splice(0)) {
      for (const [origin, listeners] of this.members) {
        if (origin === item.notice.origin) continue;
        if (item.kind === 'game') for (const l of listeners.games) l(item.notice);
        else for (const l of listeners.chats) l(item.notice);
      }
    }
  }
}

export async function until(test: () => boolean | Promise<boolean>, timeoutMs = 2000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
