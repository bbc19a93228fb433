// What each preview image shows, in words and numbers, before any drawing: the running game's
// table (from the engine's spectator view: seats, lives, whose turn, the announcements' values,
// never a die), the group's leaderboard, a player's record, a finished game's result, the site.
// Pure; layout/ draws these.
import type { Group } from '../read/groups';
import type { Words } from './catalogue';
import { finishedLine, groupTitle, recordLine } from './describe';
import type { FinishedGame, GroupScene, Leader, PlayerRecord, RunningGame } from './model';

export interface SeatCard {
  name: string;
  ai: boolean;
  lives: number;
  out: boolean;
  /** Their turn: the cup is with them. */
  turn: boolean;
}

export interface Column {
  label: string;
  /** Numbers align to the end. */
  align: 'start' | 'end';
  /** A fixed width; without one the column takes the room left. */
  width?: number;
  /** Drawn bold (the names). */
  strong?: boolean;
  /** Lives: drawn after a heart. */
  hearts?: boolean;
}

export type Card =
  | { kind: 'site'; heading: string; tagline: string }
  | {
      kind: 'table';
      site: string;
      group: string;
      status: string;
      stage: string | null;
      seats: SeatCard[];
      /** The standing announcement (a value, never dice) and who made it. */
      claim: { label: string; by: string; value: string } | null;
      outLabel: string;
    }
  | { kind: 'board'; site: string; group: string; heading: string; summary: string; columns: Column[]; rows: string[][] }
  | { kind: 'player'; site: string; group: string; name: string; badge: string | null; stats: { label: string; value: string }[]; summary: string }
  | { kind: 'result'; site: string; group: string; heading: string; winner: string; summary: string; columns: Column[]; rows: string[][] };

export function siteCard(words: Words): Card {
  return { kind: 'site', heading: words.t('site.name'), tagline: words.t('site.tagline') };
}

export function tableCard(group: Group, game: RunningGame, words: Words): Card {
  const { t } = words;
  const { view } = game;
  const round = view.phase === 'playing' ? view.round : null;
  const nameOf = (id: string) => view.seats.find((s) => s.id === id)?.name ?? '?';
  const last = round?.announcements.at(-1);
  return {
    kind: 'table',
    site: t('site.name'),
    group: groupTitle(group, words),
    status: view.phase === 'lobby' ? t('card.lobby') : round ? t('card.round', { round: round.number }) : t('card.over'),
    stage: round ? t(`stage.${round.stage}`, { name: nameOf(round.actor) }) : null,
    seats: view.seats.map((s) => ({ name: s.name, ai: s.ai, lives: s.lives, out: s.out !== null, turn: round?.actor === s.id })),
    claim: last ? { label: t('card.lastAnnouncement'), by: nameOf(last.player), value: words.claim(view.settings.ranking, last.value) } : null,
    outLabel: t('card.out'),
  };
}

/** Rows on the leaderboard image. */
export const BOARD_ROWS = 5;

export function boardCard(group: Group, scene: GroupScene, board: Leader[], words: Words): Card {
  const { t } = words;
  const number = (key: string): Column => ({ label: t(`card.${key}`), align: 'end', width: 170 });
  return {
    kind: 'board',
    site: t('site.name'),
    group: groupTitle(group, words),
    heading: t('card.leaderboard'),
    summary: finishedLine(scene, board[0], words),
    columns: [{ label: t('card.player'), align: 'start', strong: true }, number('rating'), number('games'), number('wins'), number('bluffRate')],
    rows: board.slice(0, BOARD_ROWS).map((r, i) => [`${i + 1}. ${r.name}`, String(r.rating), String(r.games), String(r.wins), words.percent(r.bluffRate)]),
  };
}

export function playerCard(group: Group, record: PlayerRecord, words: Words): Card {
  const { t } = words;
  return {
    kind: 'player',
    site: t('site.name'),
    group: groupTitle(group, words),
    name: record.name,
    badge: record.ai ? t('card.ai') : null,
    stats: [
      { label: t('card.games'), value: String(record.games) },
      { label: t('card.wins'), value: String(record.wins) },
      { label: t('card.winRate'), value: words.percent(record.winRate) },
      { label: t('card.bluffRate'), value: words.percent(record.bluffRate) },
    ],
    summary: recordLine(record, words),
  };
}

export function resultCard(group: Group, game: FinishedGame, words: Words): Card {
  const { t } = words;
  const ranked = [...game.players].sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity) || b.lives - a.lives);
  return {
    kind: 'result',
    site: t('site.name'),
    group: groupTitle(group, words),
    heading: t('card.replay'),
    winner: game.winnerName ? t('game.winner', { name: game.winnerName }) : t('game.noWinner'),
    summary: [t('count.rounds', { count: game.rounds }), t('game.finished', { date: words.date(game.finishedAt) })].join(' · '),
    columns: [
      { label: t('card.place'), align: 'start', width: 140 },
      { label: t('card.player'), align: 'start', strong: true },
      { label: t('card.livesLeft'), align: 'end', width: 240, strong: true, hearts: true },
    ],
    rows: ranked.map((p) => [p.place === null ? '—' : String(p.place), p.name, String(p.lives)]),
  };
}
