// A page's link preview in words: its title, a one-line description of what is happening, and
// the address of its image. Pure: the data comes from read.ts, the words from catalogue.ts.
import type { SpectatorView } from '@mia/engine';
import type { Group } from '../read/groups';
import type { Words } from './catalogue';
import { finishedVersion, sceneVersion, type FinishedGame, type FinishedGames, type GroupScene, type Leader, type PlayerRecord } from './model';

export interface Preview {
  /** The document's <title>. */
  documentTitle: string;
  /** og:title (og:site_name carries the site's name beside it). */
  title: string;
  description: string;
  /** The image's path on this server (meta.ts makes it absolute). */
  image: string;
  imageAlt: string;
  words: Words;
}

/** The generic image: the index, the odds page, and every unknown or malformed link. */
export const SITE_IMAGE = '/api/preview.png';

export const groupTitle = (group: Group, words: Words): string => group.title?.trim() || words.t('site.untitled');

const withSite = (title: string, words: Words) => `${title} · ${words.t('site.name')}`;

export function sitePreview(page: 'index' | 'odds', words: Words): Preview {
  const { t } = words;
  const title = page === 'odds' ? withSite(t('odds.title'), words) : t('site.name');
  const description = page === 'odds' ? t('odds.description') : t('site.tagline');
  return { documentTitle: title, title, description, image: SITE_IMAGE, imageAlt: `${title}: ${description}`, words };
}

/** Seats still in the game. */
const inPlay = (view: SpectatorView) => view.seats.filter((s) => s.out === null);

/** What the running game is doing: "3 players · round 4 · Ada to play". */
export function runningLine(view: SpectatorView, words: Words): string {
  const { t } = words;
  const players = t('count.players', { count: view.phase === 'lobby' ? view.seats.length : inPlay(view).length });
  if (view.phase === 'lobby') return t('group.lobby', { players });
  if (view.phase === 'over' || !view.round) return t('group.over', { players });
  const actor = view.seats.find((s) => s.id === view.round!.actor);
  return t('group.playing', { players, round: view.round.number, name: actor?.name ?? '?' });
}

/** The group's finished games: "12 finished games · top rated: Ada". */
export function finishedLine(scene: GroupScene, leader: Leader | undefined, words: Words): string {
  const { t } = words;
  if (scene.finished.count === 0) return t('group.noGames');
  const count = t('count.finished', { count: scene.finished.count });
  return leader ? `${count} · ${t('group.leader', { name: leader.name })}` : count;
}

const version = (v: string, words: Words) => `?v=${encodeURIComponent(`${v}.${words.language}`)}`;

export function groupPreview(group: Group, scene: GroupScene, leader: Leader | undefined, live: boolean, words: Words): Preview {
  const name = groupTitle(group, words);
  const title = live ? words.t('group.liveTitle', { title: name }) : name;
  const description = scene.running ? runningLine(scene.running.view, words) : finishedLine(scene, leader, words);
  return {
    documentTitle: live ? title : withSite(title, words),
    title,
    description,
    image: `/api/g/${group.token}/preview.png${version(sceneVersion(scene), words)}`,
    imageAlt: `${name}: ${description}`,
    words,
  };
}

/**
 * A finished game's replay. A spoiler-free link (the replay's own mode) names neither the winner
 * nor the places, and shows the site's image instead of the result card.
 */
export function gamePreview(group: Group, game: FinishedGame, words: Words, options: { spoilerFree?: boolean } = {}): Preview {
  const { t } = words;
  const title = t('game.title', { title: groupTitle(group, words) });
  const outcome = options.spoilerFree ? t('game.spoilerFree') : game.winnerName ? t('game.winner', { name: game.winnerName }) : t('game.noWinner');
  const description = [
    outcome,
    t('count.players', { count: game.players.length }),
    t('count.rounds', { count: game.rounds }),
    t('game.finished', { date: words.date(game.finishedAt) }),
  ].join(' · ');
  return {
    documentTitle: title,
    title,
    description,
    image: options.spoilerFree ? SITE_IMAGE : `/api/g/${group.token}/games/${encodeURIComponent(game.id)}/card.png${version('final', words)}`,
    imageAlt: `${title}: ${description}`,
    words,
  };
}

/** "12 games · 5 wins (42%) · bluff rate 30%". */
export function recordLine(record: PlayerRecord, words: Words): string {
  const { t } = words;
  if (record.games === 0) return t('player.noGames');
  return t('player.summary', {
    games: t('count.games', { count: record.games }),
    wins: t('count.wins', { count: record.wins }),
    winRate: words.percent(record.winRate),
    bluffRate: words.percent(record.bluffRate),
  });
}

export function playerPreview(group: Group, userId: bigint, record: PlayerRecord, finished: FinishedGames, words: Words): Preview {
  const title = words.t('player.title', { name: record.name, title: groupTitle(group, words) });
  const description = recordLine(record, words);
  return {
    documentTitle: title,
    title,
    description,
    image: `/api/g/${group.token}/players/${userId}/card.png${version(finishedVersion(finished), words)}`,
    imageAlt: `${title}: ${description}`,
    words,
  };
}
