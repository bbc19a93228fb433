import type { Settings, SpectatorView } from '@mia/engine';
import type { Translate } from '../i18n';
import { escapeHtml } from './html';

/** The lobby message: who is in, the rules in force, what to press. */
export function lobbyText(view: SpectatorView, creatorName: string, t: Translate): string {
  const s = view.settings;
  const players = view.seats.map((p) => `• ${escapeHtml(p.name)}${p.ai ? ' 🤖' : ''}`).join('\n') || t('lobby-nobody');
  return [
    t('lobby-title', { creator: escapeHtml(creatorName) }),
    '',
    t('lobby-players', { count: view.seats.length, max: s.maxPlayers }),
    players,
    '',
    t('lobby-rules', { rules: escapeHtml(rulesLine(view.settings, t)) }),
  ].join('\n');
}

/** The settings in one line: what the lobby shows and /rules opens with. */
export function rulesLine(s: Settings, t: Translate): string {
  const r = s.ranking;
  const ranking = [
    r.doubles === '11-high' ? t('rules-doubles-11') : t('rules-doubles-66'),
    r.littleMia ? t('rules-little-mia') : '',
    r.sum ? t('rules-sum') : '',
  ].filter(Boolean);
  return [
    t('rules-lives', { n: s.lives }),
    ranking.join(', '),
    s.announceRule === 'at-least' ? t('rules-at-least') : t('rules-strict'),
    s.blindPass ? t('rules-blind-pass') : '',
    t('rules-mia-penalties', { looked: s.miaLookedPenalty, lie: s.miaFalsePenalty }),
    s.turnSeconds ? t('rules-turn', { seconds: s.turnSeconds }) : t('rules-no-turn-limit'),
    s.endRule === 'first-out' ? t('rules-first-out') : t('rules-last-standing'),
  ]
    .filter(Boolean)
    .join(' · ');
}
