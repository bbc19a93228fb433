// Hostile input to the dashboard: random methods, paths, query strings, headers and bodies through
// `app.inject`, and random frames on the live channel through @fastify/websocket's `injectWS`
// (in process, no port). Around a group with a game in play (dice under the cup), a finished
// game, and a second group. For every request: never a 5xx; under /api a JSON error with a
// message (4xx) or an answer that keeps the games' secrets (leak-check.ts); elsewhere the SPA's
// index.html for a page GET, a JSON 4xx otherwise. For every frame: an `error` answer (a `pong`
// for a ping), the socket open; a frame over MAX_FRAME_BYTES closes it with 1009 (message too
// big), a text frame that is not UTF-8 with 1007; a bystander on the same group is unaffected
// and still gets the game's next change. Nothing logged at error level, no token logged.
//
// MIA_FUZZ_RUNS=<n> scales the counts (default 1000: 15,000 requests, 6,000 frames, 200 connections).
import { isUtf8 } from 'node:buffer';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pino from 'pino';
import type { InjectOptions } from 'fastify';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../shared/api';
import { MAX_CLIENT_MESSAGE_BYTES, MAX_FRAME_BYTES } from '../../server/live/messages';
import { findLeaks, revealedDice } from './leak-check';
import { ADA, BO, CLEO, DOV, group, Table, world, type World } from './support';

const RUNS = Number(process.env.MIA_FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.MIA_FUZZ_SEED ?? 20261130);
const HTTP_RUNS = RUNS * 15;
const FRAME_RUNS = RUNS * 6;

const CHAT = -100_4242n;
const OTHER = -100_4343n;
// injectWS's request has no socket; the rate limit keys on the client's address, as from a real one.
const INJECTED = { socket: { remoteAddress: '127.0.0.1' } } as unknown as Parameters<World['app']['injectWS']>[1];
const INDEX_HTML = '<!doctype html><title>Mia</title><div id="root"></div>';

/** The dashboard's log at info level and above, as written. */
const logLines: string[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line.trimEnd()) });

let w: World;
let token: string;
let otherToken: string;
let running: Table;
let finished: Table;
const startedAt = Date.now();
let requests = 0;
let frames = 0;

beforeAll(async () => {
  // A built SPA of one page: the fallback is what is under test, not the build.
  const webRoot = mkdtempSync(join(tmpdir(), 'mia-dashboard-fuzz-'));
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  w = await world({ log, webRoot, rateLimit: { max: 1_000_000, timeWindow: 60_000 }, live: { heartbeatMs: 600_000 } });
  token = await group(w.games, CHAT, 'Fuzzed table', true);
  otherToken = await group(w.games, OTHER, 'Other table');
  finished = new Table(w.games, w.dice, CHAT);
  await finished.open([ADA, BO], { lives: 1 });
  await finished.start([4, 2]); // Ada looks at 42 as the game starts
  await finished.play({ type: 'announce', value: 53 });
  await finished.play({ type: 'call' });
  expect(finished.game!.status).toBe('FINISHED');
  running = new Table(w.games, w.dice, CHAT);
  await running.open([ADA, BO, CLEO]);
  await running.start([6, 3]);
  await running.play({ type: 'announce', value: 64 }); // a bluff: 63 under the cup
  await running.play({ type: 'believe' });
  await running.play({ type: 'roll', dice: [5, 5] }); // Bo looks at 55, unrevealed
  const other = new Table(w.games, w.dice, OTHER);
  await other.open([DOV, CLEO]);
  await other.start([2, 2]); // Dov looks at 22, unrevealed
}, 60_000);

afterAll(async () => {
  await w?.close();
  const seconds = (Date.now() - startedAt) / 1000;
  console.log(`dashboard fuzz: ${requests} requests and ${frames} live frames in ${seconds.toFixed(1)} s`);
});

