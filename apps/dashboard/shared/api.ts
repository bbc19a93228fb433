/**
 * The dashboard's API as the browser sees it: every route's answer and every live message. Each
 * type is derived from its TypeBox schema in server/schemas.ts (the one definition of every
 * shape, which also validates, serializes and documents the routes); the SPA imports these as
 * types only (`import type`), so no schema code reaches its bundle. JSON only: ids of people and
 * chats are decimal strings (64-bit), times are ISO 8601 strings.
 *
 * Routes (all GET, read-only):
 *   /api/groups                              PublicGroups   groups listed publicly
 *   /api/odds                                OddsTables     ranking and odds of every preset
 *   /api/g/:token                            GroupPage      a group by its dashboard token
 *   /api/g/:token/live                       LiveGames      its running games (lobby or play)
 *   /api/g/:token/games/:gameId              GameReplay     a FINISHED game of the group
 *   /api/g/:token/stats                      GroupStats     the group's own statistics over time
 *   /api/g/:token/players/:userId            PlayerPage     a person's statistics in the group
 *   /api/g/:token/players/:userId/games      RecentGames    their finished games, a page (?offset=&limit=)
 *   /api/g/:token/ws                         WebSocket      LiveMessage stream (see below)
 *   /api/live                                PublicLive     running games of publicly listed groups
 *   /api/live/ws                             WebSocket      PublicLiveMessage stream (see below)
 *   /api/openapi.json                        OpenAPI 3      this contract, generated from the schemas
 * Errors: ApiError with 400 (malformed id or token), 404 (unknown, or not visible), 429 (rate
 * limit per client address, with Retry-After). A plain GET (no upgrade) of /ws answers 426.
 */
import type { Static } from '@sinclair/typebox';
import type * as S from '../server/schemas';

export type ApiError = Static<typeof S.ApiError>;

export type Language = Static<typeof S.Language>;

export type GroupSummary = Static<typeof S.GroupSummary>;

export type PublicGroups = Static<typeof S.PublicGroups>;

/**
 * A game in the lobby or in play, as any spectator may see it: the engine's spectator view, which
 * holds no dice that have not been revealed.
 */
export type LiveGame = Static<typeof S.LiveGame>;

export type LiveGames = Static<typeof S.LiveGames>;

/** A person on the rating board. */
export type RatingEntry = Static<typeof S.RatingEntry>;

/** A computer strategy on the ladder, apart from people. */
export type StrategyEntry = Static<typeof S.StrategyEntry>;

export type StrategyName = Static<typeof S.Strategy>;

export type GroupRatings = Static<typeof S.GroupRatings>;

/** A finished game, or an aborted one that had started, as a group page lists it. */
export type GameSummary = Static<typeof S.GameSummary>;

/** A group's page: summary, house rules, leaderboard, ended games and running games. */
export type GroupPage = Static<typeof S.GroupPage>;

export type AnnouncementClass = Static<typeof S.AnnouncementClass>;

/** A finished game round by round, every roll revealed. */
export type GameReplay = Static<typeof S.GameReplay>;

export type ClassCounts = Static<typeof S.ClassCounts>;

export type LivesLost = Static<typeof S.LivesLost>;

export type CoreStats = Static<typeof S.CoreStats>;

export type PlayerRating = Static<typeof S.PlayerRating>;

export type RatingPoint = Static<typeof S.RatingPoint>;

export type SeriesPoint = Static<typeof S.SeriesPoint>;

/** A statistic over time, bucketed by day, week or month. */
export type StatsSeries = Static<typeof S.StatsSeries>;

/** One value's tells: how often it was true when they announced it, how often they called it. */
export type Tell = Static<typeof S.Tell>;

export type RecentGame = Static<typeof S.RecentGame>;

/** A page of a person's finished games in the group. */
export type RecentGames = Static<typeof S.RecentGames>;

/** The group's own statistics over its finished games. */
export type GroupStats = Static<typeof S.GroupStats>;

/** A person's statistics over the group's finished games (404 for someone who never sat at one of its games). */
export type PlayerPage = Static<typeof S.PlayerPage>;

/** Every ranking preset with its odds table. */
export type OddsTables = Static<typeof S.OddsTables>;

/**
 * Live channel, server → client. On connect (and on every reconnect) a `snapshot` of all running
 * games of the group; then a `game` message for every committed change (within a second of the
 * action), and `ended` when a game leaves play (finished, or aborted: /stop, the bot removed, a
 * lobby not started in time; these are engine events like any move, so they come within a second
 * too; its replay is then available when finished); `spectators` after the snapshot and whenever the count of watching pages
 * changes (at most twice a second). Client → server: only `{"type":"ping"}`, answered with `pong`; anything else is
 * answered with an `error` message and changes nothing (a client message is at most 1024 bytes; a
 * frame over 64 KiB closes the socket with 1009).
 *
 * Close codes: 4004 — the token no longer opens the group (an admin renewed the link; its
 * sockets close as soon as the renewal commits, in whichever process serves them): do not
 * reconnect with it. A group upgraded to a supergroup keeps its link: its sockets stay open and
 * follow it. 1001 — the server is restarting, 1011 — the snapshot could not be loaded, or
 * a close without a code (the client fell too far behind, or missed the server's pings): reconnect,
 * and the new `snapshot` brings the client up to date. The upgrade itself is refused with an HTTP
 * 400, 404 or 429 like any route.
 */
export type LiveMessage = Static<typeof S.LiveMessage>;

export type LiveClientMessage = Static<typeof S.LiveClientMessage>;

/** A running game of a publicly listed group, with the group's address and title. */
export type PublicLiveGame = Static<typeof S.PublicLiveGame>;

export type SpectatorCounts = Static<typeof S.SpectatorCounts>;

/** GET /api/live: the running games of publicly listed groups, the TV's game, and who watches. */
export type PublicLive = Static<typeof S.PublicLive>;

/**
 * The public live channel (/api/live/ws), server → client: a `snapshot` of the public running
 * games and the featured one on connect, then `game` / `ended` for each committed change,
 * `featured` when the TV moves to another game, and `spectators` counts (throttled). A group
 * listed or unlisted meanwhile comes with a new `snapshot`. Client messages, limits and close
 * codes as on a group's channel (no 4004: it has no token).
 */
export type PublicLiveMessage = Static<typeof S.PublicLiveMessage>;
