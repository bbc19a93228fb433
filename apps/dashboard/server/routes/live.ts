// The live channel: GET /api/g/:token/ws upgraded to a WebSocket. The upgrade is routed through
// Fastify like any GET, so the rate limit, the token's validation (400) and its lookup (404) all
// answer before anything is upgraded.
import type {} from '@fastify/websocket'; // its RouteOptions.wsHandler
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WebSocket } from 'ws';
import { groupOf, loadGroup } from '../access';
import { apiError } from '../errors';
import { encode, parseClientMessage } from '../live/messages';
import { releaseUpgrade } from '../live/upgrade';
import { ApiError, ERROR_RESPONSES, TokenParams } from '../schemas';
import type { RouteDeps } from './context';

/** The live channel's route: the only address that upgrades to a WebSocket. */
export const LIVE_URL = '/api/g/:token/ws';

export const liveRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { reads, hub, spectators }) => {
  app.route({
    method: 'GET',
    url: LIVE_URL,
    schema: {
      summary: "A group's live channel (WebSocket)",
      description: 'Upgrade to a WebSocket: LiveMessage frames (see shared/api.ts). A plain GET answers 426.',
      params: TokenParams,
      response: { ...ERROR_RESPONSES, 426: Type.Object(ApiError.properties, { description: 'Not a WebSocket upgrade.' }) },
    },
    preHandler: loadGroup(reads),
    // A plain GET (no upgrade) of the live channel's address.
    handler: async (_request, reply) => {
      void reply.code(426).header('Upgrade', 'websocket');
      return apiError(426, 'this is the live channel: connect to it with a WebSocket');
    },
    wsHandler: (socket: WebSocket, request) => {
      releaseUpgrade(socket, request, app.log);
      const watcher = hub.join(socket, groupOf(request));
      spectators.joinGroup(watcher);
      socket.on('message', (data, isBinary) => {
        // Anything but a ping is answered with an error and changes nothing: the socket stays usable.
        const parsed = parseClientMessage(data, isBinary);
        hub.send(watcher, parsed.ok ? encode.pong() : encode.error(parsed.error));
      });
      socket.on('pong', () => hub.pong(watcher));
      socket.on('close', () => {
        hub.leave(watcher);
        spectators.leaveGroup(watcher);
      });
    },
  });
};