// ── requests ─────────────────────────────────────────────────────────────────────────────────

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,70}$/) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '.',
      '..',
      '%2e%2e',
      '%2F',
      '%00',
      '%',
      '%zz',
      '%E2%82',
      '..%2f..%2fetc%2fpasswd',
      ' ',
      '%20',
      '~',
      '*',
      '\\',
      'ws',
      'live',
      'games',
      'players',
      'index.html',
      '0',
      '-0',
      '-1',
      '1e3',
      '00001001',
      '9223372036854775807',
      '9223372036854775808',
      '-9223372036854775808',
      '-9223372036854775809',
      '99999999999999999999',
      '1001',
      '-4611686018427387905',
      '١٠٠١',
      '１００１',
      'NaN',
      'Infinity',
      'null',
      'undefined',
      '__proto__',
      'constructor',
    ),
  },
);
const enc = (s: string, raw: boolean) => (raw ? s.replace(/[\s?#/]/g, '') : encodeURIComponent(s));

/** Paths shaped like the API's (with real tokens and ids some of the time), and anything else. */
function paths(real: { tokens: string[]; games: string[]; users: string[] }) {
  const tok = fc.oneof(fc.constantFrom(...real.tokens), segment, fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/));
  const id = fc.oneof(fc.constantFrom(...real.games), segment, fc.uuid());
  const user = fc.oneof(fc.constantFrom(...real.users), segment, fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String));
  const raw = fc.boolean();
  return fc
    .oneof(
      fc.tuple(tok, raw).map(([t, r]) => `/api/g/${enc(t, r)}`),
      fc.tuple(tok, raw).map(([t, r]) => `/api/g/${enc(t, r)}/live`),
      fc.tuple(tok, raw).map(([t, r]) => `/api/g/${enc(t, r)}/ws`),
      fc.tuple(tok, id, raw).map(([t, g, r]) => `/api/g/${enc(t, r)}/games/${enc(g, r)}`),
      fc.tuple(tok, user, raw).map(([t, u, r]) => `/api/g/${enc(t, r)}/players/${enc(u, r)}`),
      // The link-preview images (PNG).
      fc.tuple(tok, raw).map(([t, r]) => `/api/g/${enc(t, r)}/preview.png`),
      fc.tuple(tok, id, raw).map(([t, g, r]) => `/api/g/${enc(t, r)}/games/${enc(g, r)}/card.png`),
      fc.tuple(tok, user, raw).map(([t, u, r]) => `/api/g/${enc(t, r)}/players/${enc(u, r)}/card.png`),
      fc.tuple(id, raw).map(([g, r]) => `/api/games/${enc(g, r)}`),
      fc.tuple(user, raw).map(([u, r]) => `/api/players/${enc(u, r)}`),
      fc.constantFrom('/api', '/api/', '/api?x=1', '/api/groups', '/api/odds', '/api/groups/', '/api//groups', '/API/groups', '/api/g', '/api/g/'),
      fc.array(fc.tuple(segment, raw), { maxLength: 5 }).map((parts) => `/api/${parts.map(([s, r]) => enc(s, r)).join('/')}`),
      fc.array(fc.tuple(segment, raw), { maxLength: 5 }).map((parts) => `/${parts.map(([s, r]) => enc(s, r)).join('/')}`),
      fc.tuple(tok, raw).map(([t, r]) => `/g/${enc(t, r)}`),
      fc.tuple(tok, user, raw).map(([t, u, r]) => `/g/${enc(t, r)}/players/${enc(u, r)}`),
      // light-my-request reads a path starting "//" or "/\\" as another host ("//host/…"): not
      // what a request line would say, so those are left to real sockets.
    )
    .filter((p) => !/^\/[/\\]/.test(p));
}

const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 4 }).map((q) => `?${new URLSearchParams(q)}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((s) => `?${s.replace(/#/g, '')}`) },
  { weight: 1, arbitrary: fc.constantFrom('?', '??', '?a=1&a=2', '?__proto__[x]=1', '?%', '?limit=-1', '?page=99999999999999999999') },
);

const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/).filter((h) => !/^(host|content-length|transfer-encoding|connection|upgrade)$/i.test(h));
const headers = fc
  .record(
    {
      accept: fc.constantFrom('text/html', 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', 'application/json', '*/*', '', 'text/*', 'image/png'),
      'content-type': fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'x/y',
        '',
      ),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1', ''),
      origin: fc.constantFrom('http://evil.example', 'null', 'http://localhost:3000'),
      'accept-language': fc.string({ maxLength: 30 }),
      extra: fc.tuple(
        headerName,
        fc.string({ maxLength: 40 }).map((v) => v.replace(/[^\x20-\x7e]/g, '')),
      ),
    },
    { requiredKeys: [] },
  )
  .map(({ extra, ...h }) => (extra ? { ...h, [extra[0]]: extra[1] } : h)) as fc.Arbitrary<Record<string, string>>;

const body = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.json() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[]'.repeat(5000), 'x'.repeat(5000)) },
);

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

describe('the dashboard under hostile input', () => {
  it(`answers ${HTTP_RUNS} random requests without a 5xx: JSON errors under /api, the SPA for pages, no dice`, async () => {
    const revealed = revealedDice([...finished.events, ...running.events]);
    const real = {
      tokens: [token, otherToken, `${token}x`, token.slice(1), token.toUpperCase()],
      games: [finished.game!.id, running.game!.id],
      users: [ADA.id, BO.id, DOV.id, '-1001'],
    };
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...METHODS), paths(real), query, headers, body, async (method, path, q, h, payload) => {
        requests++;
        const url = `${path}${q}`;
        const options: InjectOptions = { method, url, headers: h };
        if (payload !== undefined && method !== 'GET' && method !== 'HEAD') options.payload = payload as NonNullable<InjectOptions['payload']>;
        const res = await w.app.inject(options);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const what = `${method} ${JSON.stringify(url)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        expect(res.statusCode, what).toBeGreaterThanOrEqual(200);
        if (method === 'HEAD') return;
        const json = () => {
          expect(res.headers['content-type'], what).toMatch(/^application\/json/);
          return JSON.parse(res.body) as unknown;
        };
        // What reached the server: light-my-request resolves the URL first (/api/.. is /), as a
        // browser would; Fastify then routes on the decoded path (/%61pi/… is /api/… too).
        const reached = res.raw.req.url ?? url;
        let decoded = reached;
        try {
          decoded = decodeURI(reached);
        } catch {
          /* undecodable: answered 400 below */
        }
        if (res.statusCode >= 400) {
          if (isApiPath(reached) || isApiPath(decoded) || !(method === 'GET' && (h.accept ?? '').includes('text/html'))) {
            const e = json() as ErrorBody;
            expect(e.statusCode, what).toBe(res.statusCode);
            expect(e.error, what).toEqual(expect.any(String));
            expect(e.message.length, what).toBeGreaterThan(3);
          } else {
            // A page address gets the SPA's index (200), whatever its length or shape ("..",
            // "//": no file is looked up for it), except one that is no URL (a bad
            // percent-escape: 400 before any routing, in JSON).
            const e = json() as ErrorBody & { code?: string };
            expect(res.statusCode, `a page address was not served the SPA: ${what}`).toBe(400);
            expect(e.code, what).toBe('FST_ERR_BAD_URL');
            expect(e.message.length, what).toBeGreaterThan(3);
          }
          return;
        }
        if (isApiPath(reached) || isApiPath(decoded)) {
          expect(method, what).toBe('GET');
          if (res.headers['content-type'] === 'image/png') {
            // A link-preview image: drawn from the spectator view (previews.test.ts checks its content).
            expect(res.rawPayload.subarray(1, 4).toString('latin1'), what).toBe('PNG');
            return;
          }
          const answer = json();
          // A finished game's replay shows its rolls (docs/rules.md, "Secrecy"); nothing else may.
          const replayOfFinished = (answer as { id?: unknown }).id === finished.game!.id && decoded.includes('/games/');
          if (!replayOfFinished) expect(findLeaks(answer, revealed), what).toEqual([]);
        } else {
          expect(method === 'GET' && res.headers['content-type'], what).toMatch(/^text\/html/);
          // The SPA's page (its <title> and meta tags are the page's link preview: preview/meta.ts).
          expect(res.body.startsWith('<!doctype html><title>'), what).toBe(true);
          expect(res.body.endsWith('<div id="root"></div>'), what).toBe(true);
        }
      }),
      { numRuns: HTTP_RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(`statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    // The generators reach the answers that matter, not only 404s.
    expect(statuses.get(200)).toBeGreaterThan(HTTP_RUNS / 50);
    expect(statuses.get(400)).toBeGreaterThan(HTTP_RUNS / 50);
  }, 300_000);

  // ── the live channel ───────────────────────────────────────────────────────────────────────

  /** A live-channel client in process: its messages in order, and how it closed. */
  class Client {
    readonly messages: LiveMessage[] = [];
    closed: { code: number; reason: string } | null = null;
    private wake: (() => void) | null = null;
    private constructor(readonly socket: WebSocket) {
      socket.on('message', (data) => {
        this.messages.push(JSON.parse(data.toString()) as LiveMessage);
        this.wake?.();
      });
      socket.on('close', (code, reason) => {
        this.closed = { code, reason: reason.toString() };
        this.wake?.();
      });
    }
    static async open(path: string): Promise<Client> {
      const client = new Client(await w.app.injectWS(path, INJECTED));
      await client.until(() => client.messages.some((m) => m.type === 'snapshot'));
      return client;
    }
    async until(done: () => boolean, timeoutMs = 5000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out; messages ${JSON.stringify(this.messages.slice(-3))}, closed ${JSON.stringify(this.closed)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  const frame = fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 200 }).map((s) => ({ data: s, binary: false })) },
    { weight: 2, arbitrary: fc.json().map((s) => ({ data: s, binary: false })) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => ({ data: JSON.stringify({ type: v }), binary: false })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '{"type":"ping"}',
          '{"type":"ping","x":1}',
          '{"type":"PING"}',
          '{"type":"subscribe","token":"x"}',
          '{"type":"ping"',
          '["ping"]',
          'null',
          '"ping"',
          '{"type":null}',
          '{"__proto__":{"type":"ping"}}',
          '',
        )
        .map((s) => ({ data: s, binary: false })),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => ({ data: Buffer.from(b), binary: true })) },
    // Random bytes as a text frame: invalid UTF-8 closes the socket (1007), valid is answered.
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 60 }).map((b) => ({ data: Buffer.from(b), binary: false })) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: MAX_CLIENT_MESSAGE_BYTES - 2, max: MAX_CLIENT_MESSAGE_BYTES + 2000 })
        .map((n) => ({ data: '{"type":"ping"}'.padEnd(n, ' '), binary: false })),
    },
    // Past the frame limit: the socket is closed (1009), not read.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: MAX_FRAME_BYTES + 1, max: MAX_FRAME_BYTES * 4 }), fc.boolean())
        .map(([n, binary]) => ({ data: 'x'.repeat(n), binary })),
    },
  );

  const isPing = (data: string | Buffer, binary: boolean): boolean => {
    if (binary || Buffer.byteLength(data) > MAX_CLIENT_MESSAGE_BYTES) return false;
    try {
      const parsed = JSON.parse(data.toString()) as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && (parsed as { type?: unknown }).type === 'ping';
    } catch {
      return false;
    }
  };

  it(`answers ${FRAME_RUNS} random live frames with an error (or a pong), keeps the socket and the bystanders`, async () => {
    const revealed = () => revealedDice([...finished.events, ...running.events]);
    const bystander = await Client.open(`/api/g/${token}/ws`);
    const elsewhere = await Client.open(`/api/g/${otherToken}/ws`);
    let fuzzed = await Client.open(`/api/g/${token}/ws`);
    const counts = { error: 0, pong: 0, closed1009: 0, closed1007: 0, reconnects: 0 };
    // Spectator counts come and go as the fuzzed client reconnects (each open page counts): they
    // are the group's news, not an answer to a frame, and are left out of what is compared.
    const answers = (c: Client) => c.messages.filter((m) => m.type !== 'spectators');
    await fc.assert(
      fc.asyncProperty(frame, async ({ data, binary }) => {
        frames++;
        if (fuzzed.closed) {
          fuzzed = await Client.open(`/api/g/${token}/ws`);
          counts.reconnects++;
        }
        const seen = answers(fuzzed).length;
        fuzzed.socket.send(data, { binary });
        if (Buffer.byteLength(data) > MAX_FRAME_BYTES) {
          await fuzzed.until(() => fuzzed.closed !== null);
          expect(fuzzed.closed!.code).toBe(1009);
          counts.closed1009++;
          return;
        }
        if (!binary && Buffer.isBuffer(data) && !isUtf8(data)) {
          await fuzzed.until(() => fuzzed.closed !== null);
          expect(fuzzed.closed!.code).toBe(1007);
          counts.closed1007++;
          return;
        }
        await fuzzed.until(() => answers(fuzzed).length > seen || fuzzed.closed !== null);
        expect(fuzzed.closed, `closed after ${JSON.stringify(String(data).slice(0, 80))}`).toBeNull();
        const reply = answers(fuzzed)[seen]!;
        if (isPing(data, binary)) {
          expect(reply).toEqual({ type: 'pong' });
          counts.pong++;
        } else {
          expect(reply.type).toBe('error');
          expect((reply as Extract<LiveMessage, { type: 'error' }>).message.length).toBeGreaterThan(10);
          counts.error++;
        }
      }),
      { numRuns: FRAME_RUNS, seed: SEED + 1, endOnFailure: true },
    );
    console.log(`frames: ${JSON.stringify(counts)}`);
    expect(counts.error).toBeGreaterThan(0);
    expect(counts.closed1009).toBeGreaterThan(0);
    expect(counts.closed1007).toBeGreaterThan(0);

    // The bystanders saw nothing of it, are still open, and still follow the game.
    expect(bystander.closed).toBeNull();
    expect(elsewhere.closed).toBeNull();
    expect(answers(bystander).map((m) => m.type)).toEqual(['snapshot']);
    await running.play({ type: 'announce', value: 65 });
    await bystander.until(() => bystander.messages.some((m) => m.type === 'game'));
    if (!fuzzed.closed) await fuzzed.until(() => fuzzed.messages.some((m) => m.type === 'game'));
    expect(answers(elsewhere).map((m) => m.type)).toEqual(['snapshot']);
    for (const c of [bystander, fuzzed, elsewhere]) {
      for (const m of c.messages) expect(findLeaks(m, revealed())).toEqual([]);
    }
    bystander.socket.send('{"type":"ping"}');
    await bystander.until(() => bystander.messages.at(-1)?.type === 'pong');
    for (const c of [bystander, fuzzed, elsewhere]) c.socket.close();
  }, 300_000);

  it('refuses live connections to random addresses with a 4xx, never an upgrade', async () => {
    const paths = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/).map((t) => `/api/g/${t}/ws`),
      fc.string({ maxLength: 30 }).map((t) => `/api/g/${encodeURIComponent(t)}/ws`),
      fc.constantFrom(`/api/g/${token}x/ws`, `/api/g/${token}/ws/x`, '/api/ws', '/ws', '/', '/g/x', `/api/g/${token}`, `/api/g/${token}/live`, '/api/odds'),
    );
    await fc.assert(
      fc.asyncProperty(paths, async (path) => {
        frames++;
        const refused = await w.app.injectWS(path, INJECTED).then(
          (socket) => {
            socket.terminate();
            return null;
          },
          (error: Error) => error.message,
        );
        expect(refused, path).toMatch(/^Unexpected server response: 4\d\d$/);
      }),
      { numRuns: Math.max(50, RUNS / 5), seed: SEED + 2, endOnFailure: true },
    );
  }, 120_000);

  it('logged no token, no dice and no error at info level through all of it', () => {
    expect(logLines.length).toBeGreaterThan(0); // the capture works (slow clients, closes …)
    for (const line of logLines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(otherToken);
      const parsed = JSON.parse(line) as { level: number };
      expect(parsed.level, line).toBeLessThan(50);
      expect(findLeaks(parsed, new Set()), line).toEqual([]);
    }
  });
});
