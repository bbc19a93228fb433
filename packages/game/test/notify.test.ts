// LISTEN/NOTIFY between processes, and two writers racing on one game. PostgreSQL only: the
// embedded database serves one connection, so it has no second process to notify (LocalBus).
import { openDatabase, type Database } from '@mia/db';
import { createServerDatabase } from '@mia/db/testing';
import { replay, seededRng, type Action, type GameState } from '@mia/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GameService, PgNotifyBus, type ActResult, type ChatNotice, type Committed, type CommittedBatch, type EventBus, type GameRecord } from '../src';
import type { Tx } from '../src/repository';
import { Child, killChildren, type Line } from './processes';
import { applied, nextAiAction, PLAYERS, quietLog, startGame } from './support';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;

/** A PgNotifyBus that can be told to fail the transaction right after its pg_notify. */
class FailingBus implements EventBus {
  failNext = false;
  constructor(private readonly inner: PgNotifyBus) {}
  get origin() {
    return this.inner.origin;
  }
  async publish(tx: Tx, notice: Committed): Promise<void> {
    await this.inner.publish(tx, notice);
    if (this.failNext) {
      this.failNext = false;
      throw new Error('injected failure after pg_notify');
    }
  }
  subscribe(listener: (notice: Committed) => void) {
    return this.inner.subscribe(listener);
  }
  publishChat(tx: Tx, notice: ChatNotice) {
    return this.inner.publishChat(tx, notice);
  }
  subscribeChats(listener: (notice: ChatNotice) => void) {
    return this.inner.subscribeChats(listener);
  }
  close() {
    return this.inner.close();
  }
}

