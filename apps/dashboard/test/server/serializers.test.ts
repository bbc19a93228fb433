// One compiled serializer per response schema object: a GET route and the HEAD route Fastify adds
// beside it share theirs, and so do routes declaring the same error answers; the answers are the
// ones fast-json-stringify gives route by route.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_RESPONSES } from '../../server/schemas';
import { sharedSerializers } from '../../server/serializers';

/** fast-json-stringify's compiler, counting what it compiles. */
function counting() {
  const compiled: { method: string; url: string; status: string }[] = [];
  const build = SerializerSelector();
  const factory: ReturnType<typeof SerializerSelector> = (external, options) => {
    const compile = build(external, options);
    return (route) => {
      compiled.push({ method: route.method, url: route.url, status: route.httpStatus });
      return compile(route);
    };
  };
  return { factory, compiled };
}

const Item = Type.Object({ id: Type.String(), n: Type.Integer() });

function app(buildSerializer: ReturnType<typeof SerializerSelector>) {
  const server = Fastify({ schemaController: { compilersFactory: { buildSerializer } } });
  server.get('/a', { schema: { response: { 200: Item, ...ERROR_RESPONSES } } }, async () => ({ id: 'a', n: 1, secret: 'x' }));
  server.get('/b', { schema: { response: { 200: Type.Array(Item), ...ERROR_RESPONSES } } }, async () => [{ id: 'b', n: 2, secret: 'y' }]);
  server.get('/missing', { schema: { response: { 200: Item, ...ERROR_RESPONSES } } }, async (_request, reply) =>
    reply.code(404).send({ error: 'Not Found', message: 'no such thing', statusCode: 404, extra: 'dropped' }),
  );
  return server;
}

describe('sharedSerializers', () => {
  it('compiles each schema object once where Fastify compiles it per route and per HEAD route', async () => {
    const plain = counting();
    const shared = counting();
    const before = app(plain.factory);
    const after = app(sharedSerializers(shared.factory));
    await Promise.all([before.ready(), after.ready()]);
    // Three GET routes, three HEAD routes, five schemas each (200 and the four errors).
    expect(plain.compiled).toHaveLength(3 * 2 * 5);
    // Item (twice declared, one object), the array and the four errors.
    expect(shared.compiled).toHaveLength(6);
    expect(new Set(shared.compiled.map((c) => c.status))).toEqual(new Set(['200', '400', '404', '429', '500']));
    await Promise.all([before.close(), after.close()]);
  });

  it('answers as the per-route serializers do, GET and HEAD alike', async () => {
    const before = app(SerializerSelector());
    const after = app(sharedSerializers());
    for (const url of ['/a', '/b', '/missing']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const [x, y] = await Promise.all([before.inject({ method, url }), after.inject({ method, url })]);
        expect(y.statusCode).toBe(x.statusCode);
        expect(y.body).toBe(x.body);
        expect(y.headers['content-length']).toBe(x.headers['content-length']);
      }
    }
    const a = await after.inject({ url: '/a' });
    expect(a.json()).toEqual({ id: 'a', n: 1 }); // the schema still drops what it does not list
    const missing = await after.inject({ url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not Found', message: 'no such thing', statusCode: 404 });
    await Promise.all([before.close(), after.close()]);
  });

  it('still fails the start on a schema fast-json-stringify cannot compile', async () => {
    const server = Fastify({ schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } } });
    server.get('/bad', { schema: { response: { 200: { $ref: '#/definitions/nowhere' } } } }, async () => ({}));
    await expect(server.ready()).rejects.toThrow(/nowhere|serializ/i);
  });
});
