// Routes without a token: the publicly listed groups, and the odds tables (pure engine data).
import { oddsTable, RANKING_PRESETS, rankingFor, type RankingPreset } from '@mia/engine';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { OddsTables as OddsTablesAnswer } from '../../shared/api';
import { publicGroups } from '../read/groups';
import { OddsTables, PublicGroups } from '../schemas';
import { responses, type RouteDeps } from './context';

/** Every preset's ranking and odds, computed once: they depend on nothing but the rules. */
export function oddsTables(): OddsTablesAnswer {
  const presets = Object.keys(RANKING_PRESETS) as RankingPreset[];
  return {
    presets: presets.map((preset) => ({
      preset,
      ranking: { ...RANKING_PRESETS[preset] },
      rows: oddsTable(rankingFor(RANKING_PRESETS[preset])).map((row) => ({ claim: row.claim, percent: row.percent })),
    })),
  };
}

export const publicRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { reads }) => {
  app.get('/api/groups', { schema: { summary: 'The publicly listed groups', response: responses(PublicGroups, 'Busiest first.') } }, async () => ({
    groups: await publicGroups(reads),
  }));

  const odds = oddsTables();
  const schema = { summary: 'The odds tables', response: responses(OddsTables, 'Every ranking preset with the chance one roll beats each claim.') };
  app.get('/api/odds', { schema }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return odds;
  });
};
