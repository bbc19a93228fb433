// A group by its token: its page (summary, house rules, leaderboard, ended games, running games)
// and its running games alone (what the live channel's snapshot also carries).
import { leaderboard } from '@mia/db';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { groupOf, loadGroup } from '../access';
import { NO_GAMES, toGroupSummary } from '../mappers/groups';
import { toLiveGame } from '../mappers/live-game';
import { settingsOf } from '../mappers/settings';
import { toLeaderboardEntry } from '../mappers/stats';
import { recentGames, runningGames } from '../read/games';
import { gameCounts } from '../read/groups';
import { GroupPage, LiveGames, TokenParams } from '../schemas';
import { responses, type RouteDeps } from './context';

/** Leaderboard rows on a group page. */
export const LEADERBOARD_LIMIT = 20;

export const groupRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { prisma, now }) => {
  const preHandler = loadGroup(prisma);

  app.get(
    '/api/g/:token',
    {
      schema: {
        summary: 'A group by its dashboard token',
        params: TokenParams,
        response: responses(GroupPage, 'Its summary, house rules, leaderboard, ended games and running games.'),
      },
      preHandler,
    },
    async (request) => {
      const group = groupOf(request);
      const [counts, board, games, live] = await Promise.all([
        gameCounts(prisma, [group.id]),
        leaderboard(prisma, group.id, { limit: LEADERBOARD_LIMIT }),
        recentGames(prisma, group.id),
        runningGames(prisma, group.id),
      ]);
      const at = now();
      return {
        group: {
          ...toGroupSummary({ ...group, dashboardToken: group.token }, counts.get(group.id.toString()) ?? NO_GAMES),
          listedPublicly: group.listedPublicly,
        },
        settings: settingsOf(group.settings),
        leaderboard: board.map(toLeaderboardEntry),
        games,
        live: live.map((g) => toLiveGame(g, at)),
      };
    },
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
      const games = await runningGames(prisma, groupOf(request).id);
      const at = now();
      return { games: games.map((g) => toLiveGame(g, at)) };
    },
  );
};
