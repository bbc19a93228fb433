/**
 * JSON schemas of every route's input and output (TypeBox): the one definition of the API's
 * shapes. shared/api.ts derives the TypeScript types from them (`Static<typeof …>`), the routes
 * are typed from them through Fastify's TypeBox type provider, and the OpenAPI document
 * (/api/openapi.json) is generated from them. They do two more jobs: Fastify validates params
 * with them (a malformed id is a 400 before any query runs), and it serializes answers from them
 * with fast-json-stringify, which writes only the properties a schema names. That is the second guard for secrecy: were a mapper ever to hand over the engine's
 * whole state, the cup and the dice behind announcements would still not be written, because no
 * schema here has a place for them (the only dice are a round's `reveal` and a finished game's
 * replay). The live channel serializes its messages with the same schemas (live/messages.ts).
 *
 * Each exported schema's name is the name of its type in shared/api.ts. A `description` here
 * documents a field both in the OpenAPI document and, through api.ts, for the SPA.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, Int, IsoTime, Nullable, StringEnum } from './schema-kit';
import { GroupRatings, PlayerRating, RatingPoint, RecentGames, StatsSeries, Tell } from './stats-schemas';

export * from './stats-schemas';

// ---------------------------------------------------------------------------------------------
// Helpers

const Die = Type.Integer({ minimum: 1, maximum: 6 });
/** Readonly in TypeScript, like the engine's Dice, so the engine's views are answers as they are. */
const Dice = Type.Unsafe<readonly [number, number]>(Type.Tuple([Die, Die]));

// ---------------------------------------------------------------------------------------------
// Route input

/**
 * A dashboard token as @mia/game's `newDashboardToken` makes them (24 base64url characters);
 * some slack either way so a future length change needs no deploy here. A token of a group that
 * moved to a supergroup ends in ".migrated": malformed on purpose.
 */
export const TOKEN_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
/** Game ids: UUIDs from the service, cuids from the schema's default. */
export const GAME_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
/** Telegram user ids (AI players have negative ones); the 64-bit range is checked in the route. */
export const USER_ID_PATTERN = '^-?[0-9]{1,19}$';

const Token = Type.String({ pattern: TOKEN_PATTERN });
export const TokenParams = Type.Object({ token: Token });
export const GameParams = Type.Object({ token: Token, gameId: Type.String({ pattern: GAME_ID_PATTERN }) });
export const PlayerParams = Type.Object({ token: Token, userId: Type.String({ pattern: USER_ID_PATTERN }) });
export type TokenParams = Static<typeof TokenParams>;
export type GameParams = Static<typeof GameParams>;
export type PlayerParams = Static<typeof PlayerParams>;

// ---------------------------------------------------------------------------------------------
// Errors

export const ApiError = Type.Object({ statusCode: Int, error: Type.String(), message: Type.String() });

const errorAnswer = (description: string) => Type.Object(ApiError.properties, { description });

/** The error answers every route may give (each described for the OpenAPI document). */
export const ERROR_RESPONSES = {
  400: errorAnswer('A malformed token or id: the message says which and what it should be.'),
  404: errorAnswer('Unknown, or not visible through this token.'),
  429: errorAnswer('Rate limit per client address: try again after Retry-After seconds.'),
  500: errorAnswer('Something went wrong on the server.'),
} as const;

// ---------------------------------------------------------------------------------------------
// The engine's settings and spectator view (packages/engine: settings.ts, views.ts, state.ts)

const RankingOptions = Type.Object({
  doubles: StringEnum(['66-high', '11-high']),
  littleMia: Type.Boolean(),
  sum: Type.Boolean(),
});

export const Settings = Type.Object({
  lives: Int,
  ranking: RankingOptions,
  announceRule: StringEnum(['strict', 'at-least']),
  blindPass: Type.Boolean(),
  miaLookedPenalty: Int,
  miaFalsePenalty: Int,
  endRule: StringEnum(['last-standing', 'first-out']),
  turnSeconds: Nullable(Int),
  idleLimit: Int,
  minPlayers: Int,
  maxPlayers: Int,
});

const SeatView = Type.Object({
  id: Id,
  name: Type.String(),
  ai: Type.Boolean(),
  lives: Int,
  out: Nullable(StringEnum(['lives', 'idle', 'left', 'kicked'])),
  missedTurns: Int,
});

/** An announcement as everyone sees it: who, what, how. Never its dice or its class. */
const AnnouncementView = Type.Object({
  player: Id,
  value: Int,
  kind: StringEnum(['looked', 'blind', 'pass']),
});

/** The dice a call or a look at Mia showed to everyone: the only dice of a running game. */
const Reveal = Type.Object({
  dice: Dice,
  announced: Int,
  announcer: Id,
  by: Id,
  reason: StringEnum(['call', 'mia-look']),
  outcome: StringEnum(['bluff-caught', 'claim-held', 'mia-true', 'mia-false']),
});

const Loss = Type.Object({
  player: Id,
  amount: Int,
  cause: StringEnum(['caught-bluffing', 'wrong-call', 'mia-looked', 'mia-given-up', 'timeout']),
});

