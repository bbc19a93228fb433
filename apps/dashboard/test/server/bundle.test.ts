// The dashboard as production runs it: compiled by scripts/build.mjs with the web server's packages
// inlined (Fastify and its plugins, TypeBox's serializers, node-postgres with Prisma's adapter,
// pino, ws), started with plain node on the embedded database. Each inlined package is used here
// the way the process uses it: routes, serializers (GET and HEAD), compression, security headers,
// the OpenAPI document, a live socket, the log, a clean stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const APP_DIR = fileURLToPath(new URL('../..', import.meta.url));
const build = (await import(new URL('../../../../scripts/build.mjs', import.meta.url).href)) as {
  TARGETS: Record<string, { entry: string; inline?: string }>;
  bundleEntry: (entry: string, out: string, options?: { inline?: string | undefined }) => Promise<void>;
};

// Beside the real output, so node finds the packages left external (Prisma, PGlite) as it would.
const OUT = join(APP_DIR, 'dist-server', `bundle-test-${process.pid}.js`);
const dataDir = mkdtempSync(join(tmpdir(), 'mia-dash-bundle-'));
let child: ChildProcess;
let output = '';
let exited: Promise<number | null>;
let address = '';

beforeAll(async () => {
  const target = build.TARGETS.dashboard!;
  expect(target.inline).toBe('server');
  await build.bundleEntry(target.entry, OUT, { inline: target.inline });
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  child = spawn(process.execPath, [OUT], {
    cwd: APP_DIR,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_ROOT: join(dataDir, 'no-spa') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  // Ready when the log (pino, inlined) says where it listens.
  address = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /"address":"(http:\/\/[^"]+)"/.exec(output)?.[1];
      if (found) resolve(found);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exited.then((code) => reject(new Error(`the compiled dashboard exited (${code}) before listening:\n${output}`)));
  });
}, 90_000);

afterAll(async () => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  rmSync(OUT, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled dashboard (scripts/build.mjs, packages inlined)', () => {
  it('answers its API through the inlined serializers, GET and HEAD alike, compressed when asked', async () => {
    const odds = await fetch(`${address}/api/odds`, { headers: { 'accept-encoding': 'identity' } });
    expect(odds.status).toBe(200);
    const body = await odds.text();
    expect((JSON.parse(body) as { presets: unknown[] }).presets).toHaveLength(3);
    expect(odds.headers.get('x-content-type-options')).toBe('nosniff'); // helmet

    const head = await fetch(`${address}/api/odds`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));

    // fetch decodes what it asked for: the header says it came compressed, the body is the same.
    const compressed = await fetch(`${address}/api/odds`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe(body);

    const missing = await fetch(`${address}/api/g/not-a-token`);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { statusCode: number }).statusCode).toBe(400);

    const openapi = (await (await fetch(`${address}/api/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(openapi.openapi).toBe('3.0.3');
    expect(Object.keys(openapi.paths)).toContain('/api/odds');
  });

  it('serves the public live channel over a WebSocket', async () => {
    const socket = new WebSocket(`${address.replace('http', 'ws')}/api/live/ws`);
    const first = await new Promise<{ type: string; games: unknown[] }>((resolve, reject) => {
      socket.onmessage = (event) => resolve(JSON.parse(String(event.data)) as { type: string; games: unknown[] });
      socket.onerror = () => reject(new Error(`no live socket:\n${output}`));
    });
    expect(first.type).toBe('snapshot');
    expect(first.games).toEqual([]);
    socket.close();
  });

  it('stops cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('dashboard: stopping');
    expect(output).not.toMatch(/"level":(50|60)/); // nothing logged as an error on the way
  });
});
