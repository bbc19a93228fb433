// The schemas of ratings and statistics over time (issue 14): the rating boards, a player's
// rating with its history and tells, paged recent games, and a group's own statistics. Part of
// the one definition of the API's shapes (re-exported by schemas.ts; shared/api.ts names them).
import { STRATEGY_NAMES } from '@mia/engine';
import { Type } from '@sinclair/typebox';
import { Day, Id, Int, IsoTime, Nullable, StringEnum } from './schema-kit';

export const Strategy = StringEnum(STRATEGY_NAMES);
const BucketUnit = StringEnum(['day', 'week', 'month'] as const);

const ratedFields = {
  position: Type.Integer({ description: '1-based place on the board, highest rating first (provisional ratings included).' }),
  rating: Type.Integer({ description: 'The displayed rating: conservative skill (μ − 3σ of OpenSkill, Plackett–Luce), scaled; rounded.' }),
  games: Int,
  wins: Int,
  winRate: Type.Number(),
  bluffRate: Nullable(Type.Number()),
  provisional: Type.Boolean({ description: 'Fewer rated games than `provisionalGames`: the rating is still settling.' }),
};

/** A person on a group's rating board. */
export const RatingEntry = Type.Object({ userId: Id, name: Type.String(), ...ratedFields });
/** A computer strategy on the ladder (its personas are names at the table; the strategy is what plays). */
export const StrategyEntry = Type.Object({ strategy: Strategy, ...ratedFields });

export const GroupRatings = Type.Object({
  people: Type.Array(RatingEntry, { description: 'The top 20 people by rating over the finished games of the group.' }),
  computers: Type.Array(StrategyEntry, { description: 'Every computer strategy that played here, by rating: shown apart from people.' }),
  provisionalGames: Type.Integer({ description: 'A rating is provisional until this many rated games.' }),
});

export const PlayerRating = Type.Object({
  strategy: Nullable(Strategy),
  position: Int,
  ratedPlayers: Type.Integer({ description: 'Rated on the same board (people, or strategies).' }),
  rating: Int,
  trend: Type.Integer({ description: 'Change over the last `trendGames` rated games.' }),
  trendGames: Int,
  games: Int,
  provisional: Type.Boolean(),
  provisionalGames: Int,
});

export const RatingPoint = Type.Object({ gameId: Type.String(), at: IsoTime, place: Int, rating: Int });

const seriesPointFields = {
  start: Day,
  end: Day,
  games: Int,
  looked: Type.Integer({ description: 'Announcements after looking (truthful, over, under).' }),
  bluffRate: Nullable(Type.Number()),
  calls: Int,
  callsRight: Nullable(Type.Number()),
};
export const SeriesPoint = Type.Object(seriesPointFields);
export const StatsSeries = Type.Object(
  { unit: BucketUnit, points: Type.Array(SeriesPoint) },
  { description: 'Oldest first, bucketed by day, week or month to fit the history (never one lone point for two days of games or more).' },
);

export const Tell = Type.Object({
  value: Type.Integer({ description: "The engine's Value (21 = Mia)." }),
  announced: Int,
  looked: Int,
  truthful: Int,
  truthRate: Nullable(Type.Number()),
  faced: Type.Integer({ description: 'Times it was announced to them and they answered.' }),
  called: Int,
  callRate: Nullable(Type.Number()),
});

export const RecentGame = Type.Object({ gameId: Type.String(), finishedAt: IsoTime, place: Nullable(Int), won: Type.Boolean(), players: Int });
export const RecentGames = Type.Object({
  games: Type.Array(RecentGame, { description: 'Most recently finished first.' }),
  offset: Int,
  limit: Int,
  total: Type.Integer({ description: 'Their finished games in the group.' }),
  hasMore: Type.Boolean(),
});
export const PageQuery = Type.Object({
  offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});

const LivesLostByCause = Type.Object({ caughtBluffing: Int, wrongCall: Int, miaLooked: Int, miaGivenUp: Int, timeout: Int });

export const GroupStats = Type.Object({
  games: Int,
  rounds: Int,
  announcements: Int,
  bluffRate: Nullable(Type.Number()),
  calls: Int,
  callsRight: Nullable(Type.Number()),
  series: StatsSeries,
  livesLost: LivesLostByCause,
  values: Type.Array(Type.Object({ value: Int, announced: Int, looked: Int, truthful: Int, truthRate: Nullable(Type.Number()) }), {
    description: 'Every value announced, most announced first.',
  }),
  weeks: Type.Array(Type.Object({ weekStart: Day, week: Type.String(), games: Int }), {
    description: 'Every ISO week from the first finished game to the last, empty ones with 0.',
  }),
});
