// The table's scene (web/src/components/table/scene.ts): what a spectator view draws as, pure.
import { atLeastProbability, beatProbability, rankingFor } from '@mia/engine';
import { describe, expect, it } from 'vitest';
import { seatPoint, towardCentre } from '../../web/src/components/table/layout';
import { oddsAgainst, tableScene } from '../../web/src/components/table/scene';
import { lobbyGame, playingView } from './fixtures';

describe('the ring', () => {
  it('puts the first seat at the top and goes clockwise, every seat inside the box and apart', () => {
    const points = [0, 1, 2, 3].map((i) => seatPoint(i, 4));
    expect(points).toEqual([
      { x: 50, y: 12 },
      { x: 90, y: 50 },
      { x: 50, y: 88 },
      { x: 10, y: 50 },
    ]);
    for (const n of [2, 3, 5, 7, 10]) {
      const ps = Array.from({ length: n }, (_, i) => seatPoint(i, n));
      for (const p of ps) {
        expect(p.x).toBeGreaterThanOrEqual(10);
        expect(p.x).toBeLessThanOrEqual(90);
        expect(p.y).toBeGreaterThanOrEqual(12);
        expect(p.y).toBeLessThanOrEqual(88);
      }
      expect(new Set(ps.map((p) => `${p.x},${p.y}`)).size).toBe(n);
    }
  });

  it('faces each seat toward the centre (a unit direction)', () => {
    expect(towardCentre(0, 4)).toEqual({ x: 0, y: 1 }); // the top seat looks down
    expect(towardCentre(1, 4)).toEqual({ x: -1, y: 0 }); // the right-hand seat looks left
    const d = towardCentre(1, 3);
    expect(Math.hypot(d.x, d.y)).toBeCloseTo(1, 1);
    expect(d.x).toBeLessThan(0);
    expect(d.y).toBeLessThan(0);
  });
});

