/**
 * Endings from outside play: `/stop`, the bot removed, a lobby not started in time, and a chat's
 * new id are actions with events like every other change (architecture: "one path for every
 * change of a game"), so a replay of the log rebuilds them and every view shows them.
 */
import { describe, expect, it } from 'vitest';
import { apply, playerView, publicEvent, redactEvent, replay, spectatorView, type Action, type GameEvent } from '../src';
import { act, applyAll, applyOk, applyRejected, lobby, noRng, startedGame } from './helpers';

const ABC = ['A', 'B', 'C'];

describe('abort', () => {
  it('/stop in the middle of a round ends the game at once: phase over, no result, the round left as it was', () => {
    const before = applyOk(startedGame(ABC), act.announce('A', 42)).state;
    const { state, events } = applyOk(before, { type: 'abort', reason: 'stopped', by: 'A' });
    expect(events).toEqual([{ type: 'gameAborted', reason: 'stopped', by: 'A' }]);
    expect(state.phase).toBe('over');
    expect(state.result).toBeNull();
    expect(state.aborted).toEqual({ reason: 'stopped', by: 'A' });
    // Nothing else changes: lives, seats and the round cut off are what they were.
    expect({ ...state, phase: before.phase, aborted: undefined }).toEqual({ ...before, aborted: undefined });
    expect(state.round!.ended).toBeNull();
    expect(spectatorView(state).aborted).toEqual({ reason: 'stopped', by: 'A' });
  });

  it('any open game can be stopped by anyone the caller lets (the engine asks no rights), or by nobody', () => {
    expect(applyOk(lobby(ABC), { type: 'abort', reason: 'stopped', by: 'someone-not-seated' }).state.aborted).toEqual({
      reason: 'stopped',
      by: 'someone-not-seated',
    });
    const removed = applyOk(startedGame(ABC), { type: 'abort', reason: 'bot-removed' });
    expect(removed.events).toEqual([{ type: 'gameAborted', reason: 'bot-removed', by: null }]);
  });

  it('only a lobby expires: a game that started first stays in play', () => {
    const expired = applyOk(lobby(ABC), { type: 'abort', reason: 'lobby-expired' });
    expect(expired.events).toEqual([{ type: 'gameAborted', reason: 'lobby-expired', by: null }]);
    expect(expired.state.phase).toBe('over');
    expect(applyRejected(startedGame(ABC), { type: 'abort', reason: 'lobby-expired' }).code).toBe('not-in-lobby');
  });

  it('a game already over, aborted or never created cannot be aborted again', () => {
    // Two players, one life each: Bo calls and the claim held, so Bo is out and Ada wins.
    const finished = applyAll(startedGame(['A', 'B'], { settings: { lives: 1 }, dice: [6, 6] }), [act.announce('A', 66), act.call('B')]).state;
    expect(finished.phase).toBe('over');
    expect(applyRejected(finished, { type: 'abort', reason: 'stopped', by: 'A' }).code).toBe('not-playing');
    const aborted = applyOk(lobby(ABC), { type: 'abort', reason: 'stopped' }).state;
    expect(applyRejected(aborted, { type: 'abort', reason: 'stopped' }).code).toBe('not-playing');
    expect(applyRejected(aborted, { type: 'abort', reason: 'lobby-expired' }).code).toBe('not-playing');
    expect(applyRejected(null, { type: 'abort', reason: 'stopped' }).code).toBe('no-game');
  });

  it('refuses an unknown reason or a malformed id (callers pass what they decoded)', () => {
    expect(applyRejected(lobby(ABC), { type: 'abort', reason: 'bored' } as unknown as Action).code).toBe('invalid-action');
    expect(applyRejected(lobby(ABC), { type: 'abort', reason: 'stopped', by: '' }).code).toBe('invalid-action');
  });

  it('after an abort every move is refused as the game being over, and no AI or player has a turn', () => {
    const aborted = applyOk(startedGame(ABC), { type: 'abort', reason: 'stopped' }).state;
    const moves: Action[] = [
      act.announce('A', 42),
      act.call('B'),
      act.timeout('A'),
      act.leave('B'),
      { type: 'join', player: 'D', name: 'D' },
      { type: 'start' },
    ];
    for (const move of moves) {
      const result = apply(aborted, move, noRng);
      expect(result.ok, JSON.stringify(move)).toBe(false);
      if (!result.ok) expect(['not-playing', 'not-in-lobby'], JSON.stringify(move)).toContain(result.rejection.code);
    }
  });

  it('replays: the log with its gameAborted rebuilds the aborted state', () => {
    const log: GameEvent[] = [];
    let state = null as ReturnType<typeof replay>;
    const steps: [Action, number[]][] = [
      [{ type: 'create', creator: 'A' }, []],
      [{ type: 'join', player: 'A', name: 'Ada' }, []],
      [{ type: 'join', player: 'B', name: 'Bo' }, []],
      [{ type: 'start' }, [0, 3, 1]],
      [{ type: 'abort', reason: 'stopped', by: 'B' }, []],
    ];
    for (const [action, draws] of steps) {
      const queue = [...draws];
      const r = apply(state, action, (n) => {
        const v = queue.shift();
        if (v === undefined || v >= n) throw new Error('unexpected draw');
        return v;
      });
      if (!r.ok) throw new Error(r.rejection.message);
      log.push(...r.events);
      state = r.state;
    }
    expect(replay(log)).toEqual(state);
    expect(state!.aborted).toEqual({ reason: 'stopped', by: 'B' });
  });

  it('the abort carries no secret: the dice under the cup stay hidden in every view and event', () => {
    const state = applyOk(startedGame(ABC, { dice: [5, 3] }), { type: 'abort', reason: 'stopped' }).state;
    expect(spectatorView(state).round!.announcements).toEqual([]);
    expect(JSON.stringify(spectatorView(state))).not.toContain('"dice"');
    expect(playerView(state, 'A').myDice).toEqual([5, 3]); // the starter still knows what they looked at
    expect(playerView(state, 'B').myDice).toBeNull();
    const event: GameEvent = { type: 'gameAborted', reason: 'stopped', by: 'A' };
    expect(publicEvent(event)).toEqual(event);
    expect(redactEvent(event, 'B')).toEqual(event);
  });
});

