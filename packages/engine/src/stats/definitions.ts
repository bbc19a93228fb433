// The one definition of every statistic (rules: "What counts as a bluff"). The database
// queries, the bot and the dashboard call these; the SQL in @mia/db counts the same things and
// a test compares it with the fold in fold.ts.
import type { Dice, Value } from '../dice';
import { valueOf } from '../dice';
import { RANKING_PRESETS, rankingFor, type Ranking } from '../ranking';
import type { AnnouncementClass, AnnouncementKind, LossCause, Reveal } from '../state';

/**
 * Classifies an announcement against the dice it stood on, as the rules define a bluff:
 * equal rank is truthful (so in sum mode "8 points" on 53 is the truth), higher is over,
 * lower is under; blind and passed announcements are their own classes.
 */
export function classifyAnnouncement(ranking: Ranking, kind: AnnouncementKind, value: Value, dice: Dice): AnnouncementClass {
  if (kind === 'blind') return 'blind';
  if (kind === 'pass') return 'pass';
  const c = ranking.compare(value, valueOf(dice));
  return c === 0 ? 'truthful' : c > 0 ? 'over' : 'under';
}

export const ANNOUNCEMENT_CLASSES: readonly AnnouncementClass[] = ['truthful', 'over', 'under', 'blind', 'pass'];

/** The classes of a looked announcement: the ones that can be true or a bluff. */
export const LOOKED_CLASSES: readonly AnnouncementClass[] = ['truthful', 'over', 'under'];

/** Every cause of a lost life, in the order statistics list them. */
export const LOSS_CAUSES: readonly LossCause[] = ['caught-bluffing', 'wrong-call', 'mia-looked', 'mia-given-up', 'timeout'];

/** part / whole, or null when there is nothing to divide (no games, no calls…). */
export const ratioOf = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** Over / (truthful + over + under); null before any looked announcement. */
export function bluffRate(counts: Partial<Record<AnnouncementClass, number>>): number | null {
  const truthful = counts.truthful ?? 0;
  const over = counts.over ?? 0;
  const under = counts.under ?? 0;
  return ratioOf(over, truthful + over + under);
}

/**
 * Whether a reveal proved its caller right: the dice were below the announcement
 * (`bluff-caught`) or an announced Mia was not one (`mia-false`). The announcer lost the round.
 */
export const isRightCall = (outcome: Reveal['outcome']): boolean => outcome === 'bluff-caught' || outcome === 'mia-false';

/**
 * Calls right: right / total. A call is a "liar!" or a look under an announced Mia (each a
 * reveal the player caused); right as `isRightCall` says. Null without calls.
 */
export const callsRight = (calls: { total: number; right: number }): number | null => ratioOf(calls.right, calls.total);

/** Truth rate of an announced value: truthful / looked announcements of it. Null when never looked. */
export const truthRate = (counts: { looked: number; truthful: number }): number | null => ratioOf(counts.truthful, counts.looked);

/**
 * Call rate of a value faced: called / faced. A player faced an announcement when it was handed
 * to them and they answered it: believed it (their own announcement followed it in the round),
 * called "liar!", looked at the Mia or gave up on it. A missed deadline is no answer.
 */
export const callRate = (counts: { faced: number; called: number }): number | null => ratioOf(counts.called, counts.faced);

/**
 * Every value two dice show, in the classic ranking's order, best first (21, 66, 55, … 31): the
 * rows and columns of the announced-against-rolled heat map, and the order of per-value tables.
 * Values are stored as the engine announces them, so sum-mode claims (a points class's canonical
 * value) and little Mia are among them.
 */
export const RANKED_VALUES: readonly Value[] = rankingFor(RANKING_PRESETS.classic).claims;

/** Position of a value in RANKED_VALUES (0 = Mia), for sorting. */
export const rankedIndex = (value: Value): number => RANKED_VALUES.indexOf(value);
