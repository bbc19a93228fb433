import { rankingFor, type RankingOptions, type Value } from '@mia/engine';
import { translator, type Translate } from '../i18n';

const english = translator('en');

/**
 * A claim as players say it: digits for the plain values and doubles ("53", "66"), words for
 * Mia, little Mia and sums, in the reader's language.
 */
export function claimLabel(ranking: RankingOptions, value: Value, t: Translate = english): string {
  const shape = rankingFor(ranking).shape(value);
  switch (shape.kind) {
    case 'mia':
      return t('claim-mia');
    case 'little-mia':
      return t('claim-little-mia');
    case 'double':
      return `${shape.die}${shape.die}`;
    case 'points':
      return t('claim-points', { points: shape.points });
    case 'value':
      return String(shape.value);
  }
}
