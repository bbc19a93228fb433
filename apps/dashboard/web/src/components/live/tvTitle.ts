import type { TFunction } from 'i18next';
import type { PublicEntry } from '../../live/publicState';
import { nameLookup } from '../../live/tableText';

/**
 * The tab's title while the TV shows a game, so a tab in the background still tells what is
 * happening: "Ada to play · round 3 — Mia TV", a lobby, or who won. Null without a game.
 */
export function tvTitle(t: TFunction, entry: PublicEntry | null): string | null {
  if (!entry) return null;
  const { view } = entry.game;
  const nameOf = nameLookup(view);
  const group = entry.group.title ?? t('group.untitled');
  if (view.phase === 'over') {
    return view.result?.winner ? t('tv.titleWon', { name: nameOf(view.result.winner), group }) : t('tv.titleOver', { group });
  }
  if (entry.ended) return t('tv.titleOver', { group });
  if (view.phase === 'lobby' || !view.round) return t('tv.titleLobby', { group });
  if (view.round.ended) return t('tv.titleRound', { round: view.round.number, group });
  return t('tv.titleTurn', { name: nameOf(view.round.actor), round: view.round.number });
}
