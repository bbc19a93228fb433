import { lastAnnouncement, spectatorView, type GameState, type PlayerId } from '@mia/engine';
import type { Translate } from '../i18n';
import { mention as mentionOf } from './html';
import { announcementLine, beatPercent, claimIn, deadlineText, livesLine, nameIn, outcomeLines, roundNumbered } from './parts';

export { lobbyText, rulesLine } from './rules';

const TURN_KEY = { roll: 'table-turn-roll', announce: 'table-turn-announce', respond: 'table-turn-respond', mia: 'table-turn-mia' } as const;

export interface RoundTextOptions {
  deadlineAt: Date | null;
  /** Group mode: the actor is mentioned (the message is new for their turn, so it notifies them). */
  mention: PlayerId | null;
  /** The actor's private chat fails: say so, and that they play here. */
  unreachable: { bot: string } | null;
}

/**
 * A round's message in the group, live: every player's lives, the announcements so far, what must
 * be beaten and its odds, whose turn it is and until when. Built from the spectator view only, so
 * it can never show dice that were not revealed.
 */
export function liveRoundText(state: GameState, options: RoundTextOptions, t: Translate): string {
  const view = spectatorView(state);
  const round = view.round!;
  const lines = [t('table-title', { round: round.number }), livesLine(view, t, { actor: round.actor }), ''];
  if (round.announcements.length === 0) lines.push(t('table-starts', { name: nameIn(view, round.starter) }));
  for (const a of round.announcements) lines.push(announcementLine(view, a, t));
  const last = lastAnnouncement(state);
  if (last && round.stage !== 'mia') {
    lines.push(t('table-to-beat', { claim: claimIn(view.settings, last.value, t), percent: beatPercent(view.settings, last.value) }));
  }
  const actor = options.mention ? mentionOf(options.mention, view.seats.find((p) => p.id === options.mention)?.name ?? '') : nameIn(view, round.actor);
  const until = deadlineText(options.deadlineAt, t);
  // The actor who plays here is told what to press; everyone else reads what is going on.
  const here = options.mention && (round.stage === 'roll' || round.stage === 'announce') ? '-here' : '';
  lines.push('', t(`${TURN_KEY[round.stage]}${here}`, { name: actor, until: until ? ` — ${until}` : '' }));
  if (options.unreachable) lines.push(t('table-unreachable', { name: nameIn(view, round.actor), bot: options.unreachable.bot }));
  return lines.join('\n');
}

/**
 * A finished round's message: the announcements, the reveal with the dice (or the give-up, the
 * missed turn), who lost what and why, everyone's lives after, and who starts the next round.
 */
export function finalRoundText(state: GameState, n: number, note: 'stopped' | null, t: Translate): string {
  const view = spectatorView(state);
  const round = roundNumbered(view, n);
  const lines = [t('table-title', { round: n })];
  if (round) {
    for (const a of round.announcements) lines.push(announcementLine(view, a, t));
    lines.push(...outcomeLines(round, view, t));
  }
  if (note === 'stopped') lines.push(t('table-stopped'));
  else if (!round?.ended) lines.push(t('table-round-closed'));
  lines.push(livesLine(view, t));
  const next = view.round;
  if (view.phase === 'playing' && next && next.number === n + 1 && note === null) {
    lines.push(t('table-next', { name: nameIn(view, next.starter), round: next.number }));
  }
  return lines.join('\n');
}

/** The game's last message: the winner and the final ranking. */
export function gameOverText(state: GameState, t: Translate): string {
  const view = spectatorView(state);
  const result = view.result;
  const lines = [result?.winner ? t('game-over-winner', { name: nameIn(view, result.winner) }) : t('game-over')];
  for (const r of result?.ranking ?? []) {
    const seat = view.seats.find((p) => p.id === r.player);
    lines.push(t('game-over-place', { place: r.place, name: nameIn(view, r.player), lives: seat && !seat.out ? r.lives : 0 }));
  }
  lines.push(t('game-over-rounds', { n: view.round?.number ?? 0 }));
  return lines.join('\n');
}

/** The lobby once it can no longer be joined: the game started (and who starts), was stopped, or expired. */
export function lobbyClosedNote(state: GameState, why: 'started' | 'stopped' | 'expired', t: Translate): string {
  if (why !== 'started') return t(why === 'stopped' ? 'lobby-stopped' : 'lobby-expired');
  const view = spectatorView(state);
  const starter = view.round?.number === 1 ? view.round.starter : null;
  return starter ? t('lobby-started-by', { name: nameIn(view, starter) }) : t('lobby-started');
}
