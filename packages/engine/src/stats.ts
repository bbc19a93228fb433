import type { Dice, Value } from './dice';
import { valueOf } from './dice';
import type { Ranking } from './ranking';
import type { AnnouncementClass, AnnouncementKind, LossCause } from './state';

/**
 * Classifies an announcement against the dice it stood on, as the rules define a bluff:
 * equal rank is truthful (so in sum mode "8 points" on 53 is the truth), higher is over,
 * lower is under; blind and passed announcements are their own classes.
 */
export function classifyAnnouncement(
  ranking: Ranking,
  kind: AnnouncementKind,
  value: Value,
  dice: Dice,
): AnnouncementClass {
  if (kind === 'blind') return 'blind';
  if (kind === 'pass') return 'pass';
  const c = ranking.compare(value, valueOf(dice));
  return c === 0 ? 'truthful' : c > 0 ? 'over' : 'under';
}

/** Over / (truthful + over + under); null before any looked announcement. */
export function bluffRate(counts: Partial<Record<AnnouncementClass, number>>): number | null {
  const truthful = counts.truthful ?? 0;
  const over = counts.over ?? 0;
  const under = counts.under ?? 0;
  const looked = truthful + over + under;
  return looked === 0 ? null : over / looked;
}

export const ANNOUNCEMENT_CLASSES: readonly AnnouncementClass[] = ['truthful', 'over', 'under', 'blind', 'pass'];
export const LOSS_CAUSES: readonly LossCause[] = [
  'caught-bluffing',
  'wrong-call',
  'mia-looked',
  'mia-given-up',
  'timeout',
];
