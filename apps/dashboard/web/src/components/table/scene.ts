import {
  atLeastProbability,
  beatProbability,
  rankingFor,
  type AnnouncementKind,
  type AnnouncementView,
  type Loss,
  type OutReason,
  type Ranking,
  type RankingOptions,
  type Reveal,
  type RoundEnd,
  type RoundView,
  type SpectatorView,
  type Stage,
} from '@mia/engine';
import { seatPoint, towardCentre, type Direction, type Point } from './layout';

/**
 * What a table shows, as plain data: derived from a spectator view by `tableScene` (pure, so it
 * is tested without a DOM) and drawn by TableView, which decides nothing. A replay can build a
 * scene of its own for any moment and draw it the same way.
 */
export type ScenePhase = 'lobby' | 'playing' | 'over' | 'stopped';

export interface SceneClaim {
  value: number;
  kind: AnnouncementKind;
  /** The announcement in force: the round's newest. */
  standing: boolean;
  /** Its place in the round (0-based): a new announcement is a new bubble, even with the same words. */
  index: number;
}

export interface SceneSeat {
  id: string;
  name: string;
  ai: boolean;
  lives: number;
  out: OutReason | null;
  /** Where the seat sits around the table. */
  at: Point;
  /** From the seat toward the centre: where its cup and bubble go. */
  facing: Direction;
  /** The cup is here: this player's turn. */
  turn: boolean;
  /** This player's newest announcement in the round in play. */
  said: SceneClaim | null;
  /** What this player just lost, while the round's ending is still the news. */
  lost: Loss | null;
  winner: boolean;
}

export interface Odds {
  /** `beat`: one roll beats the standing claim (strict rule); `reach`: it matches or beats it (at-least rule). */
  rule: 'beat' | 'reach';
  /** Whole percent, as the odds page prints them. */
  percent: number;
}

export interface SceneOutcome {
  round: number;
  /** The round in play has ended (else it is the round before). */
  current: boolean;
  /** Nothing has happened since: the reveal and the lost lives are the news (and animate in). */
  fresh: boolean;
  reveal: Reveal | null;
  end: RoundEnd | null;
  losses: Loss[];
}

export interface TableScene {
  phase: ScenePhase;
  ranking: RankingOptions;
  /** The round in play (or the last one, once over); null in the lobby. */
  round: number | null;
  seats: SceneSeat[];
  /** Empty chairs at a lobby's table: at least one while there is room, more until enough are seated. */
  emptySeats: Point[];
  lobby: { seated: number; max: number; min: number } | null;
  /** The cup, in front of the seat whose turn it is. */
  cup: { seat: string; stage: Stage; at: Point; facing: Direction } | null;
  /** Who starts the round, while nobody has announced yet. */
  starter: string | null;
  standing: { player: string; value: number; kind: AnnouncementKind; odds: Odds } | null;
  /** The round's announcements in order: the log under the table. */
  announcements: AnnouncementView[];
  outcome: SceneOutcome | null;
  winner: string | null;
}

/** The chance that one roll beats (or, where equal claims are allowed, reaches) `value`. */
export function oddsAgainst(view: Pick<SpectatorView, 'settings'>, value: number): Odds | null {
  let ranking: Ranking;
  try {
    ranking = rankingFor(view.settings.ranking);
    const reach = view.settings.announceRule === 'at-least';
    const p = reach ? atLeastProbability(ranking, value) : beatProbability(ranking, value);
    return { rule: reach ? 'reach' : 'beat', percent: Math.round(p * 100) };
  } catch {
    return null; // not a dice value: no odds rather than a broken table
  }
}

function outcomeOf(view: SpectatorView): SceneOutcome | null {
  const pick = (round: RoundView, current: boolean): SceneOutcome => ({
    round: round.number,
    current,
    fresh: current || (view.round?.announcements.length ?? 0) === 0,
    reveal: round.reveal,
    end: round.ended,
    losses: round.losses,
  });
  if (view.round?.ended) return pick(view.round, true);
  if (view.lastRound) return pick(view.lastRound, false);
  return null;
}

/** The table as it stands. `ended`: the game left play (finished, or stopped before its end). */
export function tableScene(view: SpectatorView, { ended = false }: { ended?: boolean } = {}): TableScene {
  const phase: ScenePhase = view.phase === 'over' ? 'over' : ended ? 'stopped' : view.phase === 'lobby' ? 'lobby' : 'playing';
  const { settings } = view;
  const inPlay = phase === 'playing' && view.round && !view.round.ended ? view.round : null;
  const announcements = inPlay?.announcements ?? [];
  const last = announcements.at(-1);
  const outcome = phase === 'lobby' ? null : outcomeOf(view);
  const winner = phase === 'over' ? (view.result?.winner ?? null) : null;

  const emptyCount =
    phase === 'lobby' && view.seats.length < settings.maxPlayers
      ? Math.min(settings.maxPlayers - view.seats.length, Math.max(1, settings.minPlayers - view.seats.length))
      : 0;
  const places = view.seats.length + emptyCount;

  const seats: SceneSeat[] = view.seats.map((s, i) => {
    let said: SceneClaim | null = null;
    for (const [index, a] of announcements.entries()) {
      if (a.player === s.id) said = { value: a.value, kind: a.kind, standing: index === announcements.length - 1, index };
    }
    return {
      id: s.id,
      name: s.name,
      ai: s.ai,
      lives: s.lives,
      out: s.out,
      at: seatPoint(i, places),
      facing: towardCentre(i, places),
      turn: inPlay?.actor === s.id,
      said,
      lost: outcome?.fresh ? (outcome.losses.find((l) => l.player === s.id) ?? null) : null,
      winner: winner === s.id,
    };
  });
  const actorSeat = inPlay ? seats.find((s) => s.id === inPlay.actor) : undefined;
  const odds = last ? oddsAgainst(view, last.value) : null;

  return {
    phase,
    ranking: settings.ranking,
    round: phase === 'lobby' ? null : (view.round?.number ?? view.lastRound?.number ?? null),
    seats,
    emptySeats: Array.from({ length: emptyCount }, (_, i) => seatPoint(view.seats.length + i, places)),
    lobby: phase === 'lobby' ? { seated: view.seats.length, max: settings.maxPlayers, min: settings.minPlayers } : null,
    cup: inPlay && actorSeat ? { seat: actorSeat.id, stage: inPlay.stage, at: actorSeat.at, facing: actorSeat.facing } : null,
    starter: inPlay && announcements.length === 0 ? inPlay.starter : null,
    standing: last && odds ? { player: last.player, value: last.value, kind: last.kind, odds } : null,
    announcements,
    outcome,
    winner,
  };
}
