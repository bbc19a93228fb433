import { aiAction, calculator, seededRng, STRATEGY_NAMES, type GameEvent } from '@mia/engine';
import { ratingBoard } from '@mia/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AI_NAMES, aiPlayerId, AiSeats, aiStrategyOf, aiToAct, GameService, nextAiPlayer, type AiPlayer, type GameRecord } from '../src';
import { applied, harness, PLAYERS, quietLog, type Harness } from './support';

/** Polls `check` until it returns a value (database state changes without telling anyone). */
async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A lobby in `chatId` opened by a person, with these computer players (and people) seated. */
async function lobby(service: GameService, chatId: bigint, ai: AiPlayer[], people = [] as typeof PLAYERS) {
  const creator = PLAYERS[0]!;
  applied(await service.act({ chatId, user: creator, action: { type: 'create', creator: creator.id, settings: { lives: 3 } } }));
  for (const p of people) applied(await service.act({ chatId, user: p, action: { type: 'join', player: p.id, name: p.name } }));
  for (const a of ai) {
    await service.updateUser({ id: a.id, name: a.name, isAi: true });
    applied(await service.act({ chatId, action: { type: 'join', player: a.id, name: a.name, ai: true } }));
  }
}

const finished = (service: GameService, gameId: string) =>
  until(async () => {
    const g = await service.game(gameId);
    return g && g.status !== 'PLAYING' ? g : null;
  });

/** Every player who did something in the game (rolled, announced, believed, called, looked). */
const actors = (events: GameEvent[]) =>
  new Set(
    events.flatMap((e) =>
      e.type === 'diceRolled' || e.type === 'announced' || e.type === 'believed' || e.type === 'miaGivenUp' ? [e.player] : e.type === 'revealed' ? [e.by] : [],
    ),
  );

/**
 * Every round opens with its starter dealt looked dice in the same batch (the engine's doing, no
 * follow-up of the table's), and a round that goes on goes on with that starter's announcement on
 * them: nobody rolls for a round's start.
 */
function expectDealtStarts(events: GameEvent[]): number {
  let rounds = 0;
  events.forEach((e, i) => {
    if (e.type !== 'roundStarted') return;
    rounds++;
    expect(events[i + 1]).toMatchObject({ type: 'diceRolled', player: e.starter, looked: true });
    const next = events[i + 2];
    if (next?.type === 'announced') expect(next).toMatchObject({ player: e.starter, kind: 'looked' });
    else if (next) expect(['turnMissed', 'playerOut']).toContain(next.type); // a timeout or a leave before announcing
  });
  return rounds;
}

describe('AI player ids', () => {
  it('carry their strategy, lie outside every Telegram chat id, and name distinct personas', () => {
    for (const strategy of STRATEGY_NAMES) {
      for (const persona of [0, 1, 999]) {
        const id = aiPlayerId(strategy, persona);
        expect(aiStrategyOf(id)).toBe(strategy);
        expect(BigInt(id) < -(2n ** 53n)).toBe(true);
        expect(BigInt(id) >= -(2n ** 63n)).toBe(true); // still a PostgreSQL bigint
      }
    }
    expect(aiStrategyOf('12345')).toBeNull();
    expect(aiStrategyOf('-1001234567890')).toBeNull(); // a supergroup's id, or an old AI seat
    expect(aiStrategyOf('-1')).toBeNull();
  });

  it('seats a persona not at the table yet, under a name nobody there has', () => {
    const first = nextAiPlayer('bluffer', []);
    expect(first).toEqual({ id: aiPlayerId('bluffer', 0), name: AI_NAMES[0], strategy: 'bluffer' });
    // A person called Ada is at the table: the computer player takes the next name.
    const second = nextAiPlayer('bluffer', [{ id: '1001', name: 'ada' }]);
    expect(second.name).toBe(AI_NAMES[1]);
    const seats: { id: string; name: string }[] = [];
    for (let i = 0; i < 10; i++) seats.push(nextAiPlayer(STRATEGY_NAMES[i % 4]!, seats));
    expect(new Set(seats.map((s) => s.name)).size).toBe(10);
    expect(new Set(seats.map((s) => s.id)).size).toBe(10);
  });
});