/** Collects a service's batches; `until` waits for the one that reaches a version. */
function recorder(service: GameService) {
  const batches: CommittedBatch[] = [];
  let wake: (() => void) | null = null;
  service.subscribe((b) => {
    batches.push(b);
    wake?.();
  });
  return {
    batches,
    async until(test: (b: CommittedBatch) => boolean, timeoutMs = 10_000): Promise<CommittedBatch> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = batches.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such batch within ${timeoutMs} ms (got ${batches.length})`);
        await new Promise<void>((r) => {
          const t = setTimeout(r, 50);
          wake = () => {
            clearTimeout(t);
            r();
          };
        });
      }
    },
  };
}

const shape = (b: { events: { seq: number; event: unknown }[] }) => b.events.map((e) => ({ seq: e.seq, event: e.event }));
const lastSeq = (b: CommittedBatch) => b.events.at(-1)?.seq ?? 0;

/** Plays `moves` AI moves of a started game through `service`; returns every applied result. */
async function play(service: GameService, chatId: bigint, game: GameRecord, moves: number) {
  const results: Extract<ActResult, { status: 'applied' }>[] = [];
  for (let i = 0; i < moves && game.state.phase === 'playing'; i++) {
    const result = applied(await service.act({ chatId, gameId: game.id, action: nextAiAction(game.state) }));
    results.push(result);
    game = result.game;
  }
  return { game, results };
}

describe.skipIf(!serverUrl)('LISTEN/NOTIFY on PostgreSQL', () => {
  let dropDatabase: () => Promise<void>;
  let url: string;
  let dbA: Database;
  let dbB: Database;
  let a: GameService;
  let b: GameService;
  let busA: FailingBus;
  let seenByA: ReturnType<typeof recorder>;
  let seenByB: ReturnType<typeof recorder>;

  beforeAll(async () => {
    const created = await createServerDatabase(serverUrl!);
    dropDatabase = created.drop;
    url = created.url;
    // Two connections (pools) to one database, each with its own listener: two "processes".
    dbA = await openDatabase({ databaseUrl: url });
    dbB = await openDatabase({ databaseUrl: url });
    const pgA = new PgNotifyBus(url, quietLog);
    const pgB = new PgNotifyBus(url, quietLog);
    await Promise.all([pgA.whenReady(), pgB.whenReady()]);
    busA = new FailingBus(pgA);
    a = new GameService({ db: dbA, bus: busA, rng: seededRng(1), timers: false, log: quietLog });
    b = new GameService({ db: dbB, bus: pgB, rng: seededRng(2), timers: false, log: quietLog });
    seenByA = recorder(a);
    seenByB = recorder(b);
  });
  afterEach(killChildren);
  afterAll(async () => {
    await killChildren();
    await a?.close();
    await b?.close();
    await dbA?.close();
    await dbB?.close();
    await dropDatabase?.();
  });

  it("delivers A's committed batches to B, in order and with the right events; A hears only itself", async () => {
    const chatId = -200_001n;
    const fromA = seenByA.batches.length;
    const fromB = seenByB.batches.length;
    const game = await startGame(a, chatId, PLAYERS.slice(0, 3), { lives: 2 });
    const { game: end } = await play(a, chatId, game, 200);
    expect(end.state.phase).toBe('over');

    await seenByB.until((x) => x.game.id === end.id && lastSeq(x) === end.version);
    const local = seenByA.batches.slice(fromA).filter((x) => x.game.id === end.id);
    const remote = seenByB.batches.slice(fromB).filter((x) => x.game.id === end.id);
    expect(local.every((x) => x.origin === 'local')).toBe(true); // no echo of its own notices
    expect(remote.every((x) => x.origin === 'remote')).toBe(true);
    // One remote batch per action, in commit order, carrying exactly the committed events.
    expect(remote.map(shape)).toEqual(local.map(shape));
    expect(remote.flatMap((x) => x.events.map((e) => e.seq))).toEqual(Array.from({ length: end.version }, (_, i) => i + 1));
    for (const x of remote) expect(x.game.version).toBeGreaterThanOrEqual(lastSeq(x));
    expect(replay(remote.flatMap((x) => x.events.map((e) => e.event)))).toEqual(end.state);
    // Each notice is loaded in one statement (game and events together): the row as B reads it
    // otherwise, and the events' times as committed.
    expect(remote.at(-1)!.game).toEqual(await b.game(end.id));
    const times = (xs: CommittedBatch[]) => xs.flatMap((x) => x.events.map((e) => e.createdAt.getTime()));
    expect(times(remote)).toEqual(times(local));
  });

  it('publishes nothing for a rejected action or a rolled-back transaction', async () => {
    const chatId = -200_002n;
    const game = await startGame(a, chatId);
    await seenByB.until((x) => x.game.id === game.id && lastSeq(x) === game.version);
    const before = seenByB.batches.length;

    // Refused by the engine: no transaction at all.
    const actor = game.state.round!.actor;
    const other = game.state.seats.find((s) => s.id !== actor)!.id;
    const refused = await a.act({ chatId, gameId: game.id, action: { type: 'call', player: other } });
    expect(refused).toMatchObject({ status: 'rejected', rejection: { code: 'not-your-turn' } });
    // pg_notify ran inside the transaction, then the transaction failed: rolled back, notice and all.
    busA.failNext = true;
    await expect(a.act({ chatId, gameId: game.id, action: nextAiAction(game.state) })).rejects.toThrow('injected failure');
    expect((await a.game(game.id))!.version).toBe(game.version);
    expect(await a.events(game.id, game.version)).toEqual([]);

    // The next real action is the next thing B hears of: nothing came before it.
    const next = applied(await a.act({ chatId, gameId: game.id, action: nextAiAction(game.state) }));
    await seenByB.until((x) => x.game.id === game.id && lastSeq(x) === next.game.version);
    // …and the one after it is the next: a stray notice would have come by then (notices keep commit order).
    const after = applied(await a.act({ chatId, gameId: game.id, action: nextAiAction(next.game.state) }));
    await seenByB.until((x) => x.game.id === game.id && lastSeq(x) === after.game.version);
    const heard = seenByB.batches.slice(before);
    expect(heard.map(shape)).toEqual([shape(next), shape(after)]);
  });

  it('reaches a second OS process: its subscribe gets every batch in order', async () => {
    const listener = new Child('test/fixtures/listener.ts', ['--db', url]);
    await listener.waitFor((l) => l.t === 'ready');
    const chatId = -200_003n;
    const fromA = seenByA.batches.length;
    const game = await startGame(a, chatId, PLAYERS.slice(0, 3), { lives: 2 });
    const { game: end } = await play(a, chatId, game, 200);
    await listener.waitFor((l) => l.t === 'batch' && l.gameId === end.id && lastLineSeq(l) === end.version);
    const local = seenByA.batches.slice(fromA).filter((x) => x.game.id === end.id);
    const remote = listener.lines.filter((l) => l.t === 'batch' && l.gameId === end.id);
    expect(remote.every((l) => l.origin === 'remote')).toBe(true);
    expect(remote.map((l) => l.events)).toEqual(local.map(shape));
  });

  it("hears a second OS process's actions: a child plays a whole game, this process receives it all", async () => {
    const chatId = -200_004n;
    const from = seenByA.batches.length;
    const child = new Child('test/fixtures/player.ts', ['--db', url, `--chat=${chatId}`, '--bus', 'pg', '--sleep', '0']);
    expect(await child.exited).toEqual({ code: 0, signal: null });
    const done = child.lines.at(-1)!;
    expect(done.t).toBe('done');
    await seenByA.until((x) => x.game.id === done.gameId && lastSeq(x) === done.version);
    const heard = seenByA.batches.slice(from).filter((x) => x.game.id === done.gameId);
    expect(heard.every((x) => x.origin === 'remote')).toBe(true);
    const reported = child.lines.filter((l) => l.t === 'applied');
    expect(heard.map((x) => [x.events[0]!.seq, lastSeq(x)])).toEqual(reported.map((l) => [l.from, l.to]));
    const stored = await a.events(done.gameId as string);
    expect(heard.flatMap(shape)).toEqual(stored.map((e) => ({ seq: e.seq, event: e.event })));
  });

  it('two services on two connections racing the same action: exactly one applies, every time', async () => {
    const chatId = -200_005n;
    const creator = PLAYERS[0]!;
    const race = (action: Action, extra: { gameId?: string; key?: string } = {}) => {
      const request = { chatId, action, ...extra, ...(action.type === 'create' ? { user: creator } : {}) };
      return Promise.all([a.act(request), b.act(request)]);
    };
    const one = (results: ActResult[], loser: ActResult['status'] = 'rejected') => {
      expect(results.map((r) => r.status).sort()).toEqual(['applied', loser].sort());
      return applied(results.find((r) => r.status === 'applied')!).game;
    };

    let game = one(await race({ type: 'create', creator: creator.id, settings: { lives: 6 } }));
    for (const p of PLAYERS.slice(0, 3)) game = one(await race({ type: 'join', player: p.id, name: p.name }));
    game = one(await race({ type: 'start' }));
    const codes = new Map<string, number>();
    for (let round = 0; round < 30; round++) {
      expect(game.state.phase).toBe('playing');
      const state: GameState = game.state;
      const action = nextAiAction(state, 'random', round);
      // Vary the guard: none (the engine refuses the replay of the action), the move, a shared key.
      const mode = round % 3;
      const guarded = mode === 1 && 'player' in action ? ({ ...action, move: state.move } as Action) : action;
      const results = await race(guarded, { gameId: game.id, ...(mode === 2 ? { key: `race:${round}` } : {}) });
      game = one(results, mode === 2 ? 'duplicate' : 'rejected');
      for (const r of results) if (r.status === 'rejected') codes.set(r.rejection.code, (codes.get(r.rejection.code) ?? 0) + 1);
      expect(game.state.move).toBeGreaterThan(state.move);
    }
    expect([...codes.keys()].every((c) => ['stale', 'not-your-turn', 'wrong-stage'].includes(c))).toBe(true);

    const stored = await a.events(game.id);
    const seqs = stored.map((e) => e.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));
    expect(replay(stored.map((e) => e.event))).toEqual((await b.game(game.id))!.state);
    expect(await dbA.prisma.game.count({ where: { chatId } })).toBe(1);
  });
});

const lastLineSeq = (l: Line) => (l.events as { seq: number }[]).at(-1)?.seq ?? 0;
