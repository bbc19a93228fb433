import { DEFAULT_SETTINGS, type SpectatorView } from '@mia/engine';
import type { CoreStats, GameReplay, GroupPage as GroupPageData, LiveGame, PlayerPage } from '../../shared/api';

// ---------------------------------------------------------------------------------------------
// Fixtures: a game in its third round. Seats in order: Alice (4 lives), Bob (8: above a die's
// six), Carol (out of lives), Dave (an AI, 6). Dave announced 42, Alice 62 blind; Bob must
// believe or call. Last round Alice called Carol's 64 and the dice showed 5 and 3.
// ---------------------------------------------------------------------------------------------

export const SERVER_NOW = Date.parse('2026-03-02T12:00:00.000Z');

export function playingView(overrides: Partial<SpectatorView> = {}): SpectatorView {
  return {
    phase: 'playing',
    settings: { ...DEFAULT_SETTINGS, lives: 8 },
    creator: '1',
    seats: [
      { id: '1', name: 'Alice', ai: false, lives: 4, out: null, missedTurns: 0 },
      { id: '2', name: 'Bob', ai: false, lives: 8, out: null, missedTurns: 0 },
      { id: '3', name: 'Carol', ai: false, lives: 0, out: 'lives', missedTurns: 0 },
      { id: '4', name: 'Dave', ai: true, lives: 6, out: null, missedTurns: 0 },
    ],
    round: {
      number: 3,
      starter: '4',
      actor: '2',
      stage: 'respond',
      announcements: [
        { player: '4', value: 42, kind: 'looked' },
        { player: '1', value: 62, kind: 'blind' },
      ],
      reveal: null,
      losses: [],
      ended: null,
    },
    lastRound: {
      number: 2,
      starter: '3',
      actor: '1',
      stage: 'respond',
      announcements: [{ player: '3', value: 64, kind: 'looked' }],
      reveal: { dice: [5, 3], announced: 64, announcer: '3', by: '1', reason: 'call', outcome: 'bluff-caught' },
      losses: [{ player: '3', amount: 1, cause: 'caught-bluffing' }],
      ended: 'call',
    },
    move: 17,
    result: null,
    ...overrides,
  };
}

export function liveGame(overrides: Partial<LiveGame> = {}): LiveGame {
  return {
    id: 'g1',
    status: 'PLAYING',
    version: 10,
    deadlineAt: new Date(SERVER_NOW + 42_000).toISOString(),
    serverTime: new Date(SERVER_NOW).toISOString(),
    view: playingView(),
    ...overrides,
  };
}

export function lobbyGame(id = 'lobby1'): LiveGame {
  return liveGame({
    id,
    status: 'LOBBY',
    version: 2,
    deadlineAt: null,
    view: {
      ...playingView(),
      phase: 'lobby',
      seats: [
        { id: '7', name: 'Eve', ai: false, lives: 6, out: null, missedTurns: 0 },
        { id: '8', name: 'Frank', ai: false, lives: 6, out: null, missedTurns: 0 },
      ],
      round: null,
      lastRound: null,
    },
  });
}

/** A finished game of three rounds with every kind of announcement and ending. */
export function replayFixture(): GameReplay {
  return {
    id: 'game-7',
    settings: { ...DEFAULT_SETTINGS, blindPass: true },
    startedAt: '2026-03-01T18:00:00.000Z',
    finishedAt: '2026-03-01T18:20:00.000Z',
    winnerId: 'u2',
    players: [
      { userId: 'u1', name: 'Alice', ai: false, order: 0, lives: 0, place: 2, outReason: 'LIVES', outRound: 3 },
      { userId: 'u2', name: 'Bob', ai: false, order: 1, lives: 3, place: 1, outReason: null, outRound: null },
      { userId: 'u3', name: 'Carol', ai: true, order: 2, lives: 0, place: 3, outReason: 'idle', outRound: 3 },
    ],
    rounds: [
      {
        number: 1,
        starterId: 'u1',
        end: 'CALL',
        loserId: 'u2',
        livesLost: 1,
        cause: 'WRONG_CALL',
        announcements: [
          { seq: 1, userId: 'u1', value: 53, dice: [5, 3], kind: 'LOOKED', classification: 'TRUTHFUL', thinkMs: 900 },
          { seq: 2, userId: 'u2', value: 62, dice: [4, 1], kind: 'LOOKED', classification: 'OVER', thinkMs: 2100 },
          { seq: 3, userId: 'u3', value: 63, dice: [6, 4], kind: 'LOOKED', classification: 'UNDER', thinkMs: 10 },
          { seq: 4, userId: 'u1', value: 64, dice: [2, 2], kind: 'BLIND', classification: 'BLIND', thinkMs: 500 },
        ],
        reveal: { dice: [2, 2], outcome: 'CLAIM_HELD', callerId: 'u2', announcerId: 'u1' },
      },
      {
        number: 2,
        starterId: 'u3',
        end: 'MIA_LOOK',
        loserId: 'u3',
        livesLost: 2,
        cause: 'CAUGHT_BLUFFING',
        announcements: [{ seq: 1, userId: 'u3', value: 21, dice: [3, 1], kind: 'LOOKED', classification: 'OVER', thinkMs: 10 }],
        reveal: { dice: [3, 1], outcome: 'MIA_FALSE', callerId: 'u1', announcerId: 'u3' },
      },
      {
        number: 3,
        starterId: 'u2',
        end: 'TIMEOUT',
        loserId: 'u3',
        livesLost: 1,
        cause: 'TIMEOUT',
        announcements: [
          { seq: 1, userId: 'u2', value: 43, dice: [4, 3], kind: 'LOOKED', classification: 'TRUTHFUL', thinkMs: 800 },
          { seq: 2, userId: 'u1', value: 52, dice: [4, 3], kind: 'PASS', classification: 'PASS', thinkMs: 300 },
        ],
        reveal: null,
      },
    ],
  };
}

