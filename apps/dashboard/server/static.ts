// The built SPA (Vite's output): its files, and index.html for every other page address the SPA
// routes itself (/g/<token>, /g/<token>/players/<id>, ...). The API does not depend on it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPreloadsFor, preloadLinkHeader } from './page-preload';

/** Where `npm run build -w @mia/dashboard` puts the SPA. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist', import.meta.url));

export const NOT_BUILT_TEXT =
  'Mia dashboard: the API is running (/api/...), but the web app is not built. Build it with `npm run build -w @mia/dashboard` and restart.\n';

/** Answers a page address that is no file and no API route: the SPA's index.html, or the "not built" note. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

/**
 * Serves `webRoot` when it holds a built SPA (index.html); otherwise only `/` answers, with a note.
 * `sendPage` answers with the page itself (default: index.html as built; app.ts gives it the pages' link previews).
 */
export function registerSpa(app: FastifyInstance, webRoot: string, sendPage?: PageFallback): PageFallback {
  if (!existsSync(join(webRoot, 'index.html'))) {
    app.get('/', (_request, reply) => reply.type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT));
    return (_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT);
  }
  void app.register(fastifyStatic, {
    root: webRoot,
    // One route per file of the build, found once at start: any other address goes straight to
    // the not-found handler (the SPA page or a JSON 404) without touching the filesystem. The
    // wildcard route stat()s every path first, and a name too long for the filesystem
    // (ENAMETOOLONG, a path of 4,096 characters or a segment over 255) became a 403 there.
    wildcard: false,
    // The build writes a .br and a .gz beside each text file (vite.config.ts): sent as they are
    // to a browser that accepts them, never compressed again per request; not routes of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    // `/` is a page like the others (below): answered by the page fallback, with its preloads.
    index: false,
    // Caching: Vite names assets by content hash, so they never change; index.html must be
    // fetched again on every visit to pick up a new build.
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = /[\\/]assets[\\/]/.test(path);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('Vary', 'Accept-Encoding');
    },
  });
  const page: PageFallback = (request, reply) => {
    const link = preloadLinkHeader(apiPreloadsFor(request.url));
    if (link) void reply.header('Link', link);
    if (sendPage) return sendPage(request, reply);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  };
  // The SPA's own addresses are routes (the rest reach the page through the not-found handler):
  // routes get the rate limit and @fastify/compress, which hook into routes only, in a plugin
  // registered after both. A client that does not ask for HTML gets the not-found answer.
  void app.register(async (scope) => {
    for (const url of PAGE_ROUTES) scope.get(url, (request, reply) => (wantsPage(request) ? page(request, reply) : reply.callNotFound()));
  });
  return page;
}

/** The SPA's routes (web/src/App.tsx) as Fastify routes: the index, the odds and every group page. */
const PAGE_ROUTES = ['/', '/odds', '/g/*'];

/** A GET for a page (not data): the browser asks for HTML. */
export const wantsPage = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

export const isApi = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
