// Play now: the running games of publicly listed groups. GET /api/live answers them once (the
// index's first paint); /api/live/ws streams them. The upgrade is routed through Fastify like any
// GET, so the rate limit answers before anything is upgraded, as on a group's channel.
import type {} from '@fastify/websocket'; // its RouteOptions.wsHandler
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WebSocket } from 'ws';
import { apiError } from '../errors';
import { parseClientMessage } from '../live/messages';
import { encodePublic } from '../live/public-messages';
import { releaseUpgrade } from '../live/upgrade';
import { ApiError, ERROR_RESPONSES, PublicLive } from '../schemas';
import { responses, type RouteDeps } from './context';

export const PUBLIC_LIVE_URL = '/api/live/ws';

export const publicLiveRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { feed }) => {
  app.get(
    '/api/live',
    {
      schema: {
        summary: 'The running games of publicly listed groups',
        response: responses(PublicLive, 'Games in play first, with the TV’s game and how many watch each.'),
      },
    },
    async () => feed.current(),
  );

  app.route({
    method: 'GET',
    url: PUBLIC_LIVE_URL,
    schema: {
      summary: 'The public live channel (WebSocket)',
      description: 'Upgrade to a WebSocket: PublicLiveMessage frames (see shared/api.ts). A plain GET answers 426.',
      response: { ...ERROR_RESPONSES, 426: Type.Object(ApiError.properties, { description: 'Not a WebSocket upgrade.' }) },
    },
    handler: async (_request, reply) => {
      void reply.code(426).header('Upgrade', 'websocket');
      return apiError(426, 'this is the public live channel: connect to it with a WebSocket');
    },
    wsHandler: (socket: WebSocket, request) => {
      releaseUpgrade(socket, request, app.log);
      const watcher = feed.join(socket);
      socket.on('message', (data, isBinary) => {
        const parsed = parseClientMessage(data, isBinary);
        feed.send(watcher, parsed.ok ? encodePublic.pong() : encodePublic.error(parsed.error));
      });
      socket.on('pong', () => feed.pong(watcher));
      socket.on('close', () => feed.leave(watcher));
    },
  });
};
