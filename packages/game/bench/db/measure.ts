// Measuring: the read-side queries and the write cost of one GameService.act.
import { gameReplay, groupStats, playerStats, playerTells, ratingBoard, type Database } from '@mia/db';
import { aiAction, seededRng, strategyFor } from '@mia/engine';
import { GameService } from '../../src/service';
import { config, quiet } from './options';
import type { SeedResult } from './seed';

export interface Measure {
  operation: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export function summarize(operation: string, ms: number[]): Measure {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    operation,
    count: sorted.length,
    p50: r(at(0.5)),
    p95: r(at(0.95)),
    max: r(sorted.at(-1)!),
    mean: r(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  };
}

export async function time<T>(inputs: T[], warmup: number, run: (input: T) => Promise<unknown>): Promise<number[]> {
  for (const input of inputs.slice(0, warmup)) await run(input);
  const out: number[] = [];
  for (const input of inputs) {
    const t0 = performance.now();
    await run(input);
    out.push(performance.now() - t0);
  }
  return out;
}

export async function measureQueries(db: Database, seeded: SeedResult): Promise<Measure[]> {
  const rng = seededRng(config.seed + 1000);
  const n = config.samples;
  const pick = <T>(list: T[]) => list[rng(list.length)]!;
  const users = [...new Set(seeded.members.map((m) => m.userId))];
  const prisma = db.prisma;
  const results: Measure[] = [];

  const statsUsers = Array.from({ length: n }, () => BigInt(pick(users)));
  results.push(summarize('player statistics (all chats)', await time(statsUsers, 20, (u) => playerStats(prisma, u))));
  const statsInChat = Array.from({ length: n }, () => pick(seeded.members));
  results.push(
    summarize('player statistics (one chat)', await time(statsInChat, 20, (m) => playerStats(prisma, BigInt(m.userId), { chatId: BigInt(m.chatId) }))),
  );
  results.push(summarize('player tells (all chats)', await time(statsUsers, 20, (u) => playerTells(prisma, u))));
  results.push(summarize('player tells (one chat)', await time(statsInChat, 20, (m) => playerTells(prisma, BigInt(m.userId), { chatId: BigInt(m.chatId) }))));
  const chats = Array.from({ length: n }, () => BigInt(pick(seeded.chatIds)));
  results.push(summarize('rating board (top 10)', await time(chats, 20, (c) => ratingBoard(prisma, { chatId: c, limit: 10 }))));
  results.push(summarize('group statistics', await time(chats, 20, (c) => groupStats(prisma, c))));
  const games = Array.from({ length: n }, () => pick(seeded.finishedGameIds));
  results.push(
    summarize(
      'game replay',
      await time(games, 20, async (g) => {
        if (!(await gameReplay(prisma, g))) throw new Error(`no replay for ${g}`);
      }),
    ),
  );
  return results;
}

/** Real actions through the service on new games in new chats, people from the pool. */
export async function measureActs(db: Database, seeded: SeedResult): Promise<Measure[]> {
  const rng = seededRng(config.seed + 2000);
  const users = [...new Set(seeded.members.map((m) => m.userId))];
  const service = new GameService({ db, rng: seededRng(config.seed + 3000), timers: false, log: quiet });
  const strategies = ['calculator', 'bluffer', 'honest'] as const;
  const inGame: number[] = [];
  const lobby: number[] = [];
  let warm = 30;
  try {
    for (let g = 0; inGame.length < config.actions; g++) {
      const chatId = BigInt(-1_009_000_000_000 - g);
      const pool = [...users];
      const seats = Array.from({ length: 4 }, () => pool.splice(rng(pool.length), 1)[0]!);
      const minds = new Map(seats.map((id) => [id, strategyFor(strategies[rng(strategies.length)]!)]));
      const act = async (req: Parameters<GameService['act']>[0], into: number[]) => {
        const t0 = performance.now();
        const result = await service.act(req);
        const ms = performance.now() - t0;
        if (result.status !== 'applied') throw new Error(`act ${req.action.type}: ${result.status}`);
        if (warm > 0) warm--;
        else into.push(ms);
        return result.game;
      };
      const creator = { id: seats[0]!, name: `creator ${seats[0]}` };
      await act({ chatId, user: creator, chat: { title: `bench ${g}`, type: 'supergroup' }, action: { type: 'create', creator: creator.id } }, lobby);
      for (const id of seats) await act({ chatId, user: { id, name: `player ${id}` }, action: { type: 'join', player: id, name: `player ${id}` } }, lobby);
      let game = await act({ chatId, action: { type: 'start' } }, lobby);
      while (game.state.phase === 'playing' && inGame.length < config.actions) {
        const actor = game.state.round!.actor;
        const action = aiAction(game.state, actor, minds.get(actor)!, rng)!;
        game = await act({ chatId, gameId: game.id, action, key: `bench:${game.id}:${game.state.move}`, user: { id: actor, name: `player ${actor}` } }, inGame);
      }
    }
  } finally {
    await service.close();
  }
  return [summarize('GameService.act: in-game action (write)', inGame), summarize('GameService.act: lobby (create/join/start)', lobby)];
}
