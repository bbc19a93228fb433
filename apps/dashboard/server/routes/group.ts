// A group by its token: its page (summary, house rules, rating boards, ended games, running
// games), its running games alone (what the live channel's snapshot also carries) and its own
// statistics over time (a route of their own: the page's charts load them when scrolled to).
import { groupStats, ratingBoard } from '@mia/db/queries';
import { PROVISIONAL_GAMES } from '@mia/engine';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { groupOf, loadGroup } from '../access';
import { NO_GAMES, toGroupSummary } from '../mappers/groups';
import { toLiveGame } from '../mappers/live-game';
import { settingsOf } from '../mappers/settings';
import { toRatingEntry, toStrategyEntry } from '../mappers/ratings';
import { toGroupStats } from '../mappers/stats';
import { recentGames, runningGames } from '../read/games';
import { gameCounts } from '../read/groups';
import { GroupPage, GroupStats, LiveGames, TokenParams } from '../schemas';
import { responses, type RouteDeps } from './context';

/** People on a group page's rating board. */
export const LEADERBOARD_LIMIT = 20;
/** Computer rows: one per strategy, so a handful; a bound all the same. */
const LADDER_LIMIT = 20;

export const groupRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { reads, now }) => {
  const preHandler = loadGroup(reads);

  app.get(
    '/api/g/:token',
    {
      schema: {
        summary: 'A group by its dashboard token',
        params: TokenParams,
        response: responses(GroupPage, 'Its summary, house rules, rating boards (people; computer strategies apart), ended games and running games.'),
      },
      preHandler,
    },
    async (request) => {
      const group = groupOf(request);
      const [counts, people, computers, games, live] = await Promise.all([
        gameCounts(reads, [group.id]),
        ratingBoard(reads, { chatId: group.id, kind: 'people', limit: LEADERBOARD_LIMIT }),
        ratingBoard(reads, { chatId: group.id, kind: 'computers', limit: LADDER_LIMIT }),
        recentGames(reads, group.id),
        runningGames(reads, group.id),
      ]);
      const at = now();
      return {
        group: {
          ...toGroupSummary({ ...group, dashboardToken: group.token }, counts.get(group.id.toString()) ?? NO_GAMES),
          listedPublicly: group.listedPublicly,
        },
        settings: settingsOf(group.settings),
        ratings: {
          people: people.map(toRatingEntry),
          computers: computers.flatMap((r) => toStrategyEntry(r) ?? []),
          provisionalGames: PROVISIONAL_GAMES,
        },
        games,
        live: live.map((g) => toLiveGame(g, at)),
      };
    },
  );

  app.get(
    '/api/g/:token/stats',
    {
      schema: {
        summary: "A group's own statistics",
        params: TokenParams,
        response: responses(
          GroupStats,
          'Over its finished games: bluff rate and calls right over time (by day, week or month), lives lost by cause, values announced and how often each was true, games per week.',
        ),
      },
      preHandler,
    },
    async (request) => toGroupStats(await groupStats(reads, groupOf(request).id)),
  );

  app.get(
    '/api/g/:token/live',
    {
      schema: {
        summary: "A group's running games",
        params: TokenParams,
        response: responses(LiveGames, 'Its games in the lobby or in play, as a spectator sees them.'),
      },
      preHandler,
    },
    async (request) => {
      const games = await runningGames(reads, groupOf(request).id);
      const at = now();
      return { games: games.map((g) => toLiveGame(g, at)) };
    },
  );
};
