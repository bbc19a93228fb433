// Lobby closing times: a lobby closes (the engine's abort, `lobby-expired`: ABORTED, the chat
// free, a batch like any other) when nobody starts it in time; `extendLobby` moves the time on up
// to a cap; the time is kept in Game.deadlineAt, so timers, the overdue sweep and a restarted
// process all honour it, only one process closes it, and an /extend racing the close wins.
import type { Database, PrismaClient } from '@mia/db';
import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import { seededRng } from '@mia/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameService, LOBBY_TIMES, LocalBus, type CommittedBatch, type GameRecord, type GameServiceOptions } from '../src';
import { sharedDatabase, type SharedDatabase } from './processes';
import { applied, PLAYERS, quietLog } from './support';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const MIN = 60_000;

let db: TestDatabase;
const services: GameService[] = [];

/** A service on `database` whose clock is the test's `clock` (ms since epoch, read at each call). */
function service(database: Database, clock: () => number, options: Partial<GameServiceOptions> = {}): GameService {
  const s = new GameService({
    db: database,
    now: () => new Date(clock()),
    rng: seededRng(9),
    bus: new LocalBus(),
    timers: false,
    log: quietLog,
    ...options,
  });
  services.push(s);
  return s;
}

/** Whether a batch is a lobby's close (the engine's abort for want of a start) that `s` committed. */
const isExpiry = (b: CommittedBatch) => b.origin === 'local' && b.events.some(({ event: e }) => e.type === 'gameAborted' && e.reason === 'lobby-expired');

/** Every lobby `s` closes, as its listeners hear them: the closing batch, committed there. */
function expiries(s: GameService): GameRecord[] {
  const seen: GameRecord[] = [];
  s.subscribe((b) => {
    if (isExpiry(b)) seen.push(b.game);
  });
  return seen;
}

/** The next lobby `s` closes. */
const nextExpiry = (s: GameService): Promise<GameRecord> =>
  new Promise((resolve) => {
    const stop = s.subscribe((b) => {
      if (!isExpiry(b)) return;
      stop();
      resolve(b.game);
    });
  });

async function openLobby(s: GameService, chatId: bigint, players = PLAYERS.slice(0, 2)): Promise<GameRecord> {
  let game = applied(await s.act({ chatId, user: players[0]!, action: { type: 'create', creator: players[0]!.id } })).game;
  for (const p of players) game = applied(await s.act({ chatId, user: p, action: { type: 'join', player: p.id, name: p.name } })).game;
  return game;
}

