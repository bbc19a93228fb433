// The live channel over a real listening server and a `ws` client: snapshot, changes within a
// second (from this process and from another one), reconnects, ping/pong, malformed messages,
// refusals; endings (/stop, the bot removed, a lobby expired), rotated tokens and migrations,
// each within a second and with no sweep, from this process and from another one; and the hub
// alone with fake sockets (fan-out, slow clients, heartbeats, a token checked again on join).
import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { GameService, LOBBY_TIMES, PgNotifyBus, type ChatChanged, type CommittedBatch, type GameRecord } from '@mia/game';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveHub, type LiveSocket } from '../../server/live/hub';
import { encode, MAX_CLIENT_MESSAGE_BYTES, MAX_FRAME_BYTES } from '../../server/live/messages';
import type { Group } from '../../server/read/groups';
import { ADA, BO, CLEO, group, listen, LiveClient, quietLog, SharedBus, Table, until, UpgradeRefused, world, type World } from './support';

const CHAT = -2001n;

/** A full garbage collection, exposed on demand (the test process runs without --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
const OTHER = -2002n;

describe('live channel', () => {
  let w: World;
  let base: string;
  let token: string;
  let otherToken: string;
  const clients: LiveClient[] = [];
  const connect = async (t = token) => {
    const c = await LiveClient.connect(`${base}/api/g/${t}/ws`);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    w = await world();
    base = await listen(w.app);
    token = await group(w.games, CHAT, 'Live table');
    otherToken = await group(w.games, OTHER, 'Other table');
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(() => w?.close());

  it('sends a snapshot on connect, then every committed change within a second, then `ended`', async () => {
    const empty = await connect();
    expect(await empty.next('snapshot')).toEqual({ type: 'snapshot', games: [] });

    const table = new Table(w.games, w.dice, CHAT);
    await table.open([ADA, BO], { lives: 1 });
    // A lobby is a running game too.
    const lobby = await empty.next('game', (m) => m.game.version === table.game!.version);
    expect(lobby.game).toMatchObject({ id: table.game!.id, status: 'LOBBY', view: { phase: 'lobby' } });

    const client = await connect();
    const snapshot = await client.next('snapshot');
    expect(snapshot.games.map((g) => [g.id, g.version, g.status])).toEqual([[table.game!.id, table.game!.version, 'LOBBY']]);

    // The start (Ada is dealt 42 with it), then Ada's announcement.
    const moves: (() => Promise<unknown>)[] = [() => table.start([4, 2]), () => table.play({ type: 'announce', value: 42 })];
    for (const move of moves) {
      const started = Date.now();
      await move();
      const m = await client.next('game', (g) => g.game.version === table.game!.version, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(m.game.status).toBe('PLAYING');
      expect(m.game.view.move).toBe(table.game!.state.move);
    }
    await table.play({ type: 'call' }); // the claim held: the caller, Bo, is out; Ada wins
    const ended = await client.next('ended', (m) => m.game.id === table.game!.id, 1000);
    expect(ended.game).toMatchObject({ status: 'FINISHED', version: table.game!.version, view: { phase: 'over' } });
    expect(ended.game.view.result!.winner).toBe(ADA.id);

    // Reconnecting gives a fresh snapshot: nothing is running any more.
    client.close();
    const again = await connect();
    expect(await again.next('snapshot')).toEqual({ type: 'snapshot', games: [] });
  });

  it('a client that reconnects mid-game gets the game as it is now', async () => {
    const table = new Table(w.games, w.dice, CHAT);
    await table.open([ADA, BO, CLEO]);
    await table.start([5, 3]);
    const first = await connect();
    await first.next('snapshot');
    first.close();
    await table.play({ type: 'announce', value: 53 });
    const second = await connect();
    const snapshot = await second.next('snapshot');
    expect(snapshot.games).toHaveLength(1);
    expect(snapshot.games[0]).toMatchObject({ id: table.game!.id, version: table.game!.version });
    expect(snapshot.games[0]!.view.round!.announcements).toEqual([{ player: table.game!.state.round!.announcements[0]!.player, value: 53, kind: 'looked' }]);
    await w.games.abort(CHAT, table.game!.id);
    // The stop is the engine's abort: its batch is the `ended`, a version on.
    const ended = await second.next('ended', (m) => m.game.id === table.game!.id, 1000);
    expect(ended.game).toMatchObject({ status: 'ABORTED', version: table.game!.version + 1, view: { phase: 'over', result: null } });
  });

  it('answers a ping with a pong, and anything else with an error, staying usable', async () => {
    const client = await connect();
    await client.next('snapshot');
    client.send(JSON.stringify({ type: 'ping' }));
    expect(await client.next('pong')).toEqual({ type: 'pong' });

    const bad: [string | Buffer, boolean, string][] = [
      ['not json', false, 'not JSON'],
      ['{"type":"subscribe","chat":"-1"}', false, 'unknown message type "subscribe"'],
      ['[1,2]', false, 'unknown message'],
      ['null', false, 'unknown message'],
      [Buffer.from([1, 2, 3]), true, 'binary'],
      [JSON.stringify({ type: 'ping', pad: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) }), false, 'too large'],
    ];
    for (const [data, binary, says] of bad) {
      client.send(data, binary);
      const error = await client.next('error');
      expect(error.message, String(data).slice(0, 30)).toContain(says);
      client.send('{"type":"ping"}');
      await client.next('pong');
    }
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('an open socket lets go of the HTTP request that opened it; a frame over the limit still closes it (1009)', async () => {
    // @fastify/websocket leaves the request, its response and Fastify's wrappers reachable from
    // the socket for as long as it is open (live/upgrade.ts): about 6 KB a spectator.
    const requests: WeakRef<IncomingMessage>[] = [];
    const onUpgrade = (request: IncomingMessage) => requests.push(new WeakRef(request));
    w.app.server.prependListener('upgrade', onUpgrade);
    const client = await connect();
    w.app.server.removeListener('upgrade', onUpgrade);
    await client.next('snapshot');
    expect(requests).toHaveLength(1);
    const gc = collector();
    for (let i = 0; i < 20 && requests[0]!.deref(); i++) {
      await new Promise(setImmediate); // a WeakRef holds its target until the current job ends
      gc();
    }
    expect(requests[0]!.deref()).toBeUndefined();

    // Still served, and its errors still handled: a frame over the limit closes it with 1009.
    client.send('{"type":"ping"}');
    expect(await client.next('pong')).toEqual({ type: 'pong' });
    client.send('x'.repeat(MAX_FRAME_BYTES + 1));
    expect((await client.closed).code).toBe(1009);
    const next = await connect();
    expect(await next.next('snapshot')).toEqual({ type: 'snapshot', games: [] });
  });

  it('refuses an upgrade with an unknown token (404) or a malformed one (400); a plain GET is told to upgrade', async () => {
    await expect(connect('q'.repeat(24))).rejects.toMatchObject({ status: 404 });
    const malformed = await connect('bad').catch((e: unknown) => e);
    expect(malformed).toBeInstanceOf(UpgradeRefused);
    expect((malformed as UpgradeRefused).status).toBe(400);
    expect((malformed as UpgradeRefused).body).toContain('malformed dashboard token');
    const plain = await w.app.inject({ url: `/api/g/${token}/ws` });
    expect(plain.statusCode).toBe(426);
  });

  it('delivers to the group’s sockets only, building each message once per batch', async () => {
    const a1 = await connect();
    const a2 = await connect();
    const b = await connect(otherToken);
    await Promise.all([a1.next('snapshot'), a2.next('snapshot'), b.next('snapshot')]);
    const spy = vi.spyOn(encode, 'game');
    try {
      const table = new Table(w.games, w.dice, CHAT);
      await table.open([ADA, BO]);
      const version = table.game!.version;
      await a1.next('game', (m) => m.game.version === version);
      await a2.next('game', (m) => m.game.version === version);
      expect(spy).toHaveBeenCalledTimes(3); // create and two joins: three batches, three messages built
      await w.games.abort(CHAT, table.game!.id);
      await a1.next('ended', (m) => m.game.id === table.game!.id);
    } finally {
      spy.mockRestore();
    }
    // The other group's socket heard nothing of this game; at most its own group's watcher count
    // (throttled to 500 ms, so it may come while this test runs on a busy machine).
    expect(b.messages.filter((m) => m.type !== 'spectators').map((m) => m.type)).toEqual(['snapshot']);
    for (const m of b.messages) if (m.type === 'spectators') expect(m).toMatchObject({ watching: 1 });
  });

  it('closes sockets whose token an admin rotated within a second (the link no longer works); the new link’s stay', async () => {
    const chat = -2003n;
    const old = await group(w.games, chat, 'Rotating');
    const client = await connect(old);
    await client.next('snapshot');
    const started = Date.now();
    const fresh = await w.games.chats.rotateDashboardToken(chat);
    expect(await closedWithin(client, 1000)).toEqual({ code: 4004, reason: 'this dashboard link no longer works' });
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(connect(old)).rejects.toMatchObject({ status: 404 });
    // Rotated again: the socket of the link before stays only until the notice, that of another group is untouched.
    const second = await connect(fresh);
    await second.next('snapshot');
    const bystander = await connect(otherToken);
    await bystander.next('snapshot');
    await w.games.chats.rotateDashboardToken(chat);
    expect((await closedWithin(second, 1000))?.code).toBe(4004);
    expect(bystander.socket.readyState).toBe(bystander.socket.OPEN);
  });

  it('a /stop, the bot removed: `ended` within a second, from the batch (no sweep)', async () => {
    const client = await connect();
    await client.next('snapshot');
    for (const reason of ['stopped', 'bot-removed'] as const) {
      const table = new Table(w.games, w.dice, CHAT);
      await table.open([ADA, BO]);
      await table.start([3, 1]);
      await client.next('game', (m) => m.game.version === table.game!.version);
      const started = Date.now();
      await w.games.abort(CHAT, table.game!.id, { reason, by: ADA.id });
      const ended = await client.next('ended', (m) => m.game.id === table.game!.id, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(ended.game).toMatchObject({ status: 'ABORTED', version: table.game!.version + 1, view: { phase: 'over' } });
      expect(ended.game.view.round!.announcements).toEqual([]); // Ada's 31 stays under the cup
    }
  });

  it('follows a group that moved to a supergroup: its sockets get the game under the new id, and its token opens it there', async () => {
    const from = -2004n;
    const to = -1_000_000_002_004n;
    const token = await group(w.games, from, 'Growing');
    const client = await connect(token);
    await client.next('snapshot');
    const table = new Table(w.games, w.dice, from);
    await table.open([ADA, BO]);
    await table.start([5, 2]);
    await client.next('game', (m) => m.game.version === table.game!.version);
    const started = Date.now();
    const moved = (await w.games.migrateChat(from, to))!;
    expect(moved.version).toBe(table.game!.version + 1);
    const m = await client.next('game', (g) => g.game.version === moved.version, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(m.game).toMatchObject({ id: moved.id, status: 'PLAYING' });
    // Play goes on in the supergroup, and reaches the socket opened before the move.
    const next = new Table(w.games, w.dice, to);
    next.game = moved;
    await next.play({ type: 'announce', value: 52 });
    await client.next('game', (g) => g.game.version === next.game!.version, 1000);
    // The same link, opened again, is the supergroup's.
    const again = await connect(token);
    expect((await again.next('snapshot')).games.map((g) => [g.id, g.version])).toEqual([[moved.id, next.game!.version]]);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    await w.games.abort(to, moved.id);
    await client.next('ended', (e) => e.game.id === moved.id, 1000);
  });
});

/** The socket's close, if it comes within `ms`; null otherwise. */
function closedWithin(client: LiveClient, ms: number): Promise<{ code: number; reason: string } | null> {
  return Promise.race([client.closed, new Promise<null>((r) => setTimeout(() => r(null), ms))]);
}

