// Play now, over a real listening server: GET /api/live and the public channel /api/live/ws carry
// the running games of publicly listed groups only (never a private group's game or token), each
// change within a second, the TV's choice, and spectator counts of the open pages.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicLive, PublicLiveMessage } from '../../shared/api';
import { ADA, BO, CLEO, DOV, group, listen, LiveClient, Table, world, type Move, type World } from './support';

const PUBLIC = -3001n;
const PRIVATE = -3002n;
const SECOND = -3003n;

type Of<T extends PublicLiveMessage['type']> = Extract<PublicLiveMessage, { type: T }>;

/** The next public message of `type` (after those taken) that matches; a LiveClient typed for this channel. */
async function next<T extends PublicLiveMessage['type']>(c: LiveClient, type: T, test: (m: Of<T>) => boolean = () => true, timeoutMs = 1000): Promise<Of<T>> {
  return (await c.next(type as never, test as never, timeoutMs)) as unknown as Of<T>;
}

describe('play now: the public feed', () => {
  let w: World;
  let base: string;
  let publicToken: string;
  let privateToken: string;
  let secondToken: string;
  const clients: LiveClient[] = [];
  const connect = async (path: string) => {
    const c = await LiveClient.connect(`${base}${path}`);
    clients.push(c);
    return c;
  };
  const get = async <T>(url: string) => {
    const res = await w.app.inject({ url });
    return { status: res.statusCode, body: res.json() as T, text: res.body };
  };

  beforeAll(async () => {
    // Quick timers, so that what waits on them (a reconciliation, the TV moving on) takes a test's time.
    w = await world({
      feed: { reconcileMs: 200, featureTickMs: 50, rules: { minHoldMs: 300, margin: 1.5, lead: 3, endedHoldMs: 300 } },
      spectators: { throttleMs: 100 },
    });
    base = await listen(w.app);
    publicToken = await group(w.games, PUBLIC, 'Open table', true);
    privateToken = await group(w.games, PRIVATE, 'Secret table', false);
    secondToken = await group(w.games, SECOND, 'Second table', true);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(() => w?.close());

  let open: Table;
  let secret: Table;

  it('answers the running games of publicly listed groups, never a private one’s game or token', async () => {
    expect((await get<PublicLive>('/api/live')).body).toEqual({ games: [], featured: null, spectators: [] });
    open = new Table(w.games, w.dice, PUBLIC);
    await open.open([ADA, BO], { lives: 2 });
    await open.start([4, 2]);
    secret = new Table(w.games, w.dice, PRIVATE);
    await secret.open([CLEO, DOV], { lives: 2 });
    await secret.start([5, 1]);
    await secret.play({ type: 'announce', value: 51 });
    // The feed reads the listed groups at most every 200 ms: ask until the new game is in.
    let answer: PublicLive = { games: [], featured: null, spectators: [] };
    for (let i = 0; i < 20 && answer.games.length === 0; i++) {
      const { status, body } = await get<PublicLive>('/api/live');
      expect(status).toBe(200);
      answer = body;
      if (answer.games.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(answer.games.map((g) => [g.group, g.game.id, g.game.status])).toEqual([[{ token: publicToken, title: 'Open table' }, open.game!.id, 'PLAYING']]);
    expect(answer.featured).toBe(open.game!.id);
    expect(answer.spectators).toEqual([{ game: open.game!.id, watching: 0 }]);
    const text = (await get('/api/live')).text;
    expect(text).not.toContain(privateToken);
    expect(text).not.toContain(secret.game!.id);
    expect(text).not.toContain('Secret table');
  });

  it('streams a snapshot, then every change of a public game within a second, and nothing of a private one', async () => {
    const feed = await connect('/api/live/ws');
    const snapshot = await next(feed, 'snapshot');
    expect(snapshot.games.map((g) => g.game.id)).toEqual([open.game!.id]);
    expect(snapshot.featured).toBe(open.game!.id);
    await next(feed, 'spectators', (m) => m.counts.some((c) => c.game === open.game!.id));

    const start = Date.now();
    await open.play({ type: 'announce', value: 42 });
    const change = await next(feed, 'game', (m) => m.game.game.version === open.game!.version);
    expect(Date.now() - start).toBeLessThan(1000);
    expect(change.game.group).toEqual({ token: publicToken, title: 'Open table' });
    expect(change.game.game.view.round!.announcements).toEqual([{ player: ADA.id, value: 42, kind: 'looked' }]);

    await secret.play({ type: 'believe' });
    await open.play({ type: 'believe' });
    await next(feed, 'game', (m) => m.game.game.version === open.game!.version);
    const all = JSON.stringify(feed.messages);
    expect(all).not.toContain(privateToken);
    expect(all).not.toContain(secret.game!.id);
  });

  it('counts the pages watching: a group’s own sockets, and the TV’s for the featured game', async () => {
    const g1 = await connect(`/api/g/${publicToken}/ws`);
    const g2 = await connect(`/api/g/${publicToken}/ws`);
    await next(g1 as LiveClient, 'snapshot' as never);
    // Each group socket hears the count (throttled: once for both arrivals).
    const counted = async (c: LiveClient, n: number) => c.next('spectators', (m) => m.watching === n, 1000);
    await counted(g2, 2);
    // The TV opens: it shows this group's game, so its viewer counts too, on both channels.
    const tv = await connect('/api/live/ws');
    await next(tv, 'snapshot');
    await counted(g1, 3);
    await next(tv, 'spectators', (m) => m.counts.some((c) => c.game === open.game!.id && c.watching === 3));
    // Pages close: the counts follow within a second.
    g2.close();
    tv.close();
    await counted(g1, 1);
    // The private group's sockets count for it alone, and reach no public frame.
    const s = await connect(`/api/g/${privateToken}/ws`);
    await s.next('spectators', (m) => m.watching === 1, 1000);
  });

  it('moves the TV to a livelier game, and on when the featured game ends', async () => {
    const tv = await connect('/api/live/ws');
    const first = await next(tv, 'snapshot');
    expect(first.featured).toBe(open.game!.id);
    // A second public game, much livelier: after the hold, the TV switches to it.
    const busy = new Table(w.games, w.dice, SECOND);
    await busy.open([CLEO, DOV, ADA], { lives: 3 });
    await busy.start([6, 1]);
    const moves: Move[] = [
      { type: 'announce', value: 61 },
      { type: 'believe' },
      { type: 'roll', dice: [6, 2] },
      { type: 'announce', value: 62 },
      { type: 'believe' },
      { type: 'roll', dice: [6, 3] },
      { type: 'announce', value: 63 },
    ];
    for (const move of moves) {
      await busy.play(move);
    }
    const moved = await next(tv, 'featured', (m) => m.featured === busy.game!.id, 3000);
    expect(moved.featured).toBe(busy.game!.id);
    const inSnapshot = tv.messages.some((m) => m.type === 'game' && (m as unknown as Of<'game'>).game.group.token === secondToken);
    const fromReconcile = tv.messages.some((m) => m.type === 'snapshot' && (m as unknown as Of<'snapshot'>).games.some((g) => g.group.token === secondToken));
    expect(inSnapshot || fromReconcile).toBe(true);
    // The featured game ends (/stop): its end is sent, it stays on a moment, then the TV moves on.
    await w.games.abort(SECOND, busy.game!.id);
    const ended = await next(tv, 'ended', (m) => m.game.game.id === busy.game!.id, 3000);
    expect(ended.game.game.status).toBe('ABORTED');
    const back = await next(tv, 'featured', (m) => m.featured === open.game!.id, 3000);
    expect(back.featured).toBe(open.game!.id);
    // And off the previews: a new snapshot without it.
    await next(tv, 'snapshot', (m) => m.games.every((g) => g.game.id !== busy.game!.id), 3000);
  });

  it('drops a group unlisted meanwhile with a new snapshot, and adds one listed', async () => {
    const tv = await connect('/api/live/ws');
    await next(tv, 'snapshot', (m) => m.games.some((g) => g.group.token === publicToken));
    await w.games.chats.setListedPublicly(PUBLIC, false);
    await next(tv, 'snapshot', (m) => m.games.length === 0 && m.featured === null, 2000);
    await w.games.chats.setListedPublicly(PRIVATE, true);
    const listed = await next(tv, 'snapshot', (m) => m.games.some((g) => g.group.token === privateToken), 2000);
    expect(listed.games.map((g) => g.game.id)).toEqual([secret.game!.id]);
    // A move in the unlisted group, then one in the listed group: the channel is in commit order,
    // so once the second arrived, the first would have come before it.
    const offStart = tv.messages.length;
    await open.play({ type: 'roll', dice: [3, 2] });
    await secret.play({ type: 'roll', dice: [4, 4] });
    await next(tv, 'game', (m) => m.game.game.id === secret.game!.id && m.game.game.version === secret.game!.version);
    expect(JSON.stringify(tv.messages.slice(offStart))).not.toContain(publicToken);
  });

  it('answers a ping with a pong and anything else with an error; a plain GET is told to upgrade', async () => {
    const tv = await connect('/api/live/ws');
    await next(tv, 'snapshot');
    tv.send('{"type":"ping"}');
    await next(tv, 'pong');
    tv.send('hello');
    expect((await next(tv, 'error')).message).toMatch(/not JSON/);
    const plain = await w.app.inject({ url: '/api/live/ws' });
    expect(plain.statusCode).toBe(426);
    expect(plain.headers.upgrade).toBe('websocket');
  });
});

describe('the public channel’s upgrade is rate limited', () => {
  it('answers 429 before upgrading', async () => {
    const w = await world({ rateLimit: { max: 2, timeWindow: 60_000 } });
    try {
      const base = await listen(w.app);
      const a = await LiveClient.connect(`${base}/api/live/ws`);
      const b = await LiveClient.connect(`${base}/api/live/ws`);
      await expect(LiveClient.connect(`${base}/api/live/ws`)).rejects.toMatchObject({ status: 429 });
      a.close();
      b.close();
    } finally {
      await w.close();
    }
  });
});
