// Turn deadlines: set on every move, fired as a `timeout` action by whichever service's timer
// (or recovery sweep) gets there, refused when stale, applied once however many fire it, and
// kept across a restart. A service "later in time" is a GameService whose clock runs ahead.
import type { Database } from '@mia/db';
import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import { legalMoves, playerView, replay, seededRng, type GameEvent } from '@mia/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GameService, LocalBus, type ActRequest, type ActResult, type CommittedBatch, type GameRecord } from '../src';
import { sharedDatabase, type SharedDatabase } from './processes';
import { applied, nextAiAction, PLAYERS, quietLog, startGame } from './support';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const TURN = 15; // the shortest turn the settings allow

let db: TestDatabase;
let a: GameService; // the real clock, no timers: plays the moves
const services: GameService[] = [];

/** A service on `database` whose clock runs `aheadMs` ahead of the real one; timers on. */
function later(database: Database, aheadMs: number, seed = 7): GameService {
  const service = new GameService({
    db: database,
    now: () => new Date(Date.now() + aheadMs),
    rng: seededRng(seed),
    bus: new LocalBus(), // on its own: it hears of other services' moves only from the database
    log: quietLog,
  });
  services.push(service);
  return service;
}

/** The first batch `service` emits for `gameId` that passes `test`. */
function batchOf(service: GameService, gameId: string, test: (b: CommittedBatch) => boolean = () => true, timeoutMs = 60_000) {
  return new Promise<CommittedBatch>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no batch for ${gameId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = service.subscribe((b) => {
      if (b.game.id !== gameId || !test(b)) return;
      clearTimeout(timer);
      off();
      resolve(b);
    });
  });
}

/**
 * Intercepts the `timeout` actions `service` sends itself (from its timers or its sweep): records
 * each request and result, and holds them at `gate` until it opens.
 */
function interceptTimeouts(service: GameService) {
  const original = service.act.bind(service);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let gated = false;
  const seen: { request: ActRequest; result: Promise<ActResult> }[] = [];
  let arrived: (() => void) | null = null;
  service.act = (request: ActRequest) => {
    if (request.action.type !== 'timeout') return original(request);
    const result = (async () => {
      if (gated) await gate;
      return original(request);
    })();
    seen.push({ request, result });
    arrived?.();
    return result;
  };
  return {
    seen,
    hold() {
      gated = true;
    },
    release() {
      open();
    },
    /** The first timeout sent for `gameId`, once it has been sent. */
    async firedFor(gameId: string): Promise<{ request: ActRequest; result: Promise<ActResult> }> {
      for (;;) {
        const found = seen.find((t) => t.request.gameId === gameId);
        if (found) return found;
        await new Promise<void>((r) => (arrived = r));
      }
    },
  };
}

/** `database` whose game listings (findMany) report, then wait for `resume` before returning. */
function stallAfterListing(database: Database, listed: () => void, resume: Promise<void>): Database {
  const games = database.prisma.game;
  const game = new Proxy(games, {
    get(target, prop, receiver) {
      if (prop !== 'findMany') return Reflect.get(target, prop, receiver);
      return async (...args: Parameters<typeof games.findMany>) => {
        const rows = await target.findMany(...args);
        listed();
        await resume;
        return rows;
      };
    },
  });
  const prisma = new Proxy(database.prisma, {
    get: (target, prop, receiver) => (prop === 'game' ? game : Reflect.get(target, prop, receiver)),
  });
  return { ...database, prisma };
}

const timeoutsIn = (events: GameEvent[], player: string) => events.filter((e) => e.type === 'lifeLost' && e.player === player && e.cause === 'timeout').length;

/** The running games and those past a clock's deadline: what `recover()` should report. */
async function expectedRecovery(database: Database, at: Date) {
  const [running, overdue] = await Promise.all([
    database.prisma.game.count({ where: { status: 'PLAYING' } }),
    database.prisma.game.count({ where: { status: 'PLAYING', deadlineAt: { lte: at } } }),
  ]);
  return { running, overdue };
}

