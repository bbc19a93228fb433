// The read-side queries of @mia/db (player statistics, leaderboard, replay) against games played
// through the real GameService, checked against numbers folded independently from the engine
// events the service returned. (These tests live here, not in packages/db: @mia/game depends on
// @mia/db, and a dev dependency back would make a workspace cycle that turbo refuses.)
import { announcedVsActual, gameReplay, isoWeekOf, leaderboard, playerStats, weekStartOf, type PlayerStats } from '@mia/db';
import { aiAction, seededRng, strategyFor, valueOf, type GameEvent, type Strategy, type StrategyName } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../src';
import { applied, harness, type Harness } from './support';

interface Player {
  id: string;
  name: string;
  ai: boolean;
  strategy: StrategyName | Strategy;
}

/** Always looks, then announces the lowest legal claim: understates good rolls (class UNDER). */
const modest: Strategy = {
  name: 'modest',
  choose(view, moves, _ranking, rng) {
    const player = view.viewer;
    switch (moves.stage) {
      case 'roll':
        return { type: 'roll', player };
      case 'announce':
        return { type: 'announce', player, value: moves.claims.at(-1)!, blind: false };
      case 'respond':
        return rng(3) === 0 ? { type: 'call', player } : { type: 'believe', player };
      case 'mia':
        return rng(2) === 0 ? { type: 'giveUp', player } : { type: 'lookAtMia', player };
    }
  },
};
const mind = (s: StrategyName | Strategy) => (typeof s === 'string' ? strategyFor(s) : s);

const people: Player[] = [
  { id: '5001', name: 'Ada', ai: false, strategy: 'bluffer' },
  { id: '5002', name: 'Bo', ai: false, strategy: 'honest' },
  { id: '5003', name: 'Cleo', ai: false, strategy: 'calculator' },
  { id: '5004', name: 'Dov', ai: false, strategy: modest },
  { id: '5005', name: 'Eli', ai: false, strategy: 'random' },
];
const bots: Player[] = [
  { id: '-1', name: 'Robo', ai: true, strategy: 'calculator' },
  { id: '-2', name: 'Droid', ai: true, strategy: 'bluffer' },
];
const byId = new Map([...people, ...bots].map((p) => [p.id, p]));
const [ada, bo, cleo, dov, eli] = people as [Player, Player, Player, Player, Player];
const [robo, droid] = bots as [Player, Player];

const CHAT_A = -1001n;
const CHAT_B = -1002n;

interface Played {
  gameId: string;
  chatId: bigint;
  events: StoredEvent[];
  finished: boolean;
}

// A clock the service reads: every action 4 s later; `skip` jumps ahead between games so the
// games spread over several ISO weeks (starting on a Thursday, across a year end).
let clock = Date.UTC(2026, 11, 17, 12);
const now = () => new Date((clock += 4000));
const skip = (days: number) => {
  clock += days * 86_400_000;
};

