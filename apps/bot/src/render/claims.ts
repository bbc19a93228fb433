import { formatClaim, rankingFor, type RankingOptions, type Value } from '@mia/engine';

/** A claim as players say it (English until the languages arrive). */
export const claimLabel = (ranking: RankingOptions, value: Value): string => formatClaim(rankingFor(ranking), value);
