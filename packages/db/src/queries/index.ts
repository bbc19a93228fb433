// Read-side queries: statistics, leaderboards and replays over FINISHED games, and the few
// lookups the apps make. The apps import this (`@mia/db/queries`), never a read-write client.
export {
  announcedVsActual,
  announcedVsActualSql,
  type AnnouncedVsActualCell,
  type AnnouncedVsActualOptions,
} from './announced-vs-actual';
// The values both axes of the heat map (and every per-value table) list, in ranking order.
export { RANKED_VALUES } from '@mia/engine';
export {
  groupStats,
  groupStatsSql,
  type GroupCalls,
  type GroupCounts,
  type GroupDay,
  type GroupPoint,
  type GroupStats,
  type GroupValue,
  type GroupWeek,
} from './group-stats';
export { isoWeekOf, weekStartOf, type ClassCounts, type LivesLost, type ReadClient, type Reader } from './common';
export { gameEvents, gameEventsSql, gameWithEvents, type EventLogRow, type GameRow } from './event-log';
export { chatTitle, countPlayed, usernames, type PlayedCounts } from './lookups';
export {
  playerStats,
  playerStatsSql,
  type CalledOn,
  type CallsMade,
  type CoreStats,
  type DailyStats,
  type PlayerStats,
  type PlayerStatsOptions,
  type RecentGame,
  type RecentPage,
  type StatsPoint,
  type StatsSeries,
  type WeeklyStats,
} from './player-stats';
export { playerTells, playerTellsSql, type PlayerTells, type PlayerTellsOptions, type TellValue } from './player-tells';
export {
  gameReplay,
  type GameReplay,
  type ReplayAnnouncement,
  type ReplayEvent,
  type ReplayPlayer,
  type ReplayReveal,
  type ReplayRound,
} from './replay';
export {
  playerRating,
  ratingBoard,
  ratingBoardSql,
  ratingHistory,
  TREND_GAMES,
  type PlayerRating,
  type RatingBoardOptions,
  type RatingBoardRow,
  type RatingHistoryOptions,
  type RatingPoint,
} from './ratings';