describe('moveChat', () => {
  it('records the chat’s new id and changes nothing else, in the lobby or in play', () => {
    for (const before of [lobby(ABC), startedGame(ABC)]) {
      const { state, events } = applyOk(before, { type: 'moveChat', from: '-100', to: '-1000000000100' });
      expect(events).toEqual([{ type: 'chatMoved', from: '-100', to: '-1000000000100' }]);
      expect(state).toEqual(before);
    }
  });

  it('a finished game stays where it was; malformed or unchanged ids are refused', () => {
    const aborted = applyOk(lobby(ABC), { type: 'abort', reason: 'stopped' }).state;
    expect(applyRejected(aborted, { type: 'moveChat', from: '-1', to: '-2' }).code).toBe('not-playing');
    expect(applyRejected(lobby(ABC), { type: 'moveChat', from: '-1', to: '-1' }).code).toBe('invalid-action');
    expect(applyRejected(lobby(ABC), { type: 'moveChat', from: '-1', to: 'somewhere' }).code).toBe('invalid-action');
    expect(applyRejected(null, { type: 'moveChat', from: '-1', to: '-2' }).code).toBe('no-game');
  });

  it('a spectator is not told the chat ids (a group is known by its dashboard link)', () => {
    const event: GameEvent = { type: 'chatMoved', from: '-100', to: '-1000000000100' };
    expect(publicEvent(event)).toEqual({ type: 'chatMoved' });
    expect(redactEvent(event, 'A')).toEqual({ type: 'chatMoved' });
    const log = [...applyOk(null, { type: 'create', creator: 'A' }).events];
    const created = replay(log)!;
    expect(replay([...log, event])).toEqual(created);
  });
});
