import { beatProbability, rankingFor, valueOf, type AnnouncementView, type RoundView, type Settings, type SpectatorView, type Value } from '@mia/engine';
import type { Translate } from '../i18n';
import { claimLabel } from './claims';
import { diceFaces, escapeHtml, hearts } from './html';

/**
 * The pieces every game message is built of, from the spectator view only (so no piece can show
 * dice before their reveal): names, lives, announcements, a round's outcome, odds, deadlines.
 */

export const nameIn = (view: SpectatorView, id: string): string => escapeHtml(view.seats.find((p) => p.id === id)?.name ?? id);

export const claimIn = (settings: Settings, value: Value, t: Translate): string => escapeHtml(claimLabel(settings.ranking, value, t));

/** The chance, in whole percent, that one roll beats `value` (the engine's odds). */
export const beatPercent = (settings: Settings, value: Value): number => Math.round(beatProbability(rankingFor(settings.ranking), value) * 100);

/** Every player's lives in seat order, on one line; `me` is drawn as "you". */
export function livesLine(view: SpectatorView, t: Translate, options: { me?: string; actor?: string } = {}): string {
  const seats = view.seats.map((p) => {
    const name = p.id === options.me ? t('lives-you') : escapeHtml(p.name);
    const marked = p.id === options.actor ? `▶️ <b>${name}</b>` : name;
    const ai = p.ai ? ' 🤖' : '';
    return p.out ? `<s>${marked}</s>${ai} ✖ ${t(`out-${p.out}`)}` : `${marked}${ai} ${hearts(p.lives)}`;
  });
  return t('lives-line', { seats: seats.join(' · ') });
}

export function announcementLine(view: SpectatorView, a: AnnouncementView, t: Translate): string {
  const key = a.kind === 'blind' ? 'table-announced-blind' : a.kind === 'pass' ? 'table-announced-pass' : 'table-announced';
  return t(key, { name: nameIn(view, a.player), claim: claimIn(view.settings, a.value, t) });
}

/**
 * How a round ended: the reveal with the dice (public from here), a give-up or a missed turn, the
 * lives lost. With `me` (a player's own chat), what that player did is said to them: "You call
 * liar", "you were bluffing", "You lose a life".
 */
export function outcomeLines(round: RoundView, view: SpectatorView, t: Translate, me?: string): string[] {
  const lines: string[] = [];
  const mine = (id: string) => me !== undefined && id === me;
  const r = round.reveal;
  if (r) {
    const rolled = valueOf(r.dice);
    const shown = `${diceFaces(r.dice)} <b>${claimIn(view.settings, rolled, t)}</b>`;
    const call = r.reason === 'call';
    if (mine(r.by)) lines.push(t(call ? 'table-call-you' : 'table-look-you', { shown }));
    else lines.push(t(call ? 'table-call' : 'table-look', { name: nameIn(view, r.by), shown }));
    const facts = { announcer: nameIn(view, r.announcer), claim: claimIn(view.settings, r.announced, t), rolled: claimIn(view.settings, rolled, t) };
    // A real Mia names nobody; every other outcome says whether the announcer bluffed.
    const toAnnouncer = mine(r.announcer) && r.outcome !== 'mia-true';
    lines.push(t(`table-outcome-${r.outcome}${toAnnouncer ? '-you' : ''}`, facts));
  }
  const actor = mine(round.actor);
  if (round.ended === 'mia-give-up') lines.push(actor ? t('table-gave-up-you') : t('table-gave-up', { name: nameIn(view, round.actor) }));
  if (round.ended === 'timeout') lines.push(actor ? t('table-missed-you') : t('table-missed', { name: nameIn(view, round.actor) }));
  if (round.ended === 'aborted') lines.push(t('table-void'));
  for (const loss of round.losses) {
    const lost = { n: loss.amount, cause: t(`cause-${loss.cause}`) };
    lines.push(mine(loss.player) ? t('table-loss-you', lost) : t('table-loss', { name: nameIn(view, loss.player), ...lost }));
  }
  return lines;
}

/** The round with this number, if the state still holds it (the one in play or the one before). */
export function roundNumbered(view: SpectatorView, n: number): RoundView | null {
  if (view.round?.number === n) return view.round;
  if (view.lastRound?.number === n) return view.lastRound;
  return null;
}

/** "until 12:34:56 UTC", with the seconds left when `now` is given (a new message, not an edit). */
export function deadlineText(deadlineAt: Date | null, t: Translate, now?: Date): string {
  if (!deadlineAt) return '';
  const time = deadlineAt.toISOString().slice(11, 19);
  if (!now) return t('deadline-until', { time });
  const seconds = Math.max(0, Math.round((deadlineAt.getTime() - now.getTime()) / 1000));
  return t('deadline-left', { time, seconds });
}
