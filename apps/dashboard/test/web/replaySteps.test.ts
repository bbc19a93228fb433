// The replay's step derivation (web/src/pages/replay/steps.ts): pure, on a whole game whose
// numbers add up. Against the server's own data: test/server/replaySteps.test.ts.
import { describe, expect, it } from 'vitest';
import { livesSeries } from '../../web/src/pages/replay/livesChartData';
import { replayScene } from '../../web/src/pages/replay/scene';
import { boardAt, derive, indexOf, nextRound, previousRound, roundsKnown, stepsOf } from '../../web/src/pages/replay/steps';
import { replayGame } from './replayGame';

const game = replayGame();
const derived = derive(game);
const at = (index: number, spoilerFree = false) => boardAt(game, derived, index, { spoilerFree });
const where = (round: number, step: number) => indexOf(derived.steps, round, step);

describe('replay steps', () => {
  it('cuts each round into its start, one step per announcement, and its end', () => {
    const steps = stepsOf(game);
    expect(steps).toHaveLength(27);
    expect(steps.filter((s) => s.round === 1).map((s) => `${s.kind}:${s.step}`)).toEqual([
      'start:0',
      'announcement:1',
      'announcement:2',
      'announcement:3',
      'announcement:4',
      'end:5',
    ]);
    expect(steps.map((s) => s.index)).toEqual(steps.map((_, i) => i));
    for (const r of game.rounds) expect(steps.filter((s) => s.round === r.number)).toHaveLength(r.announcements.length + 2);
  });

  it('derives every player’s lives after each round from the rounds’ losses, ending at the final lives', () => {
    expect(Object.fromEntries(derived.lives)).toEqual({
      u1: [3, 3, 3, 2, 1, 1, 1, 0],
      u2: [3, 2, 2, 2, 2, 2, 1, 1],
      u3: [3, 3, 2, 2, 2, 2, 2, 2],
    });
    for (const p of game.players) expect(derived.lives.get(p.userId)!.at(-1)).toBe(p.lives);
  });

  it('shows the seats with their lives as the round began, and after it at its end', () => {
    const lives = (i: number) => at(i).seats.map((s) => [s.name, s.lives, s.lost, s.out]);
    expect(lives(where(1, 4))).toEqual([
      ['Alice', 3, null, null],
      ['Bob', 3, null, null],
      ['Carol', 3, null, null],
    ]);
    expect(lives(where(1, 5))).toEqual([
      ['Alice', 3, null, null],
      ['Bob', 2, 1, null],
      ['Carol', 3, null, null],
    ]);
    // Carol leaves in round 5: still in as it plays, out at its (void) end and after.
    expect(lives(where(5, 2))[2]).toEqual(['Carol', 2, null, null]);
    expect(lives(where(5, 3))[2]).toEqual(['Carol', 2, null, 'left']);
    expect(lives(where(6, 0))[2]).toEqual(['Carol', 2, null, 'left']);
    expect(lives(where(7, 2))[0]).toEqual(['Alice', 0, 1, 'lives']);
  });

  it('passes the cup: the starter, then the next seat still in after each announcer, then the caller', () => {
    const cups = derived.steps.filter((s) => s.round === 1).map((s) => at(s.index).cupHolder);
    expect(cups).toEqual(['u1', 'u2', 'u3', 'u1', 'u2', 'u2']);
    expect(at(where(1, 2)).seats.map((s) => s.cup)).toEqual([false, false, true]);
    // Carol is gone in round 6: Alice's announcement goes to Bob.
    expect(at(where(6, 1)).cupHolder).toBe('u2');
    // Given up and timed out: the loser had the cup; a void round has nobody holding it.
    expect(at(where(4, 3)).cupHolder).toBe('u1');
    expect(at(where(3, 3)).cupHolder).toBe('u1');
    expect(at(where(5, 3)).cupHolder).toBeNull();
  });

  it('lists the round’s announcements so far, the latest marked, and the ending at the end step only', () => {
    const b = at(where(1, 2));
    expect(b.announcements.map((a) => [a.userId, a.value, a.dice, a.classification, a.latest])).toEqual([
      ['u1', 53, [5, 3], 'TRUTHFUL', false],
      ['u2', 62, [4, 1], 'OVER', true],
    ]);
    expect(b.ending).toBeNull();
    expect(at(where(1, 0)).announcements).toEqual([]);
    const end = at(where(1, 5));
    expect(end.announcements).toHaveLength(4);
    expect(end.announcements.some((a) => a.latest)).toBe(false);
    expect(end.ending).toEqual({
      end: 'CALL',
      reveal: { dice: [2, 2], outcome: 'CLAIM_HELD', callerId: 'u2', announcerId: 'u1' },
      loserId: 'u2',
      livesLost: 1,
      cause: 'WRONG_CALL',
    });
  });

  it('in the spoiler-free mode hides every announcement’s dice and verdict until its round’s reveal', () => {
    for (const s of derived.steps) {
      const hidden = at(s.index, true);
      const open = at(s.index, false);
      expect(hidden.announcements.map((a) => a.userId)).toEqual(open.announcements.map((a) => a.userId));
      if (s.kind === 'end') {
        expect(hidden.announcements).toEqual(open.announcements);
      } else {
        for (const a of hidden.announcements) expect([a.dice, a.classification]).toEqual([null, null]);
      }
      // Lives, the cup and the ending are no secret at their step.
      expect(hidden.seats).toEqual(open.seats);
      expect(hidden.ending).toEqual(open.ending);
    }
    const round1 = at(where(1, 4), true);
    expect(JSON.stringify(round1)).not.toMatch(/"dice":\[/);
  });

  it('tells the result at the last step only', () => {
    expect(derived.steps.slice(0, -1).every((s) => at(s.index).result === null)).toBe(true);
    expect(at(26).result).toEqual({
      winnerId: 'u2',
      places: [
        { userId: 'u2', place: 1 },
        { userId: 'u1', place: 2 },
        { userId: 'u3', place: 3 },
      ],
    });
  });

  it('moves by round and reads links, clamping what does not exist', () => {
    const { steps } = derived;
    expect(nextRound(steps, where(1, 3))).toBe(where(2, 0));
    expect(nextRound(steps, where(7, 0))).toBe(26);
    expect(previousRound(steps, where(3, 2))).toBe(where(2, 0));
    expect(previousRound(steps, where(1, 4))).toBe(0);
    expect(indexOf(steps, null, null)).toBe(0);
    expect(indexOf(steps, 3, 2)).toBe(11);
    expect(indexOf(steps, 3, null)).toBe(9);
    expect(indexOf(steps, 3, 99)).toBe(12);
    expect(indexOf(steps, 42, 1)).toBe(0);
  });

  it('cuts the lives chart after the rounds already over in the spoiler-free mode', () => {
    expect(roundsKnown(derived, 0, false)).toBe(7);
    expect(roundsKnown(derived, where(3, 1), true)).toBe(2);
    expect(roundsKnown(derived, where(3, 3), true)).toBe(3);
    expect(livesSeries(derived, 2).map((s) => s.values)).toEqual([
      [3, 3, 3, null, null, null, null, null],
      [3, 2, 2, null, null, null, null, null],
      [3, 3, 2, null, null, null, null, null],
    ]);
    expect(livesSeries(derived, 7).map((s) => s.values.at(-1))).toEqual([0, 1, 2]);
  });

  it('draws each step as the live table’s scene: the cup and its stage, the claim to beat, the reveal', () => {
    const scene = (i: number) => replayScene(game, at(i));
    const start = scene(where(1, 0));
    expect(start.cup).toMatchObject({ seat: 'u1', stage: 'announce' });
    expect([start.starter, start.standing, start.outcome]).toEqual(['u1', null, null]);
    const second = scene(where(1, 2));
    expect(second.cup).toMatchObject({ seat: 'u3', stage: 'respond' });
    expect(second.standing).toEqual({ player: 'u2', value: 62, kind: 'looked', odds: { rule: 'beat', percent: expect.any(Number) } });
    expect(second.seats.map((s) => [s.id, s.turn, s.said?.value ?? null, s.said?.standing ?? null])).toEqual([
      ['u1', false, 53, false],
      ['u2', false, 62, true],
      ['u3', true, null, null],
    ]);
    expect(scene(where(2, 1)).cup).toMatchObject({ seat: 'u1', stage: 'mia' });
    const end = scene(where(1, 5));
    expect([end.cup, end.standing]).toEqual([null, null]);
    expect(end.outcome).toEqual({
      round: 1,
      current: true,
      fresh: true,
      reveal: { dice: [2, 2], announced: 64, announcer: 'u1', by: 'u2', reason: 'call', outcome: 'claim-held' },
      end: 'call',
      losses: [{ player: 'u2', amount: 1, cause: 'wrong-call' }],
    });
    expect(scene(where(2, 2)).outcome!.reveal!.reason).toBe('mia-look');
    expect(scene(where(6, 0)).seats[2]!.out).toBe('left');
    const last = scene(26);
    expect([last.phase, last.winner, last.seats.map((s) => s.winner)]).toEqual(['over', 'u2', [false, true, false]]);
    expect(scene(25).phase).toBe('playing');
  });
});