describe('AiSeats', () => {
  let h: Harness;
  let ai: AiSeats;
  beforeAll(async () => {
    h = await harness({ timers: false });
    ai = new AiSeats(h.service, { delayMs: 0, rng: seededRng(3), log: quietLog });
    ai.start();
  });
  afterAll(async () => {
    await ai.stop();
    await h.close();
  });

  it('four computer players, one of each strategy, play a game to the end by themselves', async () => {
    const chatId = -200_001n;
    const seats: AiPlayer[] = [];
    for (const strategy of STRATEGY_NAMES) seats.push(nextAiPlayer(strategy, seats));
    await lobby(h.service, chatId, seats);
    const started = applied(await h.service.act({ chatId, action: { type: 'start' } })).game;

    const game = await finished(h.service, started.id);
    expect(game.status).toBe('FINISHED');
    expect(game.state.result?.ranking).toHaveLength(4);
    const events = (await h.service.events(game.id)).map((e) => e.event);
    for (const seat of seats) expect(actors(events).has(seat.id)).toBe(true);
    expect(expectDealtStarts(events)).toBeGreaterThan(2);
    const users = await h.db.prisma.user.findMany({ where: { id: { in: seats.map((s) => BigInt(s.id)) } } });
    expect(users.map((u) => u.isAi)).toEqual([true, true, true, true]);
    expect(await h.db.prisma.round.count({ where: { game: { id: game.id } } })).toBeGreaterThan(2);
    await until(async () => ai.busy === 0);
  });

  it('plays the AI seats of a game with a person, who alone is on the leaderboard, with the game counted', async () => {
    const chatId = -200_002n;
    const human = PLAYERS[1]!;
    const seats = [nextAiPlayer('calculator', [human])];
    seats.push(nextAiPlayer('honest', [human, ...seats]));
    await lobby(h.service, chatId, seats, [human]);
    let game: GameRecord = applied(await h.service.act({ chatId, action: { type: 'start' } })).game;
    const mind = calculator();
    // The person plays as a person would: when it is their turn, from their own view.
    for (let turns = 0; game.status === 'PLAYING'; turns++) {
      if (turns > 500) throw new Error('the game did not finish');
      const now: GameRecord = await until(async () => {
        const g = await h.service.game(game.id);
        return g && (g.status !== 'PLAYING' || g.state.round?.actor === human.id) ? g : null;
      });
      game = now;
      if (game.status !== 'PLAYING') break;
      const action = aiAction(game.state, human.id, mind, seededRng(game.state.move))!;
      await h.service.act({ chatId, gameId: game.id, action });
      game = (await h.service.game(game.id))!;
    }
    expect(game.status).toBe('FINISHED');
    const events = (await h.service.events(game.id)).map((e) => e.event);
    for (const seat of seats) expect(actors(events).has(seat.id)).toBe(true);
    expectDealtStarts(events);

    const board = await ratingBoard(h.db.prisma, { chatId });
    expect(board.map((r) => r.subject)).toEqual([human.id]);
    expect(board[0]).toMatchObject({ games: 1, wins: game.state.result!.winner === human.id ? 1 : 0 });
  });

  it('leaves a game stopped during its pause alone', async () => {
    const slow = new AiSeats(h.service, { delayMs: 300, rng: seededRng(4), log: quietLog });
    await ai.stop(); // only the slow one plays here
    slow.start();
    try {
      const chatId = -200_003n;
      const seats = [nextAiPlayer('honest', [])];
      seats.push(nextAiPlayer('random', seats));
      await lobby(h.service, chatId, seats);
      const game = applied(await h.service.act({ chatId, action: { type: 'start' } })).game;
      expect(aiToAct(game)).not.toBeNull();
      expect(slow.busy).toBe(1);
      await h.service.abort(chatId, game.id);
      // its pause over, it looked at the game and let it be
      await vi.waitFor(() => expect(slow.busy).toBe(0), { timeout: 10_000 });
      const after = (await h.service.game(game.id))!;
      expect(after).toMatchObject({ status: 'ABORTED', version: game.version + 1 }); // the stop's one event, no AI move
    } finally {
      await slow.stop();
      ai = new AiSeats(h.service, { delayMs: 0, rng: seededRng(3), log: quietLog });
      ai.start();
    }
  });

  it('resume() after a restart: a game whose computer player was to act plays on to the end', async () => {
    await ai.stop(); // the process that started the game goes away before the AI's turn
    const chatId = -200_004n;
    const seats = [nextAiPlayer('bluffer', [])];
    seats.push(nextAiPlayer('calculator', seats));
    seats.push(nextAiPlayer('honest', seats));
    await lobby(h.service, chatId, seats);
    const game = applied(await h.service.act({ chatId, action: { type: 'start' } })).game;
    // nobody is left to play the computer's turn: the stopped seats hold nothing in hand
    expect(ai.busy).toBe(0);
    expect((await h.service.game(game.id))!.version).toBe(game.version);

    const restarted = new GameService({ db: h.db, rng: seededRng(5), log: quietLog, timers: false });
    const again = new AiSeats(restarted, { delayMs: 0, rng: seededRng(6), log: quietLog });
    again.start();
    try {
      await restarted.recover();
      expect(await again.resume()).toBe(1);
      const done = await finished(restarted, game.id);
      expect(done.status).toBe('FINISHED');
    } finally {
      await again.stop();
      await restarted.close();
    }
  });
});