describe('tableScene', () => {
  it('seats everyone in order, on the ring, with lives and who is out', () => {
    const scene = tableScene(playingView());
    expect(scene.phase).toBe('playing');
    expect(scene.round).toBe(3);
    expect(scene.seats.map((s) => [s.name, s.lives, s.out])).toEqual([
      ['Alice', 4, null],
      ['Bob', 8, null],
      ['Carol', 0, 'lives'],
      ['Dave', 6, null],
    ]);
    expect(scene.seats.map((s) => s.at)).toEqual([0, 1, 2, 3].map((i) => seatPoint(i, 4)));
    expect(scene.emptySeats).toEqual([]);
  });

  it('puts the cup at the seat whose turn it is, facing the centre, with the stage', () => {
    const scene = tableScene(playingView());
    expect(scene.cup).toEqual({ seat: '2', stage: 'respond', at: seatPoint(1, 4), facing: towardCentre(1, 4) });
    expect(scene.seats.filter((s) => s.turn).map((s) => s.id)).toEqual(['2']);
    // The cup follows the turn: Dave's move next.
    const view = playingView();
    view.round = { ...view.round!, actor: '4', stage: 'roll' };
    expect(tableScene(view).cup).toMatchObject({ seat: '4', stage: 'roll', at: seatPoint(3, 4) });
  });

  it('gives each seat its newest announcement of the round, the last one standing', () => {
    const view = playingView();
    view.round!.announcements = [
      { player: '4', value: 42, kind: 'looked' },
      { player: '1', value: 62, kind: 'blind' },
      { player: '2', value: 63, kind: 'looked' },
      { player: '4', value: 64, kind: 'pass' },
    ];
    view.round!.actor = '1';
    const said = Object.fromEntries(tableScene(view).seats.map((s) => [s.name, s.said]));
    expect(said).toEqual({
      Alice: { value: 62, kind: 'blind', standing: false, index: 1 },
      Bob: { value: 63, kind: 'looked', standing: false, index: 2 },
      Carol: null,
      Dave: { value: 64, kind: 'pass', standing: true, index: 3 },
    });
  });

  it('stands the newest announcement in the middle with the chance one roll beats it, from the engine’s odds', () => {
    const scene = tableScene(playingView());
    const ranking = rankingFor(playingView().settings.ranking);
    expect(scene.standing).toEqual({ player: '1', value: 62, kind: 'blind', odds: { rule: 'beat', percent: Math.round(beatProbability(ranking, 62) * 100) } });
    expect(scene.standing!.odds.percent).toBe(39); // Mia, six doubles, 65, 64, 63: 14 of 36
    // Where equal announcements are allowed, what counts is matching it or better.
    const atLeast = playingView();
    atLeast.settings = { ...atLeast.settings, announceRule: 'at-least' };
    expect(tableScene(atLeast).standing!.odds).toEqual({ rule: 'reach', percent: Math.round(atLeastProbability(ranking, 62) * 100) });
    // Nothing beats Mia.
    expect(oddsAgainst(playingView(), 21)).toEqual({ rule: 'beat', percent: 0 });
    expect(oddsAgainst(playingView(), 7)).toBeNull(); // not a roll: no odds rather than a broken table
  });

  it('lists the round’s announcements for the log, and who starts while nobody has announced', () => {
    expect(tableScene(playingView()).announcements.map((a) => a.value)).toEqual([42, 62]);
    const view = playingView();
    view.round = { ...view.round!, announcements: [], actor: '4', stage: 'announce' };
    const scene = tableScene(view);
    expect(scene.starter).toBe('4');
    expect(scene.standing).toBeNull();
    expect(tableScene(playingView()).starter).toBeNull();
  });

  it('shows the last round’s reveal and lost lives as news until the next announcement', () => {
    // Round 3 under way (two announcements): last round's ending is history, no loss marks.
    const later = tableScene(playingView());
    expect(later.outcome).toMatchObject({ round: 2, current: false, fresh: false, reveal: { dice: [5, 3] } });
    expect(later.seats.every((s) => s.lost === null)).toBe(true);
    // Right after the call: round 3 has begun, nothing announced yet: the news.
    const view = playingView();
    view.round = { ...view.round!, announcements: [], actor: '3', stage: 'announce' };
    const fresh = tableScene(view);
    expect(fresh.outcome).toMatchObject({ round: 2, fresh: true, losses: [{ player: '3', amount: 1, cause: 'caught-bluffing' }] });
    expect(fresh.seats.find((s) => s.id === '3')!.lost).toEqual({ player: '3', amount: 1, cause: 'caught-bluffing' });
    expect(fresh.seats.filter((s) => s.lost).length).toBe(1);
  });

  it('once over: the winner, no cup, the final round as news', () => {
    const view = playingView({ phase: 'over', result: { winner: '1', ranking: [] }, round: { ...playingView().lastRound!, number: 9 } });
    const scene = tableScene(view);
    expect(scene.phase).toBe('over');
    expect(scene.winner).toBe('1');
    expect(scene.seats.filter((s) => s.winner).map((s) => s.name)).toEqual(['Alice']);
    expect(scene.cup).toBeNull();
    expect(scene.outcome).toMatchObject({ round: 9, current: true, fresh: true });
    expect(scene.round).toBe(9);
  });

  it('a game stopped before its end: no cup, no turn, no standing claim', () => {
    const scene = tableScene(playingView(), { ended: true });
    expect(scene.phase).toBe('stopped');
    expect(scene.cup).toBeNull();
    expect(scene.standing).toBeNull();
    expect(scene.seats.some((s) => s.turn || s.said)).toBe(false);
  });

  it('a lobby: who joined, and free chairs until enough are seated (one while there is room)', () => {
    const lobby = tableScene(lobbyGame().view);
    expect(lobby.phase).toBe('lobby');
    expect(lobby.seats.map((s) => s.name)).toEqual(['Eve', 'Frank']);
    expect(lobby.lobby).toEqual({ seated: 2, max: 10, min: 2 });
    expect(lobby.emptySeats).toEqual([seatPoint(2, 3)]); // enough to start: one free chair
    expect(lobby.cup).toBeNull();
    expect(lobby.outcome).toBeNull();
    const view = lobbyGame().view;
    const alone = tableScene({ ...view, settings: { ...view.settings, minPlayers: 4 }, seats: view.seats.slice(0, 1) });
    expect(alone.emptySeats).toHaveLength(3);
    const full = tableScene({ ...view, settings: { ...view.settings, maxPlayers: 2 } });
    expect(full.emptySeats).toEqual([]);
  });
});
