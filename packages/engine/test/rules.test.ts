/**
 * One test per rule and per setting of shared/design/rules.md (the authority), grouped by its
 * sections. Dice and the first starter are forced with a scripted Rng (see helpers.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  aiAction,
  ANNOUNCEMENT_CLASSES,
  apply,
  bluffRate,
  classifyAnnouncement,
  DEFAULT_SETTINGS,
  formatClaim,
  isValue,
  legalMoves,
  LOSS_CAUSES,
  makeDice,
  MIA,
  parseClaim,
  playerView,
  rankingFor,
  RANKING_PRESETS,
  redactEvent,
  replay,
  resolveSettings,
  seededRng,
  spectatorView,
  STRATEGY_NAMES,
  strategyFor,
  valueOf,
  type Action,
  type GameEvent,
  type GameState,
  type RankingOptions,
  type SettingsInput,
} from '../src';
import { act, applyAll, applyOk, applyRejected, draws, eventsOfType, lobby, noRng, rolling, scriptedRng, seat, startedGame, livesOf } from './helpers';

const ABC = ['A', 'B', 'C'];

const CLASSIC = rankingFor(RANKING_PRESETS.classic);
const ELEVEN_HIGH = rankingFor(RANKING_PRESETS['rules-site']);
const LITTLE_MIA = rankingFor(RANKING_PRESETS.meyer);
const SUM = rankingFor({ doubles: '66-high', littleMia: false, sum: true });

const CLASSIC_ORDER = [21, 66, 55, 44, 33, 22, 11, 65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32, 31];
const ELEVEN_HIGH_ORDER = [21, 11, 22, 33, 44, 55, 66, 65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32, 31];

/** The settings a created game ends up with. */
function createdSettings(settings?: SettingsInput) {
  return applyOk(null, { type: 'create', creator: 'A', ...(settings ? { settings } : {}) }).state.settings;
}

/** The rejection code for creating a game with these settings (null when accepted). */
function createRefusal(settings: unknown): string | null {
  const result = apply(null, { type: 'create', creator: 'A', settings: settings as SettingsInput }, noRng);
  return result.ok ? null : result.rejection.code;
}

/** Paths of secret fields (dice, cup, bluff class) anywhere in `value`, outside a `reveal`. */
function secretPaths(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretPaths(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const found: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key === 'reveal') continue; // revealed dice are public by definition
    if (['dice', 'cup', 'class', 'myDice', 'myAnnouncements'].includes(key) && v !== null) found.push(`${path}.${key}`);
    found.push(...secretPaths(v, `${path}.${key}`));
  }
  return found;
}

// ---------------------------------------------------------------------------------------------

describe('Dice and values', () => {
  it('two dice under a cup: a roll draws two dice of 1 to 6, seen only by the roller', () => {
    // The starter's roll, dealt as the round starts.
    const rng = scriptedRng([0, ...draws(6, 1)]);
    const { state, events } = applyOk(lobby(), { type: 'start' }, rng);
    expect(rng.calls).toEqual([3, 6, 6]);
    expect(events.at(-1)).toEqual({ type: 'diceRolled', player: 'A', dice: [6, 1], looked: true });
    expect(state.round!.cup).toEqual({ dice: [6, 1], lookedBy: 'A' });
    expect(spectatorView(state).round).not.toHaveProperty('cup');
    // A receiver who believed rolls the same way.
    const believed = applyAll(state, [act.announce('A', 61), act.believe('B')]).state;
    const again = scriptedRng(draws(2, 5));
    const rolled = applyOk(believed, act.roll('B'), again);
    expect(again.calls).toEqual([6, 6]);
    expect(rolled.events).toEqual([{ type: 'diceRolled', player: 'B', dice: [5, 2], looked: true }]);
    expect(rolled.state.round!.cup).toEqual({ dice: [5, 2], lookedBy: 'B' });
  });

  it("a roll's value is the higher die times ten plus the lower: 5 and 3 is 53, never 35 or 8", () => {
    expect(valueOf(makeDice(3, 5))).toBe(53);
    expect(valueOf(makeDice(5, 3))).toBe(53);
    expect(isValue(35)).toBe(false);
    expect(isValue(8)).toBe(false);
    // Dice falling 3 then 5 lie as [5, 3], and announcing 53 on them is the truth.
    const rolled = startedGame(ABC, { dice: [3, 5] });
    expect(rolled.round!.cup).toEqual({ dice: [5, 3], lookedBy: 'A' });
    const { state } = applyAll(rolled, [act.announce('A', 53)]);
    expect(state.round!.announcements[0]).toMatchObject({ value: 53, dice: [5, 3], class: 'truthful' });
    // 35 is no value at all.
    expect(applyRejected(rolled, act.announce('A', 35)).code).toBe('invalid-value');
  });

  it('2 and 1 is 21, called Mia', () => {
    expect(valueOf(makeDice(1, 2))).toBe(21);
    expect(MIA).toBe(21);
    expect(CLASSIC.shape(21)).toEqual({ kind: 'mia' });
    expect(formatClaim(CLASSIC, 21)).toBe('Mia');
    expect(parseClaim(CLASSIC, 'Mia')).toBe(21);
    expect(parseClaim(CLASSIC, '12')).toBe(21);
    // Announcing Mia sends the receiver to the Mia choice.
    const { state } = applyAll(startedGame(ABC, { dice: [1, 2] }), [act.announce('A', 21)]);
    expect(state.round!.announcements[0]).toMatchObject({ value: 21, dice: [2, 1], class: 'truthful' });
    expect(state.round).toMatchObject({ actor: 'B', stage: 'mia' });
  });

  it('classic ranking, highest first, is exactly 21, 66, 55, 44, 33, 22, 11, 65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32, 31 (the default)', () => {
    expect(CLASSIC.claims).toEqual(CLASSIC_ORDER);
    expect(CLASSIC.classes).toEqual(CLASSIC_ORDER.map((v) => [v]));
    for (let i = 0; i + 1 < CLASSIC_ORDER.length; i++) {
      expect(CLASSIC.compare(CLASSIC_ORDER[i]!, CLASSIC_ORDER[i + 1]!)).toBeGreaterThan(0);
    }
    expect(createdSettings().ranking).toEqual(RANKING_PRESETS.classic);
    // The game uses it: after 11, 65 is not higher; after 65, 11 is.
    const after11 = applyAll(startedGame(ABC, { dice: [1, 1] }), [act.announce('A', 11), act.believe('B'), act.roll('B')], [[6, 5]]).state;
    expect(applyRejected(after11, act.announce('B', 65)).code).toBe('not-higher');
    applyOk(after11, act.announce('B', 22));
  });

  it('parseClaim reads what players type ("53", "35" as 53, "mia", points only in sum mode, little Mia only with it)', () => {
    expect(parseClaim(CLASSIC, '53')).toBe(53);
    expect(parseClaim(CLASSIC, ' 35 ')).toBe(53);
    expect(parseClaim(CLASSIC, 'MIA')).toBe(21);
    expect(parseClaim(CLASSIC, '77')).toBeNull();
    expect(parseClaim(CLASSIC, '8 points')).toBeNull();
    expect(parseClaim(CLASSIC, 'little mia')).toBeNull();
    expect(parseClaim(LITTLE_MIA, 'little mia')).toBe(31);
    expect(parseClaim(LITTLE_MIA, 'Lille Meyer')).toBe(31);
    expect(parseClaim(SUM, '8 points')).toBe(62);
    expect(parseClaim(SUM, '8p')).toBe(62);
    expect(parseClaim(SUM, '35')).toBe(62);
    expect(parseClaim(SUM, '3 points')).toBeNull();
  });

  it('formatClaim names a claim: Mia, little Mia, doubles, points in sum mode, else the value', () => {
    expect(formatClaim(CLASSIC, 21)).toBe('Mia');
    expect(formatClaim(CLASSIC, 66)).toBe('66');
    expect(formatClaim(CLASSIC, 53)).toBe('53');
    expect(formatClaim(CLASSIC, 31)).toBe('31');
    expect(formatClaim(LITTLE_MIA, 31)).toBe('little Mia');
    expect(formatClaim(SUM, 53)).toBe('8 points');
    expect(formatClaim(SUM, 62)).toBe('8 points');
    expect(formatClaim(SUM, 11)).toBe('11');
  });
});

// ---------------------------------------------------------------------------------------------

