// The dashboard server: a read-only Fastify app over the game service's database, with the live
// channel fed by the game service's committed batches (from this process and, through
// PostgreSQL LISTEN/NOTIFY, from the bot's). Nothing here writes a game or a chat.
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import type { GameService } from '@mia/game';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { decorateGroup } from './access';
import { apiError, errorHandler, formatValidationErrors } from './errors';
import { LiveHub, type LiveHubOptions } from './live/hub';
import { MAX_FRAME_BYTES } from './live/messages';
import { PublicFeed, type PublicFeedOptions } from './live/public-feed';
import { noteUpgrade, onSocketError } from './live/upgrade';
import { Spectators, type SpectatorsOptions } from './live/spectators';
import { registerOpenApi } from './openapi';
import { PreviewImages } from './preview/images';
import { isPreviewRobot, previewPage } from './preview/page';
import type { RouteDeps } from './routes/context';
import { gameRoutes } from './routes/games';
import { groupRoutes } from './routes/group';
import { LIVE_URL, liveRoutes } from './routes/live';
import { playerRoutes } from './routes/players';
import { publicRoutes } from './routes/public';
import { PUBLIC_LIVE_URL, publicLiveRoutes } from './routes/public-live';
import { previewRoutes } from './routes/preview';
import { DEFAULT_RATE_LIMIT, registerSecurity, type RateLimitOptions } from './security';
import { schemaController } from './serializers';
import { DEFAULT_WEB_ROOT, isApi, registerSpa, wantsPage } from './static';

export interface DashboardOptions {
  /** The game service whose database is read and whose batches feed the live channel. */
  games: GameService;
  /** Default: the game service's logger. */
  log?: Logger;
  /** The built SPA's folder (default apps/dashboard/dist). Without it the API still works. */
  webRoot?: string;
  /** Per client address (default 300 requests a minute). */
  rateLimit?: Partial<RateLimitOptions>;
  /** Behind a reverse proxy: Fastify's `trustProxy`, so the rate limit sees clients' addresses. */
  trustProxy?: boolean | string | string[];
  /** The live hub's heartbeat and slow-client limits. */
  live?: LiveHubOptions;
  /** The public feed's (index previews, TV) refresh, TV and slow-client settings. */
  feed?: PublicFeedOptions;
  /** How often spectator counts may be sent. */
  spectators?: SpectatorsOptions;
  /** The clock of `serverTime` in payloads (tests). */
  now?: () => Date;
  /** The dashboard's public address (PUBLIC_URL), for the link previews' absolute URLs; default: the request's Host. */
  publicUrl?: string | undefined;
}

/** Builds the dashboard: a Fastify instance with every route, not yet listening. */
export function createDashboard(options: DashboardOptions): FastifyInstance {
  const { games } = options;
  const log = options.log ?? games.log;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; said so, the instance keeps Fastify's default generics.
    loggerInstance: log as FastifyBaseLogger,
    // Request lines would carry group tokens (they are in the path): logged without them below.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy ?? false,
    schemaErrorFormatter: formatValidationErrors,
    // Each response schema compiled once, however many routes (and HEAD routes) share it.
    schemaController,
  });

  app.setErrorHandler(errorHandler);
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { method: request.method, route: request.routeOptions.url ?? null, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'dashboard: request',
    );
  });
  // Group data is for holders of its link: no shared cache keeps a copy (routes may say otherwise).
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  registerSecurity(app, { ...DEFAULT_RATE_LIMIT, ...options.rateLimit });
  // API answers (JSON) compressed per request; the SPA's files are compressed at build and sent
  // as they are (static.ts), which this skips (they carry their Content-Encoding already).
  // Brotli at quality 4 (the plugin's default): near gzip's speed, smaller than gzip.
  void app.register(compress, { encodings: ['br', 'gzip'] });
  registerOpenApi(app);
  void app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // Errors while the handler runs; once it has, releaseUpgrade (live/upgrade.ts) handles them.
    errorHandler: (error, socket, request) => onSocketError(request.log, error, socket),
  });
  // Only the live channel is a WebSocket. @fastify/websocket would accept an upgrade at any other
  // address, close it at once and log the address (a group's token with it) at info level: such
  // an upgrade is answered as HTTP instead, 404. An upgrade of a live channel has its response noted,
  // for the socket to let go of it once upgraded (live/upgrade.ts). (Added once the plugin marked
  // `request.ws`.)
  app.after(() => {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.ws) return;
      if (request.routeOptions.url !== LIVE_URL && request.routeOptions.url !== PUBLIC_LIVE_URL) {
        return reply.code(404).send(apiError(404, 'no live channel at this address: it is /api/g/<token>/ws (or /api/live/ws)'));
      }
      noteUpgrade(request, reply);
    });
  });
  decorateGroup(app);

  const hub = new LiveHub({ games, log, now }, options.live);
  hub.start();
  const spectators = new Spectators((watcher, message) => hub.send(watcher, message), options.spectators);
  hub.onMove((watcher, from) => spectators.moveGroup(watcher, from));
  const feed = new PublicFeed({ games, log, now, spectators }, options.feed);
  feed.start();
  app.addHook('onClose', async () => {
    feed.close();
    spectators.close();
    hub.close();
  });

  const deps: RouteDeps = { reads: games.reads, now, hub, spectators, feed };
  void app.register(publicRoutes, deps);
  void app.register(groupRoutes, deps);
  void app.register(gameRoutes, deps);
  void app.register(playerRoutes, deps);
  void app.register(liveRoutes, deps);
  void app.register(publicLiveRoutes, deps);

  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  // Every page carries its link preview (Open Graph tags and a rendered image: preview/).
  const preview = previewPage({ reads: games.reads, log, webRoot, publicUrl: options.publicUrl });
  void app.register(previewRoutes, { reads: games.reads, images: new PreviewImages(games.reads, log) });
  const page = registerSpa(app, webRoot, preview ?? undefined);
  // Once the rate limit is loaded (its decorator is needed): unknown addresses are limited too.
  app.after(() => {
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
      if (!isApi(request.url) && (wantsPage(request) || isPreviewRobot(request))) return page(request, reply);
      return reply.code(404).send(apiError(404, `no such address: ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`));
    });
  });
  return app;
}
