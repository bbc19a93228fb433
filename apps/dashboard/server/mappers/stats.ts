import type { AnnouncedVsActualCell, CoreStats as StoredCore, LeaderboardRow, PlayerStats } from '@mia/db';
import type { CoreStats, LeaderboardEntry, PlayerPage } from '../../shared/api';

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
    livesLost: {
      caughtBluffing: s.livesLost.caughtBluffing,
      wrongCall: s.livesLost.wrongCall,
      miaLooked: s.livesLost.miaLooked,
      miaGivenUp: s.livesLost.miaGivenUp,
      timeout: s.livesLost.timeout,
    },
  };
}

export interface Person {
  userId: bigint;
  name: string;
  ai: boolean;
}

export function toPlayerPage(person: Person, stats: PlayerStats, cells: AnnouncedVsActualCell[]): PlayerPage {
  return {
    userId: person.userId.toString(),
    name: person.name,
    ai: person.ai,
    ...toCoreStats(stats),
    weekly: stats.weekly.map((w) => ({ ...toCoreStats(w), week: w.week, weekStart: w.weekStart })),
    announcedVsActual: cells.map((c) => ({ announced: c.announced, actual: c.actual, count: c.count })),
    recent: stats.recent.map((r) => ({
      gameId: r.gameId,
      finishedAt: r.finishedAt.toISOString(),
      place: r.place,
      won: r.won,
      players: r.players,
    })),
  };
}

export function toLeaderboardEntry(row: LeaderboardRow): LeaderboardEntry {
  return {
    position: row.position,
    userId: row.userId.toString(),
    name: row.firstName,
    games: row.games,
    wins: row.wins,
    winRate: row.winRate,
    bluffRate: row.bluffRate,
    livesLost: row.livesLost,
  };
}