describe('Ranking settings', () => {
  it('doubles order 66-high is the default: 66 is the best double, 11 the worst', () => {
    expect(DEFAULT_SETTINGS.ranking.doubles).toBe('66-high');
    expect(CLASSIC.claims.filter((v) => v % 11 === 0)).toEqual([66, 55, 44, 33, 22, 11]);
  });

  it('doubles order 11-high: 21, 11, 22, 33, 44, 55, 66, 65, …, 31', () => {
    const ranking = rankingFor({ doubles: '11-high', littleMia: false, sum: false });
    expect(ranking.claims).toEqual(ELEVEN_HIGH_ORDER);
    // In a game: 11 beats 66.
    const g = startedGame(['A', 'B'], { settings: { ranking: { doubles: '11-high' } }, dice: [6, 6] });
    const { state } = applyAll(g, [act.announce('A', 66), act.believe('B'), act.roll('B'), act.announce('B', 11)], [[1, 1]]);
    expect(state.round!.announcements.map((a) => a.value)).toEqual([66, 11]);
  });

  it('little Mia: 31 ranks second, right after 21', () => {
    const ranking = rankingFor({ doubles: '66-high', littleMia: true, sum: false });
    expect(ranking.claims.slice(0, 3)).toEqual([21, 31, 66]);
    expect(ranking.compare(31, 66)).toBeGreaterThan(0);
    expect(ranking.compare(21, 31)).toBeGreaterThan(0);
    // In a game: 31 beats 66, and only Mia beats 31.
    const g = startedGame(['A', 'B', 'C'], { settings: { ranking: { littleMia: true } }, dice: [6, 6] });
    const { state } = applyAll(g, [act.announce('A', 66), act.believe('B'), act.roll('B'), act.announce('B', 31)], [[3, 1]]);
    expect(legalMoves(applyOk(state, act.believe('C')).state, 'C')).toEqual({ stage: 'roll', claims: [21] });
  });

  it('little Mia: 32 is then the lowest roll', () => {
    const ranking = rankingFor({ doubles: '66-high', littleMia: true, sum: false });
    expect(ranking.claims).toEqual([21, 31, 66, 55, 44, 33, 22, 11, 65, 64, 63, 62, 61, 54, 53, 52, 51, 43, 42, 41, 32]);
    for (const v of ranking.claims) if (v !== 32) expect(ranking.compare(v, 32)).toBeGreaterThan(0);
  });

  it('sum mode: 62 and 53 are both "8 points", equal', () => {
    expect(SUM.compare(62, 53)).toBe(0);
    expect(SUM.canonical(53)).toBe(SUM.canonical(62));
    expect(SUM.shape(53)).toEqual({ kind: 'points', points: 8 });
    expect(SUM.shape(62)).toEqual({ kind: 'points', points: 8 });
    expect(CLASSIC.compare(62, 53)).toBeGreaterThan(0);
  });

  it('sum mode: 8 points rank above 7 points (61, 52, 43)', () => {
    for (const eight of [62, 53]) for (const seven of [61, 52, 43]) expect(SUM.compare(eight, seven)).toBeGreaterThan(0);
    expect(SUM.compare(61, 52)).toBe(0);
    expect(SUM.compare(52, 43)).toBe(0);
    // In a game: 8 points may follow 7 points.
    const g = startedGame(['A', 'B'], { settings: { ranking: { sum: true } }, dice: [4, 3] });
    applyAll(g, [act.announce('A', 43), act.believe('B'), act.roll('B'), act.announce('B', 53)], [[5, 3]]);
  });

  it('sum mode: 8 points rank below 9 points (63, 54)', () => {
    for (const eight of [62, 53]) for (const nine of [63, 54]) expect(SUM.compare(eight, nine)).toBeLessThan(0);
    expect(SUM.compare(63, 54)).toBe(0);
    // In a game: 8 points may not follow 9 points.
    const g = startedGame(['A', 'B'], { settings: { ranking: { sum: true } }, dice: [5, 4] });
    const { state } = applyAll(g, [act.announce('A', 54), act.believe('B'), act.roll('B')], [[6, 2]]);
    expect(applyRejected(state, act.announce('B', 62)).code).toBe('not-higher');
    expect(applyRejected(state, act.announce('B', 63)).code).toBe('not-higher');
  });

  it('sum mode: Mia and the doubles keep their places', () => {
    expect(SUM.classes.slice(0, 7)).toEqual([[21], [66], [55], [44], [33], [22], [11]]);
    const sumElevenHigh = rankingFor({ doubles: '11-high', littleMia: false, sum: true });
    expect(sumElevenHigh.classes.slice(0, 7)).toEqual([[21], [11], [22], [33], [44], [55], [66]]);
    // Below the doubles, classes by points, highest first.
    expect(SUM.classes.slice(7)).toEqual([[65], [64], [63, 54], [62, 53], [61, 52, 43], [51, 42], [41, 32], [31]]);
  });

  it('sum mode: announcements name a points class (announcing 53 records the canonical claim of the class)', () => {
    const g = startedGame(['A', 'B', 'C'], { settings: { ranking: { sum: true } }, dice: [5, 3] });
    const { state, events } = applyAll(g, [act.announce('A', 53)]);
    const canonical = SUM.canonical(53);
    expect(canonical).toBe(62);
    expect(eventsOfType(events, 'announced')[0]).toMatchObject({ value: canonical, dice: [5, 3], class: 'truthful' });
    expect(state.round!.announcements[0]!.value).toBe(canonical);
    // The other member of the class names the same claim, so it is not higher.
    const b = applyAll(state, [act.believe('B'), act.roll('B')], [[6, 3]]).state;
    expect(applyRejected(b, act.announce('B', 62)).code).toBe('not-higher');
    expect(applyRejected(b, act.announce('B', 53)).code).toBe('not-higher');
    // Legal claims are one per class.
    const moves = legalMoves(b, 'B');
    expect(moves.stage === 'announce' && moves.claims).toEqual([21, 66, 55, 44, 33, 22, 11, 65, 64, 63]);
    // A blind pass names the class too: passing "53" on "8 points" records 8 points again.
    const passing = startedGame(['A', 'B', 'C'], { settings: { ranking: { sum: true }, blindPass: true }, dice: [5, 3] });
    const passed = applyAll(passing, [act.announce('A', 62), act.pass('B', 53)]);
    expect(passed.state.round!.announcements.map((a) => [a.player, a.value, a.kind])).toEqual([
      ['A', 62, 'looked'],
      ['B', 62, 'pass'],
    ]);
  });

  it('ranking settings combine (11-high doubles + little Mia + sum mode)', () => {
    const options: RankingOptions = { doubles: '11-high', littleMia: true, sum: true };
    const ranking = rankingFor(options);
    expect(ranking.classes).toEqual([[21], [31], [11], [22], [33], [44], [55], [66], [65], [64], [63, 54], [62, 53], [61, 52, 43], [51, 42], [41, 32]]);
    expect(createdSettings({ ranking: options }).ranking).toEqual(options);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Presets', () => {
  it('classic is the defaults (66-high doubles, no little Mia, no sum mode)', () => {
    expect(RANKING_PRESETS.classic).toEqual({ doubles: '66-high', littleMia: false, sum: false });
    expect(DEFAULT_SETTINGS.ranking).toEqual(RANKING_PRESETS.classic);
    expect(createdSettings({ ranking: 'classic' })).toEqual(createdSettings());
    expect(rankingFor(createdSettings({ ranking: 'classic' }).ranking).claims).toEqual(CLASSIC_ORDER);
  });

  it('rules-site is 11-high doubles', () => {
    expect(RANKING_PRESETS['rules-site']).toEqual({ doubles: '11-high', littleMia: false, sum: false });
    const settings = createdSettings({ ranking: 'rules-site' });
    expect(settings.ranking).toEqual({ doubles: '11-high', littleMia: false, sum: false });
    expect(ELEVEN_HIGH.claims).toEqual(ELEVEN_HIGH_ORDER);
  });

  it('meyer is little Mia', () => {
    expect(RANKING_PRESETS.meyer).toEqual({ doubles: '66-high', littleMia: true, sum: false });
    const settings = createdSettings({ ranking: 'meyer' });
    expect(settings.ranking).toEqual({ doubles: '66-high', littleMia: true, sum: false });
    expect(rankingFor(settings.ranking).claims[1]).toBe(31);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Players and lives', () => {
  it('2 to 10 players: two may start, one may not (too-few-players)', () => {
    expect(applyRejected(lobby(['A']), { type: 'start' }, scriptedRng([0])).code).toBe('too-few-players');
    const { state, events } = applyOk(lobby(['A', 'B']), { type: 'start' }, scriptedRng([1, ...draws(5, 2)]));
    expect(events).toEqual([
      { type: 'gameStarted', players: ['A', 'B'] },
      { type: 'roundStarted', round: 1, starter: 'B' },
      { type: 'diceRolled', player: 'B', dice: [5, 2], looked: true },
    ]);
    expect(state.phase).toBe('playing');
  });

  it('2 to 10 players: the table is full at 10 (table-full)', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const state = lobby(ten);
    expect(state.seats).toHaveLength(10);
    expect(applyRejected(state, { type: 'join', player: 'p10', name: 'p10' }).code).toBe('table-full');
    expect(applyOk(state, { type: 'start' }, scriptedRng([9, ...draws(1, 1)])).state.round!.starter).toBe('p9');
  });

  it('setting minPlayers: a game cannot start with fewer players', () => {
    const two = lobby(['A', 'B'], { minPlayers: 3 });
    expect(applyRejected(two, { type: 'start' }, scriptedRng([0])).code).toBe('too-few-players');
    const three = applyOk(two, { type: 'join', player: 'C', name: 'C' }).state;
    applyOk(three, { type: 'start' }, scriptedRng([0, ...draws(1, 1)]));
  });

  it('setting maxPlayers: the table is full at that many', () => {
    const state = lobby(['A', 'B', 'C'], { maxPlayers: 3 });
    expect(applyRejected(state, { type: 'join', player: 'D', name: 'D' }).code).toBe('table-full');
    expect(state.seats.map((p) => p.id)).toEqual(['A', 'B', 'C']);
  });

  it('seats follow the join order; play passes to the next seat ("to the left") and wraps around', () => {
    const g = startedGame(['X', 'Y', 'Z'], { starter: 'Y', dice: [4, 1] });
    expect(g.seats.map((p) => p.id)).toEqual(['X', 'Y', 'Z']);
    const { state } = applyAll(g, [act.announce('Y', 41), act.believe('Z'), act.roll('Z'), act.announce('Z', 42)], [[4, 2]]);
    // After Y comes Z, after the last seat Z comes the first, X.
    expect(state.round!.announcements.map((a) => a.player)).toEqual(['Y', 'Z']);
    expect(state.round!.actor).toBe('X');
  });

  it('everyone starts with 6 lives by default', () => {
    expect(DEFAULT_SETTINGS.lives).toBe(6);
    expect(startedGame().seats.map((p) => p.lives)).toEqual([6, 6, 6]);
  });

  it('setting lives: 1 to 12', () => {
    expect(startedGame(['A', 'B'], { settings: { lives: 1 } }).seats.map((p) => p.lives)).toEqual([1, 1]);
    expect(startedGame(['A', 'B'], { settings: { lives: 12 } }).seats.map((p) => p.lives)).toEqual([12, 12]);
    expect(createRefusal({ lives: 0 })).toBe('invalid-settings');
    expect(createRefusal({ lives: 13 })).toBe('invalid-settings');
  });

  it('a player at 0 lives is out', () => {
    const g = startedGame(['A', 'B', 'C'], { settings: { lives: 1 }, dice: [6, 6] });
    const { state, events } = applyAll(g, [act.announce('A', 66), act.call('B')], [[3, 1]]);
    expect(events.slice(-5)).toEqual([
      { type: 'lifeLost', player: 'B', amount: 1, cause: 'wrong-call', lives: 0 },
      { type: 'playerOut', player: 'B', reason: 'lives' },
      { type: 'roundEnded', round: 1, end: 'call' },
      { type: 'roundStarted', round: 2, starter: 'C' },
      { type: 'diceRolled', player: 'C', dice: [3, 1], looked: true },
    ]);
    expect(seat(state, 'B')).toMatchObject({ lives: 0, out: { reason: 'lives', order: 1, round: 1 } });
  });

  it('a player who is out is skipped from then on (and may not act)', () => {
    const g = startedGame(['A', 'B', 'C'], { settings: { lives: 1 }, dice: [6, 6] });
    const out = applyAll(g, [act.announce('A', 66), act.call('B')], [[4, 1]]).state; // B out, C starts
    const { state } = applyAll(out, [act.announce('C', 41)]);
    expect(state.round!.actor).toBe('A'); // after C comes A
    const next = applyAll(state, [act.believe('A'), act.roll('A'), act.announce('A', 42)], [[4, 2]]).state;
    expect(next.round!.actor).toBe('C'); // after A comes C, not B
    expect(applyRejected(next, act.call('B')).code).toBe('player-out');
  });

  it('end (default last-standing): the game goes on until one player is left, the winner', () => {
    expect(DEFAULT_SETTINGS.endRule).toBe('last-standing');
    const g = startedGame(['A', 'B', 'C'], { settings: { lives: 1 }, dice: [6, 6] });
    const first = applyAll(g, [act.announce('A', 66), act.call('B')], [[3, 1]]);
    expect(first.state.phase).toBe('playing'); // one out, two left: the game goes on
    expect(first.state.round).toMatchObject({ number: 2, starter: 'C' });
    const { state, events } = applyAll(first.state, [act.announce('C', 66), act.call('A')]); // over: no dice dealt
    const ranking = [
      { player: 'A', place: 1, lives: 1 },
      { player: 'C', place: 2, lives: 0 },
      { player: 'B', place: 3, lives: 0 },
    ];
    expect(events.slice(-2)).toEqual([
      { type: 'roundEnded', round: 2, end: 'call' },
      { type: 'gameOver', winner: 'A', ranking },
    ]);
    expect(state.phase).toBe('over');
    expect(state.result).toEqual({ winner: 'A', ranking });
    expect(applyRejected(state, act.roll('A')).code).toBe('not-playing');
  });

  it('end setting first-out: the game ends as soon as one player loses their last life', () => {
    const g = startedGame(['A', 'B', 'C'], { settings: { lives: 1, endRule: 'first-out' }, dice: [6, 6] });
    const { state, perAction } = applyAll(g, [act.announce('A', 66), act.call('B')]);
    expect(perAction.at(-1)!.map((e) => e.type)).toEqual(['revealed', 'lifeLost', 'playerOut', 'roundEnded', 'gameOver']);
    expect(state.phase).toBe('over');
    expect(state.seats.filter((p) => p.out === null).map((p) => p.id)).toEqual(['A', 'C']);
  });

  it('end setting first-out: that player loses and the rest are ranked by lives left (ties share a place)', () => {
    const g = startedGame(['A', 'B', 'C', 'D'], { settings: { lives: 2, endRule: 'first-out' }, starter: 'A', dice: [3, 1] });
    const { state, events } = applyAll(
      g,
      [
        act.announce('A', 66),
        act.call('B'), // A caught: A 1; B starts
        act.announce('B', 66),
        act.call('C'), // wrong call: C 1; D starts
        act.announce('D', 66),
        act.call('A'), // wrong call: A 0, out: game over
      ],
      [
        [6, 6],
        [6, 6],
      ],
    );
    const ranking = [
      { player: 'B', place: 1, lives: 2 },
      { player: 'D', place: 1, lives: 2 },
      { player: 'C', place: 3, lives: 1 },
      { player: 'A', place: 4, lives: 0 },
    ];
    expect(events.at(-1)).toEqual({ type: 'gameOver', winner: null, ranking });
    expect(state.result).toEqual({ winner: null, ranking });
  });
});

// ---------------------------------------------------------------------------------------------

describe('A round', () => {
  it("the first round's starter is chosen at random (one rng draw over the seats), then rolls", () => {
    for (const [i, id] of ['A', 'B', 'C', 'D'].entries()) {
      const rng = scriptedRng([i, ...draws(6, 3)]);
      const { state, events } = applyOk(lobby(['A', 'B', 'C', 'D']), { type: 'start' }, rng);
      expect(rng.calls).toEqual([4, 6, 6]);
      expect(events.slice(1)).toEqual([
        { type: 'roundStarted', round: 1, starter: id },
        { type: 'diceRolled', player: id, dice: [6, 3], looked: true },
      ]);
      expect(state.round).toMatchObject({ number: 1, starter: id, actor: id, stage: 'announce', cup: { dice: [6, 3], lookedBy: id } });
    }
  });

  it('the starter rolls secretly and looks: the round starts with their dice in hand, and they must announce', () => {
    const g = startedGame(['A', 'B', 'C'], { dice: [3, 5] });
    expect(g.round).toMatchObject({ actor: 'A', stage: 'announce', cup: { dice: [5, 3], lookedBy: 'A' }, announcements: [] });
    expect(playerView(g, 'A').myDice).toEqual([5, 3]);
    expect(playerView(g, 'B').myDice).toBeNull();
    expect(spectatorView(g).round).not.toHaveProperty('cup');
    expect(legalMoves(g, 'A')).toEqual({ stage: 'announce', claims: CLASSIC_ORDER });
    // Always looked: no second roll, and no announcing blind either.
    expect(applyRejected(g, act.roll('A'), scriptedRng(draws(1, 1))).code).toBe('wrong-stage');
    expect(applyRejected(g, act.blind('A', 53), scriptedRng(draws(1, 1))).code).toBe('wrong-stage');
    applyOk(g, act.announce('A', 53));
  });

  it('the starter announces a value: the truth, something higher, or something lower', () => {
    for (const [value, cls] of [
      [53, 'truthful'],
      [64, 'over'],
      [31, 'under'],
    ] as const) {
      const { state, events } = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', value)]);
      expect(events).toEqual([{ type: 'announced', player: 'A', value, kind: 'looked', dice: [5, 3], class: cls }]);
      expect(state.round!.announcements).toEqual([{ player: 'A', value, kind: 'looked', dice: [5, 3], class: cls }]);
    }
  });

  it('the cup passes to the next player, the receiver', () => {
    const { state } = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 53)]);
    expect(state.round).toMatchObject({ actor: 'B', stage: 'respond' });
    expect(legalMoves(state, 'B')).toEqual({ stage: 'respond', announced: 53, passClaims: [] });
    expect(legalMoves(state, 'A')).toEqual({ stage: 'none' });
  });

  it('believes: rolls again secretly and announces a value higher than the last announcement', () => {
    const announced = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 53)]).state;
    const believed = applyOk(announced, act.believe('B'));
    expect(believed.events).toEqual([{ type: 'believed', player: 'B' }]);
    expect(believed.state.round).toMatchObject({ actor: 'B', stage: 'roll' });
    const rolled = applyAll(believed.state, [act.roll('B')], [[2, 2]]).state;
    expect(rolled.round!.cup).toEqual({ dice: [2, 2], lookedBy: 'B' });
    expect(applyRejected(rolled, act.announce('B', 52)).code).toBe('not-higher');
    expect(applyRejected(rolled, act.announce('B', 53)).code).toBe('not-higher');
    const moves = legalMoves(rolled, 'B');
    expect(moves.stage === 'announce' && moves.claims).toEqual(CLASSIC_ORDER.slice(0, CLASSIC_ORDER.indexOf(53)));
    const { state } = applyOk(rolled, act.announce('B', 54));
    expect(state.round!.announcements.map((a) => [a.player, a.value, a.class])).toEqual([
      ['A', 53, 'truthful'],
      ['B', 54, 'under'],
    ]);
    expect(state.round).toMatchObject({ actor: 'C', stage: 'respond' });
  });

  it('believes: they may roll without looking and announce blind', () => {
    const announced = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 53)]).state;
    const believed = applyOk(announced, act.believe('B')).state;
    expect(applyRejected(believed, act.blind('B', 52), noRng).code).toBe('not-higher'); // still higher than 53
    const rng = scriptedRng(draws(1, 4));
    const { state, events } = applyOk(believed, act.blind('B', 61), rng);
    expect(rng.calls).toEqual([6, 6]);
    expect(events).toEqual([
      { type: 'diceRolled', player: 'B', dice: [4, 1], looked: false },
      { type: 'announced', player: 'B', value: 61, kind: 'blind', dice: [4, 1], class: 'blind' },
    ]);
    expect(state.round!.cup).toEqual({ dice: [4, 1], lookedBy: null });
    expect(playerView(state, 'B').myDice).toBeNull(); // B never saw them
    expect(state.round).toMatchObject({ actor: 'C', stage: 'respond' });
  });

  it('calls "liar": the dice are revealed', () => {
    const announced = applyAll(startedGame(ABC, { dice: [4, 2] }), [act.announce('A', 53)]).state;
    const { state, events } = applyOk(announced, act.call('B'), rolling([1, 1]));
    const reveal = { dice: [4, 2], announced: 53, announcer: 'A', by: 'B', reason: 'call', outcome: 'bluff-caught' };
    expect(events[0]).toEqual({ type: 'revealed', round: 1, ...reveal });
    expect(state.lastRound!.reveal).toEqual(reveal);
    expect(spectatorView(state).lastRound!.reveal).toEqual(reveal);
  });

  it('calls "liar": if the dice are below the announcement, the announcer loses a life and the receiver starts the next round', () => {
    const announced = applyAll(startedGame(ABC, { dice: [5, 2] }), [act.announce('A', 53)]).state;
    const { state, events } = applyOk(announced, act.call('B'), rolling([6, 4]));
    expect(events).toEqual([
      { type: 'revealed', round: 1, dice: [5, 2], announced: 53, announcer: 'A', by: 'B', reason: 'call', outcome: 'bluff-caught' },
      { type: 'lifeLost', player: 'A', amount: 1, cause: 'caught-bluffing', lives: 5 },
      { type: 'roundEnded', round: 1, end: 'call' },
      { type: 'roundStarted', round: 2, starter: 'B' },
      { type: 'diceRolled', player: 'B', dice: [6, 4], looked: true },
    ]);
    expect(livesOf(state)).toEqual({ A: 5, B: 6, C: 6 });
    expect(state.round).toMatchObject({
      number: 2,
      starter: 'B',
      actor: 'B',
      stage: 'announce',
      cup: { dice: [6, 4], lookedBy: 'B' },
      announcements: [],
    });
  });

  it('calls "liar": if the dice are equal to or above the announcement, the receiver loses a life and the player after the receiver starts', () => {
    for (const dice of [
      [5, 3],
      [6, 1],
    ] as const) {
      const announced = applyAll(startedGame(ABC, { dice }), [act.announce('A', 53)]).state;
      const { state, events } = applyOk(announced, act.call('B'), rolling([2, 2]));
      expect(events).toEqual([
        { type: 'revealed', round: 1, dice, announced: 53, announcer: 'A', by: 'B', reason: 'call', outcome: 'claim-held' },
        { type: 'lifeLost', player: 'B', amount: 1, cause: 'wrong-call', lives: 5 },
        { type: 'roundEnded', round: 1, end: 'call' },
        { type: 'roundStarted', round: 2, starter: 'C' },
        { type: 'diceRolled', player: 'C', dice: [2, 2], looked: true },
      ]);
      expect(livesOf(state)).toEqual({ A: 6, B: 5, C: 6 });
      expect(state.round).toMatchObject({ actor: 'C', stage: 'announce', cup: { dice: [2, 2], lookedBy: 'C' } });
    }
  });

  it('passes blind is a setting, off by default: refused when off', () => {
    expect(DEFAULT_SETTINGS.blindPass).toBe(false);
    const announced = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 53)]).state;
    expect(applyRejected(announced, act.pass('B', 53)).code).toBe('not-allowed-by-settings');
    const moves = legalMoves(announced, 'B');
    expect(moves.stage === 'respond' && moves.passClaims).toEqual([]);
  });

  it('passes blind: the cup goes on without rolling or looking, announcing the same value or a higher one', () => {
    const g = startedGame(['A', 'B', 'C'], { settings: { blindPass: true }, dice: [5, 3] });
    const announced = applyAll(g, [act.announce('A', 53)]).state;
    const moves = legalMoves(announced, 'B');
    expect(moves.stage === 'respond' && moves.passClaims).toEqual(CLASSIC_ORDER.slice(0, CLASSIC_ORDER.indexOf(53) + 1));
    expect(applyRejected(announced, act.pass('B', 52)).code).toBe('not-higher');
    for (const value of [53, 62]) {
      const { state, events } = applyOk(announced, act.pass('B', value), noRng); // no dice drawn
      expect(events).toEqual([{ type: 'announced', player: 'B', value, kind: 'pass', dice: [5, 3], class: 'pass' }]);
      expect(state.round!.cup).toEqual({ dice: [5, 3], lookedBy: 'A' }); // the same dice, unseen by B
      expect(playerView(state, 'B').myDice).toBeNull();
      expect(state.round).toMatchObject({ actor: 'C', stage: 'respond' });
    }
  });

  it('passes blind: the responsibility is theirs: a call compares the dice under the cup with their announcement', () => {
    const settings = { blindPass: true };
    // 52 under the cup, A truthful, B passes 53: C's call catches B, and C starts.
    const caught = applyAll(startedGame(ABC, { settings, dice: [5, 2] }), [act.announce('A', 52), act.pass('B', 53), act.call('C')], [[1, 1]]);
    expect(caught.perAction[2]).toEqual([
      { type: 'revealed', round: 1, dice: [5, 2], announced: 53, announcer: 'B', by: 'C', reason: 'call', outcome: 'bluff-caught' },
      { type: 'lifeLost', player: 'B', amount: 1, cause: 'caught-bluffing', lives: 5 },
      { type: 'roundEnded', round: 1, end: 'call' },
      { type: 'roundStarted', round: 2, starter: 'C' },
      { type: 'diceRolled', player: 'C', dice: [1, 1], looked: true },
    ]);
    expect(livesOf(caught.state)).toEqual({ A: 6, B: 5, C: 6 });
    // 53 under the cup, A understates 41, B passes 53: the claim holds, C loses, A (after C) starts.
    const held = applyAll(startedGame(ABC, { settings, dice: [5, 3] }), [act.announce('A', 41), act.pass('B', 53), act.call('C')], [[6, 2]]);
    expect(held.perAction[2]).toEqual([
      { type: 'revealed', round: 1, dice: [5, 3], announced: 53, announcer: 'B', by: 'C', reason: 'call', outcome: 'claim-held' },
      { type: 'lifeLost', player: 'C', amount: 1, cause: 'wrong-call', lives: 5 },
      { type: 'roundEnded', round: 1, end: 'call' },
      { type: 'roundStarted', round: 2, starter: 'A' },
      { type: 'diceRolled', player: 'A', dice: [6, 2], looked: true },
    ]);
  });

  it('every announcement must be strictly higher than the one before (default strict)', () => {
    expect(DEFAULT_SETTINGS.announceRule).toBe('strict');
    const b = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 53), act.believe('B'), act.roll('B')], [[5, 4]]).state;
    expect(applyRejected(b, act.announce('B', 53)).code).toBe('not-higher'); // equal
    expect(applyRejected(b, act.announce('B', 43)).code).toBe('not-higher'); // lower
    expect(applyOk(b, act.announce('B', 54)).state.round!.announcements).toHaveLength(2);
  });

  it('setting at-least: an equal announcement is allowed', () => {
    const g = startedGame(['A', 'B', 'C'], { settings: { announceRule: 'at-least' }, dice: [5, 3] });
    const b = applyAll(g, [act.announce('A', 53), act.believe('B'), act.roll('B')], [[5, 3]]).state;
    expect(applyRejected(b, act.announce('B', 52)).code).toBe('not-higher'); // lower is still refused
    const { state } = applyOk(b, act.announce('B', 53));
    expect(state.round!.announcements.map((a) => a.value)).toEqual([53, 53]);
  });

  it('setting at-least: then passing blind is not allowed', () => {
    expect(createRefusal({ announceRule: 'at-least', blindPass: true })).toBe('invalid-settings');
    const g = startedGame(['A', 'B', 'C'], { settings: { announceRule: 'at-least' }, dice: [5, 3] });
    const announced = applyAll(g, [act.announce('A', 53)]).state;
    expect(applyRejected(announced, act.pass('B', 53)).code).toBe('not-allowed-by-settings');
    const moves = legalMoves(announced, 'B');
    expect(moves.stage === 'respond' && moves.passClaims).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

/** A, B, C with A starting; A is dealt `dice` and announces Mia. */
function miaAnnounced(dice: readonly [number, number], settings?: SettingsInput): GameState {
  const g = startedGame(['A', 'B', 'C'], { ...(settings ? { settings } : {}), dice });
  return applyAll(g, [act.announce('A', 21)]).state;
}

describe('Mia announced', () => {
  it('nothing beats Mia, so the receiver must choose: give up or look (no believing, calling or passing)', () => {
    const state = miaAnnounced([2, 1], { blindPass: true });
    expect(state.round).toMatchObject({ actor: 'B', stage: 'mia' });
    expect(legalMoves(state, 'B')).toEqual({ stage: 'mia' });
    for (const action of [act.believe('B'), act.call('B'), act.pass('B', 21)]) {
      expect(applyRejected(state, action).code).toBe('wrong-stage');
    }
    // Before a Mia, there is nothing to give up or look at.
    const plain = applyAll(startedGame(ABC, { dice: [6, 6] }), [act.announce('A', 66)]).state;
    expect(applyRejected(plain, act.giveUp('B')).code).toBe('wrong-stage');
    expect(applyRejected(plain, act.look('B')).code).toBe('wrong-stage');
  });

  it('give up without looking: they lose 1 life (and the dice stay hidden)', () => {
    const { state, events } = applyOk(miaAnnounced([4, 3]), act.giveUp('B'), rolling([5, 5]));
    expect(events).toEqual([
      { type: 'miaGivenUp', player: 'B', announcer: 'A' },
      { type: 'lifeLost', player: 'B', amount: 1, cause: 'mia-given-up', lives: 5 },
      { type: 'roundEnded', round: 1, end: 'mia-give-up' },
      { type: 'roundStarted', round: 2, starter: 'C' },
      { type: 'diceRolled', player: 'C', dice: [5, 5], looked: true },
    ]);
    expect(livesOf(state)).toEqual({ A: 6, B: 5, C: 6 });
    expect(state.lastRound!.reveal).toBeNull();
  });

  it('look: if it is Mia, the receiver loses 2 lives (default)', () => {
    expect(DEFAULT_SETTINGS.miaLookedPenalty).toBe(2);
    const { state, events } = applyOk(miaAnnounced([1, 2]), act.look('B'), rolling([3, 2]));
    expect(events).toEqual([
      { type: 'revealed', round: 1, dice: [2, 1], announced: 21, announcer: 'A', by: 'B', reason: 'mia-look', outcome: 'mia-true' },
      { type: 'lifeLost', player: 'B', amount: 2, cause: 'mia-looked', lives: 4 },
      { type: 'roundEnded', round: 1, end: 'mia-look' },
      { type: 'roundStarted', round: 2, starter: 'C' },
      { type: 'diceRolled', player: 'C', dice: [3, 2], looked: true },
    ]);
    expect(livesOf(state)).toEqual({ A: 6, B: 4, C: 6 });
  });

  it('look: if it is Mia, the receiver loses 1 life with setting miaLookedPenalty 1', () => {
    const { state, events } = applyOk(miaAnnounced([2, 1], { miaLookedPenalty: 1 }), act.look('B'), rolling([1, 1]));
    expect(eventsOfType(events, 'lifeLost')).toEqual([{ type: 'lifeLost', player: 'B', amount: 1, cause: 'mia-looked', lives: 5 }]);
    expect(livesOf(state)).toEqual({ A: 6, B: 5, C: 6 });
  });

  it('look: if it is not Mia, the announcer loses 1 life (default)', () => {
    expect(DEFAULT_SETTINGS.miaFalsePenalty).toBe(1);
    const { state, events } = applyOk(miaAnnounced([6, 6]), act.look('B'), rolling([4, 1]));
    expect(events).toEqual([
      { type: 'revealed', round: 1, dice: [6, 6], announced: 21, announcer: 'A', by: 'B', reason: 'mia-look', outcome: 'mia-false' },
      { type: 'lifeLost', player: 'A', amount: 1, cause: 'caught-bluffing', lives: 5 },
      { type: 'roundEnded', round: 1, end: 'mia-look' },
      { type: 'roundStarted', round: 2, starter: 'B' },
      { type: 'diceRolled', player: 'B', dice: [4, 1], looked: true },
    ]);
    expect(livesOf(state)).toEqual({ A: 5, B: 6, C: 6 });
  });

  it('look: if it is not Mia, the announcer loses 2 lives with setting miaFalsePenalty 2', () => {
    const { state, events } = applyOk(miaAnnounced([3, 1], { miaFalsePenalty: 2 }), act.look('B'), rolling([1, 1]));
    expect(eventsOfType(events, 'lifeLost')).toEqual([{ type: 'lifeLost', player: 'A', amount: 2, cause: 'caught-bluffing', lives: 4 }]);
    expect(livesOf(state)).toEqual({ A: 4, B: 6, C: 6 });
  });

  it('the round ends either way, and the next starter is dealt their dice', () => {
    for (const [dice, action, starter] of [
      [[2, 1], act.giveUp('B'), 'C'],
      [[2, 1], act.look('B'), 'C'],
      [[5, 5], act.look('B'), 'B'],
    ] as const) {
      const { state, events } = applyOk(miaAnnounced(dice), action, rolling([6, 2]));
      const ended = eventsOfType(events, 'roundEnded');
      expect(ended).toHaveLength(1);
      expect(ended[0]!.round).toBe(1);
      expect(state.lastRound!.ended).not.toBeNull();
      expect(state.round).toMatchObject({
        number: 2,
        starter,
        actor: starter,
        stage: 'announce',
        announcements: [],
        cup: { dice: [6, 2], lookedBy: starter },
      });
      expect(playerView(state, starter).myDice).toEqual([6, 2]);
    }
  });

  it('lives never go below 0: a 2-life Mia penalty on a 1-life player takes 1', () => {
    const { state, events } = applyOk(miaAnnounced([2, 1], { lives: 1 }), act.look('B'), rolling([1, 1]));
    expect(eventsOfType(events, 'lifeLost')).toEqual([{ type: 'lifeLost', player: 'B', amount: 1, cause: 'mia-looked', lives: 0 }]);
    expect(seat(state, 'B')).toMatchObject({ lives: 0, out: { reason: 'lives' } });
    const falseMia = applyOk(miaAnnounced([3, 1], { lives: 1, miaFalsePenalty: 2 }), act.look('B'), rolling([1, 1]));
    expect(eventsOfType(falseMia.events, 'lifeLost')).toEqual([{ type: 'lifeLost', player: 'A', amount: 1, cause: 'caught-bluffing', lives: 0 }]);
    expect(falseMia.state.seats.every((p) => p.lives >= 0)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Who starts the next round', () => {
  it('whoever did not lose of the two: if the announcer lost, the receiver starts', () => {
    // Caught bluffing on a call, and a false Mia looked at; C announces, A receives.
    const call = applyAll(startedGame(ABC, { starter: 'C', dice: [4, 3] }), [act.announce('C', 65), act.call('A')], [[6, 1]]);
    expect(call.state.round).toMatchObject({ number: 2, starter: 'A', actor: 'A', stage: 'announce', cup: { dice: [6, 1], lookedBy: 'A' } });
    const look = applyAll(startedGame(ABC, { starter: 'C', dice: [2, 2] }), [act.announce('C', 21), act.look('A')], [[6, 1]]);
    expect(look.state.round).toMatchObject({ number: 2, starter: 'A', actor: 'A', stage: 'announce', cup: { dice: [6, 1], lookedBy: 'A' } });
  });

  it('if the receiver lost, the next player after the receiver starts', () => {
    // B announces, C receives and loses: A (after C, wrapping round) starts.
    for (const [dice, value, answer] of [
      [[6, 5], 65, act.call('C')],
      [[2, 1], 21, act.look('C')],
      [[2, 1], 21, act.giveUp('C')],
    ] as const) {
      const { state } = applyAll(startedGame(ABC, { starter: 'B', dice }), [act.announce('B', value), answer], [[3, 3]]);
      expect(seat(state, 'C').lives).toBeLessThan(6);
      expect(state.round).toMatchObject({ number: 2, starter: 'A', actor: 'A', stage: 'announce', cup: { dice: [3, 3], lookedBy: 'A' } });
    }
  });

  it('a starter who is out is replaced by the next player still in', () => {
    const g = startedGame(['A', 'B', 'C', 'D'], { settings: { lives: 2 }, starter: 'B', dice: [2, 1] });
    const { state } = applyAll(
      g,
      [
        act.announce('B', 21),
        act.look('C'), // a real Mia: C loses 2 and is out; D starts, dealt 31
        act.announce('D', 66),
        act.call('A'), // D caught: A starts, dealt 66
        act.announce('A', 66),
        act.call('B'), // B wrong: next after B is C, out, so D, dealt 55
      ],
      [
        [3, 1],
        [6, 6],
        [5, 5],
      ],
    );
    expect(seat(state, 'C').out).not.toBeNull();
    expect(state.round).toMatchObject({ number: 4, starter: 'D', actor: 'D', stage: 'announce', cup: { dice: [5, 5], lookedBy: 'D' } });
    expect(livesOf(state)).toEqual({ A: 2, B: 1, C: 0, D: 1 });
  });
});

// ---------------------------------------------------------------------------------------------

describe("A new round's starter is dealt the dice (rules, A round: 1: the starter rolls and looks)", () => {
  /** The dice every new round's starter is dealt below. */
  const NEW: readonly [number, number] = [5, 2];

  /** A, B, C (computer players when `ai`), A starting round 1 dealt `dice`; every event kept. */
  function table(ai: boolean, dice: readonly [number, number], settings?: SettingsInput) {
    const events: GameEvent[] = [];
    const run = (state: GameState | null, action: Action, rng = noRng) => {
      const step = applyOk(state, action, rng);
      events.push(...step.events);
      return step;
    };
    let state = run(null, { type: 'create', creator: 'A', ...(settings ? { settings } : {}) }).state;
    for (const p of ABC) state = run(state, { type: 'join', player: p, name: p, ai }).state;
    const started = run(state, { type: 'start' }, scriptedRng([0, ...draws(dice[0], dice[1])]));
    return { events, run, started };
  }

  /** The round in play has `starter` to announce with `dice` looked at, as every view agrees. */
  function expectDealt(state: GameState, round: number, starter: string, dice: readonly [number, number], ai: boolean) {
    const high = Math.max(...dice);
    const low = Math.min(...dice);
    expect(state.round).toMatchObject({
      number: round,
      starter,
      actor: starter,
      stage: 'announce',
      cup: { dice: [high, low], lookedBy: starter },
      announcements: [],
    });
    expect(legalMoves(state, starter)).toEqual({ stage: 'announce', claims: CLASSIC_ORDER });
    expect(playerView(state, starter).myDice).toEqual([high, low]);
    for (const other of ABC.filter((p) => p !== starter)) expect(playerView(state, other).myDice).toBeNull();
    expect(spectatorView(state).round).toMatchObject({ stage: 'announce', actor: starter });
    expect(secretPaths(spectatorView(state))).toEqual([]);
    expect(seat(state, starter).ai).toBe(ai);
    // Every strategy answers with an announcement on the dice it has seen, never a roll, and it stands.
    for (const name of STRATEGY_NAMES) {
      const action = aiAction(state, starter, strategyFor(name), seededRng(round));
      expect(action, name).toMatchObject({ type: 'announce', player: starter, blind: false });
      applyOk(state, action!);
    }
  }

  const endings: { name: string; dice: [number, number]; actions: Action[]; starter: string }[] = [
    { name: 'a call that catches a bluff', dice: [3, 1], actions: [act.announce('A', 65), act.call('B')], starter: 'B' },
    { name: 'a call on a claim that holds', dice: [6, 5], actions: [act.announce('A', 65), act.call('B')], starter: 'C' },
    { name: 'a look at a real Mia', dice: [2, 1], actions: [act.announce('A', 21), act.look('B')], starter: 'C' },
    { name: 'a look at a false Mia', dice: [3, 1], actions: [act.announce('A', 21), act.look('B')], starter: 'B' },
    { name: 'a Mia given up', dice: [3, 1], actions: [act.announce('A', 21), act.giveUp('B')], starter: 'C' },
    { name: "the starter's timeout", dice: [3, 1], actions: [act.timeout('A')], starter: 'B' },
    { name: "the receiver's timeout", dice: [3, 1], actions: [act.announce('A', 31), act.timeout('B')], starter: 'C' },
    { name: 'a timeout after believing', dice: [3, 1], actions: [act.announce('A', 31), act.believe('B'), act.timeout('B')], starter: 'C' },
    { name: 'a timeout of a Mia', dice: [3, 1], actions: [act.announce('A', 21), act.timeout('B')], starter: 'C' },
    { name: 'the actor leaving', dice: [3, 1], actions: [act.leave('A')], starter: 'B' },
    { name: 'the announcer leaving', dice: [3, 1], actions: [act.announce('A', 31), act.kick('A')], starter: 'B' },
  ];

  for (const ai of [false, true]) {
    const who = ai ? 'AI seats' : 'people';
    it(`after start (${who}): the first starter has looked dice and stage announce`, () => {
      const { started, events } = table(ai, [3, 6]);
      expect(started.events).toEqual([
        { type: 'gameStarted', players: ABC },
        { type: 'roundStarted', round: 1, starter: 'A' },
        { type: 'diceRolled', player: 'A', dice: [6, 3], looked: true },
      ]);
      expectDealt(started.state, 1, 'A', [3, 6], ai);
      expect(replay(events)).toEqual(started.state); // the events carry the dice: no rng to replay
    });

    for (const ending of endings) {
      it(`after ${ending.name} (${who}): ${ending.starter} starts round 2 with looked dice, stage announce, in the same action`, () => {
        const { started, run, events } = table(ai, ending.dice);
        let state = started.state;
        const last = ending.actions.length - 1;
        let closing: GameEvent[] = [];
        ending.actions.forEach((action, i) => {
          const rng = i === last ? scriptedRng(draws(...NEW)) : noRng;
          const step = run(state, action, rng);
          if (i === last) expect((rng as ReturnType<typeof scriptedRng>).remaining).toEqual([]);
          state = step.state;
          closing = step.events;
        });
        expect(closing.slice(-3)).toEqual([
          { type: 'roundEnded', round: 1, end: expect.any(String) },
          { type: 'roundStarted', round: 2, starter: ending.starter },
          { type: 'diceRolled', player: ending.starter, dice: [...NEW], looked: true },
        ]);
        expectDealt(state, 2, ending.starter, NEW, ai);
        expect(replay(events)).toEqual(state);
      });
    }
  }

  it('no new round, and no dice dealt, once the game is over', () => {
    const { started, run } = table(false, [6, 6], { lives: 1, endRule: 'first-out' });
    const over = run(run(started.state, act.announce('A', 66)).state, act.call('B')); // noRng: nothing drawn
    expect(over.state.phase).toBe('over');
    expect(eventsOfType(over.events, 'diceRolled')).toEqual([]);
    expect(over.events.at(-1)).toMatchObject({ type: 'gameOver' });
  });

  it("the dealt roll is the starter's own roll: it counts as a look, not as a move that resets missed turns", () => {
    const { started, run } = table(false, [4, 1], { idleLimit: 2 });
    // A misses (B starts), B misses (C starts), C misses: A starts round 4, dealt its dice.
    let state = started.state;
    for (const p of ['A', 'B', 'C']) state = run(state, act.timeout(p), rolling([2, 2])).state;
    expect(state.round).toMatchObject({ number: 4, actor: 'A', stage: 'announce', cup: { dice: [2, 2], lookedBy: 'A' } });
    expect(state.seats.map((p) => p.missedTurns)).toEqual([1, 1, 1]);
    // A misses again: two in a row, and out.
    const out = run(state, act.timeout('A'), rolling([1, 1]));
    expect(eventsOfType(out.events, 'playerOut')).toEqual([{ type: 'playerOut', player: 'A', reason: 'idle' }]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Timing', () => {
  it('each turn has a deadline: default 90 s', () => {
    expect(DEFAULT_SETTINGS.turnSeconds).toBe(90);
    expect(createdSettings().turnSeconds).toBe(90);
  });

  it('setting turnSeconds: 15 s to 10 min', () => {
    expect(createdSettings({ turnSeconds: 15 }).turnSeconds).toBe(15);
    expect(createdSettings({ turnSeconds: 600 }).turnSeconds).toBe(600);
    expect(createRefusal({ turnSeconds: 14 })).toBe('invalid-settings');
    expect(createRefusal({ turnSeconds: 601 })).toBe('invalid-settings');
    expect(createRefusal({ turnSeconds: 30.5 })).toBe('invalid-settings');
  });

  it('setting turnSeconds: or off (null) for slow games run by an admin', () => {
    expect(createdSettings({ turnSeconds: null }).turnSeconds).toBeNull();
  });

  it('a player who misses the deadline is treated as giving up: they lose 1 life', () => {
    for (const [actions, rolls, actor, stage] of [
      [[], [], 'A', 'announce'], // the starter, dice in hand, before announcing
      [[act.announce('A', 53)], [], 'B', 'respond'], // the receiver
      [[act.announce('A', 53), act.believe('B')], [], 'B', 'roll'], // the receiver who believed, before rolling
      [[act.announce('A', 53), act.believe('B'), act.roll('B')], [[6, 4]], 'B', 'announce'], // after rolling
      [[act.announce('A', 21)], [], 'B', 'mia'], // the receiver of a Mia
    ] as const) {
      const before = applyAll(startedGame(), actions, rolls).state;
      expect(before.round).toMatchObject({ actor, stage });
      const { state, events } = applyOk(before, act.timeout(actor), rolling([1, 1]));
      expect(events.slice(0, 3)).toEqual([
        { type: 'turnMissed', player: actor, missed: 1 },
        { type: 'lifeLost', player: actor, amount: 1, cause: 'timeout', lives: 5 },
        { type: 'roundEnded', round: 1, end: 'timeout' },
      ]);
      expect(eventsOfType(events, 'revealed')).toEqual([]); // nothing is revealed
      expect(seat(state, actor)).toMatchObject({ lives: 5, missedTurns: 1, out: null });
    }
    // Only the player whose turn it is can miss it.
    expect(applyRejected(startedGame(), act.timeout('B')).code).toBe('not-your-turn');
  });

  it('after a missed deadline the next player starts a new round, dice in hand', () => {
    const first = applyOk(startedGame(), act.timeout('A'), rolling([6, 5]));
    expect(first.events.slice(-2)).toEqual([
      { type: 'roundStarted', round: 2, starter: 'B' },
      { type: 'diceRolled', player: 'B', dice: [6, 5], looked: true },
    ]);
    expect(first.state.round).toMatchObject({ number: 2, actor: 'B', stage: 'announce', cup: { dice: [6, 5], lookedBy: 'B' } });
    const announced = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 53)]).state;
    const { state, events } = applyOk(announced, act.timeout('B'), rolling([2, 1]));
    expect(events.slice(-2)).toEqual([
      { type: 'roundStarted', round: 2, starter: 'C' },
      { type: 'diceRolled', player: 'C', dice: [2, 1], looked: true },
    ]);
    expect(state.round).toMatchObject({ number: 2, starter: 'C', actor: 'C', stage: 'announce', cup: { dice: [2, 1], lookedBy: 'C' } });
    expect(playerView(state, 'C').myDice).toEqual([2, 1]);
    expect(legalMoves(state, 'C')).toEqual({ stage: 'announce', claims: CLASSIC_ORDER });
  });

  it('after 2 missed turns in a row (default idleLimit) the player leaves the game as if out of lives', () => {
    expect(DEFAULT_SETTINGS.idleLimit).toBe(2);
    const { state, perAction } = applyAll(
      startedGame(),
      [
        act.timeout('A'), // A misses once; B starts
        act.announce('B', 41),
        act.believe('C'),
        act.roll('C'),
        act.announce('C', 42),
        act.timeout('A'), // A misses again
      ],
      [
        [4, 1],
        [4, 2],
        [3, 3],
      ],
    );
    expect(perAction.at(-1)).toEqual([
      { type: 'turnMissed', player: 'A', missed: 2 },
      { type: 'lifeLost', player: 'A', amount: 1, cause: 'timeout', lives: 4 },
      { type: 'playerOut', player: 'A', reason: 'idle' },
      { type: 'roundEnded', round: 2, end: 'timeout' },
      { type: 'roundStarted', round: 3, starter: 'B' },
      { type: 'diceRolled', player: 'B', dice: [3, 3], looked: true },
    ]);
    expect(seat(state, 'A').out).toMatchObject({ reason: 'idle' });
    // Skipped like a player out of lives.
    const next = applyAll(state, [act.announce('B', 41), act.believe('C'), act.roll('C'), act.announce('C', 42)], [[4, 2]]).state;
    expect(next.round!.actor).toBe('B');
  });

  it('setting idleLimit: the number of missed turns in a row before leaving', () => {
    const one = applyOk(startedGame(['A', 'B', 'C'], { settings: { idleLimit: 1 } }), act.timeout('A'), rolling([1, 1]));
    expect(eventsOfType(one.events, 'playerOut')).toEqual([{ type: 'playerOut', player: 'A', reason: 'idle' }]);
    // With 3, two misses in a row are not enough (the dice dealt to A in between are no move of A's).
    const { state } = applyAll(
      startedGame(['A', 'B'], { settings: { idleLimit: 3 } }),
      [act.timeout('A'), act.timeout('B'), act.timeout('A')],
      [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
    );
    expect(seat(state, 'A')).toMatchObject({ missedTurns: 2, out: null, lives: 4 });
    expect(applyOk(state, act.timeout('B'), rolling([1, 1])).state.phase).toBe('playing');
    const third = applyAll(state, [act.timeout('B'), act.timeout('A')], [[4, 4]]); // A out: the game is over, no dice dealt
    expect(seat(third.state, 'A').out).toMatchObject({ reason: 'idle' });
    expect(third.state.phase).toBe('over');
    // A miss that takes the last life puts the player out of lives, once.
    const last = applyOk(startedGame(['A', 'B', 'C'], { settings: { idleLimit: 1, lives: 1 } }), act.timeout('A'), rolling([1, 1]));
    expect(eventsOfType(last.events, 'playerOut')).toEqual([{ type: 'playerOut', player: 'A', reason: 'lives' }]);
  });

  it('missed turns count only "in a row": a move in between resets the count', () => {
    const { state } = applyAll(
      startedGame(),
      [
        act.timeout('A'), // A: 1 missed; B starts
        act.announce('B', 41),
        act.believe('C'),
        act.roll('C'),
        act.announce('C', 42),
        act.call('A'), // A moves (a wrong call): the count resets; B starts
      ],
      [
        [4, 1],
        [4, 2],
        [5, 5],
      ],
    );
    expect(seat(state, 'A')).toMatchObject({ missedTurns: 0, out: null });
    const again = applyAll(
      state,
      [act.announce('B', 41), act.believe('C'), act.roll('C'), act.announce('C', 42), act.timeout('A')],
      [
        [4, 2],
        [1, 1],
      ],
    );
    expect(seat(again.state, 'A')).toMatchObject({ missedTurns: 1, out: null });
    expect(eventsOfType(again.events, 'playerOut')).toEqual([]);
    // Announcing resets it too; being dealt the dice as a round starts does not (no move of A's).
    const dealt = applyAll(
      startedGame(['A', 'B']),
      [act.timeout('A'), act.timeout('B')],
      [
        [2, 2],
        [4, 1],
      ],
    ).state;
    expect(dealt.round).toMatchObject({ actor: 'A', stage: 'announce', cup: { dice: [4, 1], lookedBy: 'A' } });
    expect(seat(dealt, 'A').missedTurns).toBe(1);
    expect(seat(applyOk(dealt, act.announce('A', 41)).state, 'A').missedTurns).toBe(0);
  });

  it('missed turns count only "in a row": believing and rolling are moves too', () => {
    // A misses (B starts), then A believes and rolls later in a round: A has moved, so the count is back to 0.
    const { state } = applyAll(
      startedGame(['A', 'B', 'C']),
      [act.timeout('A'), act.announce('B', 41), act.believe('C'), act.roll('C'), act.announce('C', 42), act.believe('A')],
      [
        [4, 1],
        [4, 2],
      ],
    );
    expect(seat(state, 'A').missedTurns).toBe(0);
  });

  it('a late timer is refused as stale once the player has moved', () => {
    const announced = applyAll(startedGame(), [act.announce('A', 53)]).state;
    const move = announced.move;
    const believed = applyOk(announced, act.believe('B')).state;
    expect(applyRejected(believed, { type: 'timeout', player: 'B', move }).code).toBe('stale');
    applyOk(believed, { type: 'timeout', player: 'B', move: believed.move }, rolling([1, 1]));
  });
});

// ---------------------------------------------------------------------------------------------

describe('What counts as a bluff', () => {
  it('truthful: the announced value ranks equal to the dice (in sum mode, the same points class)', () => {
    const plain = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 53)]);
    expect(eventsOfType(plain.events, 'announced')[0]!.class).toBe('truthful');
    const sum = applyAll(startedGame(['A', 'B'], { settings: { ranking: { sum: true } }, dice: [5, 3] }), [act.announce('A', 62)]);
    expect(eventsOfType(sum.events, 'announced')[0]).toMatchObject({ value: 62, dice: [5, 3], class: 'truthful' });
    // And a call on it holds: the dice rank equal to the announcement.
    const called = applyOk(sum.state, act.call('B'), rolling([1, 1]));
    expect(eventsOfType(called.events, 'revealed')[0]!.outcome).toBe('claim-held');
  });

  it('over (a bluff): announced higher than the dice', () => {
    const { state } = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 54)]);
    expect(state.round!.announcements[0]!.class).toBe('over');
  });

  it('under: announced lower than the dice', () => {
    const { state } = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 52)]);
    expect(state.round!.announcements[0]!.class).toBe('under');
  });

  it('blind: announced without looking, whatever the dice (by a receiver who believed)', () => {
    for (const value of [42, 53, 66]) {
      const { state } = applyAll(startedGame(ABC, { dice: [4, 1] }), [act.announce('A', 41), act.believe('B'), act.blind('B', value)], [[5, 3]]);
      expect(state.round!.announcements[1]).toMatchObject({ player: 'B', kind: 'blind', class: 'blind', dice: [5, 3] });
      expect(classifyAnnouncement(CLASSIC, 'blind', value, [5, 3])).toBe('blind');
    }
  });

  it('pass: passed blind without rolling', () => {
    const g = startedGame(['A', 'B', 'C'], { settings: { blindPass: true }, dice: [5, 3] });
    const { state } = applyAll(g, [act.announce('A', 53), act.pass('B', 53)]);
    expect(state.round!.announcements[1]).toMatchObject({ player: 'B', kind: 'pass', class: 'pass' });
    expect(classifyAnnouncement(CLASSIC, 'pass', 53, [5, 3])).toBe('pass');
    expect(ANNOUNCEMENT_CLASSES).toEqual(['truthful', 'over', 'under', 'blind', 'pass']);
  });

  it('bluff rate = over / (truthful + over + under)', () => {
    expect(bluffRate({ truthful: 2, over: 1, under: 1, blind: 7, pass: 5 })).toBe(0.25);
    expect(bluffRate({ over: 3 })).toBe(1);
    expect(bluffRate({ truthful: 4 })).toBe(0);
    expect(bluffRate({ blind: 2, pass: 1 })).toBeNull(); // no looked announcement yet
  });

  it('kept per player: how often their bluffs were called, and how often their calls were right', () => {
    const { events } = applyAll(
      startedGame(ABC, { dice: [5, 3] }),
      [act.announce('A', 54), act.call('B'), act.announce('B', 53), act.call('C')],
      [
        [5, 3],
        [1, 1],
      ],
    );
    const announced = eventsOfType(events, 'announced');
    const revealed = eventsOfType(events, 'revealed');
    expect(announced.map((e) => [e.player, e.class])).toEqual([
      ['A', 'over'],
      ['B', 'truthful'],
    ]);
    expect(revealed.map((e) => [e.announcer, e.by, e.outcome])).toEqual([
      ['A', 'B', 'bluff-caught'],
      ['B', 'C', 'claim-held'],
    ]);
  });

  it('kept per player: lives lost by cause (caught bluffing, wrong call, Mia looked, Mia given up, timeout)', () => {
    expect(LOSS_CAUSES).toEqual(['caught-bluffing', 'wrong-call', 'mia-looked', 'mia-given-up', 'timeout']);
    const { state, events } = applyAll(
      startedGame(['A', 'B', 'C'], { dice: [5, 3] }),
      [
        act.announce('A', 54),
        act.call('B'), // A caught bluffing; B starts, dealt 53
        act.announce('B', 53),
        act.call('C'), // C wrong call; A starts, dealt Mia
        act.announce('A', 21),
        act.look('B'), // B looked at a real Mia; C starts, dealt 44
        act.announce('C', 21),
        act.giveUp('A'), // A gave up on a Mia; B starts, dealt 66
        act.timeout('B'), // B timed out; C starts, dealt 11
      ],
      [
        [5, 3],
        [2, 1],
        [4, 4],
        [6, 6],
        [1, 1],
      ],
    );
    expect(eventsOfType(events, 'lifeLost').map((e) => [e.player, e.cause, e.amount])).toEqual([
      ['A', 'caught-bluffing', 1],
      ['C', 'wrong-call', 1],
      ['B', 'mia-looked', 2],
      ['A', 'mia-given-up', 1],
      ['B', 'timeout', 1],
    ]);
    expect(livesOf(state)).toEqual({ A: 4, B: 3, C: 5 });
    expect(state.lastRound!.losses).toEqual([{ player: 'B', amount: 1, cause: 'timeout' }]);
  });

  it('kept per player: games and wins', () => {
    const g = lobby(['A', 'B'], { lives: 1 });
    const started = applyOk(g, { type: 'start' }, scriptedRng([0, ...draws(6, 6)]));
    expect(started.events[0]).toEqual({ type: 'gameStarted', players: ['A', 'B'] });
    const { events } = applyAll(started.state, [act.announce('A', 66), act.call('B')]);
    expect(events.at(-1)).toEqual({
      type: 'gameOver',
      winner: 'A',
      ranking: [
        { player: 'A', place: 1, lives: 1 },
        { player: 'B', place: 2, lives: 0 },
      ],
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('Secrecy', () => {
  /** A round with every kind of secret: looked (dealt), blind and passed dice; its start included. */
  function secretRound() {
    const started = applyOk(lobby(['A', 'B', 'C', 'D'], { blindPass: true }), { type: 'start' }, scriptedRng([0, ...draws(4, 3)]));
    const played = applyAll(
      started.state,
      [
        act.announce('A', 43), // A saw 43, dealt as the round started
        act.believe('B'),
        act.blind('B', 54), // B rolled 62 unseen
        act.pass('C', 61), // C passed on B's dice
        act.believe('D'),
        act.roll('D'),
        act.announce('D', 65), // D saw 32
      ],
      [
        [6, 2],
        [3, 2],
      ],
    );
    return { state: played.state, events: [...started.events, ...played.events] };
  }

  it('the dice are known only to the player who looked at them (playerView)', () => {
    const state = startedGame(ABC, { dice: [5, 3] }); // the starter's, dealt as the round starts
    expect(playerView(state, 'A').myDice).toEqual([5, 3]);
    expect(playerView(state, 'B').myDice).toBeNull();
    expect(playerView(state, 'C').myDice).toBeNull();
    const r = secretRound().state;
    expect(playerView(r, 'D').myDice).toEqual([3, 2]);
    for (const p of ['A', 'B', 'C']) expect(playerView(r, p).myDice).toBeNull();
    // Each player sees the dice behind their own looked announcements, and nobody else's.
    expect(playerView(r, 'A').myAnnouncements).toEqual([{ index: 0, dice: [4, 3], class: 'truthful' }]);
    expect(playerView(r, 'B').myAnnouncements).toEqual([]); // blind
    expect(playerView(r, 'C').myAnnouncements).toEqual([]); // passed
    expect(playerView(r, 'D').myAnnouncements).toEqual([{ index: 3, dice: [3, 2], class: 'over' }]);
    for (const p of ['A', 'B', 'C', 'D']) {
      expect(secretPaths({ ...playerView(r, p), myDice: null, myAnnouncements: null })).toEqual([]);
    }
  });

  it('no spectator view shows unrevealed dice (nor the bluff class that would tell them)', () => {
    const g = startedGame(['A', 'B', 'C', 'D'], { settings: { blindPass: true }, dice: [4, 3] });
    expect(secretPaths(spectatorView(g))).toEqual([]); // the starter's dealt dice included
    // B's blind roll, D's roll, A's dice for round 2 (dealt), C's for round 3 (dealt).
    const rng = scriptedRng([...draws(6, 2), ...draws(3, 2), ...draws(2, 1), ...draws(5, 5)]);
    let state = g;
    for (const action of [
      act.announce('A', 43),
      act.believe('B'),
      act.blind('B', 54),
      act.pass('C', 61),
      act.believe('D'),
      act.roll('D'),
      act.announce('D', 65),
      act.call('A'),
      act.announce('A', 21),
      act.giveUp('B'),
    ]) {
      state = applyOk(state, action, rng).state;
      const view = spectatorView(state);
      expect(secretPaths(view), JSON.stringify(action)).toEqual([]);
      expect(JSON.stringify(view)).not.toContain('lookedBy');
    }
    // The Mia given up is never revealed; the called round's dice are.
    expect(spectatorView(state).lastRound!.reveal).toBeNull();
    expect(rng.remaining).toEqual([]);
    expect(playerView(state, 'C').myDice).toEqual([5, 5]);
  });

  it('no group-visible event shows unrevealed dice: redactEvent strips dice and class', () => {
    const { events } = secretRound();
    for (const e of events) {
      const pub = redactEvent(e);
      expect(secretPaths(pub)).toEqual([]);
      expect(pub).toMatchObject({ type: e.type, ...('player' in e ? { player: e.player } : {}) });
    }
    const announced = eventsOfType(events, 'announced');
    expect(redactEvent(announced[0]!)).toEqual({ type: 'announced', player: 'A', value: 43, kind: 'looked' });
    // The player who looked sees their own; nobody else does, and a blind roller sees nothing.
    expect(redactEvent(announced[0]!, 'A')).toEqual(announced[0]);
    expect(secretPaths(redactEvent(announced[0]!, 'B'))).toEqual([]);
    const rolled = eventsOfType(events, 'diceRolled');
    // The starter's dealt dice are the starter's alone.
    expect(rolled[0]).toEqual({ type: 'diceRolled', player: 'A', dice: [4, 3], looked: true });
    expect(redactEvent(rolled[0]!, 'A')).toEqual(rolled[0]);
    expect(redactEvent(rolled[0]!, 'B')).toEqual({ type: 'diceRolled', player: 'A', looked: true });
    expect(redactEvent(rolled[0]!)).toEqual({ type: 'diceRolled', player: 'A', looked: true });
    expect(redactEvent(rolled[1]!, 'B')).toEqual({ type: 'diceRolled', player: 'B', looked: false });
    expect(redactEvent(announced[1]!, 'B')).toEqual({ type: 'announced', player: 'B', value: 54, kind: 'blind' });
    expect(redactEvent(announced[2]!, 'C')).toEqual({ type: 'announced', player: 'C', value: 61, kind: 'pass' });
  });

  it('a call or a look at Mia reveals the dice to everyone', () => {
    const called = applyOk(secretRound().state, act.call('A'), rolling([1, 1]));
    const reveal = eventsOfType(called.events, 'revealed')[0]!;
    expect(reveal).toMatchObject({ dice: [3, 2], announced: 65, announcer: 'D', by: 'A', outcome: 'bluff-caught' });
    expect(redactEvent(reveal)).toEqual(reveal);
    expect(spectatorView(called.state).lastRound!.reveal!.dice).toEqual([3, 2]);
    const looked = applyOk(miaAnnounced([5, 1]), act.look('B'), rolling([1, 1]));
    expect(spectatorView(looked.state).lastRound!.reveal).toMatchObject({ dice: [5, 1], reason: 'mia-look', outcome: 'mia-false' });
  });

  it('after a game has ended its rolls may be shown in its replay: the events keep every roll', () => {
    const created = applyOk(null, { type: 'create', creator: 'A', settings: { lives: 1 } });
    const joinedA = applyOk(created.state, { type: 'join', player: 'A', name: 'A' });
    const joinedB = applyOk(joinedA.state, { type: 'join', player: 'B', name: 'B' });
    const started = applyOk(joinedB.state, { type: 'start' }, scriptedRng([0, ...draws(6, 4)]));
    const played = applyAll(started.state, [act.announce('A', 21), act.giveUp('B')]);
    expect(played.state.phase).toBe('over');
    // Never revealed during the game, but kept in the log for the replay.
    expect(eventsOfType(started.events, 'diceRolled')[0]!.dice).toEqual([6, 4]);
    expect(eventsOfType(played.events, 'announced')[0]).toMatchObject({ value: 21, dice: [6, 4], class: 'over' });
    const log: GameEvent[] = [...created.events, ...joinedA.events, ...joinedB.events, ...started.events, ...played.events];
    expect(replay(log)).toEqual(played.state);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Settings validation', () => {
  const ok = (input: unknown) => resolveSettings(input).ok;
  const errorsOf = (input: unknown) => {
    const r = resolveSettings(input);
    return r.ok ? [] : r.errors.map((e) => e.setting);
  };

  it('no settings give the defaults of the rules', () => {
    expect(resolveSettings({})).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
    expect(DEFAULT_SETTINGS).toEqual({
      lives: 6,
      ranking: { doubles: '66-high', littleMia: false, sum: false },
      announceRule: 'strict',
      blindPass: false,
      miaLookedPenalty: 2,
      miaFalsePenalty: 1,
      endRule: 'last-standing',
      turnSeconds: 90,
      idleLimit: 2,
      minPlayers: 2,
      maxPlayers: 10,
    });
  });

  it('lives: a whole number from 1 to 12', () => {
    expect([1, 6, 12].map((lives) => ok({ lives }))).toEqual([true, true, true]);
    for (const lives of [0, 13, 2.5, '6', null]) expect(errorsOf({ lives })).toEqual(['lives']);
  });

  it('ranking: a preset name (classic, rules-site, meyer) or ranking options', () => {
    for (const ranking of ['classic', 'rules-site', 'meyer', { doubles: '11-high' }, { littleMia: true, sum: true }]) {
      expect(ok({ ranking })).toBe(true);
    }
    expect(errorsOf({ ranking: 'danish' })).toEqual(['ranking']);
    expect(errorsOf({ ranking: { doubles: '33-high' } })).toEqual(['ranking.doubles']);
    expect(errorsOf({ ranking: { littleMia: 'yes' } })).toEqual(['ranking.littleMia']);
    expect(errorsOf({ ranking: { sum: 1 } })).toEqual(['ranking.sum']);
    expect(errorsOf({ ranking: { colour: 'red' } })).toEqual(['ranking']);
    expect(errorsOf({ ranking: 5 })).toEqual(['ranking']);
  });

  it('announceRule: strict or at-least', () => {
    expect(ok({ announceRule: 'strict' })).toBe(true);
    expect(ok({ announceRule: 'at-least' })).toBe(true);
    expect(errorsOf({ announceRule: 'loose' })).toEqual(['announceRule']);
  });

  it('blindPass: true or false', () => {
    expect(ok({ blindPass: true })).toBe(true);
    expect(ok({ blindPass: false })).toBe(true);
    expect(errorsOf({ blindPass: 'yes' })).toEqual(['blindPass']);
  });

  it('blindPass is refused together with at-least (passing blind needs the strict rule)', () => {
    expect(errorsOf({ blindPass: true, announceRule: 'at-least' })).toEqual(['blindPass']);
    expect(createRefusal({ blindPass: true, announceRule: 'at-least' })).toBe('invalid-settings');
  });

  it('miaLookedPenalty: 1 or 2 lives', () => {
    expect(ok({ miaLookedPenalty: 1 })).toBe(true);
    expect(ok({ miaLookedPenalty: 2 })).toBe(true);
    for (const v of [0, 3]) expect(errorsOf({ miaLookedPenalty: v })).toEqual(['miaLookedPenalty']);
  });

  it('miaFalsePenalty: 1 or 2 lives', () => {
    expect(ok({ miaFalsePenalty: 1 })).toBe(true);
    expect(ok({ miaFalsePenalty: 2 })).toBe(true);
    for (const v of [0, 3]) expect(errorsOf({ miaFalsePenalty: v })).toEqual(['miaFalsePenalty']);
  });

  it('endRule: last-standing or first-out', () => {
    expect(ok({ endRule: 'last-standing' })).toBe(true);
    expect(ok({ endRule: 'first-out' })).toBe(true);
    expect(errorsOf({ endRule: 'sudden-death' })).toEqual(['endRule']);
  });

  it('turnSeconds: a whole number from 15 to 600, or null', () => {
    expect([15, 90, 600, null].map((turnSeconds) => ok({ turnSeconds }))).toEqual([true, true, true, true]);
    for (const v of [14, 601, 20.5, '90']) expect(errorsOf({ turnSeconds: v })).toEqual(['turnSeconds']);
  });

  it('idleLimit: a whole number of missed turns (1 to 10)', () => {
    expect([1, 2, 10].map((idleLimit) => ok({ idleLimit }))).toEqual([true, true, true]);
    for (const v of [0, 11]) expect(errorsOf({ idleLimit: v })).toEqual(['idleLimit']);
  });

  it('minPlayers and maxPlayers: 2 to 10, min not above max', () => {
    expect(ok({ minPlayers: 2, maxPlayers: 10 })).toBe(true);
    expect(ok({ minPlayers: 3, maxPlayers: 3 })).toBe(true);
    expect(errorsOf({ minPlayers: 1 })).toEqual(['minPlayers']);
    expect(errorsOf({ maxPlayers: 11 })).toEqual(['maxPlayers']);
    expect(errorsOf({ minPlayers: 5, maxPlayers: 4 })).toEqual(['minPlayers']);
  });

  it('unknown settings and non-objects are refused; create refuses invalid settings with invalid-settings', () => {
    expect(errorsOf({ speed: 'fast' })).toEqual(['speed']);
    expect(ok('classic')).toBe(false);
    expect(ok([])).toBe(false);
    expect(createRefusal({ lives: 99 })).toBe('invalid-settings');
  });
});

// ---------------------------------------------------------------------------------------------

describe('Leaving and kicking', () => {
  it('leave before the start removes the seat', () => {
    const { state, events } = applyOk(lobby(['A', 'B', 'C']), act.leave('B'));
    expect(events).toEqual([{ type: 'playerLeft', player: 'B' }]);
    expect(state.seats.map((p) => p.id)).toEqual(['A', 'C']);
    expect(state.phase).toBe('lobby');
  });

  it('leave during a game puts the player out and play moves on past them', () => {
    const g = startedGame(['A', 'B', 'C']);
    const { state, events } = applyOk(g, act.leave('C'));
    expect(events).toEqual([{ type: 'playerOut', player: 'C', reason: 'left' }]);
    expect(seat(state, 'C').out).toMatchObject({ reason: 'left' });
    expect(state.round).toMatchObject({ number: 1, actor: 'A' }); // the round goes on
    const after = applyAll(state, [act.announce('A', 41), act.believe('B'), act.roll('B'), act.announce('B', 42)], [[4, 2]]);
    expect(after.state.round!.actor).toBe('A'); // C is skipped
    expect(applyRejected(after.state, act.leave('C')).code).toBe('player-out');
  });

  it('a round that hinged on the leaver (their turn, or their announcement pending) is void; the next player starts', () => {
    const turn = applyOk(startedGame(['A', 'B', 'C']), act.leave('A'), rolling([5, 1]));
    expect(turn.events).toEqual([
      { type: 'playerOut', player: 'A', reason: 'left' },
      { type: 'roundEnded', round: 1, end: 'aborted' },
      { type: 'roundStarted', round: 2, starter: 'B' },
      { type: 'diceRolled', player: 'B', dice: [5, 1], looked: true },
    ]);
    const announced = applyAll(startedGame(['A', 'B', 'C'], { dice: [5, 3] }), [act.announce('A', 53)]).state;
    const pending = applyOk(announced, act.leave('A'), rolling([6, 6]));
    expect(pending.events.map((e) => e.type)).toEqual(['playerOut', 'roundEnded', 'roundStarted', 'diceRolled']);
    expect(pending.state.round).toMatchObject({ number: 2, starter: 'B', stage: 'announce', cup: { dice: [6, 6], lookedBy: 'B' } });
    expect(livesOf(pending.state)).toEqual({ A: 6, B: 6, C: 6 }); // nobody lost a life
  });

  it('a leave that leaves one player ends the game with that player the winner', () => {
    const { state, events } = applyOk(startedGame(['A', 'B']), act.leave('B'));
    expect(events.at(-1)).toMatchObject({ type: 'gameOver', winner: 'A' });
    expect(state.phase).toBe('over');
  });

  it('kick: an admin removes a player, who is out (reason kicked)', () => {
    const { state, events } = applyOk(startedGame(['A', 'B', 'C']), act.kick('B'));
    expect(events).toEqual([{ type: 'playerOut', player: 'B', reason: 'kicked' }]);
    expect(seat(state, 'B').out).toMatchObject({ reason: 'kicked' });
    expect(applyOk(lobby(['A', 'B']), act.kick('B')).events).toEqual([{ type: 'playerLeft', player: 'B' }]);
    expect(applyRejected(startedGame(), act.kick('Z')).code).toBe('player-unknown');
  });
});

// ---------------------------------------------------------------------------------------------

describe('Rejections', () => {
  it('a refused action emits nothing and leaves the state unchanged', () => {
    const g = startedGame();
    const snapshot = JSON.stringify(g);
    const result = apply(g, act.call('A'), noRng);
    expect(result).toEqual({ ok: false, rejection: { code: 'wrong-stage', message: expect.any(String) } });
    expect(JSON.stringify(g)).toBe(snapshot);
  });

  it('no-game: any action but create needs a game', () => {
    expect(applyRejected(null, { type: 'join', player: 'A', name: 'A' }).code).toBe('no-game');
    expect(applyRejected(null, act.roll('A')).code).toBe('no-game');
  });

  it('game-exists: a game is created once', () => {
    expect(applyRejected(lobby(), { type: 'create', creator: 'B' }).code).toBe('game-exists');
  });

  it('not-in-lobby: no joining or starting once started', () => {
    const g = startedGame();
    expect(applyRejected(g, { type: 'join', player: 'D', name: 'D' }).code).toBe('not-in-lobby');
    expect(applyRejected(g, { type: 'start' }, scriptedRng([0])).code).toBe('not-in-lobby');
  });

  it('already-joined: one seat per player', () => {
    expect(applyRejected(lobby(['A', 'B']), { type: 'join', player: 'B', name: 'B again' }).code).toBe('already-joined');
  });

  it('not-playing: no moves before the start or after the end', () => {
    expect(applyRejected(lobby(), act.roll('A')).code).toBe('not-playing');
    const over = applyOk(startedGame(['A', 'B']), act.leave('B')).state;
    expect(applyRejected(over, act.roll('A')).code).toBe('not-playing');
    expect(applyRejected(over, act.leave('A')).code).toBe('not-playing');
  });

  it('player-unknown: only seated players act', () => {
    expect(applyRejected(startedGame(), act.roll('Z')).code).toBe('player-unknown');
    expect(applyRejected(lobby(), act.leave('Z')).code).toBe('player-unknown');
    expect(applyRejected(lobby(), { type: 'join', player: '', name: 'nobody' }).code).toBe('player-unknown');
  });

  it('player-out: a player who is out may not act', () => {
    const out = applyOk(startedGame(), act.kick('B')).state;
    expect(applyRejected(out, act.roll('B')).code).toBe('player-out');
  });

  it('not-your-turn: only the actor acts', () => {
    const g = startedGame();
    expect(applyRejected(g, act.roll('B')).code).toBe('not-your-turn');
    const announced = applyAll(g, [act.announce('A', 53)]).state;
    expect(applyRejected(announced, act.call('C')).code).toBe('not-your-turn');
    expect(applyRejected(announced, act.call('A')).code).toBe('not-your-turn');
  });

  it('wrong-stage: each move only at its stage', () => {
    const g = startedGame();
    expect(applyRejected(g, act.call('A')).code).toBe('wrong-stage');
    expect(applyRejected(g, act.believe('A')).code).toBe('wrong-stage');
    // The starter has looked (dealt as the round starts): no roll, and no blind announcement on top.
    expect(applyRejected(g, act.roll('A'), scriptedRng(draws(1, 1))).code).toBe('wrong-stage');
    expect(applyRejected(g, act.blind('A', 54), scriptedRng(draws(1, 1))).code).toBe('wrong-stage');
    const announced = applyAll(g, [act.announce('A', 53)]).state;
    expect(applyRejected(announced, act.roll('B'), scriptedRng(draws(1, 1))).code).toBe('wrong-stage'); // believe first
    expect(applyRejected(announced, act.blind('B', 54), scriptedRng(draws(1, 1))).code).toBe('wrong-stage');
    // Having believed, roll first (or roll blind): nothing to announce on yet.
    const believed = applyOk(announced, act.believe('B')).state;
    expect(applyRejected(believed, act.announce('B', 54)).code).toBe('wrong-stage');
    // Having looked, a player announces what they saw or not: no blind announcement on top.
    const rolled = applyAll(believed, [act.roll('B')], [[5, 3]]).state;
    expect(applyRejected(rolled, act.blind('B', 54), scriptedRng(draws(1, 1))).code).toBe('wrong-stage');
  });

  it('stale: a move guard from an older state is refused', () => {
    const g = startedGame();
    const old = g.move;
    const announced = applyAll(g, [act.announce('A', 53)]).state;
    expect(announced.move).toBeGreaterThan(old);
    expect(applyRejected(announced, { type: 'believe', player: 'B', move: old }).code).toBe('stale');
    applyOk(announced, { type: 'believe', player: 'B', move: announced.move });
  });

  it('invalid-value: an announcement must be a value two dice can show', () => {
    const rolled = startedGame(ABC, { dice: [5, 3] });
    for (const value of [35, 77, 10, 0, 5.3, Number.NaN]) {
      expect(applyRejected(rolled, act.announce('A', value)).code).toBe('invalid-value');
    }
  });

  it('not-higher and not-allowed-by-settings carry their codes', () => {
    const b = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 53), act.believe('B'), act.roll('B')], [[6, 6]]).state;
    expect(applyRejected(b, act.announce('B', 31))).toEqual({ code: 'not-higher', message: expect.any(String) });
    const announced = applyAll(startedGame(ABC, { dice: [5, 3] }), [act.announce('A', 53)]).state;
    expect(applyRejected(announced, act.pass('B', 54))).toEqual({ code: 'not-allowed-by-settings', message: expect.any(String) });
  });
});
