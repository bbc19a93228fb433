import type { Settings } from '@mia/engine';
import type { TFunction } from 'i18next';

/** The rules line of a game, in the bot's words (table.ftl: rules-*). */
export function rulesSummary(t: TFunction, s: Settings): string[] {
  const parts = [t('rules.lives', { count: s.lives }), s.ranking.doubles === '66-high' ? t('rules.doubles66') : t('rules.doubles11')];
  if (s.ranking.littleMia) parts.push(t('rules.littleMia'));
  if (s.ranking.sum) parts.push(t('rules.sum'));
  parts.push(s.announceRule === 'strict' ? t('rules.strict') : t('rules.atLeast'));
  if (s.blindPass) parts.push(t('rules.blindPass'));
  parts.push(t('rules.miaPenalties', { looked: s.miaLookedPenalty, lie: s.miaFalsePenalty }));
  parts.push(s.turnSeconds === null ? t('rules.noTurnLimit') : t('rules.turn', { seconds: s.turnSeconds }));
  parts.push(s.endRule === 'last-standing' ? t('rules.lastStanding') : t('rules.firstOut'));
  return parts;
}
