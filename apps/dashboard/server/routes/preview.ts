// Link previews' images: the PNGs the pages' og:image tags point to (the pages' tags themselves:
// preview/page.ts), rendered on the server (preview/render.ts) and kept briefly
// (preview/images.ts). Rate-limited like every route.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Reader } from '@mia/db/queries';
import type { FastifyReply } from 'fastify';
import { groupOf, loadGroup } from '../access';
import { badRequest, notFound } from '../errors';
import type { Image, PreviewImages } from '../preview/images';
import { ERROR_RESPONSES, GameParams, PlayerParams, TokenParams } from '../schemas';

export interface PreviewRouteOptions {
  reads: Reader;
  images: PreviewImages;
}

/** A PNG answer, for the OpenAPI document. */
const pngResponses = (description: string) => ({
  200: { description, content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
  ...ERROR_RESPONSES,
});

/** Group images follow the game move by move: kept a minute by the client, never by a shared cache. */
const GROUP_CACHE = 'private, max-age=60';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function sendImage(reply: FastifyReply, image: Image | null, cacheControl: string, missing: string): FastifyReply {
  if (!image) throw notFound(missing);
  return reply
    .type('image/png')
    .header('Cache-Control', cacheControl)
    .header('Server-Timing', `layout;dur=${image.layoutMs.toFixed(1)}, raster;dur=${image.rasterMs.toFixed(1)}, cache;desc=${image.cached ? 'hit' : 'miss'}`)
    .send(image.png);
}

export const previewRoutes: FastifyPluginAsyncTypebox<PreviewRouteOptions> = async (app, { reads, images }) => {
  app.get(
    '/api/preview.png',
    {
      schema: {
        summary: 'The site’s link-preview image',
        response: pngResponses('1200×630 PNG: the dashboard’s own card (og:image of the index, the odds page and unknown links).'),
      },
    },
    async (_request, reply) => sendImage(reply, await images.site(), 'public, max-age=3600', 'no image'),
  );

  app.get(
    '/api/g/:token/preview.png',
    {
      schema: {
        summary: 'A group’s link-preview image',
        params: TokenParams,
        response: pngResponses('1200×630 PNG: the running game’s table (seats, lives, whose turn; no dice), else the group’s leaderboard.'),
      },
      preHandler: loadGroup(reads),
    },
    async (request, reply) => sendImage(reply, await images.group(groupOf(request)), GROUP_CACHE, 'no image'),
  );

  app.get(
    '/api/g/:token/players/:userId/card.png',
    {
      schema: {
        summary: 'A player’s link-preview card',
        params: PlayerParams,
        response: pngResponses('1200×630 PNG: the person’s games, wins, win rate and bluff rate in the group.'),
      },
      preHandler: loadGroup(reads),
    },
    async (request, reply) => {
      const userId = BigInt(request.params.userId); // digits only: the schema's pattern
      if (userId < INT64_MIN || userId > INT64_MAX) throw badRequest('malformed user id: out of the 64-bit range of Telegram ids');
      return sendImage(reply, await images.player(groupOf(request), userId), GROUP_CACHE, 'this person has not played in this group');
    },
  );

  app.get(
    '/api/g/:token/games/:gameId/card.png',
    {
      schema: {
        summary: 'A finished game’s link-preview card',
        params: GameParams,
        response: pngResponses('1200×630 PNG: the winner and every player’s place and lives left.'),
      },
      preHandler: loadGroup(reads),
    },
    // A finished game never changes: an hour.
    async (request, reply) =>
      sendImage(reply, await images.game(groupOf(request), request.params.gameId), 'private, max-age=3600', 'no finished game of this group has this id'),
  );
};
