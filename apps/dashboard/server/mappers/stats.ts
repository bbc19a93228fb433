import type {
  AnnouncedVsActualCell,
  CoreStats as StoredCore,
  GroupStats as StoredGroupStats,
  PlayerStats,
  PlayerTells,
  PlayerRating as StoredRating,
  RatingPoint as StoredPoint,
  RecentGame as StoredRecent,
  RecentPage,
} from '@mia/db/queries';
import { bluffRate, callsRight } from '@mia/engine';
import type { CoreStats, GroupStats, LivesLost, PlayerPage, RecentGames, SeriesPoint } from '../../shared/api';
import { toPlayerRating, toRatingPoint } from './ratings';

const toLivesLost = (l: LivesLost): LivesLost => ({
  caughtBluffing: l.caughtBluffing,
  wrongCall: l.wrongCall,
  miaLooked: l.miaLooked,
  miaGivenUp: l.miaGivenUp,
  timeout: l.timeout,
});

/** The counts both the totals and each week carry (the stored LivesLost's `total` is not in the contract). */
export function toCoreStats(s: StoredCore): CoreStats {
  return {
    games: s.games,
    wins: s.wins,
    winRate: s.winRate,
    announcements: { ...s.announcements },
    bluffRate: s.bluffRate,
    calledOn: { ...s.calledOn },
    calls: { ...s.calls },
    livesLost: toLivesLost(s.livesLost),
  };
}

/** A chart point: the rates as the engine defines them, and what they are out of. */
function toSeriesPoint(p: {
  start: string;
  end: string;
  games: number;
  announcements: { truthful: number; over: number; under: number };
  calls: { total: number; right: number };
}): SeriesPoint {
  const a = p.announcements;
  return {
    start: p.start,
    end: p.end,
    games: p.games,
    looked: a.truthful + a.over + a.under,
    bluffRate: bluffRate(a),
    calls: p.calls.total,
    callsRight: callsRight(p.calls),
  };
}

export interface Person {
  userId: bigint;
  name: string;
  ai: boolean;
}

export function toRecentGames(recent: StoredRecent[], page: RecentPage): RecentGames {
  return {
    games: recent.map((r) => ({
      gameId: r.gameId,
      finishedAt: r.finishedAt.toISOString(),
      place: r.place,
      won: r.won,
      players: r.players,
    })),
    offset: page.offset,
    limit: page.limit,
    total: page.total,
    hasMore: page.hasMore,
  };
}

export interface PlayerSources {
  stats: PlayerStats;
  cells: AnnouncedVsActualCell[];
  tells: PlayerTells;
  rating: StoredRating | null;
  history: StoredPoint[];
}

export function toPlayerPage(person: Person, { stats, cells, tells, rating, history }: PlayerSources): PlayerPage {
  return {
    userId: person.userId.toString(),
    name: person.name,
    ai: person.ai,
    ...toCoreStats(stats),
    rating: rating ? toPlayerRating(rating) : null,
    ratingHistory: history.map(toRatingPoint),
    series: { unit: stats.series.unit, points: stats.series.points.map(toSeriesPoint) },
    tells: tells.values.map((v) => ({
      value: v.value,
      announced: v.announced,
      looked: v.looked,
      truthful: v.truthful,
      truthRate: v.truthRate,
      faced: v.faced,
      called: v.called,
      callRate: v.callRate,
    })),
    announcedVsActual: cells.map((c) => ({ announced: c.announced, actual: c.actual, count: c.count })),
    recent: toRecentGames(stats.recent, stats.recentPage),
  };
}

export function toGroupStats(s: StoredGroupStats): GroupStats {
  return {
    games: s.games,
    rounds: s.rounds,
    announcements: s.announcements.total,
    bluffRate: s.bluffRate,
    calls: s.calls.total,
    callsRight: s.calls.rate,
    series: { unit: s.series.unit, points: s.series.points.map(toSeriesPoint) },
    livesLost: toLivesLost(s.livesLost),
    values: s.values.map((v) => ({ value: v.value, announced: v.announced, looked: v.looked, truthful: v.truthful, truthRate: v.truthRate })),
    weeks: s.weeks.map((w) => ({ weekStart: w.weekStart, week: w.week, games: w.games })),
  };
}
