import type { AnnouncementView, RankingOptions, RoundView, SpectatorView } from '@mia/engine';
import type { TFunction } from 'i18next';
import { claimLabel } from '../labels/claims';
import { CAUSE_KEY } from '../labels/outcomes';

/**
 * The sentences of a live table, built apart from the markup: the table shows them, and the
 * screen-reader summary (an aria-live region) reads the newest of them.
 */
export type NameOf = (id: string) => string;

export function nameLookup(view: Pick<SpectatorView, 'seats'>): NameOf {
  const names = new Map(view.seats.map((s) => [s.id, s.name]));
  return (id) => names.get(id) ?? id;
}

export function announcementText(t: TFunction, ranking: RankingOptions, nameOf: NameOf, a: AnnouncementView): string {
  const args = { name: nameOf(a.player), claim: claimLabel(t, ranking, a.value) };
  if (a.kind === 'blind') return t('live.announcedBlind', args);
  if (a.kind === 'pass') return t('live.announcedPass', args);
  return t('live.announced', args);
}

/** Whose turn and to do what, or who won once the game is over. */
export function turnText(t: TFunction, view: SpectatorView, nameOf: NameOf): string | null {
  if (view.phase === 'over') {
    return view.result?.winner ? t('live.winner', { name: nameOf(view.result.winner) }) : t('live.over');
  }
  const round = view.round;
  if (!round || round.ended) return null;
  return t(`live.stage.${round.stage}`, { name: nameOf(round.actor) });
}

/** The round whose ending the table shows: this one once it has ended, else the one before. */
export function outcomeRound(view: SpectatorView): { round: RoundView; current: boolean } | null {
  if (view.round?.ended) return { round: view.round, current: true };
  if (view.lastRound) return { round: view.lastRound, current: false };
  return null;
}

/** What the sentences about a round's ending read: a live round, or a table scene's outcome. */
export type RoundEnding = Pick<RoundView, 'ended' | 'losses'>;

/** How a round ended without a reveal: given up on Mia, a missed turn, void. */
export function endText(t: TFunction, round: RoundEnding, nameOf: NameOf): string | null {
  const loser = round.losses[0]?.player;
  switch (round.ended) {
    case 'mia-give-up':
      return loser ? t('live.gaveUp', { name: nameOf(loser) }) : null;
    case 'timeout':
      return loser ? t('live.missed', { name: nameOf(loser) }) : null;
    case 'aborted':
      return t('live.void');
    default:
      return null;
  }
}

export function lossTexts(t: TFunction, round: Pick<RoundView, 'losses'>, nameOf: NameOf): string[] {
  return round.losses.map((l) => t('live.loss', { count: l.amount, name: nameOf(l.player), cause: t(CAUSE_KEY[l.cause]) }));
}

/**
 * One line for screen readers when the table changes: the newest announcement (or how the
 * round ended), then whose turn it is.
 */
export function liveSummary(t: TFunction, view: SpectatorView): string {
  const nameOf = nameLookup(view);
  const parts: string[] = [];
  const last = view.round?.announcements.at(-1);
  const outcome = outcomeRound(view);
  if (view.round?.ended && outcome) {
    parts.push(...lossTexts(t, outcome.round, nameOf));
  } else if (last) {
    parts.push(announcementText(t, view.settings.ranking, nameOf, last));
  } else if (view.lastRound) {
    parts.push(...lossTexts(t, view.lastRound, nameOf));
  }
  const turn = turnText(t, view, nameOf);
  if (turn) parts.push(turn);
  return parts.join(' ');
}
