/**
 * Refusals the bot used to decide itself (issue 15): each is the engine's now, one test per rule.
 * The bot only translates the codes, and asks `legal.ts` when it needs an answer in advance.
 */
import { describe, expect, it } from 'vitest';
import { ALL_STAGES, joinRefusal, playersNeeded, resolveSettings, turnRefusal, type Action } from '../src';
import { act, applyAll, applyOk, applyRejected, lobby, scriptedRng, startedGame } from './helpers';

const leaveLobby = (player: string): Action => ({ type: 'leave', player, lobbyOnly: true });

describe('Leaving from the lobby (a lobby’s Leave button)', () => {
  it('before the start it removes the seat, like any leave', () => {
    const { state, events } = applyOk(lobby(['A', 'B', 'C']), leaveLobby('B'));
    expect(events).toEqual([{ type: 'playerLeft', player: 'B' }]);
    expect(state.seats.map((p) => p.id)).toEqual(['A', 'C']);
  });

  it('once the game has started it is refused (not-in-lobby) and the player stays in', () => {
    const g = startedGame(['A', 'B', 'C']);
    const snapshot = JSON.stringify(g);
    for (const player of ['A', 'B', 'Z']) expect(applyRejected(g, leaveLobby(player)).code).toBe('not-in-lobby');
    expect(JSON.stringify(g)).toBe(snapshot);
    // A leave without `lobbyOnly` still takes a player out of a running game.
    expect(applyOk(g, act.leave('B')).events).toEqual([{ type: 'playerOut', player: 'B', reason: 'left' }]);
  });
});

describe('Players a start needs', () => {
  it('too-few-players names how many a start needs: the minPlayers setting, never under two', () => {
    const settings = (minPlayers: number) => {
      const r = resolveSettings({ minPlayers });
      if (!r.ok) throw new Error('settings');
      return r.settings;
    };
    expect(playersNeeded(settings(2))).toBe(2);
    expect(playersNeeded(settings(4))).toBe(4);
    expect(playersNeeded({ ...settings(2), minPlayers: 1 })).toBe(2); // a stored state from before the limit
    expect(applyRejected(lobby(['A']), { type: 'start' }, scriptedRng([0]))).toMatchObject({ code: 'too-few-players', players: 2 });
    expect(applyRejected(lobby(['A', 'B'], { minPlayers: 3 }), { type: 'start' }, scriptedRng([0]))).toMatchObject({
      code: 'too-few-players',
      players: 3,
    });
  });
});

describe('Sitting down (joinRefusal: the join rule, asked in advance)', () => {
  it('table-full names the table’s size, in apply and asked in advance', () => {
    const full = lobby(['A', 'B', 'C'], { maxPlayers: 3 });
    expect(applyRejected(full, { type: 'join', player: 'D', name: 'D' })).toMatchObject({ code: 'table-full', players: 3 });
    expect(joinRefusal(full)).toMatchObject({ code: 'table-full', players: 3 });
    expect(joinRefusal(lobby(['A', 'B'], { maxPlayers: 3 }))).toBeNull();
  });

  it('asked in advance, it gives the refusal apply would give', () => {
    const open = lobby(['A', 'B']);
    expect(joinRefusal(open, { player: 'A' })?.code).toBe('already-joined');
    expect(joinRefusal(open, { player: 'D' })).toBeNull();
    expect(joinRefusal(startedGame())?.code).toBe('not-in-lobby');
    expect(applyRejected(startedGame(), { type: 'join', player: 'D', name: 'D' }).code).toBe('not-in-lobby');
  });
});

describe('Passing blind the same value (a Pass button names none)', () => {
  it("'same' passes the cup on with the value of the announcement passed on", () => {
    const announced = applyAll(startedGame(['A', 'B', 'C'], { settings: { blindPass: true } }), [act.announce('A', 53)]).state;
    const { state, events } = applyOk(announced, { type: 'passBlind', player: 'B', value: 'same' });
    expect(events).toMatchObject([{ type: 'announced', player: 'B', value: 53, kind: 'pass' }]);
    expect(state.round).toMatchObject({ actor: 'C', stage: 'respond' });
  });

  it("'same' is refused like any pass: the setting off, or not the player's turn", () => {
    const off = applyAll(startedGame(['A', 'B', 'C']), [act.announce('A', 53)]).state;
    expect(applyRejected(off, { type: 'passBlind', player: 'B', value: 'same' }).code).toBe('not-allowed-by-settings');
    const starting = startedGame(['A', 'B', 'C'], { settings: { blindPass: true } }); // nothing announced yet
    expect(applyRejected(starting, { type: 'passBlind', player: 'A', value: 'same' }).code).toBe('wrong-stage');
    expect(applyRejected(starting, { type: 'passBlind', player: 'B', value: 'same' }).code).toBe('not-your-turn');
  });
});

describe('Whose turn (turnRefusal: the check every in-round action shares)', () => {
  it('explains a move out of turn as apply does, in order: not a player, out, stale, not the turn, wrong stage', () => {
    const g = startedGame(['A', 'B', 'C']); // A announces at move g.move
    expect(turnRefusal(g, { player: 'Z' }, ALL_STAGES)?.code).toBe('player-unknown');
    expect(turnRefusal(g, { player: 'B', move: g.move + 1 }, ALL_STAGES)?.code).toBe('stale');
    expect(turnRefusal(g, { player: 'B', move: g.move }, ALL_STAGES)?.code).toBe('not-your-turn');
    expect(turnRefusal(g, { player: 'A', move: g.move }, ['respond'])?.code).toBe('wrong-stage');
    expect(turnRefusal(g, { player: 'A', move: g.move }, ALL_STAGES)).toBeNull();
    const out = applyOk(g, act.leave('C')).state;
    expect(turnRefusal(out, { player: 'C' }, ALL_STAGES)?.code).toBe('player-out');
    expect(turnRefusal(lobby(), { player: 'A' }, ALL_STAGES)?.code).toBe('not-playing');
  });

  it('no stages: a move no stage takes (a button of an earlier bot) is wrong-stage once nothing else is wrong', () => {
    const g = startedGame(['A', 'B', 'C']);
    expect(turnRefusal(g, { player: 'A', move: g.move }, [])?.code).toBe('wrong-stage');
    expect(turnRefusal(g, { player: 'A', move: g.move - 1 }, [])?.code).toBe('stale');
    expect(turnRefusal(g, { player: 'B', move: g.move }, [])?.code).toBe('not-your-turn');
  });
});

describe('A refusal says whether the game is over (the bot says "that game is over", not "not started")', () => {
  it('turns, moves and seats of a finished game are refused with over: true; a lobby with over: false', () => {
    const over = applyOk(startedGame(['A', 'B']), { type: 'leave', player: 'B' }).state;
    expect(over.phase).toBe('over');
    expect(applyRejected(over, act.roll('A'))).toMatchObject({ code: 'not-playing', over: true });
    expect(turnRefusal(over, { player: 'A' }, ALL_STAGES)).toMatchObject({ code: 'not-playing', over: true });
    expect(joinRefusal(over, { player: 'D' })).toMatchObject({ code: 'not-in-lobby', over: true });
    expect(applyRejected(over, { type: 'join', player: 'D', name: 'D' })).toMatchObject({ code: 'not-in-lobby', over: true });
    expect(applyRejected(lobby(['A', 'B']), act.roll('A'))).toMatchObject({ code: 'not-playing', over: false });
    expect(joinRefusal(startedGame())?.over).toBeUndefined();
  });
});