function core(over: Partial<CoreStats> = {}): CoreStats {
  return {
    games: 0,
    wins: 0,
    winRate: null,
    announcements: { truthful: 0, over: 0, under: 0, blind: 0, pass: 0, total: 0 },
    bluffRate: null,
    calledOn: { total: 0, caught: 0, held: 0, bluffsCalled: 0 },
    calls: { total: 0, right: 0, wrong: 0, bluffsCaught: 0, accuracy: null },
    livesLost: { caughtBluffing: 0, wrongCall: 0, miaLooked: 0, miaGivenUp: 0, timeout: 0 },
    ...over,
  };
}

/** Alice over three weeks (by week); the middle one without an announcement after looking. */
export function playerFixture(): PlayerPage {
  return {
    userId: 'u1',
    name: 'Alice',
    ai: false,
    ...core({
      games: 12,
      wins: 5,
      winRate: 5 / 12,
      announcements: { truthful: 30, over: 12, under: 6, blind: 4, pass: 2, total: 54 },
      bluffRate: 0.25,
      calledOn: { total: 9, caught: 6, held: 3, bluffsCalled: 5 },
      calls: { total: 10, right: 7, wrong: 3, bluffsCaught: 6, accuracy: 0.7 },
      livesLost: { caughtBluffing: 6, wrongCall: 3, miaLooked: 2, miaGivenUp: 1, timeout: 0 },
    }),
    rating: { strategy: null, position: 2, ratedPlayers: 6, rating: 1043, trend: 12, trendGames: 5, games: 12, provisional: false, provisionalGames: 10 },
    ratingHistory: [
      { gameId: 'game-7', at: '2026-01-27T20:00:00.000Z', place: 2, rating: 1020 },
      { gameId: 'game-8', at: '2026-02-09T20:00:00.000Z', place: 3, rating: 1031 },
      { gameId: 'game-9', at: '2026-02-10T20:00:00.000Z', place: 1, rating: 1043 },
    ],
    series: {
      unit: 'week',
      points: [
        { start: '2026-01-26', end: '2026-02-01', games: 3, looked: 10, bluffRate: 0.2, calls: 4, callsRight: 0.75 },
        { start: '2026-02-02', end: '2026-02-08', games: 1, looked: 0, bluffRate: null, calls: 0, callsRight: null },
        { start: '2026-02-09', end: '2026-02-15', games: 2, looked: 6, bluffRate: 0.3333, calls: 3, callsRight: 0.6667 },
      ],
    },
    tells: [
      { value: 21, announced: 5, looked: 5, truthful: 3, truthRate: 0.6, faced: 4, called: 1, callRate: 0.25 },
      { value: 62, announced: 4, looked: 4, truthful: 0, truthRate: 0, faced: 0, called: 0, callRate: null },
      { value: 53, announced: 12, looked: 11, truthful: 10, truthRate: 10 / 11, faced: 8, called: 3, callRate: 0.375 },
    ],
    announcedVsActual: [
      { announced: 53, actual: 53, count: 10 },
      { announced: 62, actual: 41, count: 4 },
      { announced: 21, actual: 41, count: 2 },
      { announced: 53, actual: 41, count: 1 },
      { announced: 21, actual: 21, count: 3 },
    ],
    recent: {
      games: [
        { gameId: 'game-9', finishedAt: '2026-02-10T20:00:00.000Z', place: 1, won: true, players: 4 },
        { gameId: 'game-8', finishedAt: '2026-02-09T20:00:00.000Z', place: 3, won: false, players: 4 },
      ],
      offset: 0,
      limit: 2,
      total: 12,
      hasMore: true,
    },
  };
}

/** A group page: one running game, a leaderboard, and games of 1, 3, 5 and 21 rounds. */
export function groupFixture(): GroupPageData {
  const game = (id: string, rounds: number, status: 'FINISHED' | 'ABORTED' = 'FINISHED') => ({
    id,
    status,
    startedAt: '2026-03-01T18:00:00.000Z',
    finishedAt: '2026-03-01T18:20:00.000Z',
    players: [
      { userId: 'u1', name: 'Alice', ai: false, place: 1 },
      { userId: 'u2', name: 'Bob', ai: false, place: 2 },
    ],
    winnerId: status === 'FINISHED' ? 'u1' : null,
    rounds,
  });
  return {
    group: { token: 'tok', title: 'Dice night', language: 'en', runningGames: 1, finishedGames: 4, listedPublicly: false },
    settings: { ...DEFAULT_SETTINGS, lives: 8 },
    ratings: {
      people: [
        { position: 1, userId: 'u1', name: 'Alice', rating: 1110, games: 12, wins: 7, winRate: 7 / 12, bluffRate: 0.2, provisional: false },
        { position: 2, userId: 'u2', name: 'Bob', rating: 987, games: 4, wins: 1, winRate: 0.25, bluffRate: null, provisional: true },
      ],
      computers: [{ position: 1, strategy: 'calculator', rating: 1050, games: 4, wins: 2, winRate: 0.5, bluffRate: 0.3, provisional: true }],
      provisionalGames: 10,
    },
    games: [game('a', 1), game('b', 3), game('c', 5), game('d', 21, 'ABORTED')],
    live: [liveGame()],
  };
}
