// Every HTTP route: its answer, its 400 and 404 answers, what is listed publicly, the security
// headers, the rate limit and the SPA's files (fastify.inject: no port needed).
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTINGS, oddsTable, RANKING_PRESETS, rankingFor } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, GameReplay, GroupPage, LiveGames, OddsTables, PlayerPage, PublicGroups } from '../../shared/api';
import { ADA, BO, CLEO, DOV, group, Table, world, type World } from './support';

const PUBLIC = -1001n;
const PRIVATE = -1002n;
const QUIET = -1003n; // listed, never played

describe('HTTP routes', () => {
  let w: World;
  let pub: string;
  let priv: string;
  let finished: Table;
  let aborted: Table;
  let running: Table;
  let elsewhere: Table;

  const get = async <T = unknown>(url: string, headers: Record<string, string> = {}) => {
    const res = await w.app.inject({ url, headers });
    return { status: res.statusCode, body: res.json() as T, headers: res.headers };
  };

  beforeAll(async () => {
    w = await world();
    pub = await group(w.games, PUBLIC, 'Public dice club', true);
    priv = await group(w.games, PRIVATE, 'Private table');
    await group(w.games, QUIET, 'Quiet corner', true);

    // PUBLIC: a finished game (Ada bluffs, Bo calls, Ada is out), an aborted one, and one in play.
    finished = new Table(w.games, w.dice, PUBLIC);
    await finished.open([ADA, BO], { lives: 1 });
    await finished.start([3, 1]); // Ada looks at 31 as the game starts
    await finished.play({ type: 'announce', value: 52 });
    await finished.play({ type: 'call' });
    expect(finished.game!.status).toBe('FINISHED');

    aborted = new Table(w.games, w.dice, PUBLIC);
    await aborted.open([ADA, CLEO]);
    await aborted.start();
    await w.games.abort(PUBLIC, aborted.game!.id);

    running = new Table(w.games, w.dice, PUBLIC);
    await running.open([ADA, BO, CLEO]);
    await running.start([6, 4]);

    // PRIVATE: Dov's only game.
    elsewhere = new Table(w.games, w.dice, PRIVATE);
    await elsewhere.open([DOV, BO], { lives: 1 });
    await elsewhere.start([5, 5]);
    await elsewhere.play({ type: 'announce', value: 55 });
    await elsewhere.play({ type: 'call' });
    expect(elsewhere.game!.status).toBe('FINISHED');
  });
  afterAll(() => w?.close());

  describe('/api/groups', () => {
    it('lists the publicly listed groups only, busiest first', async () => {
      const { status, body } = await get<PublicGroups>('/api/groups');
      expect(status).toBe(200);
      expect(body.groups).toEqual([
        { token: pub, title: 'Public dice club', language: 'en', runningGames: 1, finishedGames: 1 },
        { token: expect.any(String), title: 'Quiet corner', language: 'en', runningGames: 0, finishedGames: 0 },
      ]);
      expect(JSON.stringify(body)).not.toContain(priv);
    });
  });

  describe('/api/odds', () => {
    it('gives every preset’s ranking and odds, as the engine computes them', async () => {
      const { status, body, headers } = await get<OddsTables>('/api/odds');
      expect(status).toBe(200);
      expect(body.presets.map((p) => p.preset)).toEqual(['classic', 'rules-site', 'meyer']);
      for (const p of body.presets) {
        expect(p.ranking).toEqual(RANKING_PRESETS[p.preset]);
        expect(p.rows).toEqual(oddsTable(rankingFor(RANKING_PRESETS[p.preset])).map((r) => ({ claim: r.claim, percent: r.percent })));
      }
      expect(body.presets[0]!.rows[0]).toEqual({ claim: 21, percent: 0 });
      expect(headers['cache-control']).toBe('public, max-age=3600');
    });
  });

  describe('/api/g/:token', () => {
    it('gives the group page: summary, house rules, leaderboard, ended games, running games', async () => {
      const { status, body, headers } = await get<GroupPage>(`/api/g/${pub}`);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('no-store');
      expect(body.group).toEqual({
        token: pub,
        title: 'Public dice club',
        language: 'en',
        runningGames: 1,
        finishedGames: 1,
        listedPublicly: true,
      });
      expect(body.settings).toEqual(DEFAULT_SETTINGS);
      expect(body.ratings.people.map((e) => [e.position, e.name, e.games, e.wins, e.provisional])).toEqual([
        [1, 'Bo', 1, 1, true],
        [2, 'Ada', 1, 0, true],
      ]);
      expect(body.ratings.people[1]).toMatchObject({ userId: ADA.id, bluffRate: 1, winRate: 0 });
      expect(body.ratings.computers).toEqual([]);
      // Ended games, most recent first: the aborted one (it had started), then the finished one.
      expect(body.games.map((g) => [g.id, g.status])).toEqual([
        [aborted.game!.id, 'ABORTED'],
        [finished.game!.id, 'FINISHED'],
      ]);
      expect(body.games[1]).toMatchObject({
        winnerId: BO.id,
        rounds: 1,
        players: [
          { userId: ADA.id, name: 'Ada', ai: false, place: 2 },
          { userId: BO.id, name: 'Bo', ai: false, place: 1 },
        ],
      });
      expect(body.games[1]!.finishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(body.live).toHaveLength(1);
      const live = body.live[0]!;
      expect(live).toMatchObject({ id: running.game!.id, status: 'PLAYING', version: running.game!.version });
      expect(live.view.phase).toBe('playing');
      expect(live.view.round!.stage).toBe('announce');
      expect(new Date(live.deadlineAt!).getTime()).toBeGreaterThan(Date.now());
      expect(Math.abs(new Date(live.serverTime).getTime() - Date.now())).toBeLessThan(5000);
    });

    it('opens an unlisted group by its token too (the token is the access, the listing only advertises)', async () => {
      const { status, body } = await get<GroupPage>(`/api/g/${priv}`);
      expect(status).toBe(200);
      expect(body.group).toMatchObject({ token: priv, listedPublicly: false, finishedGames: 1, runningGames: 0 });
      expect(body.live).toEqual([]);
      expect(body.ratings.people.map((e) => e.name)).toEqual(['Dov', 'Bo']);
    });

    it('answers 400 for a malformed token, with a message saying what a token is', async () => {
      for (const bad of ['short', 'a'.repeat(65), `${pub}.migrated`, 'has%20space-and-more-chars']) {
        const { status, body } = await get<ApiError>(`/api/g/${bad}`);
        expect(status, bad).toBe(400);
        expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('malformed dashboard token') });
      }
    });

    it('answers 404 for a well-formed unknown token, and for a token an admin rotated away', async () => {
      const unknown = await get<ApiError>(`/api/g/${'x'.repeat(24)}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringContaining('no group has this dashboard link') });

      const chat = -1009n;
      const old = await group(w.games, chat, 'Rotating');
      expect((await get(`/api/g/${old}`)).status).toBe(200);
      const fresh = await w.games.chats.rotateDashboardToken(chat);
      expect((await get(`/api/g/${old}`)).status).toBe(404);
      expect((await get(`/api/g/${old}/live`)).status).toBe(404);
      expect((await get(`/api/g/${fresh}`)).status).toBe(200);
    });
  });

  describe('/api/g/:token/live', () => {
    it('gives the running games as a spectator sees them', async () => {
      const { status, body } = await get<LiveGames>(`/api/g/${pub}/live`);
      expect(status).toBe(200);
      expect(body.games.map((g) => g.id)).toEqual([running.game!.id]);
      expect(body.games[0]!.view.seats.map((s) => s.name)).toEqual(['Ada', 'Bo', 'Cleo']);
      expect((await get<LiveGames>(`/api/g/${priv}/live`)).body).toEqual({ games: [] });
    });

    it('answers 400 and 404 like every token route', async () => {
      expect((await get('/api/g/nope/live')).status).toBe(400);
      expect((await get(`/api/g/${'y'.repeat(24)}/live`)).status).toBe(404);
    });
  });

  describe('/api/g/:token/games/:gameId', () => {
    it('replays a finished game of the group, every roll shown', async () => {
      const { status, body } = await get<GameReplay>(`/api/g/${pub}/games/${finished.game!.id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: finished.game!.id, winnerId: BO.id, settings: { ...DEFAULT_SETTINGS, lives: 1 } });
      expect(body.players.map((p) => [p.userId, p.name, p.place, p.lives])).toEqual([
        [ADA.id, 'Ada', 2, 0],
        [BO.id, 'Bo', 1, 1],
      ]);
      expect(body.rounds).toEqual([
        {
          number: 1,
          starterId: ADA.id,
          end: 'CALL',
          loserId: ADA.id,
          livesLost: 1,
          cause: 'CAUGHT_BLUFFING',
          announcements: [{ seq: 1, userId: ADA.id, value: 52, dice: [3, 1], kind: 'LOOKED', classification: 'OVER', thinkMs: expect.any(Number) }],
          reveal: { dice: [3, 1], outcome: 'BLUFF_CAUGHT', callerId: BO.id, announcerId: ADA.id },
        },
      ]);
    });

    it('answers 404 for a game still running, an aborted one, another group’s and an unknown one', async () => {
      for (const id of [running.game!.id, aborted.game!.id, elsewhere.game!.id, 'no-such-game']) {
        const { status, body } = await get<ApiError>(`/api/g/${pub}/games/${id}`);
        expect(status, id).toBe(404);
        expect(body.message).toContain('no finished game of this group');
      }
      expect((await get(`/api/g/${priv}/games/${elsewhere.game!.id}`)).status).toBe(200);
    });

    it('answers 400 for a malformed game id or token', async () => {
      const bad = await get<ApiError>(`/api/g/${pub}/games/bad.id`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('malformed game id');
      expect((await get(`/api/g/${'z'.repeat(70)}/games/${finished.game!.id}`)).status).toBe(400);
    });
  });

  describe('/api/g/:token/players/:userId', () => {
    it('gives a person’s statistics over the group’s finished games', async () => {
      const { status, body } = await get<PlayerPage>(`/api/g/${pub}/players/${ADA.id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        userId: ADA.id,
        name: 'Ada',
        ai: false,
        games: 1,
        wins: 0,
        winRate: 0,
        bluffRate: 1,
        announcements: { over: 1, total: 1 },
        calledOn: { total: 1, caught: 1, held: 0, bluffsCalled: 1 },
        livesLost: { caughtBluffing: 1, wrongCall: 0, miaLooked: 0, miaGivenUp: 0, timeout: 0 },
        announcedVsActual: [{ announced: 52, actual: 31, count: 1 }],
        recent: { games: [{ gameId: finished.game!.id, place: 2, won: false, players: 2, finishedAt: expect.any(String) }], total: 1 },
      });
      expect(body.series.points).toHaveLength(1);
      expect(body.series.points[0]).toMatchObject({ games: 1, bluffRate: 1, start: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
      expect('total' in body.livesLost).toBe(false);

      const bo = (await get<PlayerPage>(`/api/g/${pub}/players/${BO.id}`)).body;
      expect(bo).toMatchObject({ games: 1, wins: 1, calls: { total: 1, right: 1, bluffsCaught: 1, accuracy: 1 } });
    });

    it('is scoped to the group: the same person elsewhere counts only there', async () => {
      const inPrivate = (await get<PlayerPage>(`/api/g/${priv}/players/${BO.id}`)).body;
      expect(inPrivate.recent.games.map((r) => r.gameId)).toEqual([elsewhere.game!.id]);
      expect(inPrivate.announcedVsActual).toEqual([]);
    });

    it('answers 404 for a person who never played in the group', async () => {
      const dov = await get<ApiError>(`/api/g/${pub}/players/${DOV.id}`);
      expect(dov.status).toBe(404);
      expect(dov.body.message).toContain('has not played in this group');
      expect((await get(`/api/g/${priv}/players/${DOV.id}`)).status).toBe(200);
      expect((await get(`/api/g/${pub}/players/5555`)).status).toBe(404);
      expect((await get(`/api/g/${pub}/players/-7`)).status).toBe(404);
    });

    it('answers 400 for a malformed user id', async () => {
      for (const bad of ['abc', '12a', '99999999999999999999', '9999999999999999999', '1.5']) {
        const { status, body } = await get<ApiError>(`/api/g/${pub}/players/${bad}`);
        expect(status, bad).toBe(400);
        expect(body.message, bad).toContain('malformed user id');
      }
    });
  });

  describe('the server as a whole', () => {
    it('has no write routes: every other method is a 404 and changes nothing', async () => {
      const urls = ['/api/groups', `/api/g/${pub}`, `/api/g/${pub}/live`, `/api/g/${pub}/games/${finished.game!.id}`, `/api/g/${pub}/players/${ADA.id}`];
      for (const url of urls) {
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
          const res = await w.app.inject({ method, url, payload: { listedPublicly: true, title: 'hacked' } });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
        }
      }
      expect((await get<GroupPage>(`/api/g/${priv}`)).body.group).toMatchObject({ title: 'Private table', listedPublicly: false });
    });

    it('sends security headers: a content security policy fit for the SPA, no referrer, no sniffing', async () => {
      for (const url of ['/', '/api/groups', `/api/g/${pub}`, '/api/nope']) {
        const { headers } = await w.app.inject({ url, headers: { host: 'dash.example.org' } });
        const csp = String(headers['content-security-policy']);
        expect(csp, url).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp).toContain("script-src-attr 'none'");
        expect(csp).toContain("connect-src 'self' ws://dash.example.org wss://dash.example.org");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(headers['referrer-policy']).toBe('no-referrer');
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['x-frame-options']).toBe('DENY');
      }
      // A Host header that does not look like one stays out of the policy.
      const odd = await get('/api/groups', { host: "evil.example;script-src 'unsafe-inline'" });
      expect(String(odd.headers['content-security-policy'])).toContain("connect-src 'self';");
    });

    it('answers unknown API addresses with a JSON 404', async () => {
      const { status, body } = await get<ApiError>('/api/nope', { accept: 'text/html' });
      expect(status).toBe(404);
      expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: 'no such address: GET /api/nope' });
    });

    it('answers / with a note when the SPA is not built, and the API works all the same', async () => {
      const res = await w.app.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('npm run build -w @mia/dashboard');
      const page = await w.app.inject({ url: `/g/${pub}`, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('not built');
    });
  });
});

describe('rate limit', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ rateLimit: { max: 3, timeWindow: 60_000 } });
  });
  afterAll(() => w?.close());

  it('answers 429 past the limit, as an ApiError with Retry-After, on every kind of address', async () => {
    for (let i = 0; i < 3; i++) expect((await w.app.inject({ url: '/api/odds' })).statusCode).toBe(200);
    const res = await w.app.inject({ url: '/api/groups' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.stringContaining('Rate limit exceeded') });
    expect(res.headers['retry-after']).toBeDefined();
    expect((await w.app.inject({ url: '/api/nope' })).statusCode).toBe(429);
    expect((await w.app.inject({ url: `/api/g/${'t'.repeat(24)}` })).statusCode).toBe(429);
    // Another client address has its own budget.
    expect((await w.app.inject({ url: '/api/odds', remoteAddress: '10.0.0.9' })).statusCode).toBe(200);
  });
});

describe('the SPA', () => {
  let w: World;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mia-dash-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Mia</title><script type="module" src="/assets/app-1a2b.js"></script>');
    writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'console.log("mia")');
    w = await world({ webRoot: root });
  });
  afterAll(() => w?.close());

  it('serves index.html at / and for every page address the SPA routes (history fallback)', async () => {
    for (const url of ['/', '/g/abcdefghijklmnopqrstuvwx', '/g/abcdefghijklmnopqrstuvwx/players/1001', '/groups']) {
      const res = await w.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      // The SPA's page, its <head> filled in with the page's link preview (preview/page.ts).
      expect(res.body).toContain('<script type="module" src="/assets/app-1a2b.js"></script>');
      expect(res.body).toContain('<meta property="og:title"');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('serves the hashed assets for a year, and 404s a missing file that is not a page', async () => {
    const js = await w.app.inject({ url: '/assets/app-1a2b.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await w.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps /api/ out of the fallback: an unknown API address is a JSON 404 even for a browser', async () => {
    const res = await w.app.inject({ url: '/api/g', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404 });
  });

  // Issue 13: a path of 4,096 characters or more (or a segment over 255) answered 403, as the
  // filesystem refused the name (ENAMETOOLONG) before the fallback was reached.
  it('answers paths too long for the filesystem like any other: the SPA page, or a JSON 404 under /api/ and for files', async () => {
    for (const n of [300, 4096, 8000]) {
      const long = 'a'.repeat(n);
      const deep = 'ab/'.repeat(Math.ceil(n / 3));
      for (const url of [`/g/${long}`, `/g/abcdefghijklmnopqrstuvwx/${deep}`, `/${long}`]) {
        const page = await w.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
        expect(page.statusCode, `${url.length} characters`).toBe(200);
        expect(page.body).toContain('<script type="module" src="/assets/app-1a2b.js"></script>');
        expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      }
      for (const url of [`/api/${long}`, `/api/g/${deep}`, `/assets/${long}.js`]) {
        const res = await w.app.inject({ url, headers: { accept: url.startsWith('/api/') ? 'text/html' : '*/*' } });
        expect(res.statusCode, `${url.slice(0, 12)}… (${url.length} characters)`).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: expect.stringMatching(/^no such address: GET \//) });
      }
    }
  });
});