describe('lobby closing time', () => {
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('a lobby closes openMs after it was opened; joining does not move the time', async () => {
    const t0 = Date.now();
    let now = t0;
    const s = service(db, () => now);
    const chatId = -400_001n;
    applied(await s.act({ chatId, user: PLAYERS[0]!, action: { type: 'create', creator: PLAYERS[0]!.id } }));
    now += 3 * MIN;
    const joined = applied(await s.act({ chatId, user: PLAYERS[1]!, action: { type: 'join', player: PLAYERS[1]!.id, name: 'Bo' } })).game;
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: joined.id } });
    expect(LOBBY_TIMES.openMs).toBe(10 * MIN);
    expect(row.deadlineAt).toEqual(new Date(t0 + LOBBY_TIMES.openMs));
    expect(joined.deadlineAt).toEqual(row.deadlineAt);
    expect(row.status).toBe('LOBBY');

    // Not yet due: the sweep leaves it.
    const closed = expiries(s);
    now = t0 + LOBBY_TIMES.openMs - 1;
    expect(await s.fireOverdue()).toBe(0);
    expect((await s.currentGame(chatId))?.id).toBe(joined.id);

    // Due: closed as by /stop, the chat free, its listeners told once, by a batch of its own: a
    // new version whose one event is the engine's abort.
    now = t0 + LOBBY_TIMES.openMs;
    expect(await s.fireOverdue()).toBe(1);
    expect(closed.map((g) => [g.id, g.status, g.chatId, g.version])).toEqual([[joined.id, 'ABORTED', chatId, joined.version + 1]]);
    const after = await db.prisma.game.findUniqueOrThrow({ where: { id: joined.id } });
    expect(after).toMatchObject({ status: 'ABORTED', deadlineAt: null, version: joined.version + 1, winnerId: null });
    expect(after.finishedAt).toEqual(new Date(now));
    expect(await s.currentGame(chatId)).toBeNull();
    const log = await s.events(joined.id, joined.version);
    expect(log.map((e) => e.event)).toEqual([{ type: 'gameAborted', reason: 'lobby-expired', by: null }]);
    expect((after.state as { phase: string }).phase).toBe('over');
    expect(await s.fireOverdue()).toBe(0);
    expect(closed).toHaveLength(1);

    // The chat is free for a new game, and the old lobby's buttons are refused.
    const late = await s.act({ chatId, gameId: joined.id, user: PLAYERS[2]!, action: { type: 'join', player: PLAYERS[2]!.id, name: 'Cleo' } });
    expect(late).toMatchObject({ status: 'rejected', rejection: { code: 'other-game' } });
    applied(await s.act({ chatId, user: PLAYERS[0]!, action: { type: 'create', creator: PLAYERS[0]!.id } }));
  });

  it('a started game has a turn deadline instead and is never closed as a lobby', async () => {
    let now = Date.now();
    const s = service(db, () => now);
    const closed = expiries(s);
    const chatId = -400_002n;
    await openLobby(s, chatId);
    now += 9 * MIN;
    const started = applied(await s.act({ chatId, action: { type: 'start' } })).game;
    expect(started.deadlineAt).toEqual(new Date(now + started.state.settings.turnSeconds! * 1000));
    now += 2 * MIN; // past the lobby's time and the turn's
    expect(await s.fireOverdue()).toBe(1); // the turn timed out
    expect(closed).toEqual([]);
    expect((await s.currentGame(chatId))?.status).toBe('PLAYING');
    expect(await s.extendLobby(chatId, started.id)).toEqual({ ok: false, reason: 'no-lobby' });
  });

  it('extendLobby adds extendMs, up to maxAheadMs from now; then refuses at the limit', async () => {
    const t0 = Date.now();
    let now = t0;
    const s = service(db, () => now);
    const chatId = -400_003n;
    const game = await openLobby(s, chatId);
    const first = await s.extendLobby(chatId, game.id);
    expect(first).toEqual({ ok: true, deadlineAt: new Date(t0 + 15 * MIN), remainingMs: 15 * MIN });
    expect((await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).deadlineAt).toEqual(new Date(t0 + 15 * MIN));
    // A join after the extension keeps the extended time.
    applied(await s.act({ chatId, user: PLAYERS[2]!, action: { type: 'join', player: PLAYERS[2]!.id, name: 'Cleo' } }));
    expect((await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).deadlineAt).toEqual(new Date(t0 + 15 * MIN));

    expect(await s.extendLobby(chatId, game.id)).toMatchObject({ ok: true, deadlineAt: new Date(t0 + 20 * MIN) });
    expect(await s.extendLobby(chatId, game.id)).toMatchObject({ ok: true, deadlineAt: new Date(t0 + 25 * MIN) });
    expect(await s.extendLobby(chatId, game.id)).toMatchObject({ ok: true, deadlineAt: new Date(t0 + 30 * MIN) });
    // The cap: 30 minutes from now at most.
    expect(await s.extendLobby(chatId, game.id)).toEqual({
      ok: false,
      reason: 'at-limit',
      deadlineAt: new Date(t0 + 30 * MIN),
      remainingMs: 30 * MIN,
    });
    // Seconds later, the few seconds of room are no extension: still at the limit.
    now = t0 + 30_000;
    expect(await s.extendLobby(chatId, game.id)).toEqual({
      ok: false,
      reason: 'at-limit',
      deadlineAt: new Date(t0 + 30 * MIN),
      remainingMs: 30 * MIN - 30_000,
    });
    // Later, there is room again, but only up to the cap (2 of the 5 minutes).
    now = t0 + 2 * MIN;
    expect(await s.extendLobby(chatId, game.id)).toEqual({ ok: true, deadlineAt: new Date(t0 + 32 * MIN), remainingMs: 30 * MIN });
    // Other chats and other games are not extended.
    expect(await s.extendLobby(-400_999n, game.id)).toEqual({ ok: false, reason: 'no-lobby' });
    expect(await s.extendLobby(chatId, 'no-such-game')).toEqual({ ok: false, reason: 'no-lobby' });

    // The extended lobby stays past its first time, and closes at the new one.
    // (The database is shared with the other tests, whose lobbies the sweep may close too.)
    const closed = expiries(s);
    now = t0 + 31 * MIN;
    await s.fireOverdue();
    expect(closed.map((g) => g.id)).not.toContain(game.id);
    now = t0 + 32 * MIN;
    await s.fireOverdue();
    expect(closed.filter((g) => g.id === game.id)).toHaveLength(1);
    expect(await s.extendLobby(chatId, game.id)).toEqual({ ok: false, reason: 'no-lobby' });
  });

  it('two extensions at once both count', async () => {
    const t0 = Date.now();
    const s = service(db, () => t0);
    const chatId = -400_004n;
    const game = await openLobby(s, chatId);
    const both = await Promise.all([s.extendLobby(chatId, game.id, MIN), s.extendLobby(chatId, game.id, MIN)]);
    expect(both.every((r) => r.ok)).toBe(true);
    expect((await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).deadlineAt).toEqual(new Date(t0 + 12 * MIN));
  });

  it('an armed timer closes the lobby when its time comes, and follows an extension', async () => {
    // Real timers: the times leave room for a loaded machine to open and extend the lobby first.
    const s = service(db, () => Date.now(), { timers: true, lobby: { openMs: 2_000, extendMs: 2_000 } });
    const chatId = -400_005n;
    const closedAt = nextExpiry(s).then((g) => ({ game: g, at: Date.now() }));
    const opened = Date.now();
    const game = await openLobby(s, chatId);
    expect(await s.extendLobby(chatId, game.id)).toMatchObject({ ok: true });
    const { game: closed, at } = await closedAt;
    expect(closed.id).toBe(game.id);
    expect(at - opened).toBeGreaterThanOrEqual(3_900); // 2 s + 2 s, not the first 2 s
    expect((await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).status).toBe('ABORTED');
    expect(await s.currentGame(chatId)).toBeNull();
  });

  it('a timer armed for the old time, in a process that missed the extension, re-arms instead of closing', async () => {
    const t0 = Date.now();
    const a = service(db, () => t0);
    const chatId = -400_006n;
    const game = await openLobby(a, chatId);
    // `b` armed the lobby's first time (say it heard of the lobby before the extension), due 5 s
    // from now: the extension must commit first (with 200 ms, an extension at load 10 on the
    // 2-core machine came after b's timer had closed the lobby, and CI failed)…
    const b = service(db, () => Date.now() + LOBBY_TIMES.openMs - 5_000, { timers: true });
    const closedByB = expiries(b);
    const fired = vi.spyOn(b, 'expireLobby');
    await b.recover();
    // …then `a` extends it by 5 minutes: b's timer fires, finds the new time and waits for it.
    expect(await a.extendLobby(chatId, game.id)).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(fired).toHaveBeenCalledWith(game.id), { timeout: 60_000, interval: 100 });
    expect(await fired.mock.results[0]!.value).toBeNull();
    expect(closedByB).toEqual([]);
    expect((await a.currentGame(chatId))?.status).toBe('LOBBY');
  });

  it('of two processes sweeping at once, one closes the lobby and only its listeners hear of it', async () => {
    const t0 = Date.now();
    const a = service(db, () => t0);
    const chatId = -400_007n;
    const game = await openLobby(a, chatId);
    const late = () => t0 + LOBBY_TIMES.openMs + 1;
    const b = service(db, late);
    const c = service(db, late);
    const heard = [expiries(b), expiries(c)];
    const fired = await Promise.all([b.fireOverdue(), c.fireOverdue()]);
    expect(fired[0]! + fired[1]!).toBe(1);
    expect(heard.flat().map((g) => g.id)).toEqual([game.id]);
  });

  it('an action racing an expiry cannot bring the closed lobby back', async () => {
    const t0 = Date.now();
    const a = service(db, () => t0);
    const chatId = -400_008n;
    const game = await openLobby(a, chatId);
    // `a` reads the lobby for a start; before it writes, `b` closes the lobby.
    const b = service(db, () => t0 + LOBBY_TIMES.openMs);
    const original = a.currentGame.bind(a);
    let raced = false;
    a.currentGame = async (id: bigint) => {
      const read = await original(id);
      if (!raced) {
        raced = true;
        expect(await b.expireLobby(game.id)).not.toBeNull();
      }
      return read;
    };
    const result = await a.act({ chatId, gameId: game.id, action: { type: 'start' } });
    expect(result.status).toBe('rejected');
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(row.status).toBe('ABORTED');
    expect(row.version).toBe(game.version + 1); // the expiry's one event, and nothing of the start
    expect(await db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).toMatchObject({ currentGameId: null });
  });

  it('an /extend committed between the expiry’s read and its write wins: the lobby stays, its timer re-armed', async () => {
    const t0 = Date.now();
    const a = service(db, () => t0);
    const chatId = -400_009n;
    const game = await openLobby(a, chatId);
    // `b`'s clock is past the lobby's time; right before its transaction, `a` extends the lobby.
    let extended: unknown = null;
    const b = service(
      beforeTransaction(db, async () => (extended ??= await a.extendLobby(chatId, game.id))),
      () => t0 + LOBBY_TIMES.openMs + 1,
    );
    const closed = expiries(b);
    expect(await b.expireLobby(game.id)).toBeNull();
    expect(extended).toMatchObject({ ok: true });
    expect(closed).toEqual([]);
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(row).toMatchObject({ status: 'LOBBY', version: game.version });
    expect(row.deadlineAt).toEqual(new Date(t0 + LOBBY_TIMES.openMs + LOBBY_TIMES.extendMs));
    expect((await a.currentGame(chatId))?.id).toBe(game.id);
  });

  it('a start committed between the expiry’s read and its write wins: the game plays on', async () => {
    const t0 = Date.now();
    const a = service(db, () => t0);
    const chatId = -400_010n;
    const lobby = await openLobby(a, chatId);
    let started: GameRecord | null = null;
    const b = service(
      beforeTransaction(db, async () => (started ??= applied(await a.act({ chatId, action: { type: 'start' } })).game)),
      () => t0 + LOBBY_TIMES.openMs + 1,
    );
    expect(await b.expireLobby(lobby.id)).toBeNull();
    expect(started).not.toBeNull();
    expect(await db.prisma.game.findUniqueOrThrow({ where: { id: lobby.id } })).toMatchObject({ status: 'PLAYING', version: started!.version });
  });
});