describe('turn deadlines', () => {
  beforeAll(async () => {
    db = await openTestDatabase();
    a = new GameService({ db, rng: seededRng(3), timers: false, bus: new LocalBus(), log: quietLog });
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await a?.close();
    await db?.destroy();
  });

  it('a move sets the deadline to now + turnSeconds; a finished game has none', async () => {
    let clock = Date.now();
    const service = new GameService({ db, now: () => new Date(clock), rng: seededRng(5), timers: false, bus: new LocalBus(), log: quietLog });
    services.push(service);
    const chatId = -300_001n;
    let game = await startGame(service, chatId, PLAYERS.slice(0, 2), { turnSeconds: 20, lives: 1 });
    let row = await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(row.deadlineAt).toEqual(new Date(clock + 20_000));
    expect(row.turnStartedAt).toEqual(new Date(clock));
    expect(game.deadlineAt).toEqual(row.deadlineAt);

    while (game.state.phase === 'playing') {
      clock += 3_500;
      const before = game.state.move;
      game = applied(await service.act({ chatId, gameId: game.id, action: nextAiAction(game.state) })).game;
      expect(game.state.move).toBeGreaterThan(before);
      row = await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
      if (game.state.phase === 'playing') {
        expect(row.deadlineAt).toEqual(new Date(clock + 20_000));
        expect(row.turnStartedAt).toEqual(new Date(clock));
      }
    }
    expect(row.status).toBe('FINISHED');
    expect(row.deadlineAt).toBeNull();
    expect(row.turnStartedAt).toBeNull();
  });

  it('recover() on a service past the deadline fires the overdue timeout: the player loses a life (timeout)', async () => {
    const chatId = -300_002n;
    const game = await startGame(a, chatId, PLAYERS.slice(0, 3), { turnSeconds: TURN, lives: 3 });
    const actor = game.state.round!.actor;
    const b = later(db, (TURN + 1) * 1000);
    const timedOut = batchOf(b, game.id, (x) => x.events.some((e) => e.event.type === 'lifeLost'));

    const expected = await expectedRecovery(db, new Date(Date.now() + (TURN + 1) * 1000));
    expect(expected.overdue).toBeGreaterThanOrEqual(1);
    expect(await b.recover()).toEqual(expected);

    const batch = await timedOut;
    expect(batch.origin).toBe('local');
    const types = batch.events.map((e) => e.event.type);
    expect(types.slice(0, 3)).toEqual(['turnMissed', 'lifeLost', 'roundEnded']);
    expect(batch.events[1]!.event).toEqual({ type: 'lifeLost', player: actor, amount: 1, cause: 'timeout', lives: 2 });
    // The next starter is dealt the dice in the same commit: stage announce, not roll.
    expect(types.slice(-2)).toEqual(['roundStarted', 'diceRolled']);
    expect(batch.events.at(-2)!.event).toMatchObject({ type: 'roundStarted', round: 2 });
    expect(batch.game.state.round).toMatchObject({ number: 2, stage: 'announce' });

    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: game.id }, include: { seats: true, rounds: true } });
    expect(row.version).toBe(game.version + batch.events.length);
    expect(row.seats.find((s) => s.userId.toString() === actor)!.lives).toBe(2);
    expect(row.rounds.find((r) => r.number === 1)).toMatchObject({ cause: 'TIMEOUT', end: 'TIMEOUT', livesLost: 1 });
    expect(await db.prisma.processedUpdate.count({ where: { key: `timeout:${game.id}:${game.state.move}` } })).toBe(1);
    // the next turn's deadline counts from when the timeout was applied (on the clock of the service that applied it)
    expect(row.deadlineAt!.getTime()).toBeGreaterThan(Date.now() + (2 * TURN + 1) * 1000 - 5_000);
    const events = (await a.events(game.id)).map((e) => e.event);
    expect(replay(events)).toEqual(row.state);
  });

  it('a deadline leaves the next starter with dice in hand (stage announce), in the one commit of the timeout', async () => {
    const chatId = -300_007n;
    const players = PLAYERS.slice(0, 3);
    const game = await startGame(a, chatId, players, { turnSeconds: TURN });
    const first = game.state.round!;
    // The game's first starter was dealt theirs with the start.
    expect(first).toMatchObject({ number: 1, actor: first.starter, stage: 'announce', cup: { lookedBy: first.starter } });
    const next = players[(players.findIndex((p) => p.id === first.actor) + 1) % players.length]!.id;

    // The starter misses the deadline: the sweep of a service whose clock is past it times the turn out.
    const b = later(db, (TURN + 1) * 1000, 17);
    const batches: CommittedBatch[] = [];
    b.subscribe((x) => {
      if (x.game.id === game.id) batches.push(x);
    });
    await b.fireOverdue();
    expect(await b.fireOverdue()).toBe(0); // nothing more to fire: the next turn's deadline is ahead

    // One commit, one batch: the timeout, the round's end, the next round's start and its dice.
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch!.events.map((e) => e.event.type)).toEqual(['turnMissed', 'lifeLost', 'roundEnded', 'roundStarted', 'diceRolled']);
    expect(batch!.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5].map((k) => game.version + k));
    const dealt = batch!.events.at(-1)!.event;
    expect(dealt).toMatchObject({ type: 'diceRolled', player: next, looked: true });

    const after = (await a.game(game.id))!;
    expect(after.version).toBe(game.version + 5);
    expect(after.state).toEqual(batch!.game.state);
    const round = after.state.round!;
    expect(round).toMatchObject({ number: 2, starter: next, actor: next, stage: 'announce', announcements: [] });
    expect(round.cup).toEqual({ dice: (dealt as { dice: unknown }).dice, lookedBy: next });
    expect(playerView(after.state, next).myDice).toEqual(round.cup!.dice);
    expect(legalMoves(after.state, next)).toMatchObject({ stage: 'announce' });
    // A new turn with its own deadline; the next starter announces straight away.
    expect(after.deadlineAt!.getTime()).toBeGreaterThan(game.deadlineAt!.getTime());
    const announced = applied(
      await a.act({ chatId, gameId: game.id, action: { type: 'announce', player: next, value: 31, blind: false, move: after.state.move } }),
    );
    expect(announced.events.map((e) => e.event.type)).toEqual(['announced']);
    expect(replay((await a.events(game.id)).map((e) => e.event))).toEqual(announced.game.state);
  });

  it('a timeout that lost the race to the player is refused as stale and changes nothing', async () => {
    const chatId = -300_003n;
    const game = await startGame(a, chatId, PLAYERS.slice(0, 3), { turnSeconds: TURN });
    const b = later(db, (TURN + 1) * 1000);
    const timeouts = interceptTimeouts(b);
    timeouts.hold();
    await b.recover();
    const mine = await timeouts.firedFor(game.id); // the timer has fired for this turn (and waits at the gate)…
    expect(mine.request.action).toEqual({ type: 'timeout', player: game.state.round!.actor, move: game.state.move });

    // …when the player's move commits first.
    const moved = applied(await a.act({ chatId, gameId: game.id, action: nextAiAction(game.state) })).game;
    timeouts.release();
    const result = await mine.result;
    expect(result).toMatchObject({ status: 'rejected', rejection: { code: 'stale' } });

    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: game.id }, include: { seats: true } });
    expect(row.version).toBe(moved.version);
    expect(row.state).toEqual(moved.state);
    expect(row.deadlineAt).toEqual(moved.deadlineAt);
    expect(row.seats.every((s) => s.lives === moved.state.settings.lives)).toBe(true);
    const events = (await a.events(game.id)).map((e) => e.event);
    expect(events.some((e) => e.type === 'turnMissed')).toBe(false);
    // a refused timeout does not use up its key
    expect(await db.prisma.processedUpdate.count({ where: { key: mine.request.key! } })).toBe(0);
  });

  it('the same timeout fired by two services is applied once', async () => {
    const chatId = -300_004n;
    const game = await startGame(a, chatId, PLAYERS.slice(0, 3), { turnSeconds: TURN });
    const actor = game.state.round!.actor;
    const b = later(db, (TURN + 1) * 1000, 11);
    const c = later(db, (TURN + 1) * 1000, 12);
    const atB = interceptTimeouts(b);
    const atC = interceptTimeouts(c);
    atB.hold();
    atC.hold();
    await Promise.all([b.recover(), c.recover()]);
    const [fromB, fromC] = await Promise.all([atB.firedFor(game.id), atC.firedFor(game.id)]);
    expect(fromB.request.key).toBe(`timeout:${game.id}:${game.state.move}`);
    expect(fromC.request.key).toBe(fromB.request.key);
    atB.release(); // both at once: a real race
    atC.release();
    const results = await Promise.all([fromB.result, fromC.result]);
    expect(results.map((r) => r.status).sort()).toEqual(['applied', 'duplicate']);

    let events = (await a.events(game.id)).map((e) => e.event);
    expect(timeoutsIn(events, actor)).toBe(1);
    expect(events.filter((e) => e.type === 'turnMissed')).toHaveLength(1);
    expect(await db.prisma.processedUpdate.count({ where: { key: fromB.request.key! } })).toBe(1);
    const after = (await a.game(game.id))!;
    expect(after.state.seats.find((s) => s.id === actor)!.lives).toBe(after.state.settings.lives - 1);
    expect(replay(events)).toEqual(after.state);

    // The sweep too: two services running fireOverdue() at once apply each overdue turn once.
    const d = later(db, 60_000, 13);
    const e = later(db, 60_000, 14);
    const due = await expectedRecovery(db, new Date(Date.now() + 60_000));
    expect(due.overdue).toBeGreaterThanOrEqual(1);
    const fired = await Promise.all([d.fireOverdue(), e.fireOverdue()]);
    expect(fired[0]! + fired[1]!).toBe(due.overdue);
    events = (await a.events(game.id)).map((x) => x.event);
    expect(events.filter((x) => x.type === 'turnMissed')).toHaveLength(2);
    expect(replay(events)).toEqual((await a.game(game.id))!.state);
  });

  it('a sweep that listed a turn as overdue does not time out the next turn once another service has', async () => {
    const chatId = -300_006n;
    const game = await startGame(a, chatId, PLAYERS.slice(0, 3), { turnSeconds: TURN });
    // `slow` lists the overdue games, then stalls before it handles them…
    let listed!: () => void;
    const hasListed = new Promise<void>((r) => (listed = r));
    let resume!: () => void;
    const resumed = new Promise<void>((r) => (resume = r));
    const slow = later(stallAfterListing(db, listed, resumed), (TURN + 1) * 1000, 15);
    const sweeping = slow.fireOverdue();
    await hasListed;
    // …while another service times the turn out; the next turn's deadline is TURN seconds away.
    const fast = later(db, (TURN + 1) * 1000, 16);
    const timedOut = batchOf(fast, game.id, (b) => b.events.some((e) => e.event.type === 'turnMissed'));
    await fast.fireOverdue();
    const after = (await timedOut).game;
    expect(after.deadlineAt!.getTime()).toBeGreaterThan(Date.now() + (TURN + 1) * 1000);
    resume();
    await sweeping;
    const events = (await a.events(game.id)).map((e) => e.event);
    expect(events.filter((e) => e.type === 'turnMissed')).toHaveLength(1);
    expect((await a.game(game.id))!.version).toBe(after.version);
  });

  it('with turnSeconds null there is no deadline: nothing to arm, nothing ever times out', async () => {
    const chatId = -300_005n;
    let game: GameRecord = await startGame(a, chatId, PLAYERS.slice(0, 3), { turnSeconds: null });
    expect(game.deadlineAt).toBeNull();
    game = applied(await a.act({ chatId, gameId: game.id, action: nextAiAction(game.state) })).game;
    const row = await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(row.deadlineAt).toBeNull();
    expect(row.turnStartedAt).not.toBeNull(); // time to act is still measured

    const b = later(db, 365 * 24 * 3600 * 1000); // a year on
    const timeouts = interceptTimeouts(b);
    await b.recover();
    await b.fireOverdue();
    await new Promise((r) => setTimeout(r, 100)); // room for a timer, were one armed
    expect(timeouts.seen.filter((t) => t.request.gameId === game.id)).toEqual([]);
    expect((await a.game(game.id))!.version).toBe(game.version);
  });
});