describe('read-side queries over games played through the service', () => {
  let h: Harness;
  const played: Played[] = [];
  const strategyRng = seededRng(42);
  const timeoutRng = seededRng(7);

  async function play(chatId: bigint, seats: Player[], settings: object, stopAfter?: number): Promise<Played> {
    const events: StoredEvent[] = [];
    const keep = (r: Awaited<ReturnType<typeof h.service.act>>) => {
      const ok = applied(r);
      events.push(...ok.events);
      return ok.game;
    };
    const creator = seats[0]!;
    let game = keep(
      await h.service.act({ chatId, user: creator, action: { type: 'create', creator: creator.id, settings }, chat: { title: `chat ${chatId}` } }),
    );
    for (const p of seats) {
      game = keep(
        await h.service.act({
          chatId,
          ...(p.ai ? {} : { user: { id: p.id, name: p.name } }),
          action: { type: 'join', player: p.id, name: p.name, ai: p.ai },
        }),
      );
    }
    game = keep(await h.service.act({ chatId, action: { type: 'start' } }));
    let actions = 0;
    while (game.state.phase === 'playing' && (stopAfter === undefined || actions < stopAfter)) {
      const actor = game.state.round!.actor;
      // now and then a missed deadline, so TIMEOUT losses show up too
      const action =
        timeoutRng(25) === 0
          ? { type: 'timeout' as const, player: actor, move: game.state.move }
          : aiAction(game.state, actor, mind(byId.get(actor)!.strategy), strategyRng)!;
      game = keep(await h.service.act({ chatId, gameId: game.id, action }));
      actions++;
    }
    const result = { gameId: game.id, chatId, events, finished: game.state.phase === 'over' };
    played.push(result);
    return result;
  }

  beforeAll(async () => {
    h = await harness({ timers: false, now });
    const lineups: [bigint, Player[], object][] = [
      [CHAT_A, [ada, bo, cleo, dov], { lives: 3 }],
      [CHAT_A, [bo, ada, robo], { lives: 3, blindPass: true }],
      [CHAT_B, [cleo, eli, droid, ada], { lives: 2, blindPass: true, miaLookedPenalty: 1 }],
      [CHAT_A, [dov, eli, ada, bo], { lives: 3 }],
      [CHAT_B, [eli, ada], { lives: 4 }],
      [CHAT_A, [ada, robo, droid, cleo], { lives: 3, blindPass: true }],
      [CHAT_B, [bo, cleo, dov], { lives: 3, ranking: { sum: true } }],
      [CHAT_A, [cleo, ada, bo, eli], { lives: 2 }],
    ];
    for (const [chatId, seats, settings] of lineups) {
      const game = await play(chatId, seats, settings);
      expect(game.finished).toBe(true);
      skip(3);
    }
    // In play: its announcements are still secret and never count.
    const running = await play(CHAT_A, [ada, bo, eli], { lives: 6 }, 25);
    expect(running.finished).toBe(false);
  }, 240_000);
  afterAll(() => h.close());

  const finishedGames = (chatId?: bigint) => played.filter((g) => g.finished && (chatId === undefined || g.chatId === chatId));

  /** A player's statistics folded from the engine events alone. */
  function expected(player: string, chatId?: bigint) {
    const blank = () => ({
      games: 0,
      wins: 0,
      classes: { truthful: 0, over: 0, under: 0, blind: 0, pass: 0 } as Record<string, number>,
      calledOn: { total: 0, caught: 0, held: 0, bluffsCalled: 0 },
      calls: { total: 0, right: 0, wrong: 0, bluffsCaught: 0 },
      lost: { 'caught-bluffing': 0, 'wrong-call': 0, 'mia-looked': 0, 'mia-given-up': 0, timeout: 0 } as Record<string, number>,
    });
    const total = blank();
    const weeks = new Map<string, ReturnType<typeof blank>>();
    const recent: { gameId: string; finishedAt: Date; place: number; won: boolean; players: number }[] = [];
    for (const game of finishedGames(chatId)) {
      const evs = game.events.map((e) => e.event);
      if (!evs.some((e) => e.type === 'gameStarted' && e.players.includes(player))) continue;
      const over = game.events.find((e) => e.event.type === 'gameOver')!;
      const week = weekStartOf(over.createdAt);
      if (!weeks.has(week)) weeks.set(week, blank());
      const buckets = [total, weeks.get(week)!];
      const bump = (f: (b: ReturnType<typeof blank>) => void) => buckets.forEach(f);
      let lastClass = '';
      for (const e of evs) {
        switch (e.type) {
          case 'roundStarted':
            lastClass = '';
            break;
          case 'announced':
            lastClass = e.class;
            if (e.player === player) bump((b) => b.classes[e.class]!++);
            break;
          case 'revealed': {
            const caught = e.outcome === 'bluff-caught' || e.outcome === 'mia-false';
            if (e.announcer === player) {
              bump((b) => {
                b.calledOn.total++;
                if (caught) b.calledOn.caught++;
                else b.calledOn.held++;
                if (lastClass === 'over') b.calledOn.bluffsCalled++;
              });
            }
            if (e.by === player) {
              bump((b) => {
                b.calls.total++;
                if (caught) b.calls.right++;
                else b.calls.wrong++;
                if (lastClass === 'over') b.calls.bluffsCaught++;
              });
            }
            break;
          }
          case 'lifeLost':
            if (e.player === player) bump((b) => (b.lost[e.cause]! += e.amount));
            break;
          case 'gameOver': {
            const won = e.winner === player;
            bump((b) => {
              b.games++;
              if (won) b.wins++;
            });
            recent.push({
              gameId: game.gameId,
              finishedAt: over.createdAt,
              place: e.ranking.find((r) => r.player === player)!.place,
              won,
              players: e.ranking.length,
            });
            break;
          }
        }
      }
    }
    recent.sort((a, b) => b.finishedAt.getTime() - a.finishedAt.getTime());
    return { total, weeks, recent };
  }

  function core(b: ReturnType<typeof expected>['total']) {
    const c = b.classes as { truthful: number; over: number; under: number; blind: number; pass: number };
    const looked = c.truthful + c.over + c.under;
    const lost = b.lost;
    return {
      games: b.games,
      wins: b.wins,
      winRate: b.games ? b.wins / b.games : null,
      announcements: { ...c, total: c.truthful + c.over + c.under + c.blind + c.pass },
      bluffRate: looked ? c.over / looked : null,
      calledOn: b.calledOn,
      calls: { ...b.calls, accuracy: b.calls.total ? b.calls.right / b.calls.total : null },
      livesLost: {
        total: Object.values(lost).reduce((x, y) => x + y, 0),
        caughtBluffing: lost['caught-bluffing'],
        wrongCall: lost['wrong-call'],
        miaLooked: lost['mia-looked'],
        miaGivenUp: lost['mia-given-up'],
        timeout: lost.timeout,
      },
    };
  }

  function coreOf(s: PlayerStats | PlayerStats['weekly'][number]) {
    const { games, wins, winRate, announcements, bluffRate, calledOn, calls, livesLost } = s;
    return { games, wins, winRate, announcements, bluffRate, calledOn, calls, livesLost };
  }

  it('the games cover what the statistics distinguish', () => {
    const all = finishedGames().flatMap((g) => g.events.map((e) => e.event));
    const has = (f: (e: GameEvent) => boolean) => all.some(f);
    for (const c of ['truthful', 'over', 'under', 'blind', 'pass']) {
      expect(has((e) => e.type === 'announced' && e.class === c), c).toBe(true);
    }
    for (const o of ['bluff-caught', 'claim-held', 'mia-true', 'mia-false']) {
      expect(has((e) => e.type === 'revealed' && e.outcome === o), o).toBe(true);
    }
    for (const c of ['caught-bluffing', 'wrong-call', 'mia-looked', 'mia-given-up', 'timeout']) {
      expect(has((e) => e.type === 'lifeLost' && e.cause === c), c).toBe(true);
    }
    expect(new Set(finishedGames().map((g) => weekStartOf(g.events.at(-1)!.createdAt))).size).toBeGreaterThan(2);
  });

  it('playerStats equals the counts folded from the engine events, overall and per week', async () => {
    for (const p of [...people, ...bots]) {
      const stats = await playerStats(h.db.prisma, BigInt(p.id), { recent: 100 });
      const want = expected(p.id);
      expect(coreOf(stats), p.name).toEqual(core(want.total));
      expect(stats.userId).toBe(BigInt(p.id));
      expect(stats.chatId).toBeNull();
      expect(stats.weekly.map((w) => w.weekStart)).toEqual([...want.weeks.keys()].sort());
      for (const w of stats.weekly) {
        expect(w.week).toBe(isoWeekOf(w.weekStart));
        expect(coreOf(w), `${p.name} ${w.week}`).toEqual(core(want.weeks.get(w.weekStart)!));
      }
      expect(
        stats.recent.map((r) => ({ gameId: r.gameId, finishedAt: r.finishedAt, place: r.place, won: r.won, players: r.players })),
      ).toEqual(want.recent);
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
    for (const p of [...people, ...bots]) {
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
    const inDb = await h.db.prisma.announcement.count({ where: { gameId: running.gameId, userId: BigInt(ada.id) } });
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
    for (const p of [...people, ...bots]) {
      const all = await announcedVsActual(h.db.prisma, BigInt(p.id));
      expect(all, p.name).toEqual(fold(p.id, finishedGames()));
      for (const chatId of [CHAT_A, CHAT_B]) {
        expect(await announcedVsActual(h.db.prisma, BigInt(p.id), { chatId }), `${p.name} in ${chatId}`).toEqual(
          fold(p.id, finishedGames(chatId)),
        );
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

  it('leaderboard ranks the chat’s people over its finished games, AI seats excluded', async () => {
    for (const chatId of [CHAT_A, CHAT_B]) {
      const want = people
        .map((p) => {
          const t = expected(p.id, chatId).total;
          const c = core(t);
          return {
            userId: BigInt(p.id),
            firstName: p.name,
            games: t.games,
            wins: t.wins,
            winRate: t.games ? t.wins / t.games : 0,
            bluffRate: c.bluffRate,
            livesLost: c.livesLost.total,
          };
        })
        .filter((r) => r.games > 0)
        .sort((a, b) => b.wins - a.wins || b.winRate - a.winRate || b.games - a.games || Number(a.userId - b.userId))
        .map((r, i) => ({ position: i + 1, ...r }));
      const board = await leaderboard(h.db.prisma, chatId, { limit: 50 });
      expect(board.map(({ username: _u, ...r }) => r)).toEqual(want);
      expect(board.some((r) => r.userId < 0n)).toBe(false);
      const top2 = await leaderboard(h.db.prisma, chatId, { limit: 2 });
      expect(top2).toEqual(board.slice(0, 2));
    }
    // the AI seats played in those games, and the people's numbers include those games
    expect(finishedGames(CHAT_A).some((g) => g.events.some((e) => e.event.type === 'playerJoined' && e.event.ai))).toBe(true);
    expect(await leaderboard(h.db.prisma, -999n)).toEqual([]);
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
          rounds.push({ number: e.round, starterId: BigInt(e.starter), announcements: [], reveal: null, loserId: null, livesLost: null, cause: null, end: null });
        } else if (e.type === 'announced') {
          r.announcements.push({ userId: BigInt(e.player), value: e.value, dice: [...e.dice], kind: up(e.kind), classification: up(e.class) });
        } else if (e.type === 'revealed') {
          r.reveal = { dice: [...e.dice], outcome: up(e.outcome), callerId: BigInt(e.by), announcerId: BigInt(e.announcer), announcementSeq: r.announcements.length };
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
          reveal: r.reveal && { dice: r.reveal.dice, outcome: r.reveal.outcome, callerId: r.reveal.callerId, announcerId: r.reveal.announcerId, announcementSeq: r.reveal.announcementSeq },
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
