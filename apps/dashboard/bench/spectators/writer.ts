// The writer: one game per group, one action at a time, paced.
import { aiAction, calculator, seededRng, type Action } from '@mia/engine';
import type { GameService, GameRecord } from '@mia/game';
import { config, log, sleep, wallClock } from './options';

export interface Writer {
  games: GameService;
  slots: Slots;
}

export interface Group {
  index: number;
  writer: Writer;
  chatId: bigint;
  token: string;
  players: { id: string; name: string }[];
  game: GameRecord | null;
}

/** A committed version: game id, version, wall-clock ms when `act` was called and when it resolved, the group's index. */
export type Commit = [gameId: string, version: number, calledAt: number, resolvedAt: number, group: number];

export const strategy = calculator();
export const choices = seededRng(config.seed + 7);

/** The group's next action: a new game when there is none (or it ended), joins, start, then play. */
export function nextAction(g: Group): Parameters<GameService['act']>[0] {
  const { chatId } = g;
  const state = g.game?.state;
  if (!state || state.phase === 'over') {
    const creator = g.players[0]!;
    return { chatId, user: creator, chat: { title: `Spectators ${g.index + 1}`, type: 'supergroup' }, action: { type: 'create', creator: creator.id } };
  }
  const gameId = g.game!.id;
  if (state.phase === 'lobby') {
    const next = g.players.find((p) => !state.seats.some((s) => s.id === p.id));
    if (next) return { chatId, gameId, user: next, action: { type: 'join', player: next.id, name: next.name } };
    return { chatId, gameId, action: { type: 'start' } };
  }
  const actor = state.round!.actor;
  const action: Action = aiAction(state, actor, strategy, choices)!;
  return { chatId, gameId, key: `spectators:${gameId}:${state.move}`, user: g.players.find((p) => p.id === actor)!, action };
}

/**
 * At most `n` acts in flight: the others wait here, not in Prisma's pool, whose transactions give
 * up after waiting 2 s for a connection (PGlite has one; a busy machine makes the wait long).
 */
export class Slots {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** One action of the group; its commit with the times `act` was called and resolved. */
export async function step(g: Group): Promise<Commit> {
  return g.writer.slots.run(async () => {
    const request = nextAction(g);
    const calledAt = wallClock();
    const result = await g.writer.games.act(request);
    const resolvedAt = wallClock();
    if (result.status !== 'applied') throw new Error(`group ${g.index + 1}: ${request.action.type} was ${result.status}`);
    g.game = result.game;
    return [result.game.id, result.game.version, calledAt, resolvedAt, g.index];
  });
}

export interface Played {
  commits: Commit[];
  seconds: number;
  /** Ticks skipped because the group's previous action was still running (the writer fell behind). */
  lateTicks: number;
  /** Acts that failed (logged; the group goes on from its current game). */
  failed: number;
}

/** Plays every group for `ms`, each one action per interval (staggered); returns the commits. */
export async function play(groups: Group[], ms: number): Promise<Played> {
  const commits: Commit[] = [];
  const t0 = performance.now();
  const end = t0 + ms;
  let lateTicks = 0;
  let failed = 0;
  await Promise.all(
    groups.map(async (g) => {
      const offset = (g.index * config.intervalMs) / groups.length;
      for (let k = 0; ; k++) {
        let due = t0 + offset + k * config.intervalMs;
        if (due >= end) return;
        const now = performance.now();
        if (now > due + config.intervalMs) {
          // fell a whole tick behind (the machine is busy): skip ahead instead of bursting
          lateTicks++;
          k = Math.ceil((now - t0 - offset) / config.intervalMs);
          due = t0 + offset + k * config.intervalMs;
          if (due >= end) return;
        }
        await sleep(due - performance.now());
        try {
          commits.push(await step(g));
        } catch (error) {
          if (failed++ < 3) log(`  act failed: ${(error as Error).message.split('\n')[0]}`);
          g.game = await g.writer.games.currentGame(g.chatId);
        }
      }
    }),
  );
  return { commits, seconds: (performance.now() - t0) / 1000, lateTicks, failed };
}
