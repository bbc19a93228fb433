import { replay, type GameEvent } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applied, harness, nextAiAction, PLAYERS, startGame, type Harness } from './support';

describe('GameService', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ timers: false });
  });
  afterAll(() => h.close());

  it('persists a whole AI game: its event log replays to the stored state and rows agree', async () => {
    const chatId = -100_001n;
    let game = await startGame(h.service, chatId, PLAYERS.slice(0, 4));
    let actions = 0;
    while (game.state.phase === 'playing') {
      game = applied(await h.service.act({ chatId, gameId: game.id, action: nextAiAction(game.state) })).game;
      actions++;
    }
    expect(actions).toBeGreaterThan(10);

    const stored = await h.service.events(game.id);
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
    expect(replay(stored.map((e) => e.event))).toEqual(game.state);

    const row = await h.db.prisma.game.findUniqueOrThrow({ where: { id: game.id }, include: { seats: true } });
    expect(row.status).toBe('FINISHED');
    expect(row.version).toBe(stored.length);
    expect(row.winnerId?.toString()).toBe(game.state.result!.winner);
    for (const seat of game.state.seats) {
      const dbSeat = row.seats.find((s) => s.userId.toString() === seat.id)!;
      expect(dbSeat.lives).toBe(seat.lives);
      expect(dbSeat.place).toBe(game.state.result!.ranking.find((r) => r.player === seat.id)!.place);
    }
    const events: GameEvent[] = stored.map((e) => e.event);
    const count = (type: GameEvent['type']) => events.filter((e) => e.type === type).length;
    expect(await h.db.prisma.round.count({ where: { game: { id: game.id } } })).toBe(count('roundStarted'));
    expect(await h.db.prisma.announcement.count({ where: { game: { id: game.id } } })).toBe(count('announced'));
    expect(await h.db.prisma.reveal.count({ where: { round: { game: { id: game.id } } } })).toBe(count('revealed'));
    const chat = await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } });
    expect(chat.currentGameId).toBeNull();
  });

  it('applies the same update key once', async () => {
    const chatId = -100_002n;
    const game = await startGame(h.service, chatId);
    const action = nextAiAction(game.state, 'honest');
    const first = await h.service.act({ chatId, action, key: 'update:77' });
    const again = await h.service.act({ chatId, action, key: 'update:77' });
    expect(first.status).toBe('applied');
    expect(again.status).toBe('duplicate');
    expect((await h.service.game(game.id))!.version).toBe(applied(first).game.version);
  });

  it('refuses a second game in a chat, and a button from a game that is over', async () => {
    const chatId = -100_003n;
    await startGame(h.service, chatId);
    const second = await h.service.act({ chatId, user: PLAYERS[1]!, action: { type: 'create', creator: PLAYERS[1]!.id } });
    expect(second).toMatchObject({ status: 'rejected', rejection: { code: 'game-exists' } });
    const wrongGame = await h.service.act({ chatId, gameId: 'not-this-one', action: { type: 'start' } });
    expect(wrongGame).toMatchObject({ status: 'rejected', rejection: { code: 'other-game' } });
  });

  it('applies one of two racing identical actions and refuses the other without doubling it', async () => {
    const chatId = -100_004n;
    const game = await startGame(h.service, chatId);
    const action = nextAiAction(game.state, 'honest');
    const results = await Promise.all([h.service.act({ chatId, action }), h.service.act({ chatId, action })]);
    expect(results.map((r) => r.status).sort()).toEqual(['applied', 'rejected']);
    const after = await h.service.events(game.id);
    expect(replay(after.map((e) => e.event))).toEqual((await h.service.game(game.id))!.state);
  });
});