const RoundView = Type.Object({
  number: Int,
  starter: Id,
  actor: Id,
  stage: StringEnum(['roll', 'announce', 'respond', 'mia']),
  announcements: Type.Array(AnnouncementView),
  reveal: Nullable(Reveal),
  losses: Type.Array(Loss),
  ended: Nullable(StringEnum(['call', 'mia-look', 'mia-give-up', 'timeout', 'aborted'])),
});

const GameResult = Type.Object({
  winner: Nullable(Id),
  ranking: Type.Array(Type.Object({ player: Id, place: Int, lives: Int })),
});

export const SpectatorView = Type.Object({
  phase: StringEnum(['lobby', 'playing', 'over']),
  settings: Settings,
  creator: Id,
  seats: Type.Array(SeatView),
  round: Nullable(RoundView),
  lastRound: Nullable(RoundView),
  move: Int,
  result: Nullable(GameResult),
});

// ---------------------------------------------------------------------------------------------
// Groups and running games

export const Language = StringEnum(['en', 'ru', 'sk', 'af', 'hi']);

const groupSummaryFields = {
  token: Type.String({ description: "The dashboard token: the group's address on the dashboard (/g/<token>)." }),
  title: Nullable(Type.String()),
  language: Language,
  runningGames: Int,
  finishedGames: Int,
};
export const GroupSummary = Type.Object(groupSummaryFields);
export const PublicGroups = Type.Object({
  groups: Type.Array(GroupSummary, { description: 'Games running first, then most finished games (at most 100).' }),
});

const GameStatus = StringEnum(['LOBBY', 'PLAYING', 'FINISHED', 'ABORTED']);

export const LiveGame = Type.Object({
  id: Type.String(),
  status: GameStatus,
  version: Type.Integer({ description: 'Count of events so far: a client keeps the highest version it saw of each game.' }),
  deadlineAt: Type.Union([IsoTime, Type.Null()], {
    description: 'When the current turn (or the lobby) times out; null when there is no deadline.',
  }),
  serverTime: Type.String({
    format: 'date-time',
    description: "The server's clock when this was sent, so a countdown survives a skewed client clock.",
  }),
  view: SpectatorView,
});
export const LiveGames = Type.Object({ games: Type.Array(LiveGame) });

export const GameSummary = Type.Object({
  id: Type.String(),
  status: StringEnum(['FINISHED', 'ABORTED']),
  startedAt: Nullable(IsoTime),
  finishedAt: Nullable(IsoTime),
  players: Type.Array(Type.Object({ userId: Id, name: Type.String(), ai: Type.Boolean(), place: Nullable(Int) })),
  winnerId: Nullable(Id),
  rounds: Int,
});

export const GroupPage = Type.Object({
  group: Type.Object({ ...groupSummaryFields, listedPublicly: Type.Boolean() }),
  settings: Settings,
  ratings: GroupRatings,
  games: Type.Array(GameSummary, {
    description: 'Most recent first (at most 50): finished games, and aborted ones that had started.',
  }),
  live: Type.Array(LiveGame),
});

// ---------------------------------------------------------------------------------------------
// A finished game's replay: every roll, which the rules allow once the game has ended

export const AnnouncementClass = StringEnum(['TRUTHFUL', 'OVER', 'UNDER', 'BLIND', 'PASS']);

const ReplayAnnouncement = Type.Object({
  seq: Int,
  userId: Id,
  value: Type.Integer({ description: "The engine's Value (e.g. 21 = Mia, 53); label it with the ranking of `settings`." }),
  dice: Dice,
  kind: StringEnum(['LOOKED', 'BLIND', 'PASS']),
  classification: AnnouncementClass,
  thinkMs: Nullable(Int),
});

const ReplayRound = Type.Object({
  number: Int,
  starterId: Id,
  end: Nullable(StringEnum(['CALL', 'MIA_LOOK', 'MIA_GIVE_UP', 'TIMEOUT', 'ABORTED'])),
  loserId: Nullable(Id),
  livesLost: Nullable(Int),
  cause: Nullable(StringEnum(['CAUGHT_BLUFFING', 'WRONG_CALL', 'MIA_LOOKED', 'MIA_GIVEN_UP', 'TIMEOUT'])),
  announcements: Type.Array(ReplayAnnouncement),
  reveal: Nullable(
    Type.Object({
      dice: Dice,
      outcome: StringEnum(['BLUFF_CAUGHT', 'CLAIM_HELD', 'MIA_TRUE', 'MIA_FALSE']),
      callerId: Id,
      announcerId: Id,
    }),
  ),
});

export const GameReplay = Type.Object({
  id: Type.String(),
  settings: Settings,
  startedAt: Nullable(IsoTime),
  finishedAt: IsoTime,
  winnerId: Nullable(Id),
  players: Type.Array(
    Type.Object({
      userId: Id,
      name: Type.String(),
      ai: Type.Boolean(),
      order: Int,
      lives: Int,
      place: Nullable(Int),
      outReason: Nullable(Type.String()),
      outRound: Type.Union([Int, Type.Null()], {
        description: 'The round in which the player went out (lives, idle, left or kicked); null for one still in at the end.',
      }),
    }),
  ),
  rounds: Type.Array(ReplayRound),
});

