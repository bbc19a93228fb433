// The bot's HTTP client (src/http-fetch.ts) against a real server on loopback: what reaches the
// server is what grammY asked for, whatever the API root looks like.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetch } from '../src/http-fetch';

interface Seen {
  method: string;
  url: string;
  host: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

describe('httpFetch', () => {
  const seen: Seen[] = [];
  let hold: ((res: http.ServerResponse) => void) | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        host: req.headers.host!,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (hold) return hold(res);
      res.statusCode = req.url!.endsWith('/fail') ? 400 : 200;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: res.statusCode === 200, result: { echoed: req.url } }));
    });
  });
  let port = 0;
  let v6 = false;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '::', resolve));
    port = (server.address() as AddressInfo).port;
    v6 = await new Promise<boolean>((resolve) => {
      const probe = http.get({ host: '::1', port, path: '/probe' }, (res) => {
        res.resume();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    seen.length = 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the JSON body to the method path and reads the answer', async () => {
    const body = JSON.stringify({ chat_id: 1, text: 'é 🎲' });
    const res = await httpFetch(`http://127.0.0.1:${port}/bot123:abc/sendMessage`, { method: 'POST', body });
    expect(res.ok).toBe(true);
    expect(await res.json()).toEqual({ ok: true, result: { echoed: '/bot123:abc/sendMessage' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/bot123:abc/sendMessage', host: `127.0.0.1:${port}`, contentType: 'application/json', body });
  });

  it('keeps a path prefix of the API root, a failed status and the next call to another method', async () => {
    const root = `http://localhost:${port}/telegram/api`;
    const failed = await httpFetch(`${root}/bot1:x/fail`, { method: 'POST', body: '{}' });
    expect(failed.ok).toBe(false);
    expect(failed.status).toBe(400);
    await httpFetch(`${root}/bot1:x/getMe`, { method: 'POST', body: '{}' });
    expect(seen.slice(-2).map((s) => s.url)).toEqual(['/telegram/api/bot1:x/fail', '/telegram/api/bot1:x/getMe']);
  });

  it('sends the credentials of an API root that has them', async () => {
    await httpFetch(`http://mia:s%40cret@127.0.0.1:${port}/bot1:x/getMe`, { method: 'POST', body: '{}' });
    expect(seen.at(-1)!.authorization).toBe(`Basic ${Buffer.from('mia:s@cret').toString('base64')}`);
  });

  it('reaches an IPv6 API root', async (ctx) => {
    if (!v6) return ctx.skip();
    await httpFetch(`http://[::1]:${port}/bot1:x/getMe`, { method: 'POST', body: '{}' });
    expect(seen.at(-1)).toMatchObject({ url: '/bot1:x/getMe', host: `[::1]:${port}` });
  });

  it('rejects when its signal aborts, before or during the call', async () => {
    const before = new AbortController();
    before.abort(new Error('gone'));
    await expect(httpFetch(`http://127.0.0.1:${port}/bot1:x/getMe`, { method: 'POST', body: '{}', signal: before.signal })).rejects.toThrow('gone');
    const during = new AbortController();
    let held: http.ServerResponse | null = null;
    const arrived = new Promise<void>((resolve) => {
      hold = (res) => {
        held = res;
        resolve();
      };
    });
    const call = httpFetch(`http://127.0.0.1:${port}/bot1:x/getUpdates`, { method: 'POST', body: '{}', signal: during.signal });
    await arrived;
    during.abort(new Error('stopped'));
    await expect(call).rejects.toThrow('stopped');
    hold = null;
    (held as http.ServerResponse | null)?.destroy();
  });
});