describe('turn deadlines across a restart', () => {
  let shared: SharedDatabase;
  const open: { db: Database; service: GameService }[] = [];

  /** A process start: open the database, make a service (timers on) whose clock runs `clock.ahead` ms ahead. */
  async function boot() {
    const database = await shared.open();
    const clock = { ahead: 0 };
    const service = new GameService({
      db: database,
      now: () => new Date(Date.now() + clock.ahead),
      rng: seededRng(21),
      bus: new LocalBus(),
      log: quietLog,
    });
    open.push({ db: database, service });
    return { db: database, service, clock };
  }
  async function shutdown() {
    const { db: database, service } = open.pop()!;
    await service.close();
    await database.close();
  }

  beforeAll(async () => {
    // A database that outlives its users: a data folder (PGlite), or a database on the server.
    shared = serverUrl ? await sharedDatabase('postgres', serverUrl) : await sharedDatabase('pglite');
  });
  afterAll(async () => {
    while (open.length) await shutdown();
    await shared?.dispose();
  });

  it('survive a restart: the next process arms the pending deadline, or fires it if it is past', async () => {
    const chatId = -300_101n;
    // First process: a game with a deadline TURN seconds away; then it stops.
    let p = await boot();
    const game = await startGame(p.service, chatId, PLAYERS.slice(0, 3), { turnSeconds: TURN });
    const actor = game.state.round!.actor;
    await shutdown();

    // Second process, its clock 5 s before the deadline: armed, not fired at once; fires when due.
    // (With 300 ms, recover() at load 13 on the 2-core machine read the game after the deadline
    // and fired it as overdue: CI failed so.)
    p = await boot();
    p.clock.ahead = game.deadlineAt!.getTime() - 5_000 - Date.now();
    const firstTimeout = batchOf(p.service, game.id, (b) => b.events.some((e) => e.event.type === 'lifeLost'));
    const armedAt = Date.now();
    expect(await p.service.recover()).toEqual({ running: 1, overdue: 0 });
    const first = await firstTimeout;
    expect(Date.now() - armedAt).toBeGreaterThanOrEqual(200);
    expect(first.events.find((e) => e.event.type === 'lifeLost')!.event).toMatchObject({ player: actor, cause: 'timeout' });
    const afterFirst = first.game;
    await shutdown();

    // Third process, well past the next deadline: fired on recovery.
    p = await boot();
    p.clock.ahead = afterFirst.deadlineAt!.getTime() + 1000 - Date.now();
    const secondTimeout = batchOf(p.service, game.id, (b) => b.events.some((e) => e.event.type === 'lifeLost'));
    expect(await p.service.recover()).toEqual({ running: 1, overdue: 1 });
    const second = await secondTimeout;
    expect(second.events[0]!.seq).toBe(afterFirst.version + 1);
    expect(second.events.find((e) => e.event.type === 'lifeLost')!.event).toMatchObject({
      player: afterFirst.state.round!.actor,
      cause: 'timeout',
    });
    const stored = await p.service.events(game.id);
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
    expect(stored.filter((e) => e.event.type === 'turnMissed')).toHaveLength(2);
    expect(replay(stored.map((e) => e.event))).toEqual((await p.service.game(game.id))!.state);
    await shutdown();
  });
});