// ---------------------------------------------------------------------------------------------
// A person's statistics in a group

const classCountsFields = { truthful: Int, over: Int, under: Int, blind: Int, pass: Int };
export const ClassCounts = Type.Object(classCountsFields);
export const LivesLost = Type.Object({ caughtBluffing: Int, wrongCall: Int, miaLooked: Int, miaGivenUp: Int, timeout: Int });

const coreStatsFields = {
  games: Int,
  wins: Int,
  winRate: Nullable(Type.Number()),
  announcements: Type.Object({ ...classCountsFields, total: Int }),
  bluffRate: Nullable(Type.Number()),
  calledOn: Type.Object({ total: Int, caught: Int, held: Int, bluffsCalled: Int }),
  calls: Type.Object({ total: Int, right: Int, wrong: Int, bluffsCaught: Int, accuracy: Nullable(Type.Number()) }),
  livesLost: LivesLost,
};
export const CoreStats = Type.Object(coreStatsFields);

export const PlayerPage = Type.Object({
  userId: Id,
  name: Type.String(),
  ai: Type.Boolean(),
  ...coreStatsFields,
  rating: Type.Union([PlayerRating, Type.Null()], {
    description: "Their rating in the group (a computer player's: its strategy's); null before a rated game.",
  }),
  ratingHistory: Type.Array(RatingPoint, { description: 'The rating after each rated game, oldest first (the last 200).' }),
  series: StatsSeries,
  tells: Type.Array(Tell, {
    description: 'Per value, in the ranking order (Mia first): how often their announcements of it were true, how often they called it.',
  }),
  announcedVsActual: Type.Array(Type.Object({ announced: Int, actual: Int, count: Int }), {
    description: 'Announced value against the value of the dice, for looked announcements: the heat map.',
  }),
  recent: RecentGames,
});

// ---------------------------------------------------------------------------------------------
// Odds

export const OddsTables = Type.Object({
  presets: Type.Array(
    Type.Object({
      preset: StringEnum(['classic', 'rules-site', 'meyer']),
      ranking: RankingOptions,
      rows: Type.Array(Type.Object({ claim: Int, percent: Int }), {
        description: 'Best first: the claim (engine Value) and the percent chance one roll beats it.',
      }),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// The live channel, one schema per message type (each is serialized by its own function)

export const LiveMessages = {
  snapshot: Type.Object({ type: Type.Literal('snapshot'), games: Type.Array(LiveGame) }),
  game: Type.Object({ type: Type.Literal('game'), game: LiveGame }),
  ended: Type.Object({ type: Type.Literal('ended'), game: LiveGame }),
  pong: Type.Object({ type: Type.Literal('pong') }),
  error: Type.Object({ type: Type.Literal('error'), message: Type.String() }),
  spectators: Type.Object({
    type: Type.Literal('spectators'),
    watching: Type.Integer({
      description: "Pages watching this group's tables now: its live sockets, and the TV's while it features one of its games (per dashboard process).",
    }),
  }),
};
export const LiveMessage = Type.Union(Object.values(LiveMessages));
export const LiveClientMessage = Type.Object({ type: Type.Literal('ping') });

// ---------------------------------------------------------------------------------------------
// Play now: the running games of publicly listed groups (GET /api/live and its channel
// /api/live/ws). Only groups whose admins listed them publicly: their token is on the index anyway.

export const PublicGroupRef = Type.Object({ token: Type.String(), title: Nullable(Type.String()) });
export const PublicLiveGame = Type.Object({ group: PublicGroupRef, game: LiveGame });
export const SpectatorCounts = Type.Array(Type.Object({ game: Type.String(), watching: Int }), {
  description: "Pages watching each game: its group's live sockets, plus the TV's for the featured game.",
});
const Featured = Type.Union([Type.String(), Type.Null()], {
  description: 'The game the TV shows: the liveliest (most events in the last minutes), held a while so it does not flicker.',
});
export const PublicLive = Type.Object({
  games: Type.Array(PublicLiveGame, { description: 'Games in play first, then lobbies; at most 100.' }),
  featured: Featured,
  spectators: SpectatorCounts,
});

export const PublicLiveMessages = {
  snapshot: Type.Object({ type: Type.Literal('snapshot'), games: Type.Array(PublicLiveGame), featured: Featured }),
  game: Type.Object({ type: Type.Literal('game'), game: PublicLiveGame }),
  ended: Type.Object({ type: Type.Literal('ended'), game: PublicLiveGame }),
  featured: Type.Object({ type: Type.Literal('featured'), featured: Featured }),
  spectators: Type.Object({ type: Type.Literal('spectators'), counts: SpectatorCounts }),
  pong: LiveMessages.pong,
  error: LiveMessages.error,
};
export const PublicLiveMessage = Type.Union(Object.values(PublicLiveMessages));
