// The statistics queries behind the player and group pages (per-day series and their chart
// buckets, recent games paged, tells, group statistics) against the seeded history of
// fixtures/history.ts, every number checked against the engine's fold of the same games' events.
import { groupStats, playerStats, playerTells, RANKED_VALUES } from '@mia/db';
import {
  bucketDays,
  callRate,
  callsRight,
  dayOf,
  bluffRate,
  foldStats,
  isRightCall,
  truthRate,
  weeksBetween,
  weekStart,
  type GroupCounts as EngineGroupCounts,
} from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ada, CHAT_A, CHAT_B, core, coreOf, countsOf, daysOf, everyone, finishedAt, forFold, playHistory, type History, type Played } from './fixtures/history';

describe('statistics queries of the player and group pages', () => {
  let history: History;
  let h: History['h'];
  const finished = (chatId?: bigint) => history.finishedGames(chatId);
  const playedBy = (player: string, games: Played[]) =>
    games.filter((g) => g.events.some((e) => e.event.type === 'gameStarted' && e.event.players.includes(player)));
  const onDays = (games: Played[], days: string[]) => games.filter((g) => days.includes(dayOf(finishedAt(g))));

  beforeAll(async () => {
    history = await playHistory();
    h = history.h;
  }, 240_000);
  afterAll(() => h.close());

  it('the history spreads over enough days for a chart and has every kind of answer', () => {
    expect(daysOf(finished()).length).toBeGreaterThan(4);
    const all = finished().flatMap((g) => g.events.map((e) => e.event));
    expect(all.some((e) => e.type === 'miaGivenUp')).toBe(true);
    expect(all.some((e) => e.type === 'announced' && e.kind === 'pass')).toBe(true);
    expect(all.some((e) => e.type === 'revealed' && isRightCall(e.outcome))).toBe(true);
    expect(all.some((e) => e.type === 'turnMissed')).toBe(true);
  });

  it('playerStats per day and per chart bucket equals the engine fold of the games that ended then', async () => {
    for (const chatId of [undefined, CHAT_A, CHAT_B]) {
      for (const p of everyone) {
        const stats = await playerStats(h.db.prisma, BigInt(p.id), chatId === undefined ? {} : { chatId });
        const mine = playedBy(p.id, finished(chatId));
        const days = daysOf(mine);
        expect(
          stats.daily.map((d) => d.day),
          p.name,
        ).toEqual(days);
        for (const d of stats.daily) expect(coreOf(d), `${p.name} ${d.day}`).toEqual(core(countsOf(p.id, onDays(mine, [d.day]))));
        const want = bucketDays(days.map((day) => ({ day })));
        expect(stats.series.unit).toBe(want.unit);
        expect(stats.series.points.map((x) => [x.unit, x.start, x.end])).toEqual(want.buckets.map((b) => [b.unit, b.start, b.end]));
        stats.series.points.forEach((x, i) => {
          const inBucket = onDays(
            mine,
            want.buckets[i]!.items.map((d) => d.day),
          );
          expect(coreOf(x), `${p.name} ${x.start}`).toEqual(core(countsOf(p.id, inBucket)));
        });
        if (days.length >= 2) expect(stats.series.points.length).toBeGreaterThanOrEqual(2); // never a lone dot
        expect(stats.weekly.reduce((n, w) => n + w.games, 0)).toBe(stats.games);
      }
    }
  });

  it('recent games come in pages that add up to all of them, with hasMore on every page but the last', async () => {
    const all = await playerStats(h.db.prisma, BigInt(ada.id), { recent: 100 });
    expect(all.recent.length).toBe(all.games);
    expect(all.recentPage).toEqual({ offset: 0, limit: 100, total: all.games, hasMore: false });
    const pages = [];
    for (let offset = 0; ; offset += 3) {
      const page = await playerStats(h.db.prisma, BigInt(ada.id), { recent: 3, recentOffset: offset });
      expect(page.recentPage).toMatchObject({ offset, limit: 3, total: all.games });
      pages.push(...page.recent);
      if (!page.recentPage.hasMore) break;
      expect(page.recent).toHaveLength(3);
    }
    expect(pages.map((r) => r.gameId)).toEqual(all.recent.map((r) => r.gameId));
    const past = await playerStats(h.db.prisma, BigInt(ada.id), { recent: 3, recentOffset: all.games });
    expect(past.recent).toEqual([]);
    expect(past.recentPage.hasMore).toBe(false);
  });

  it('playerTells equals the engine fold per announced value and per value faced, in ranking order', async () => {
    let faced = 0;
    for (const chatId of [undefined, CHAT_A, CHAT_B]) {
      for (const p of everyone) {
        const tells = await playerTells(h.db.prisma, BigInt(p.id), chatId === undefined ? {} : { chatId });
        expect(tells.userId).toBe(BigInt(p.id));
        expect(tells.chatId).toBe(chatId ?? null);
        const c = countsOf(p.id, finished(chatId));
        const values = RANKED_VALUES.filter((v) => c.announced[v] || c.faced[v]);
        expect(
          tells.values.map((v) => v.value),
          p.name,
        ).toEqual(values);
        expect(tells.values, `${p.name} in ${chatId}`).toEqual(
          values.map((value) => {
            const a = c.announced[value] ?? { announced: 0, looked: 0, truthful: 0 };
            const f = c.faced[value] ?? { faced: 0, called: 0 };
            return { value, ...a, truthRate: truthRate(a), ...f, callRate: callRate(f) };
          }),
        );
        faced += tells.values.reduce((n, v) => n + v.faced, 0);
      }
    }
    expect(faced).toBeGreaterThan(0);
    expect(await playerTells(h.db.prisma, 424242n)).toEqual({ userId: 424242n, chatId: null, values: [] });
  });

  it('groupStats equals the engine fold of the chat’s finished games', async () => {
    const counts = (group: EngineGroupCounts | undefined, games: number) => {
      const k = group!.classes;
      return {
        games,
        announcements: { ...k, total: k.truthful + k.over + k.under + k.blind + k.pass },
        bluffRate: bluffRate(k),
        calls: { ...group!.calls, rate: callsRight(group!.calls) },
      };
    };
    for (const chatId of [CHAT_A, CHAT_B]) {
      const games = finished(chatId);
      const fold = foldStats(games.map(forFold)).groups.get(String(chatId))!;
      const stats = await groupStats(h.db.prisma, chatId);
      const lost = fold.lost;
      expect(stats).toMatchObject({
        chatId,
        ...counts(fold, games.length),
        rounds: fold.rounds,
        livesLost: {
          total: Object.values(lost).reduce((x, y) => x + y, 0),
          caughtBluffing: lost['caught-bluffing'],
          wrongCall: lost['wrong-call'],
          miaLooked: lost['mia-looked'],
          miaGivenUp: lost['mia-given-up'],
          timeout: lost.timeout,
        },
      });
      expect(stats.values).toEqual(
        Object.entries(fold.announced)
          .map(([v, a]) => ({ value: Number(v), ...a!, truthRate: truthRate(a!) }))
          .sort((x, y) => y.announced - x.announced || RANKED_VALUES.indexOf(x.value) - RANKED_VALUES.indexOf(y.value)),
      );
      const days = daysOf(games);
      const dayFold = (ds: string[]) => {
        const on = onDays(games, ds);
        return counts(foldStats(on.map(forFold)).groups.get(String(chatId)), on.length);
      };
      expect(stats.daily).toEqual(days.map((day) => ({ day, ...dayFold([day]) })));
      const want = bucketDays(days.map((day) => ({ day })));
      expect(stats.series).toEqual({
        unit: want.unit,
        points: want.buckets.map((b) => ({ unit: b.unit, start: b.start, end: b.end, ...dayFold(b.items.map((d) => d.day)) })),
      });
      expect(stats.series.points.length).toBeGreaterThanOrEqual(2);
      const weeks = weeksBetween(days[0]!, days.at(-1)!);
      expect(stats.weeks.map((w) => w.weekStart)).toEqual(weeks);
      expect(stats.weeks.map((w) => w.games)).toEqual(weeks.map((w) => games.filter((g) => weekStart(dayOf(finishedAt(g))) === w).length));
    }
    // the game in play (in CHAT_A) has announcements, and the equalities above leave them out
    const running = history.played.find((g) => !g.finished)!;
    expect(running.chatId).toBe(CHAT_A);
    expect(running.events.some((e) => e.event.type === 'announced')).toBe(true);
  });

  it('a chat without finished games has zeros and empty lists', async () => {
    const none = await groupStats(h.db.prisma, -999n);
    expect(none).toMatchObject({ games: 0, rounds: 0, bluffRate: null, calls: { total: 0, right: 0, rate: null }, values: [], daily: [], weeks: [] });
    expect(none.series.points).toEqual([]);
  });
});
