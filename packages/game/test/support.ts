import { aiAction, seededRng, strategyFor, type Action, type GameState, type StrategyName } from '@mia/engine';
import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import pino from 'pino';
import { GameService, type ActResult, type GameServiceOptions } from '../src';

export const quietLog = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export interface Harness {
  db: TestDatabase;
  service: GameService;
  close(): Promise<void>;
}

export async function harness(options: Partial<GameServiceOptions> = {}): Promise<Harness> {
  const db = await openTestDatabase();
  const service = new GameService({ db, rng: seededRng(1), log: quietLog, ...options });
  return {
    db,
    service,
    async close() {
      await service.close();
      await db.destroy();
    },
  };
}

export function applied(result: ActResult) {
  if (result.status !== 'applied') throw new Error(`expected applied, got ${JSON.stringify(result, bigintJson)}`);
  return result;
}

const bigintJson = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** Players as the bot would register them: numeric Telegram-like ids. */
export const PLAYERS = [
  { id: '1001', name: 'Ada' },
  { id: '1002', name: 'Bo' },
  { id: '1003', name: 'Cleo' },
  { id: '1004', name: 'Dov' },
];

/** Creates, fills and starts a game in `chatId` through the service. */
export async function startGame(service: GameService, chatId: bigint, players = PLAYERS.slice(0, 3), settings = {}) {
  applied(await service.act({ chatId, user: players[0]!, action: { type: 'create', creator: players[0]!.id, settings } }));
  for (const p of players) applied(await service.act({ chatId, user: p, action: { type: 'join', player: p.id, name: p.name } }));
  return applied(await service.act({ chatId, action: { type: 'start' } })).game;
}

/** The next action an AI of `strategy` would take in `state`, for the player whose turn it is. */
export function nextAiAction(state: GameState, strategy: StrategyName = 'bluffer', seed = state.move): Action {
  const actor = state.round!.actor;
  return aiAction(state, actor, strategyFor(strategy), seededRng(seed))!;
}
