// A person's statistics in the group of the token: over the group's FINISHED games only.
import { announcedVsActual, playerRating, playerStats, playerTells, ratingHistory, type Reader } from '@mia/db/queries';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { groupOf, loadGroup } from '../access';
import { badRequest, notFound } from '../errors';
import { ratingSubjectOf } from '../mappers/ratings';
import { toPlayerPage, toRecentGames, type Person } from '../mappers/stats';
import { personInGroup } from '../read/players';
import { PageQuery, PlayerPage, PlayerParams, RecentGames } from '../schemas';
import { responses, type RouteDeps } from './context';

/** Recent games listed on a player page, and the default page of the games route. */
export const RECENT_LIMIT = 10;
/** Points of the rating-history chart: the most recent ones. */
const HISTORY_LIMIT = 200;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The person of the address, if they played in the group (400 out of the 64-bit range, 404 if not). */
async function personOf(reads: Reader, chatId: bigint, raw: string): Promise<Person> {
  const userId = BigInt(raw); // digits only: the schema's pattern
  if (userId < INT64_MIN || userId > INT64_MAX) throw badRequest('malformed user id: out of the 64-bit range of Telegram ids');
  const person = await personInGroup(reads, chatId, userId);
  if (!person) throw notFound('this person has not played in this group');
  return person;
}

export const playerRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { reads }) => {
  const preHandler = loadGroup(reads);

  app.get(
    '/api/g/:token/players/:userId',
    {
      schema: {
        summary: "A person's statistics in a group",
        params: PlayerParams,
        response: responses(
          PlayerPage,
          "Over the group's finished games: rating and its history, classes, bluff rate, calls, lives lost, series over time, tells per value, heat map, the first page of recent games.",
        ),
      },
      preHandler,
    },
    async (request) => {
      const group = groupOf(request);
      const person = await personOf(reads, group.id, request.params.userId);
      const chatId = group.id;
      // A computer persona's games rate its strategy: its page shows the strategy's rating.
      const subject = ratingSubjectOf(person.userId);
      const [stats, cells, tells, rating, history] = await Promise.all([
        playerStats(reads, person.userId, { chatId, recent: RECENT_LIMIT }),
        announcedVsActual(reads, person.userId, { chatId }),
        playerTells(reads, person.userId, { chatId }),
        playerRating(reads, subject, { chatId }),
        ratingHistory(reads, subject, { chatId, limit: HISTORY_LIMIT }),
      ]);
      return toPlayerPage(person, { stats, cells, tells, rating, history });
    },
  );

  app.get(
    '/api/g/:token/players/:userId/games',
    {
      schema: {
        summary: "A page of a person's finished games in a group",
        params: PlayerParams,
        querystring: PageQuery,
        response: responses(RecentGames, 'Most recently finished first, from `offset`, at most `limit` (1–50).'),
      },
      preHandler,
    },
    async (request) => {
      const group = groupOf(request);
      const person = await personOf(reads, group.id, request.params.userId);
      const { offset, limit } = request.query;
      const stats = await playerStats(reads, person.userId, { chatId: group.id, recent: limit, recentOffset: offset });
      return toRecentGames(stats.recent, stats.recentPage);
    },
  );
};
