// The bot's keep-alive connections (src/http1/connection-pool.ts) against real servers on
// loopback: Node's own http and https servers for what a Bot API server does, and a raw TCP
// server for what a broken one does.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionPool, type Origin } from '../src/http1/connection-pool';

const TLS_DIR = join(__dirname, 'fixtures', 'tls');

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: net.Socket;
}

type Answer = (req: Seen, res: http.ServerResponse) => void;
const json: Answer = (req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ ok: true, result: { url: req.url, body: req.body } }));
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** An http (or https) server answering each request with `answer`, after reading its body. */
async function serve(answer: Answer = json, secure = false) {
  const seen: Seen[] = [];
  const connections: net.Socket[] = [];
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), socket: req.socket };
      seen.push(s);
      answer(s, res);
    });
  };
  const server = secure
    ? https.createServer({ key: readFileSync(join(TLS_DIR, 'key.pem')), cert: readFileSync(join(TLS_DIR, 'cert.pem')) }, handler)
    : http.createServer(handler);
  server.on(secure ? 'secureConnection' : 'connection', (socket: net.Socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  closers.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { server, seen, connections, port };
}

/** A TCP server that answers each connection's first bytes with `reply(socket)`. */
async function serveRaw(reply: (socket: net.Socket) => void) {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.once('data', () => reply(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as AddressInfo).port;
}

function pool(port: number, options: ConstructorParameters<typeof ConnectionPool>[1] = {}, origin: Partial<Origin> = {}) {
  const p = new ConnectionPool({ protocol: 'http:', hostname: '127.0.0.1', port, ...origin }, options);
  closers.push(async () => p.close());
  return p;
}

const post = (p: ConnectionPool, path: string, body = '{}', signal?: AbortSignal) => p.request({ method: 'POST', path, body, signal: signal ?? null });

describe('ConnectionPool', () => {
  it('sends what was asked and carries one request after another on one connection', async () => {
    const { seen, connections, port } = await serve();
    const p = pool(port);
    const body = JSON.stringify({ chat_id: 1, text: 'é 🎲' });
    const first = await post(p, '/bot1:x/sendMessage', body);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString('utf8'))).toEqual({ ok: true, result: { url: '/bot1:x/sendMessage', body } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/bot1:x/sendMessage', body });
    expect(seen[0]!.headers).toMatchObject({
      host: `127.0.0.1:${port}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
    await post(p, '/bot1:x/getMe');
    await post(p, '/bot1:x/getMe');
    expect(connections).toHaveLength(1);
    expect(p.size).toEqual({ open: 1, idle: 1 });
  });

  it('opens a connection per request in flight, and gives each its own answer', async () => {
    // The answers go out in the reverse order of the requests.
    const held: (() => void)[] = [];
    const { connections, port } = await serve((req, res) => {
      held.push(() => json(req, res));
      if (held.length === 3) for (const answer of held.reverse()) answer();
    });
    const p = pool(port);
    const answers = await Promise.all(['/a', '/b', '/c'].map((path) => post(p, path)));
    expect(answers.map((a) => JSON.parse(a.body.toString()).result.url)).toEqual(['/a', '/b', '/c']);
    expect(connections).toHaveLength(3);
    expect(p.size).toEqual({ open: 3, idle: 3 });
  });

  it('does not keep a connection the server closes, nor one past the server’s keep-alive hint', async () => {
    const { connections, port } = await serve((req, res) => {
      if (req.url === '/close') res.setHeader('connection', 'close');
      if (req.url === '/hint') res.setHeader('keep-alive', 'timeout=1');
      json(req, res);
    });
    const p = pool(port);
    await post(p, '/close');
    expect(p.size.idle).toBe(0);
    await post(p, '/hint');
    expect(p.size.idle).toBe(0);
    await post(p, '/again');
    expect(connections).toHaveLength(3);
  });

  it('drops an idle connection the server ends, and the next request opens another', async () => {
    const { connections, port } = await serve();
    const p = pool(port);
    await post(p, '/one');
    connections[0]!.end();
    await vi.waitFor(() => expect(p.size).toEqual({ open: 0, idle: 0 }));
    expect((await post(p, '/two')).status).toBe(200);
    expect(connections).toHaveLength(2);
  });

  it('closes a connection left idle for its idle time', async () => {
    const { connections, port } = await serve();
    const p = pool(port, { idleMs: 30 });
    await post(p, '/one');
    const closed = new Promise((resolve) => connections[0]!.once('close', resolve));
    await closed;
    expect(p.size).toEqual({ open: 0, idle: 0 });
  });

  it('keeps a connection in use past its idle time, and closes it once it is left idle', async () => {
    const { connections, port } = await serve();
    const p = pool(port, { idleMs: 300 });
    // Each request hands the connection back and re-arms its idle timer: 16 requests 25 ms apart
    // outlast the idle time on one connection.
    for (let i = 0; i < 16; i++) {
      await post(p, `/again-${i}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(connections).toHaveLength(1);
    expect(p.size).toEqual({ open: 1, idle: 1 });
    await new Promise((resolve) => connections[0]!.once('close', resolve));
    expect(p.size).toEqual({ open: 0, idle: 0 });
  });

  it('fails a request past its deadline and does not reuse that connection', async () => {
    const { connections, port } = await serve((req, res) => (req.url === '/hang' ? undefined : json(req, res)));
    const p = pool(port);
    await expect(p.request({ method: 'POST', path: '/hang', body: '{}', timeoutMs: 50 })).rejects.toThrow('no response within 50 ms');
    expect(p.size).toEqual({ open: 0, idle: 0 });
    expect((await p.request({ method: 'POST', path: '/after', body: '{}', timeoutMs: 1_000 })).status).toBe(200);
    expect(connections).toHaveLength(2);
  });

  it('rejects with the abort reason, before or during the call, and does not reuse that connection', async () => {
    let arrived: () => void = () => undefined;
    const { connections, port } = await serve((req, res) => (req.url === '/hold' ? arrived() : json(req, res)));
    const p = pool(port);
    const before = new AbortController();
    before.abort(new Error('gone'));
    await expect(post(p, '/x', '{}', before.signal)).rejects.toThrow('gone');
    expect(connections).toHaveLength(0);
    const during = new AbortController();
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const call = post(p, '/hold', '{}', during.signal);
    await reached;
    during.abort(new Error('stopped'));
    await expect(call).rejects.toThrow('stopped');
    expect(p.size).toEqual({ open: 0, idle: 0 });
    expect((await post(p, '/after')).status).toBe(200);
    expect(connections).toHaveLength(2);
  });

  it('fails a request whose connection breaks or whose answer is not HTTP, and recovers', async () => {
    const cut = await serveRaw((socket) => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-length: 50\r\n\r\n{"ok":');
      socket.destroy();
    });
    await expect(post(pool(cut), '/x')).rejects.toThrow(/mid-response|hang up|ECONNRESET/);
    const garbage = await serveRaw((socket) => socket.write('SSH-2.0-OpenSSH\r\n\r\n'));
    const g = pool(garbage);
    await expect(post(g, '/x')).rejects.toThrow(/status line/);
    expect(g.size).toEqual({ open: 0, idle: 0 });
    const silent = await serveRaw((socket) => socket.end());
    await expect(post(pool(silent), '/x')).rejects.toThrow(/before a response|hang up|ECONNRESET/);
  });

  it('drops an idle connection that receives bytes nobody asked for', async () => {
    const { connections, port } = await serve();
    const p = pool(port);
    await post(p, '/one');
    connections[0]!.write('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n');
    await vi.waitFor(() => expect(p.size).toEqual({ open: 0, idle: 0 }));
  });

  it('rejects when nothing listens', async () => {
    const port = await serveRaw(() => undefined);
    const closed = closers.pop()!;
    await closed();
    await expect(post(pool(port), '/x')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('speaks HTTPS to a Bot API root behind TLS, one connection for several calls', async () => {
    const { seen, connections, port } = await serve(json, true);
    const p = pool(port, { tls: { ca: readFileSync(join(TLS_DIR, 'cert.pem')) } }, { protocol: 'https:', hostname: 'localhost' });
    expect(JSON.parse((await post(p, '/bot1:x/getMe')).body.toString()).result.url).toBe('/bot1:x/getMe');
    await post(p, '/bot1:x/getMe');
    expect(connections).toHaveLength(1);
    expect(seen[0]!.headers.host).toBe(`localhost:${port}`);
    // The certificate is checked: a pool that does not trust it fails.
    await expect(post(pool(port, {}, { protocol: 'https:', hostname: 'localhost' }), '/x')).rejects.toThrow(/self.signed|certificate/i);
  });

  it('sends Basic credentials and the host of an IPv6 origin as Node would', async () => {
    const { seen, port } = await serve();
    await post(pool(port, {}, { auth: 'mia:s@cret' }), '/x');
    expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('mia:s@cret').toString('base64')}`);
    const v6 = new ConnectionPool({ protocol: 'http:', hostname: '::1', port: 8081 });
    expect((v6 as unknown as { hostHeader: string }).hostHeader).toBe('[::1]:8081');
    const standard = new ConnectionPool({ protocol: 'https:', hostname: 'api.telegram.org', port: 443 });
    expect((standard as unknown as { hostHeader: string }).hostHeader).toBe('api.telegram.org');
  });

  it('refuses a path that would break the request line, and any request once closed', async () => {
    const { seen, port } = await serve();
    const p = pool(port);
    await expect(post(p, '/x HTTP/1.1\r\nX-Injected: 1')).rejects.toThrow(/bad request path/);
    await expect(post(p, 'relative')).rejects.toThrow(/bad request path/);
    expect(seen).toHaveLength(0);
    await post(p, '/x');
    p.close();
    expect(p.size.idle).toBe(0);
    await expect(post(p, '/y')).rejects.toThrow(/closed/);
  });
});
