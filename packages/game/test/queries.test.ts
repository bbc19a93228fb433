// The read-side queries of @mia/db (player statistics, leaderboard, replay) against games played
// through the real GameService (fixtures/history.ts), checked against the engine's fold of the
// events the service returned (foldStats: the one definition of every statistic). Tells and
// group statistics: stats-queries.test.ts. (These tests live here, not in packages/db: @mia/game
// depends on @mia/db, and a dev dependency back would make a workspace cycle that turbo refuses.)
import { announcedVsActual, gameReplay, isoWeekOf, playerStats, ratingBoard, weekStartOf } from '@mia/db';
import { valueOf, type GameEvent, type PlayerCounts } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ada,
  CHAT_A,
  CHAT_B,
  cleo,
  core,
  coreOf,
  countsOf,
  eli,
  everyone,
  finishedAt,
  people,
  playHistory,
  type History,
  type Played,
} from './fixtures/history';

describe('read-side queries over games played through the service', () => {
  let history: History;
  let played: Played[];
  let h: History['h'];
  const finishedGames = (chatId?: bigint) => history.finishedGames(chatId);

  beforeAll(async () => {
    history = await playHistory();
    ({ played, h } = history);
  }, 240_000);
  afterAll(() => h.close());

  /** A player's statistics by the engine's fold: overall, per ISO week of the games' end, and their games. */
  function expected(player: string, chatId?: bigint) {
    const mine = finishedGames(chatId).filter((g) => g.events.some((e) => e.event.type === 'gameStarted' && e.event.players.includes(player)));
    const weeks = new Map<string, PlayerCounts>();
    for (const week of new Set(mine.map((g) => weekStartOf(finishedAt(g))))) {
      weeks.set(
        week,
        countsOf(
          player,
          mine.filter((g) => weekStartOf(finishedAt(g)) === week),
        ),
      );
    }
    const recent = mine
      .map((game) => {
        const over = game.events.find((e) => e.event.type === 'gameOver')!.event as Extract<GameEvent, { type: 'gameOver' }>;
        return {
          gameId: game.gameId,
          finishedAt: finishedAt(game),
          place: over.ranking.find((r) => r.player === player)!.place,
          won: over.winner === player,
          players: over.ranking.length,
        };
      })
      .sort((a, b) => b.finishedAt.getTime() - a.finishedAt.getTime());
    return { total: countsOf(player, mine), weeks, recent };
  }

  it('the games cover what the statistics distinguish', () => {
    const all = finishedGames().flatMap((g) => g.events.map((e) => e.event));
    const has = (f: (e: GameEvent) => boolean) => all.some(f);
    for (const c of ['truthful', 'over', 'under', 'blind', 'pass']) {
      expect(
        has((e) => e.type === 'announced' && e.class === c),
        c,
      ).toBe(true);
    }
    for (const o of ['bluff-caught', 'claim-held', 'mia-true', 'mia-false']) {
      expect(
        has((e) => e.type === 'revealed' && e.outcome === o),
        o,
      ).toBe(true);
    }
    for (const c of ['caught-bluffing', 'wrong-call', 'mia-looked', 'mia-given-up', 'timeout']) {
      expect(
        has((e) => e.type === 'lifeLost' && e.cause === c),
        c,
      ).toBe(true);
    }
    expect(new Set(finishedGames().map((g) => weekStartOf(g.events.at(-1)!.createdAt))).size).toBeGreaterThan(2);
  });

  it('playerStats equals the counts folded from the engine events, overall and per week', async () => {
    for (const p of everyone) {
      const stats = await playerStats(h.db.prisma, BigInt(p.id), { recent: 100 });
      const want = expected(p.id);
      expect(coreOf(stats), p.name).toEqual(core(want.total));
      expect(stats.userId).toBe(BigInt(p.id));
      expect(stats.chatId).toBeNull();
      expect(stats.weekly.map((w) => w.weekStart)).toEqual([...want.weeks.keys()].sort());
      expect(stats.weekly.length).toBeGreaterThan(0);
      for (const w of stats.weekly) {
        expect(w.week).toBe(isoWeekOf(w.weekStart));
        expect(coreOf(w), `${p.name} ${w.week}`).toEqual(core(want.weeks.get(w.weekStart)!));
      }
      expect(stats.recent.map((r) => ({ gameId: r.gameId, finishedAt: r.finishedAt, place: r.place, won: r.won, players: r.players }))).toEqual(want.recent);
    }
  });

  it('a player’s bluffs that were called were all caught, and counts add up', async () => {
    const stats = await playerStats(h.db.prisma, BigInt(ada.id));
    expect(stats.announcements.total).toBeGreaterThan(0);
    expect(stats.calledOn.total).toBe(stats.calledOn.caught + stats.calledOn.held);
    expect(stats.calledOn.bluffsCalled).toBeLessThanOrEqual(stats.calledOn.caught);
    expect(stats.calledOn.bluffsCalled).toBeLessThanOrEqual(stats.announcements.over);
    expect(stats.calls.total).toBe(stats.calls.right + stats.calls.wrong);
    expect(stats.calls.bluffsCaught).toBeLessThanOrEqual(stats.calls.right);
    expect(stats.recent.length).toBeLessThanOrEqual(10);
    const sum = (k: 'games' | 'wins') => stats.weekly.reduce((n, w) => n + w[k], 0);
    expect(sum('games')).toBe(stats.games);
    expect(sum('wins')).toBe(stats.wins);
  });

  it('every bluff called was caught by someone: bluffs caught by callers equal bluffs called on announcers', async () => {
    let caught = 0;
    let called = 0;
    for (const p of everyone) {
      const stats = await playerStats(h.db.prisma, BigInt(p.id));
      caught += stats.calls.bluffsCaught;
      called += stats.calledOn.bluffsCalled;
    }
    expect(caught).toBeGreaterThan(0);
    expect(caught).toBe(called);
  });

  it('filters by chat', async () => {
    for (const chatId of [CHAT_A, CHAT_B]) {
      for (const p of [ada, cleo, eli]) {
        const stats = await playerStats(h.db.prisma, BigInt(p.id), { chatId, recent: 100 });
        const want = expected(p.id, chatId);
        expect(coreOf(stats), `${p.name} in ${chatId}`).toEqual(core(want.total));
        expect(stats.chatId).toBe(chatId);
        expect(stats.recent.map((r) => r.gameId)).toEqual(want.recent.map((r) => r.gameId));
        expect(stats.recent.every((r) => r.chatId === chatId && r.chatTitle === `chat ${chatId}`)).toBe(true);
      }
    }
  });

  it('leaves the game in play out, though it has announcements', async () => {
    const running = played.find((g) => !g.finished)!;
    const adaInRunning = running.events.filter((e) => e.event.type === 'announced' && e.event.player === ada.id).length;
    expect(adaInRunning).toBeGreaterThan(0);
    const inDb = await h.db.prisma.announcement.count({ where: { game: { id: running.gameId }, userId: BigInt(ada.id) } });
    expect(inDb).toBe(adaInRunning);
    const stats = await playerStats(h.db.prisma, BigInt(ada.id), { recent: 100 });
    expect(stats.announcements.total).toBe(core(expected(ada.id).total).announcements.total);
    expect(stats.games).toBe(finishedGames().filter((g) => g.events.some((e) => e.event.type === 'gameStarted' && e.event.players.includes(ada.id))).length);
    expect(stats.recent.some((r) => r.gameId === running.gameId)).toBe(false);
    expect(await gameReplay(h.db.prisma, running.gameId)).toBeNull();
    expect(await gameReplay(h.db.prisma, 'no-such-game')).toBeNull();
  });

  it('announcedVsActual pairs each looked announcement with its dice, finished games only, per chat', async () => {
    /** (announced, actual) → count over the looked announcements folded from the engine events. */
    const fold = (player: string, games: Played[]) => {
      const cells = new Map<string, { announced: number; actual: number; count: number }>();
      for (const { event: e } of games.flatMap((g) => g.events)) {
        if (e.type !== 'announced' || e.player !== player || e.kind !== 'looked') continue;
        const key = `${e.value}:${valueOf(e.dice)}`;
        const cell = cells.get(key) ?? { announced: e.value, actual: valueOf(e.dice), count: 0 };
        cell.count++;
        cells.set(key, cell);
      }
      return [...cells.values()].sort((a, b) => a.announced - b.announced || a.actual - b.actual);
    };
    let bluffs = 0;
    for (const p of everyone) {
      const all = await announcedVsActual(h.db.prisma, BigInt(p.id));
      expect(all, p.name).toEqual(fold(p.id, finishedGames()));
      for (const chatId of [CHAT_A, CHAT_B]) {
        expect(await announcedVsActual(h.db.prisma, BigInt(p.id), { chatId }), `${p.name} in ${chatId}`).toEqual(fold(p.id, finishedGames(chatId)));
      }
      bluffs += all.filter((c) => c.announced !== c.actual).length;
    }
    expect(bluffs).toBeGreaterThan(0); // the fixture has more than honest announcements

    // The game in play has looked announcements of its own, and none of them is counted.
    const running = played.find((g) => !g.finished)!;
    const inPlay = fold(ada.id, [running]);
    expect(inPlay.length).toBeGreaterThan(0);
    const total = (cells: { count: number }[]) => cells.reduce((n, c) => n + c.count, 0);
    expect(total(await announcedVsActual(h.db.prisma, BigInt(ada.id)))).toBe(total(fold(ada.id, finishedGames())));
    expect(await announcedVsActual(h.db.prisma, 424242n)).toEqual([]);
  });

  it("the rating board's games, wins and bluff rate are the engine's fold; people by rating, computers apart", async () => {
    for (const chatId of [CHAT_A, CHAT_B]) {
      const want = people
        .map((p) => ({ p, c: core(expected(p.id, chatId).total) }))
        .filter(({ c }) => c.games > 0)
        .map(({ p, c }) => ({ subject: p.id, games: c.games, wins: c.wins, winRate: c.wins / c.games, bluffRate: c.bluffRate }));
      const board = await ratingBoard(h.db.prisma, { chatId, limit: 50 });
      expect(board.map((r) => ({ subject: r.subject, games: r.games, wins: r.wins, winRate: r.winRate, bluffRate: r.bluffRate }))).toEqual(
        expect.arrayContaining(want),
      );
      expect(board).toHaveLength(want.length);
      expect(board.map((r) => r.position)).toEqual(board.map((_, i) => i + 1));
      expect(board.map((r) => r.rating)).toEqual(board.map((r) => r.rating).sort((x, y) => y - x));
      expect(board.some((r) => r.userId! < 0n)).toBe(false);
      const top2 = await ratingBoard(h.db.prisma, { chatId, limit: 2 });
      expect(top2).toEqual(board.slice(0, 2));
      // The computer players of the fixture are on the ladder, never on the people's board.
      const ladder = await ratingBoard(h.db.prisma, { chatId, kind: 'computers', limit: 50 });
      const bots = new Set(
        finishedGames(chatId).flatMap((g) => g.events.flatMap((e) => (e.event.type === 'playerJoined' && e.event.ai ? [e.event.player] : []))),
      );
      expect(ladder.map((r) => r.subject).sort()).toEqual([...bots].sort());
    }
    expect(await ratingBoard(h.db.prisma, { chatId: -999n })).toEqual([]);
  });

  it('gameReplay gives the whole log and per-round summaries of a finished game', async () => {
    for (const game of finishedGames()) {
      const replay = (await gameReplay(h.db.prisma, game.gameId))!;
      expect(replay).not.toBeNull();
      expect(replay.game.id).toBe(game.gameId);
      expect(replay.game.chatId).toBe(game.chatId);
      expect(replay.events.map((e) => ({ seq: e.seq, type: e.type, payload: e.payload, createdAt: e.createdAt }))).toEqual(
        game.events.map((e) => ({ seq: e.seq, type: e.event.type, payload: e.event, createdAt: e.createdAt })),
      );

      // rounds folded from the events
      type R = {
        number: number;
        starterId: bigint;
        announcements: { userId: bigint; value: number; dice: number[]; kind: string; classification: string }[];
        reveal: { dice: number[]; outcome: string; callerId: bigint; announcerId: bigint; announcementSeq: number } | null;
        loserId: bigint | null;
        livesLost: number | null;
        cause: string | null;
        end: string | null;
      };
      const rounds: R[] = [];
      const up = (s: string) => s.toUpperCase().replace(/-/g, '_');
      for (const { event: e } of game.events) {
        const r = rounds.at(-1)!;
        if (e.type === 'roundStarted') {
          rounds.push({
            number: e.round,
            starterId: BigInt(e.starter),
            announcements: [],
            reveal: null,
            loserId: null,
            livesLost: null,
            cause: null,
            end: null,
          });
        } else if (e.type === 'announced') {
          r.announcements.push({ userId: BigInt(e.player), value: e.value, dice: [...e.dice], kind: up(e.kind), classification: up(e.class) });
        } else if (e.type === 'revealed') {
          r.reveal = {
            dice: [...e.dice],
            outcome: up(e.outcome),
            callerId: BigInt(e.by),
            announcerId: BigInt(e.announcer),
            announcementSeq: r.announcements.length,
          };
        } else if (e.type === 'lifeLost') {
          Object.assign(r, { loserId: BigInt(e.player), livesLost: e.amount, cause: up(e.cause) });
        } else if (e.type === 'roundEnded') {
          r.end = up(e.end);
        }
      }
      expect(
        replay.rounds.map((r) => ({
          number: r.number,
          starterId: r.starterId,
          announcements: r.announcements.map((a) => ({ userId: a.userId, value: a.value, dice: a.dice, kind: a.kind, classification: a.classification })),
          reveal: r.reveal && {
            dice: r.reveal.dice,
            outcome: r.reveal.outcome,
            callerId: r.reveal.callerId,
            announcerId: r.reveal.announcerId,
            announcementSeq: r.reveal.announcementSeq,
          },
          loserId: r.loserId,
          livesLost: r.livesLost,
          cause: r.cause,
          end: r.end,
        })),
      ).toEqual(rounds);
      expect(replay.rounds.every((r) => r.announcements.every((a, i) => a.seq === i + 1))).toBe(true);

      const over = game.events.find((e) => e.event.type === 'gameOver')!.event as Extract<GameEvent, { type: 'gameOver' }>;
      expect(replay.game.winnerId).toBe(over.winner === null ? null : BigInt(over.winner));
      expect(replay.players.map((p) => ({ userId: p.userId, place: p.place, isAi: p.isAi }))).toEqual(
        game.events
          .filter((e) => e.event.type === 'playerJoined')
          .map((e) => e.event as Extract<GameEvent, { type: 'playerJoined' }>)
          .map((j) => ({ userId: BigInt(j.player), place: over.ranking.find((r) => r.player === j.player)!.place, isAi: j.ai })),
      );
    }
  });

  it('names ISO weeks like the standard does', () => {
    expect(isoWeekOf('2026-12-28')).toBe('2026-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01');
    expect(weekStartOf(new Date('2027-01-03T23:59:59Z'))).toBe('2026-12-28');
    expect(weekStartOf(new Date('2026-12-28T00:00:00Z'))).toBe('2026-12-28');
  });
});
