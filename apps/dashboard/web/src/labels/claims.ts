import { rankingFor, type ClaimShape, type RankingOptions } from '@mia/engine';
import type { TFunction } from 'i18next';

/**
 * How a claim reads, in the bot's words (core.ftl: claim-mia, claim-little-mia, claim-points):
 * "Mia", "little Mia", a double as its digits ("66"), a sum-mode class as "8 points", anything
 * else as its two digits ("53"). The ranking decides the shape (engine: Ranking.shape), so a
 * 31 reads "little Mia" only where little Mia is played.
 */
export function claimLabel(t: TFunction, ranking: RankingOptions, value: number): string {
  let shape: ClaimShape;
  try {
    shape = rankingFor(ranking).shape(value);
  } catch {
    return String(value); // not a dice value: show what came rather than fail the page
  }
  switch (shape.kind) {
    case 'mia':
      return t('claim.mia');
    case 'little-mia':
      return t('claim.littleMia');
    case 'double':
      return `${shape.die}${shape.die}`;
    case 'points':
      return t('claim.points', { count: shape.points });
    case 'value':
      return String(shape.value);
  }
}

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'] as const;

/** The die face for 1…6 (U+2680…2685); null for anything a die cannot show. */
export function dieFace(n: number): string | null {
  return Number.isInteger(n) && n >= 1 && n <= 6 ? FACES[n - 1]! : null;
}
