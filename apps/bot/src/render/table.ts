import { spectatorView, valueOf, type GameState, type RoundView, type Settings, type SpectatorView } from '@mia/engine';
import type { Translate } from '../i18n';
import { claimLabel } from './claims';
import { diceFaces, escapeHtml, lifeDie } from './html';

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
    t('lobby-hint'),
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

const TURN_KEY = { roll: 'table-turn-roll', announce: 'table-turn-announce', respond: 'table-turn-respond', mia: 'table-turn-mia' } as const;

/**
 * One round's table: seats in order with lives as die faces, whose turn and until when, the
 * announcements so far, and how the round ended. Built from the spectator view only, so it can
 * never show dice that were not revealed.
 */
export function tableText(state: GameState, deadlineAt: Date | null, t: Translate): string {
  const view = spectatorView(state);
  const round = view.round;
  const name = (id: string) => escapeHtml(view.seats.find((p) => p.id === id)?.name ?? id);
  const lines: string[] = [];
  lines.push(t('table-title', { round: round?.number ?? 0 }));
  for (const p of view.seats) {
    const turn = round && !round.ended && view.phase === 'playing' && round.actor === p.id ? '▶️ ' : '';
    const status = p.out ? ` ✖ (${t(`out-${p.out}`)})` : ` ${lifeDie(p.lives)}`;
    lines.push(`${turn}${p.out ? `<s>${escapeHtml(p.name)}</s>` : escapeHtml(p.name)}${p.ai ? ' 🤖' : ''}${status}`);
  }
  const last = view.lastRound;
  if (last && round && !round.ended && round.announcements.length === 0) {
    lines.push('', t('table-last-round'), ...roundOutcome(last, view, name, t));
  }
  if (round) {
    lines.push('');
    if (round.announcements.length === 0 && !round.ended) lines.push(t('table-starts', { name: name(round.starter) }));
    for (const a of round.announcements) {
      const key = a.kind === 'blind' ? 'table-announced-blind' : a.kind === 'pass' ? 'table-announced-pass' : 'table-announced';
      lines.push(t(key, { name: name(a.player), claim: escapeHtml(claimLabel(view.settings.ranking, a.value, t)) }));
    }
    lines.push(...roundOutcome(round, view, name, t));
    if (!round.ended && view.phase === 'playing') {
      const until = deadlineAt ? t('table-until', { time: deadlineAt.toISOString().slice(11, 19) }) : '';
      lines.push('', t(TURN_KEY[round.stage], { name: name(round.actor), until }));
    }
  }
  if (view.phase === 'over' && view.result) {
    lines.push('', view.result.winner ? t('table-winner', { name: name(view.result.winner) }) : t('table-over'));
    for (const r of view.result.ranking) lines.push(`${r.place}. ${name(r.player)}`);
  }
  return lines.join('\n');
}

/** How a round ended: the reveal (dice are public from here), a give-up, the lives lost. */
function roundOutcome(round: RoundView, view: SpectatorView, name: (id: string) => string, t: Translate): string[] {
  const lines: string[] = [];
  if (round.reveal) {
    const r = round.reveal;
    const shown = `${diceFaces(r.dice)} ${escapeHtml(claimLabel(view.settings.ranking, valueOf(r.dice), t))}`;
    lines.push(t(r.reason === 'call' ? 'table-call' : 'table-look', { name: name(r.by), shown }));
  }
  if (round.ended === 'mia-give-up') lines.push(t('table-gave-up', { name: name(round.actor) }));
  if (round.ended === 'timeout') lines.push(t('table-missed', { name: name(round.actor) }));
  if (round.ended === 'aborted') lines.push(t('table-void'));
  for (const loss of round.losses) {
    lines.push(t('table-loss', { name: name(loss.player), n: loss.amount, cause: t(`cause-${loss.cause}`) }));
  }
  return lines;
}
