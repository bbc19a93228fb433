// Read-side queries: statistics, leaderboards and replays over FINISHED games.
export {
  announcedVsActual,
  announcedVsActualSql,
  type AnnouncedVsActualCell,
  type AnnouncedVsActualOptions,
} from './announced-vs-actual.ts';
export { isoWeekOf, weekStartOf, type ClassCounts, type LivesLost, type Reader } from './common.ts';
export { leaderboard, leaderboardSql, type LeaderboardOptions, type LeaderboardRow } from './leaderboard.ts';
export {
  playerStats,
  playerStatsSql,
  type CalledOn,
  type CallsMade,
  type CoreStats,
  type PlayerStats,
  type PlayerStatsOptions,
  type RecentGame,
  type WeeklyStats,
} from './player-stats.ts';
export {
  gameReplay,
  type GameReplay,
  type ReplayAnnouncement,
  type ReplayEvent,
  type ReplayPlayer,
  type ReplayReveal,
  type ReplayRound,
} from './replay.ts';
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
} from './ratings.ts';
