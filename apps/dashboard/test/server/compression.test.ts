// Issue 13, fast on a phone: the SPA's files go out as the build compressed them (brotli, gzip),
// API answers are compressed per request, and caching is right for each: hashed assets for a
// year, index.html and the API never from a stale copy. Security headers and the rate limit
// hold on compressed answers too.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OddsTables } from '../../shared/api';
import { oddsTables } from '../../server/routes/public';
import { world, type World } from './support';

const INDEX = `<!doctype html><title>Mia</title><script type="module" src="/assets/app-1a2b.js"></script>${'<!-- shell -->'.repeat(40)}`;
const APP = `console.log(${JSON.stringify('mia '.repeat(2000))});`;

/** A built SPA as vite.config.ts writes it: each text file with its .br and .gz beside it. */
function builtSpa(): string {
  const root = mkdtempSync(join(tmpdir(), 'mia-dash-compressed-'));
  mkdirSync(join(root, 'assets'));
  for (const [path, text] of [
    ['index.html', INDEX],
    ['assets/app-1a2b.js', APP],
  ] as const) {
    writeFileSync(join(root, path), text);
    writeFileSync(join(root, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${path}.gz`), gzipSync(text));
  }
  return root;
}

const decode = (encoding: string | undefined, body: Buffer): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('compression and caching', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ webRoot: builtSpa(), rateLimit: { max: 40, timeWindow: 60_000 } });
  });
  afterAll(() => w?.close());

  const get = (url: string, headers: Record<string, string>) => w.app.inject({ url, headers });

  it("sends the build's brotli or gzip file as it is, by the browser's Accept-Encoding, with a year's cache for hashed assets", async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get('/assets/app-1a2b.js', { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload)).toBe(APP);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(APP.length / 10);
    }
  });

  it('sends index.html compressed for every page address, never cached without asking, with the security headers', async () => {
    for (const url of ['/', '/g/abcdefghijklmnopqrstuvwx', '/g/abcdefghijklmnopqrstuvwx/live']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The SPA's page (the server may fill in its <head>: link previews).
      expect(decode('br', res.rawPayload)).toContain('<script type="module" src="/assets/app-1a2b.js"></script>');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // With its first API answers announced, to download beside the scripts.
    const group = await get('/g/abcdefghijklmnopqrstuvwx', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(group.headers.link).toBe('</api/g/abcdefghijklmnopqrstuvwx>; rel=preload; as=fetch; crossorigin');
    // A browser's fetch that does not ask for HTML gets the not-found answer, as at any address.
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
    const data = await get('/g/abcdefghijklmnopqrstuvwx', { accept: 'application/json', 'user-agent': browser });
    expect(data.statusCode).toBe(404);
    expect(data.json()).toMatchObject({ statusCode: 404 });
  });

  it('compresses API answers (JSON) per request, brotli or gzip, keeping their caching and security headers', async () => {
    const expected: OddsTables = oddsTables();
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/api/odds', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      const text = decode(encoding, res.rawPayload);
      expect(JSON.parse(text)).toEqual(expected);
      expect(res.rawPayload.length).toBeLessThan(text.length / 2);
    }
    // Group data: compressed, and still kept out of shared caches.
    const groups = await get('/api/groups', { 'accept-encoding': 'gzip, br' });
    expect(groups.statusCode).toBe(200);
    expect(groups.headers['cache-control']).toBe('no-store');
    // Small answers are not worth it: sent as they are.
    const small = await get('/api/nope', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ statusCode: 404 });
  });

  it('compresses the OpenAPI document too', async () => {
    const res = await get('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', res.rawPayload))).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('still rate-limits compressed answers per client address', async () => {
    const client = { remoteAddress: '10.1.2.3' };
    let last = 0;
    for (let i = 0; i < 41; i++) {
      const res = await w.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'br' }, ...client });
      last = res.statusCode;
      if (last === 429) break;
      expect(res.headers['content-encoding']).toBe('br');
    }
    expect(last).toBe(429);
    const api = await w.app.inject({ url: '/api/odds', headers: { 'accept-encoding': 'br' }, ...client });
    expect(api.statusCode).toBe(429);
    expect(api.headers['retry-after']).toBeDefined();
  });
});
