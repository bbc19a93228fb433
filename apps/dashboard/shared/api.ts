/**
 * The dashboard's API as the browser sees it: every route's answer and every live message. The
 * server's schemas (server/schemas.ts) are checked against these types at compile time; the SPA
 * imports them as types only. JSON only: ids of people and chats are decimal strings (64-bit), times
 * are ISO 8601 strings.
 *
 * Routes (all GET, read-only):
 *   /api/groups                              PublicGroups   groups listed publicly
 *   /api/odds                                OddsTables     ranking and odds of every preset
 *   /api/g/:token                            GroupPage      a group by its dashboard token
 *   /api/g/:token/live                       LiveGames      its running games (lobby or play)
 *   /api/g/:token/games/:gameId              GameReplay     a FINISHED game of the group
 *   /api/g/:token/players/:userId            PlayerPage     a person's statistics in the group
 *   /api/g/:token/ws                         WebSocket      LiveMessage stream (see below)
 * Errors: ApiError with 400 (malformed id or token), 404 (unknown, or not visible), 429 (rate
 * limit per client address, with Retry-After). A plain GET (no upgrade) of /ws answers 426.
 */
import type { Settings, SpectatorView } from '@mia/engine';

export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
}

export type Language = 'en' | 'ru' | 'sk' | 'af' | 'hi';

export interface GroupSummary {
  /** The dashboard token: the group's address on the dashboard (/g/<token>). */
  token: string;
  title: string | null;
  language: Language;
  runningGames: number;
  finishedGames: number;
}

export interface PublicGroups {
  /** Games running first, then most finished games (at most 100). */
  groups: GroupSummary[];
}

/**
 * A game in the lobby or in play, as any spectator may see it: the engine's spectator view, which
 * holds no dice that have not been revealed.
 */
export interface LiveGame {
  id: string;
  status: 'LOBBY' | 'PLAYING' | 'FINISHED' | 'ABORTED';
  /** Count of events so far: a client keeps the highest version it saw of each game. */
  version: number;
  /** When the current turn (or the lobby) times out; null when there is no deadline. */
  deadlineAt: string | null;
  /** The server's clock when this was sent, so a countdown survives a skewed client clock. */
  serverTime: string;
  view: SpectatorView;
}

export interface LiveGames {
  games: LiveGame[];
}

export interface LeaderboardEntry {
  position: number;
  userId: string;
  name: string;
  games: number;
  wins: number;
  winRate: number;
  bluffRate: number | null;
  livesLost: number;
}

export interface GameSummary {
  id: string;
  status: 'FINISHED' | 'ABORTED';
  startedAt: string | null;
  finishedAt: string | null;
  players: { userId: string; name: string; ai: boolean; place: number | null }[];
  winnerId: string | null;
  rounds: number;
}

export interface GroupPage {
  group: GroupSummary & { listedPublicly: boolean };
  settings: Settings;
  /** The top 20 people (AI players are not ranked). */
  leaderboard: LeaderboardEntry[];
  /** Most recent first (at most 50): finished games, and aborted ones that had started. */
  games: GameSummary[];
  live: LiveGame[];
}

export type AnnouncementClass = 'TRUTHFUL' | 'OVER' | 'UNDER' | 'BLIND' | 'PASS';

/** A finished game round by round, every roll revealed. */
export interface GameReplay {
  id: string;
  settings: Settings;
  startedAt: string | null;
  finishedAt: string;
  winnerId: string | null;
  players: { userId: string; name: string; ai: boolean; order: number; lives: number; place: number | null; outReason: string | null }[];
  rounds: {
    number: number;
    starterId: string;
    end: 'CALL' | 'MIA_LOOK' | 'MIA_GIVE_UP' | 'TIMEOUT' | 'ABORTED' | null;
    loserId: string | null;
    livesLost: number | null;
    cause: 'CAUGHT_BLUFFING' | 'WRONG_CALL' | 'MIA_LOOKED' | 'MIA_GIVEN_UP' | 'TIMEOUT' | null;
    announcements: {
      seq: number;
      userId: string;
      /** The engine's Value (e.g. 21 = Mia, 53); label it with the ranking of `settings`. */
      value: number;
      dice: [number, number];
      kind: 'LOOKED' | 'BLIND' | 'PASS';
      classification: AnnouncementClass;
      thinkMs: number | null;
    }[];
    reveal: {
      dice: [number, number];
      outcome: 'BLUFF_CAUGHT' | 'CLAIM_HELD' | 'MIA_TRUE' | 'MIA_FALSE';
      callerId: string;
      announcerId: string;
    } | null;
  }[];
}

export interface ClassCounts {
  truthful: number;
  over: number;
  under: number;
  blind: number;
  pass: number;
}

export interface LivesLost {
  caughtBluffing: number;
  wrongCall: number;
  miaLooked: number;
  miaGivenUp: number;
  timeout: number;
}

export interface CoreStats {
  games: number;
  wins: number;
  winRate: number | null;
  announcements: ClassCounts & { total: number };
  bluffRate: number | null;
  calledOn: { total: number; caught: number; held: number; bluffsCalled: number };
  calls: { total: number; right: number; wrong: number; bluffsCaught: number; accuracy: number | null };
  livesLost: LivesLost;
}

/** A person's statistics over the group's finished games (404 for someone who never sat at one of its games). */
export interface PlayerPage extends CoreStats {
  userId: string;
  name: string;
  ai: boolean;
  /** Oldest first: the bluff-rate line. */
  weekly: (CoreStats & { week: string; weekStart: string })[];
  /** Announced value against the value of the dice, for looked announcements: the heat map. */
  announcedVsActual: { announced: number; actual: number; count: number }[];
  recent: { gameId: string; finishedAt: string; place: number | null; won: boolean; players: number }[];
}

export interface OddsTables {
  presets: {
    preset: 'classic' | 'rules-site' | 'meyer';
    ranking: Settings['ranking'];
    /** Best first: the claim (engine Value) and the percent chance one roll beats it. */
    rows: { claim: number; percent: number }[];
  }[];
}

/**
 * Live channel, server → client. On connect (and on every reconnect) a `snapshot` of all running
 * games of the group; then a `game` message for every committed change (within a second of the
 * action), and `ended` when a game leaves play (finished or aborted; its replay is then available
 * when finished). Client → server: only `{"type":"ping"}`, answered with `pong`; anything else is
 * answered with an `error` message and changes nothing (a client message is at most 1024 bytes; a
 * frame over 64 KiB closes the socket with 1009).
 *
 * Close codes: 4004 — the token no longer opens the group (an admin renewed the link): do not
 * reconnect with it. 1001 — the server is restarting, 1011 — the snapshot could not be loaded, or
 * a close without a code (the client fell too far behind, or missed the server's pings): reconnect,
 * and the new `snapshot` brings the client up to date. The upgrade itself is refused with an HTTP
 * 400, 404 or 429 like any route.
 */
export type LiveMessage =
  | { type: 'snapshot'; games: LiveGame[] }
  | { type: 'game'; game: LiveGame }
  | { type: 'ended'; game: LiveGame }
  | { type: 'pong' }
  | { type: 'error'; message: string };

export type LiveClientMessage = { type: 'ping' };
