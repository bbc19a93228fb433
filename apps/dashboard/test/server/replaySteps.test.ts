// The replay's steps (web/src/pages/replay/steps.ts) against the server's own data: a game played
// through GameService on PostgreSQL with a caught bluff, a missed turn that idles a player out, a
// player leaving and calls to the end, then read through the route. The lives the replay derives
// after each round must be those the engine recorded (lifeLost events), each player's out round
// the round of their playerOut event, and the spoiler-free board must hold no die before a reveal.
import { aiAction, calculator, type Action, type GameEvent, type GameState } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameReplay } from '../../shared/api';
import { boardAt, derive } from '../../web/src/pages/replay/steps';
import { outRounds } from '../../server/mappers/replay';
import { ADA, applied, BO, CLEO, DOV, group, Table, world, type World } from './support';

const CHAT = -2001n;

describe('replay steps on a game played through the service', () => {
  let w: World;
  let token: string;
  let replay: GameReplay;
  let events: GameEvent[];

  beforeAll(async () => {
    w = await world();
    token = await group(w.games, CHAT, 'Replay club');
    const table = new Table(w.games, w.dice, CHAT);
    await table.open([ADA, BO, CLEO, DOV], { lives: 2, idleLimit: 1 });
    await table.start([3, 1]);
    await table.play({ type: 'announce', value: 52 }); // a bluff on 31…
    await table.play({ type: 'call' }); // …caught: the announcer loses a life
    await table.play({ type: 'timeout' }); // the next starter misses the turn: a life, and out (idle)
    // Someone still in, not holding the cup, leaves mid-round.
    const state = table.game!.state;
    const leaver = state.seats.find((s) => s.out === null && s.id !== state.round!.actor)!;
    table.game = applied(await w.games.act({ chatId: CHAT, gameId: table.game!.id, action: { type: 'leave', player: leaver.id } })).game;
    // The rest as the calculator plays it.
    for (let turn = 0; turn < 200 && table.game.state.phase === 'playing'; turn++) {
      const s: GameState = table.game.state;
      const action: Action = aiAction(s, s.round!.actor, calculator(), () => 0)!;
      table.game = applied(await w.games.act({ chatId: CHAT, gameId: table.game.id, action })).game;
    }
    expect(table.game.state.phase).toBe('over');
    events = (await w.games.events(table.game.id)).map((e) => e.event);
    const res = await w.app.inject({ url: `/api/g/${token}/games/${table.game.id}` });
    expect(res.statusCode).toBe(200);
    replay = res.json() as GameReplay;
  }, 120_000);
  afterAll(() => w?.close());

  /** The truth from the event log: each player's lives after each round, and the round they went out in. */
  function fromEvents() {
    const lives = new Map(replay.players.map((p) => [p.userId, [replay.settings.lives]]));
    const out = new Map<string, number>();
    let round = 0;
    const current = new Map<string, number>(replay.players.map((p) => [p.userId, replay.settings.lives]));
    for (const e of events) {
      if (e.type === 'roundStarted') round = e.round;
      if (e.type === 'lifeLost') current.set(e.player, e.lives);
      if (e.type === 'playerOut') out.set(e.player, round);
      if (e.type === 'roundEnded') for (const [id, l] of current) lives.get(id)!.push(l);
    }
    return { lives, out };
  }

  it('played what the test means to check: a bluff caught, an idle player, one who left, several rounds', () => {
    const reasons = replay.players.map((p) => p.outReason);
    expect(reasons).toEqual(expect.arrayContaining(['idle', 'left', 'lives']));
    expect(replay.rounds.length).toBeGreaterThan(3);
    expect(replay.rounds.map((r) => r.end)).toEqual(expect.arrayContaining(['CALL', 'TIMEOUT']));
  });

  it('derives after each round the lives the engine recorded, ending at each seat’s lives', () => {
    const truth = fromEvents();
    const derived = derive(replay);
    expect(Object.fromEntries(derived.lives)).toEqual(Object.fromEntries(truth.lives));
    for (const p of replay.players) expect(derived.lives.get(p.userId)!.at(-1)).toBe(p.lives);
  });

  it('gives each player the round they went out in, as the event log has it', () => {
    const truth = fromEvents();
    expect(Object.fromEntries(replay.players.map((p) => [p.userId, p.outRound]))).toEqual(
      Object.fromEntries(replay.players.map((p) => [p.userId, truth.out.get(p.userId) ?? null])),
    );
    // Everyone but the winner went out, each in a round that was played.
    const numbers = replay.rounds.map((r) => r.number);
    for (const p of replay.players) {
      if (p.userId === replay.winnerId) expect(p.outRound).toBeNull();
      else expect(numbers).toContain(p.outRound);
    }
    expect(outRounds([{ payload: null }, { payload: [] }, { payload: { type: 'playerOut', player: '1' } }]).size).toBe(0);
  });

  it('shows, in the spoiler-free mode, no die before its round’s reveal, and every one at it', () => {
    const derived = derive(replay);
    let hiddenSteps = 0;
    for (const s of derived.steps) {
      const board = boardAt(replay, derived, s.index, { spoilerFree: true });
      const round = replay.rounds[s.roundIndex]!;
      if (s.kind === 'end') {
        expect(board.announcements.map((a) => a.dice)).toEqual(round.announcements.map((a) => a.dice));
      } else {
        expect(board.announcements.every((a) => a.dice === null && a.classification === null)).toBe(true);
        if (board.announcements.length > 0) hiddenSteps++;
      }
      // The seats at a step: out exactly when the log says so by then.
      const over = s.kind === 'end';
      for (const seat of board.seats) {
        const p = replay.players.find((x) => x.userId === seat.userId)!;
        const gone = p.outRound !== null && (over ? p.outRound <= s.round : p.outRound < s.round);
        expect(seat.out !== null, `${seat.name} at round ${s.round} step ${s.step}`).toBe(gone || seat.lives === 0);
      }
    }
    expect(hiddenSteps).toBeGreaterThan(3);
  });
});
