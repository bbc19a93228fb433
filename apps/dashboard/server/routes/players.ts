// A person's statistics in the group of the token: over the group's FINISHED games only.
import { announcedVsActual, playerStats } from '@mia/db';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { groupOf, loadGroup } from '../access';
import { badRequest, notFound } from '../errors';
import { toPlayerPage } from '../mappers/stats';
import { personInGroup } from '../read/players';
import { PlayerPage, PlayerParams } from '../schemas';
import { responses, type RouteDeps } from './context';

/** Recent games listed on a player page. */
export const RECENT_LIMIT = 10;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export const playerRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { prisma }) => {
  app.get(
    '/api/g/:token/players/:userId',
    {
      schema: {
        summary: "A person's statistics in a group",
        params: PlayerParams,
        response: responses(PlayerPage, "Over the group's finished games: classes, bluff rate, calls, lives lost, weekly, heat map, recent games."),
      },
      preHandler: loadGroup(prisma),
    },
    async (request) => {
      const group = groupOf(request);
      const userId = BigInt(request.params.userId); // digits only: the schema's pattern
      if (userId < INT64_MIN || userId > INT64_MAX) throw badRequest('malformed user id: out of the 64-bit range of Telegram ids');
      const person = await personInGroup(prisma, group.id, userId);
      if (!person) throw notFound('this person has not played in this group');
      const [stats, cells] = await Promise.all([
        playerStats(prisma, userId, { chatId: group.id, recent: RECENT_LIMIT }),
        announcedVsActual(prisma, userId, { chatId: group.id }),
      ]);
      return toPlayerPage(person, stats, cells);
    },
  );
};
