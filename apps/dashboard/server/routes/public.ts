// Routes without a token: the publicly listed groups, and the odds tables (pure engine data).
import { oddsTable, RANKING_PRESETS, rankingFor, type RankingPreset } from '@mia/engine';
import type { FastifyPluginAsync } from 'fastify';
import type { ApiError, OddsTables, PublicGroups } from '../../shared/api';
import { publicGroups } from '../read/groups';
import { OddsTables as OddsTablesSchema, PublicGroups as PublicGroupsSchema } from '../schemas';
import { responses, type RouteDeps } from './context';

/** Every preset's ranking and odds, computed once: they depend on nothing but the rules. */
export function oddsTables(): OddsTables {
  const presets = Object.keys(RANKING_PRESETS) as RankingPreset[];
  return {
    presets: presets.map((preset) => ({
      preset,
      ranking: { ...RANKING_PRESETS[preset] },
      rows: oddsTable(rankingFor(RANKING_PRESETS[preset])).map((row) => ({ claim: row.claim, percent: row.percent })),
    })),
  };
}

export const publicRoutes: FastifyPluginAsync<RouteDeps> = async (app, { prisma }) => {
  app.get<{ Reply: PublicGroups | ApiError }>(
    '/api/groups',
    { schema: { response: responses(PublicGroupsSchema) } },
    async () => ({ groups: await publicGroups(prisma) }),
  );

  const odds = oddsTables();
  app.get<{ Reply: OddsTables | ApiError }>('/api/odds', { schema: { response: responses(OddsTablesSchema) } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return odds;
  });
};
