// Issue 13, point 7: the OpenAPI document (GET /api/openapi.json), generated from the routes'
// TypeBox schemas, lists every API route the server registers with its answers' schemas.
import type { RouteOptions } from 'fastify';
import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import { GameService } from '@mia/game';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboard } from '../../server';
import { OPENAPI_URL } from '../../server/openapi';
import { NO_WEB_ROOT, quietLog } from './support';

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: { pattern?: string } }[];
  responses: Record<string, { description: string; content?: { 'application/json'?: { schema: JsonSchema } } }>;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}
interface OpenApi {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
}

/** Fastify's /api/g/:token to OpenAPI's /api/g/{token}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let db: TestDatabase;
  let games: GameService;
  let app: FastifyInstance;
  /** Every route the server registered, as Fastify saw it. */
  const routes: RouteOptions[] = [];
  let doc: OpenApi;

  beforeAll(async () => {
    db = await openTestDatabase();
    games = new GameService({ db, log: quietLog, timers: false });
    app = createDashboard({ games, log: quietLog, webRoot: NO_WEB_ROOT });
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await app.ready();
    const res = await app.inject({ url: OPENAPI_URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json() as OpenApi;
  });
  afterAll(async () => {
    await app?.close();
    await games?.close();
    await db?.destroy();
  });

  const apiGets = () => routes.filter((r) => [r.method].flat().includes('GET') && r.url.startsWith('/api/') && r.url !== OPENAPI_URL);

  it('is OpenAPI 3, served at /api/openapi.json', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Mia dashboard API');
  });

  it('lists every GET route of the API with a summary, its path parameters and every answer it declares', () => {
    const gets = apiGets();
    // The hook saw them all (as many as the document has: the loop below cannot pass on none).
    expect(gets.length).toBe(Object.keys(doc.paths).length);
    // The routes of shared/api.ts's header at least (other parts of the API may add more).
    expect(gets.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/groups',
        '/api/odds',
        '/api/g/:token',
        '/api/g/:token/live',
        '/api/g/:token/games/:gameId',
        '/api/g/:token/players/:userId',
        '/api/g/:token/ws',
      ]),
    );
    for (const route of gets) {
      const op = doc.paths[openApiPath(route.url)]?.get;
      expect(op, `${route.url} is in the document`).toBeDefined();
      expect(op!.summary, route.url).toBeTruthy();
      // Path parameters, with the patterns the server validates.
      const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const params = (op!.parameters ?? []).filter((p) => p.in === 'path');
      expect(params.map((p) => p.name).sort(), route.url).toEqual([...names].sort());
      for (const p of params) expect(p.schema?.pattern, `${route.url} :${p.name}`).toBeTruthy();
      // Every status code the route's schema declares, each with its JSON schema.
      const declared = (route.schema?.response ?? {}) as Record<string, JsonSchema>;
      expect(Object.keys(declared).length, route.url).toBeGreaterThan(0);
      expect(Object.keys(op!.responses).sort(), route.url).toEqual(Object.keys(declared).sort());
      for (const [code, schema] of Object.entries(declared)) {
        // An answer that is no JSON (the link-preview PNGs) declares its media types: documented as such.
        const media = (schema as { content?: Record<string, unknown> }).content;
        if (media) {
          expect(Object.keys(op!.responses[code]!.content ?? {}), `${route.url} ${code}`).toEqual(Object.keys(media));
          expect(op!.responses[code]!.description, `${route.url} ${code}`).not.toBe('Default Response');
          continue;
        }
        const documented = op!.responses[code]!.content?.['application/json']?.schema;
        expect(documented, `${route.url} ${code}`).toBeDefined();
        expect(documented!.type).toBe(schema.type);
        expect(Object.keys(documented!.properties ?? {}).sort(), `${route.url} ${code}`).toEqual(Object.keys(schema.properties ?? {}).sort());
        expect([...(documented!.required ?? [])].sort(), `${route.url} ${code}`).toEqual([...(schema.required ?? [])].sort());
        expect(op!.responses[code]!.description, `${route.url} ${code}`).not.toBe('Default Response');
      }
    }
  });

  it('describes the answers down to their fields, from the same schemas the server serializes with', () => {
    const group = doc.paths['/api/g/{token}']!.get!.responses['200']!.content!['application/json']!.schema as {
      properties: { live: { items: { properties: Record<string, { description?: string }> } } };
    };
    // A field's documentation travels with its schema.
    expect(group.properties.live.items.properties.version!.description).toMatch(/Count of events/);
    // Nothing a spectator may not see has a place in the documented view either.
    const text = JSON.stringify(doc.paths['/api/g/{token}/live']);
    expect(text).not.toMatch(/"cup"|"myDice"|"class"/);
  });

  it('leaves out what is not the API: the SPA, the document itself, HEAD twins', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    expect(paths).not.toContain(OPENAPI_URL);
    for (const ops of Object.values(doc.paths)) expect(Object.keys(ops)).toEqual(['get']);
    // Only routes the server has: no stale entry.
    const known = new Set(apiGets().map((r) => openApiPath(r.url)));
    expect(paths.filter((p) => !known.has(p))).toEqual([]);
  });
});
