// Database round trips of an action, counted where node-postgres sends them (Client.prototype.query,
// which the Prisma adapter and the typed statements both go through): a move in a running game,
// given the game the caller has just read (as the bot does), is one statement; a duplicate of it
// writes nothing.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applied, harness, nextAiAction, PLAYERS, startGame, type Harness } from './support';

describe('round trips per action', () => {
  let h: Harness;
  let queries = 0;
  const query = pg.Client.prototype.query;
  beforeAll(async () => {
    h = await harness({ timers: false, maintenance: false });
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      queries++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await h?.close();
  });

  it('a move in play is one round trip; its duplicate is refused and writes nothing', async () => {
    const players = PLAYERS.slice(0, 3);
    let game = await startGame(h.service, -910_001n, players);
    const perMove: number[] = [];
    for (let n = 0; game.state.phase === 'playing' && n < 40; n++) {
      const action = nextAiAction(game.state);
      const user = players.find((p) => p.id === game.state.round!.actor)!;
      const q0 = queries;
      const result = applied(await h.service.act({ chatId: game.chatId, gameId: game.id, key: `rt:${n}`, user, action, current: game }));
      if (!result.events.some((e) => e.event.type === 'gameOver')) perMove.push(queries - q0);
      if (n === 5) {
        const version = result.game.version;
        const again = await h.service.act({ chatId: game.chatId, gameId: game.id, key: `rt:${n}`, user, action, current: game });
        expect(again.status).toBe('duplicate');
        expect((await h.service.game(game.id))!.version).toBe(version);
      }
      game = result.game;
    }
    expect(perMove.length).toBeGreaterThan(10);
    expect(perMove.every((n) => n === 1)).toBe(true);
  });

  it('a move on an old copy of the game (another writer moved it first) is retried and applied, not taken for its own duplicate', async () => {
    // The one statement claims the update's key before the versioned update fails; the claim must
    // not outlive the failure, or the retry finds it and drops the move as a duplicate (two bot
    // processes lost presses so). Another writer is stood in for by a version bumped behind the
    // service's back: the caller's copy is then one version old.
    const players = PLAYERS.slice(0, 3);
    const game = await startGame(h.service, -910_002n, players);
    await h.db.prisma.$executeRaw`UPDATE "Game" SET version = version + 1 WHERE id = ${game.id}`;
    const actor = players.find((p) => p.id === game.state.round!.actor)!;
    const action = nextAiAction(game.state);
    const result = await h.service.act({ chatId: game.chatId, gameId: game.id, key: 'rt-old:1', user: actor, action, current: game });
    expect(result.status).toBe('applied');
    expect(result.game?.version).toBeGreaterThan(game.version + 1);
    // The key is claimed once, by the move that applied: its redelivery is a duplicate.
    const again = await h.service.act({ chatId: game.chatId, gameId: game.id, key: 'rt-old:1', user: actor, action });
    expect(again.status).toBe('duplicate');
  });
});