describe('live channel: a batch committed by another process', () => {
  it('reaches the dashboard through the bus (LISTEN/NOTIFY on PostgreSQL) within a second', async () => {
    const bus = new SharedBus();
    const w = await world({ bus: bus.member() });
    // The bot: another game service (another process) on the same database.
    const bot = new GameService({ db: w.db, rng: w.dice.rng, log: quietLog, timers: false, bus: bus.member() });
    const origins: CommittedBatch['origin'][] = [];
    w.games.subscribe((b) => origins.push(b.origin));
    try {
      const base = await listen(w.app);
      const token = await group(w.games, CHAT, 'Remote table');
      const client = await LiveClient.connect(`${base}/api/g/${token}/ws`);
      await client.next('snapshot');

      const table = new Table(bot, w.dice, CHAT);
      const started = Date.now();
      await table.open([ADA, BO]);
      bus.flush(); // NOTIFY is delivered once the writer committed
      const m = await client.next('game', (g) => g.game.version === table.game!.version, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(m.game.id).toBe(table.game!.id);
      expect(origins).toContain('remote');
      expect(origins).not.toContain('local');
      client.close();
    } finally {
      await bot.close();
      await w.close();
    }
  });

  it('its /stop, lobby expiry and token rotation reach the dashboard’s sockets within a second', async () => {
    const bus = new SharedBus();
    const w = await world({ bus: bus.member() });
    let botNow = Date.now();
    const bot = new GameService({ db: w.db, rng: w.dice.rng, log: quietLog, timers: false, bus: bus.member(), now: () => new Date(botNow) });
    try {
      const base = await listen(w.app);
      const token = await group(w.games, CHAT, 'Remote endings');
      const client = await LiveClient.connect(`${base}/api/g/${token}/ws`);
      await client.next('snapshot');

      const stopped = new Table(bot, w.dice, CHAT);
      await stopped.open([ADA, BO]);
      await bot.abort(CHAT, stopped.game!.id);
      let started = Date.now();
      bus.flush();
      expect((await client.next('ended', (m) => m.game.id === stopped.game!.id, 1000)).game.status).toBe('ABORTED');
      expect(Date.now() - started).toBeLessThan(1000);

      const lobby = new Table(bot, w.dice, CHAT);
      await lobby.open([ADA]);
      botNow += LOBBY_TIMES.openMs;
      expect(await bot.fireOverdue()).toBe(1);
      started = Date.now();
      bus.flush();
      const expired = await client.next('ended', (m) => m.game.id === lobby.game!.id, 1000);
      expect(expired.game).toMatchObject({ status: 'ABORTED', version: lobby.game!.version + 1, view: { phase: 'over' } });
      expect(Date.now() - started).toBeLessThan(1000);

      await bot.chats.rotateDashboardToken(CHAT);
      started = Date.now();
      bus.flush();
      expect((await closedWithin(client, 1000))?.code).toBe(4004);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await bot.close();
      await w.close();
    }
  });
});

// With TEST_DATABASE_URL (a PostgreSQL server), the real thing: two services, each with its own
// LISTEN/NOTIFY connection, as the bot and the dashboard run in production.
describe.skipIf(!process.env.TEST_DATABASE_URL)('live channel: PostgreSQL LISTEN/NOTIFY', () => {
  it('a batch the bot commits reaches a dashboard socket within a second', async () => {
    const w = await world();
    const botBus = new PgNotifyBus(w.db.connectionString, quietLog);
    const bot = new GameService({ db: w.db, rng: w.dice.rng, log: quietLog, timers: false, bus: botBus });
    try {
      expect(w.db.kind).toBe('postgres');
      const base = await listen(w.app);
      const token = await group(w.games, CHAT, 'Remote table');
      const client = await LiveClient.connect(`${base}/api/g/${token}/ws`);
      await client.next('snapshot');
      await Promise.all([w.listening, botBus.whenReady()]); // both LISTEN connections up
      const table = new Table(bot, w.dice, CHAT);
      const started = Date.now();
      await table.open([ADA, BO]);
      await client.next('game', (g) => g.game.version === table.game!.version, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      client.close();
    } finally {
      await bot.close();
      await w.close();
    }
  });

  it('the bot’s /stop, its removal, a lobby expiry, a migration and a token rotation reach a dashboard socket within a second', async () => {
    const w = await world();
    let botNow = Date.now();
    const botBus = new PgNotifyBus(w.db.connectionString, quietLog);
    const bot = new GameService({ db: w.db, rng: w.dice.rng, log: quietLog, timers: false, now: () => new Date(botNow), bus: botBus });
    const heard: ChatChanged[] = [];
    w.games.subscribeChats((c) => heard.push(c));
    try {
      const base = await listen(w.app);
      const from = -2101n;
      const to = -1_000_000_002_101n;
      const token = await group(w.games, from, 'Remote endings');
      const client = await LiveClient.connect(`${base}/api/g/${token}/ws`);
      await client.next('snapshot');
      await Promise.all([w.listening, botBus.whenReady()]); // both LISTEN connections up
      const within = async <T>(what: () => Promise<T>): Promise<T> => {
        const started = Date.now();
        const result = await what();
        expect(Date.now() - started).toBeLessThan(1000);
        return result;
      };

      for (const reason of ['stopped', 'bot-removed'] as const) {
        const table = new Table(bot, w.dice, from);
        await table.open([ADA, BO]);
        await table.start([6, 1]);
        await client.next('game', (m) => m.game.version === table.game!.version, 1000);
        const ended = await within(async () => {
          await bot.abort(from, table.game!.id, { reason });
          return client.next('ended', (m) => m.game.id === table.game!.id, 1000);
        });
        expect(ended.game).toMatchObject({ status: 'ABORTED', version: table.game!.version + 1 });
      }

      const lobby = new Table(bot, w.dice, from);
      await lobby.open([ADA]);
      await client.next('game', (m) => m.game.version === lobby.game!.version, 1000);
      botNow += LOBBY_TIMES.openMs;
      const expired = await within(async () => {
        expect(await bot.fireOverdue()).toBe(1);
        return client.next('ended', (m) => m.game.id === lobby.game!.id, 1000);
      });
      expect(expired.game).toMatchObject({ status: 'ABORTED', version: lobby.game!.version + 1 });

      const table = new Table(bot, w.dice, from);
      await table.open([ADA, BO]);
      await client.next('game', (m) => m.game.version === table.game!.version, 1000);
      const moved = await within(async () => {
        const game = (await bot.migrateChat(from, to))!;
        return client.next('game', (m) => m.game.version === game.version, 1000);
      });
      expect(moved.game.id).toBe(table.game!.id);
      await until(() => heard.some((c) => c.change.type === 'migrated' && c.origin === 'remote'), 1000, 'the migration notice');

      const closed = await within(async () => {
        await bot.chats.rotateDashboardToken(to);
        return closedWithin(client, 1000);
      });
      expect(closed).toEqual({ code: 4004, reason: 'this dashboard link no longer works' });
    } finally {
      await bot.close();
      await w.close();
    }
  });
});

describe('rate limit on the upgrade', () => {
  it('answers 429 before upgrading', async () => {
    const w = await world({ rateLimit: { max: 2, timeWindow: 60_000 } });
    try {
      const base = await listen(w.app);
      const token = await group(w.games, CHAT, 'Busy');
      const a = await LiveClient.connect(`${base}/api/g/${token}/ws`);
      const b = await LiveClient.connect(`${base}/api/g/${token}/ws`);
      await expect(LiveClient.connect(`${base}/api/g/${token}/ws`)).rejects.toMatchObject({ status: 429 });
      a.close();
      b.close();
    } finally {
      await w.close();
    }
  });
});

describe('the live hub alone', () => {
  class FakeSocket implements LiveSocket {
    readyState = 1;
    bufferedAmount = 0;
    sent: string[] = [];
    closedWith: number | null = null;
    terminated = false;
    pings = 0;
    send(data: string) {
      this.sent.push(data);
    }
    close(code?: number) {
      this.closedWith = code ?? 1005;
      this.readyState = 3;
    }
    terminate() {
      this.terminated = true;
      this.readyState = 3;
    }
    ping() {
      this.pings++;
    }
  }

  /** A game service of one chat, 7, whose token is `tok` until a test changes `chat`. */
  function fakeService() {
    let listener: ((b: CommittedBatch) => void) | null = null;
    let chatListener: ((c: ChatChanged) => void) | null = null;
    const chat = { id: 7n, dashboardToken: 'tok', migratedTo: null as bigint | null };
    const row = () => ({ ...chat, title: null, language: 'en', listedPublicly: false, settings: {} });
    const prisma = {
      game: { findMany: async () => [] },
      chat: {
        findMany: async () => (chat.migratedTo === null ? [{ id: chat.id, dashboardToken: chat.dashboardToken }] : []),
        findUnique: async ({ where }: { where: { dashboardToken: string } }) => (where.dashboardToken === chat.dashboardToken ? row() : null),
      },
    };
    return {
      chat,
      games: {
        subscribe: (l: (b: CommittedBatch) => void) => {
          listener = l;
          return () => (listener = null);
        },
        subscribeChats: (l: (c: ChatChanged) => void) => {
          chatListener = l;
          return () => (chatListener = null);
        },
        reads: prisma,
      } as never,
      emit: (b: CommittedBatch) => listener?.(b),
      emitChat: (c: ChatChanged) => chatListener?.(c),
    };
  }

  const grp: Group = { id: 7n, token: 'tok', title: null, language: 'en', listedPublicly: false, settings: {} };
  const record = (version: number): GameRecord =>
    ({
      id: 'g1',
      chatId: 7n,
      threadId: null,
      status: 'LOBBY',
      version,
      state: { phase: 'lobby', settings: {}, creator: '1', seats: [], round: null, lastRound: null, move: 0, eliminations: 0, result: null },
      deadlineAt: null,
      turnStartedAt: null,
    }) as unknown as GameRecord;
  // Lets the fake's reads (promises already resolved) run out: for the one check that nothing
  // happens, where no later event could show it.
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it('drops a client whose send buffer grew too large; the others go on receiving', async () => {
    const service = fakeService();
    const hub = new LiveHub({ games: service.games, log: quietLog, now: () => new Date() }, { maxBufferedBytes: 1000 });
    hub.start();
    const slow = new FakeSocket();
    const fast = new FakeSocket();
    hub.join(slow, grp);
    hub.join(fast, grp);
    await vi.waitFor(() => expect([slow.sent.length, fast.sent.length]).toEqual([1, 1])); // the snapshots
    vi.spyOn(encode, 'game').mockReturnValue('{"type":"game"}');
    try {
      slow.bufferedAmount = 5000;
      service.emit({ game: record(1), events: [], origin: 'local' });
      service.emit({ game: record(2), events: [], origin: 'local' });
    } finally {
      vi.restoreAllMocks();
    }
    expect(slow.terminated).toBe(true);
    expect(slow.sent).toHaveLength(1);
    expect(fast.sent).toHaveLength(3);
    expect(hub.size).toBe(1);
    hub.close();
    expect(fast.closedWith).toBe(1001);
  });

  it('sends each version of a game once: a batch loaded late as the same or an older version is not repeated', async () => {
    const service = fakeService();
    const hub = new LiveHub({ games: service.games, log: quietLog, now: () => new Date() });
    hub.start();
    const socket = new FakeSocket();
    hub.join(socket, grp);
    await vi.waitFor(() => expect(socket.sent).toHaveLength(1)); // the snapshot
    vi.spyOn(encode, 'game').mockImplementation((game) => JSON.stringify({ type: 'game', game: { version: game.version } }));
    try {
      // Another process's two quick commits, both loaded after the second: version 2 twice.
      service.emit({ game: record(1), events: [], origin: 'remote' });
      service.emit({ game: record(2), events: [], origin: 'remote' });
      service.emit({ game: record(2), events: [], origin: 'remote' });
      service.emit({ game: record(1), events: [], origin: 'remote' });
    } finally {
      vi.restoreAllMocks();
    }
    const versions = socket.sent.map((m) => JSON.parse(m) as { type: string; game?: { version: number } });
    expect(versions.map((m) => (m.type === 'game' ? m.game!.version : m.type))).toEqual(['snapshot', 1, 2]);
    hub.close();
  });

  it('holds messages until the snapshot went out, so the snapshot always comes first', async () => {
    const service = fakeService();
    const hub = new LiveHub({ games: service.games, log: quietLog, now: () => new Date() });
    hub.start();
    const socket = new FakeSocket();
    const watcher = hub.join(socket, grp);
    hub.send(watcher, encode.pong()); // before the snapshot loaded
    expect(socket.sent).toEqual([]);
    await vi.waitFor(() => expect(socket.sent).toHaveLength(2));
    expect(socket.sent.map((m) => JSON.parse(m).type)).toEqual(['snapshot', 'pong']);
    hub.close();
  });

  it('reads the token again once a socket is registered: a rotation or a migration committed meanwhile is caught', async () => {
    // Rotated between the upgrade's lookup and the registration (its notice came before).
    const rotated = fakeService();
    const hub = new LiveHub({ games: rotated.games, log: quietLog, now: () => new Date() });
    hub.start();
    rotated.chat.dashboardToken = 'new';
    const late = new FakeSocket();
    hub.join(late, grp);
    await vi.waitFor(() => expect(late.closedWith).not.toBeNull());
    expect([late.closedWith, late.sent]).toEqual([4004, []]);
    expect(hub.size).toBe(0);
    hub.close();

    // Moved to a supergroup meanwhile: the socket watches the new chat, and a mover is told.
    const moving = fakeService();
    const hub2 = new LiveHub({ games: moving.games, log: quietLog, now: () => new Date() });
    hub2.start();
    const moves: [string, string][] = [];
    hub2.onMove((w, from) => moves.push([from, w.chatKey]));
    moving.chat.id = 8n;
    const socket = new FakeSocket();
    hub2.join(socket, grp);
    await vi.waitFor(() => expect(socket.sent).toHaveLength(1)); // the snapshot, sent after the move
    expect(moves).toEqual([['7', '8']]);
    vi.spyOn(encode, 'game').mockReturnValue('{"type":"game"}');
    try {
      moving.emit({ game: { ...record(1), chatId: 8n }, events: [], origin: 'remote' });
      moving.emit({ game: { ...record(2), chatId: 7n }, events: [], origin: 'remote' }); // nobody watches 7 now
    } finally {
      vi.restoreAllMocks();
    }
    expect(socket.sent.map((m) => JSON.parse(m).type)).toEqual(['snapshot', 'game']);
    hub2.close();
  });

  it('a chat notice moves the watchers (migration) or closes those of a rotated token, and no other', async () => {
    const service = fakeService();
    const hub = new LiveHub({ games: service.games, log: quietLog, now: () => new Date() });
    hub.start();
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.join(a, grp);
    hub.join(b, grp);
    await vi.waitFor(() => expect([a.sent.length, b.sent.length]).toEqual([1, 1])); // the snapshots
    service.emitChat({ chatId: 7n, change: { type: 'migrated', to: '9' }, origin: 'remote' });
    service.chat.id = 9n;
    service.chat.dashboardToken = 'rotated';
    service.emitChat({ chatId: 7n, change: { type: 'token-rotated' }, origin: 'remote' }); // nobody is left at 7
    await settle();
    expect([a.closedWith, b.closedWith]).toEqual([null, null]);
    service.emitChat({ chatId: 9n, change: { type: 'token-rotated' }, origin: 'remote' });
    await vi.waitFor(() => expect([a.closedWith, b.closedWith]).toEqual([4004, 4004]));
    expect(hub.size).toBe(0);
    hub.close();
  });

  it('drops a client that stops answering pings', async () => {
    const service = fakeService();
    vi.useFakeTimers();
    try {
      const hub = new LiveHub({ games: service.games, log: quietLog, now: () => new Date() }, { heartbeatMs: 30 });
      hub.start();
      const gone = new FakeSocket();
      const here = new FakeSocket();
      hub.join(gone, grp);
      const watcher = hub.join(here, grp);
      const answer = setInterval(() => hub.pong(watcher), 10);
      await vi.advanceTimersByTimeAsync(150);
      clearInterval(answer);
      expect(gone.pings).toBeGreaterThan(0);
      expect(gone.terminated).toBe(true);
      expect(here.terminated).toBe(false);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