/** `database`, with `before` run (and awaited) at the start of each of its client's transactions. */
function beforeTransaction(database: Database, before: () => Promise<unknown>): Database {
  const prisma = new Proxy(database.prisma, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (prop !== '$transaction') return fn.bind(target);
      return async (...args: unknown[]) => {
        await before();
        return fn.apply(target, args);
      };
    },
  }) as PrismaClient;
  return { ...database, prisma };
}

describe('lobby closing time across a restart', () => {
  let shared: SharedDatabase;
  beforeAll(async () => {
    shared = serverUrl ? await sharedDatabase('postgres', serverUrl) : await sharedDatabase('pglite');
  });
  afterAll(async () => {
    await shared?.dispose();
  });

  /** A process: the shared database opened, a service with timers whose clock is `clock`. */
  async function boot(clock: () => number) {
    const database = await shared.open();
    const s = new GameService({ db: database, now: () => new Date(clock()), rng: seededRng(4), bus: new LocalBus(), log: quietLog });
    return {
      service: s,
      async shutdown() {
        await s.close();
        await database.close();
      },
    };
  }

  it('the next process arms the open lobby’s time, or closes it at once when it has passed', async () => {
    const t0 = Date.now();
    const chatA = -400_101n;
    const chatB = -400_102n;
    // First process: two lobbies, one extended; then it stops.
    let p = await boot(() => t0);
    const a = await openLobby(p.service, chatA);
    const b = await openLobby(p.service, chatB);
    expect(await p.service.extendLobby(chatB, b.id)).toMatchObject({ ok: true });
    await p.shutdown();

    // Second process, 300 ms before A's time: nothing closed at recovery; A closes when due, B stays.
    let ahead = 0;
    p = await boot(() => Date.now() + ahead);
    ahead = t0 + LOBBY_TIMES.openMs - 300 - Date.now();
    const closed = expiries(p.service);
    const heard = nextExpiry(p.service);
    const armedAt = Date.now();
    expect(await p.service.recover()).toEqual({ running: 0, overdue: 0 });
    expect(closed).toEqual([]);
    expect((await heard).id).toBe(a.id);
    expect(Date.now() - armedAt).toBeGreaterThanOrEqual(200);
    expect(await p.service.currentGame(chatA)).toBeNull();
    expect((await p.service.currentGame(chatB))?.status).toBe('LOBBY');
    await p.shutdown();

    // Third process, after B's extended time: B is closed on recovery.
    p = await boot(() => t0 + LOBBY_TIMES.openMs + LOBBY_TIMES.extendMs + 1_000);
    const heardB = nextExpiry(p.service);
    await p.service.recover();
    expect((await heardB).id).toBe(b.id);
    expect(await p.service.currentGame(chatB)).toBeNull();
    await p.shutdown();
  });
});
