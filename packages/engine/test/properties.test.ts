/**
 * Property-based tests of the engine: random settings, random seeds and a random mix of players
 * (uniform legal movers and the AI strategies), salted with timeouts, leaves, kicks and illegal
 * actions, checked step by step against the invariants the rules and the API promise.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aiAction,
  aiSeats,
  announceableClaims,
  apply,
  evolve,
  isValue,
  legalMoves,
  MIA,
  OUTCOMES,
  passableClaims,
  playerView,
  playGame,
  rankingFor,
  redactEvent,
  replay,
  rollDice,
  seededRng,
  selfPlay,
  spectatorView,
  strategyFor,
  valueOf,
  type Action,
  type ApplyResult,
  type GameEvent,
  type GameState,
  type PlayerId,
  type PlayerView,
  type RejectionCode,
  type Rng,
  type Seat,
  type SettingsInput,
  type SpectatorView,
  type Strategy,
  type StrategyName,
  type Value,
} from '../src';

// ---------------------------------------------------------------------------------------------
// Scenario: what fast-check generates. Everything else is derived from its seeds.
// ---------------------------------------------------------------------------------------------

type Behaviour = 'uniform' | StrategyName;

interface Scenario {
  settings: SettingsInput;
  players: PlayerId[];
  behaviours: Behaviour[];
  /** Seeds the engine's rng (one derived seed per attempted action). */
  seed: number;
  /** Seeds the players' choices. */
  choices: number;
  /** Per mille of steps: an illegal action, a timeout of the actor, a leave or kick. */
  illegalRate: number;
  timeoutRate: number;
  removeRate: number;
  /** Per mille of legal actions that carry the (current) move guard. */
  guardRate: number;
  /** Set maxPlayers to the number of players, to try joining a full table. */
  fullTable: boolean;
}

const rankingArb = fc.oneof(
  fc.record({
    doubles: fc.constantFrom('66-high' as const, '11-high' as const),
    littleMia: fc.boolean(),
    sum: fc.boolean(),
  }),
  fc.constantFrom('classic' as const, 'rules-site' as const, 'meyer' as const),
);

const settingsArb: fc.Arbitrary<SettingsInput> = fc
  .record({
    ranking: rankingArb,
    announceRule: fc.constantFrom('strict' as const, 'at-least' as const),
    blindPass: fc.boolean(),
    lives: fc.integer({ min: 1, max: 12 }),
    miaLookedPenalty: fc.integer({ min: 1, max: 2 }),
    miaFalsePenalty: fc.integer({ min: 1, max: 2 }),
    endRule: fc.constantFrom('last-standing' as const, 'first-out' as const),
    turnSeconds: fc.option(fc.integer({ min: 15, max: 600 }), { nil: null }),
    idleLimit: fc.integer({ min: 1, max: 10 }),
  })
  .map((s) => ({ ...s, blindPass: s.blindPass && s.announceRule === 'strict' }));

const playersArb = fc.uniqueArray(fc.integer({ min: 1, max: 9_999_999_999 }), { minLength: 2, maxLength: 10 }).map((ids) => ids.map(String));

const behaviourArb = fc.constantFrom<Behaviour>('uniform', 'uniform', 'random', 'honest', 'calculator', 'bluffer');

const scenarioArb = (opts: { removals?: boolean } = {}): fc.Arbitrary<Scenario> =>
  fc
    .record({
      settings: settingsArb,
      players: playersArb,
      behaviours: fc.array(behaviourArb, { minLength: 10, maxLength: 10 }),
      seed: fc.integer({ min: 0, max: 0xffff_ffff }),
      choices: fc.integer({ min: 0, max: 0xffff_ffff }),
      illegalRate: fc.integer({ min: 0, max: 300 }),
      timeoutRate: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })),
      removeRate: opts.removals === false ? fc.constant(0) : fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30 })),
      guardRate: fc.integer({ min: 0, max: 1000 }),
      fullTable: fc.boolean(),
    })
    .map((s) => ({
      ...s,
      behaviours: s.behaviours.slice(0, s.players.length),
      settings: s.fullTable ? { ...s.settings, maxPlayers: s.players.length } : s.settings,
    }));

// ---------------------------------------------------------------------------------------------
// The harness: plays one scenario, reporting every attempted action to a checker.
// ---------------------------------------------------------------------------------------------

type StepKind = 'setup' | 'move' | 'timeout' | 'remove' | 'illegal' | 'after-game';

interface Step {
  kind: StepKind;
  /** The state the action was applied to (deep-frozen), null before `create`. */
  before: GameState | null;
  /** JSON of `before`, taken before `apply` ran (with the `snapshot` option). */
  beforeJson: string;
  action: Action;
  /** 'accept', or the rejection codes an illegal action may get. */
  expected: 'accept' | readonly RejectionCode[];
  /** The seed of the rng `apply` got: `seededRng(stepSeed)` repeats its stream. */
  stepSeed: number;
  /** How many numbers `apply` drew. */
  draws: number;
  result: ApplyResult;
  /** The state after the step (the same object as `before` when refused). */
  after: GameState | null;
  /** Every event so far, this step's included. */
  events: readonly GameEvent[];
}

interface Trace {
  scenario: Scenario;
  final: GameState;
  events: GameEvent[];
  /** Accepted actions after `start`. */
  played: number;
  /** Whether anybody left or was kicked after the start. */
  removed: boolean;
  timeouts: number;
  rejected: number;
}

/** Accepted in-game actions after which a game must have ended (the longest of 3,000 sampled: 950). */
const ACTION_CAP = 5_000;

/** A cheap assertion for hot loops; `expect` is kept for deep comparisons, where its diff helps. */
function check(condition: unknown, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

/** Deep strict equality, fast when equal, with vitest's diff when not. */
function same(actual: unknown, expected: unknown, what: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, what).toStrictEqual(expected);
}

const frozen = new WeakSet<object>();
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !frozen.has(value)) {
    frozen.add(value);
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

class Chooser {
  private readonly rng: Rng;
  constructor(seed: number) {
    this.rng = seededRng(seed);
  }
  int(n: number): number {
    return this.rng(n);
  }
  chance(perMille: number): boolean {
    return this.rng(1000) < perMille;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.rng(items.length)]!;
  }
  get asRng(): Rng {
    return this.rng;
  }
}

const ALL_VALUES: readonly Value[] = [...new Set(OUTCOMES)];
const INVALID_VALUES: readonly unknown[] = [0, 7, 12, 35, 56, 67, 70, 99, -21, 21.5, NaN, Infinity, '21', null, undefined];
const UNKNOWN_PLAYER = 'nobody-at-this-table';

const active = (s: GameState) => s.seats.filter((p) => p.out === null);

/** A legal move for the actor, the way a uniform random player would pick it. */
function uniformMove(state: GameState, c: Chooser): Action {
  const player = state.round!.actor;
  const moves = legalMoves(state, player);
  switch (moves.stage) {
    case 'none':
      throw new Error(`legalMoves gave nothing to the actor ${player}`);
    case 'roll':
      check(moves.claims.length > 0, () => 'no claims to roll for');
      if (c.chance(750)) return { type: 'roll', player };
      return { type: 'announce', player, value: c.pick(moves.claims), blind: true };
    case 'announce':
      check(moves.claims.length > 0, () => 'no claims to announce');
      // Half the time one of the lowest few, so rounds get long rather than jumping to Mia.
      return {
        type: 'announce',
        player,
        value: c.pick(c.chance(500) ? moves.claims.slice(-4) : moves.claims),
        blind: false,
      };
    case 'respond': {
      const options: Action[] = [
        { type: 'believe', player },
        { type: 'call', player },
      ];
      if (moves.passClaims.length > 0) options.push({ type: 'passBlind', player, value: c.pick(moves.passClaims) });
      return c.pick(options);
    }
    case 'mia':
      return c.pick<Action>([
        { type: 'lookAtMia', player },
        { type: 'giveUp', player },
      ]);
  }
}

function legalMove(state: GameState, behaviour: Behaviour, strategies: Map<Behaviour, Strategy>, c: Chooser): Action {
  const actor = state.round!.actor;
  if (behaviour === 'uniform') return uniformMove(state, c);
  const action = aiAction(state, actor, strategies.get(behaviour)!, c.asRng);
  if (!action) throw new Error(`aiAction gave nothing to the actor ${actor}`);
  return action;
}

const withMove = (action: Action, move: number): Action => ({ ...action, move }) as Action;

/** An action the engine must refuse, with the codes it may refuse it with. */
function illegalAction(state: GameState, c: Chooser): { action: Action; codes: RejectionCode[] } {
  const round = state.round!;
  const actor = round.actor;
  const others = active(state).filter((p) => p.id !== actor);
  const outs = state.seats.filter((p) => p.out !== null);
  const ranking = rankingFor(state.settings.ranking);
  const anyLegal = (): Action => uniformMove(state, c);

  for (;;) {
    switch (c.int(9)) {
      case 0: {
        // Somebody else makes the actor's move.
        const action = anyLegal();
        if (others.length > 0 && c.chance(600)) {
          return { action: { ...action, player: c.pick(others).id } as Action, codes: ['not-your-turn'] };
        }
        if (outs.length > 0 && c.chance(500)) {
          return { action: { ...action, player: c.pick(outs).id } as Action, codes: ['player-out'] };
        }
        return { action: { ...action, player: UNKNOWN_PLAYER } as Action, codes: ['player-unknown'] };
      }
      case 1: {
        // The actor, at the wrong stage.
        const p = actor;
        const v = c.pick(ALL_VALUES);
        const wrong: Record<typeof round.stage, Action[]> = {
          roll: [
            { type: 'believe', player: p },
            { type: 'call', player: p },
            { type: 'passBlind', player: p, value: v },
            { type: 'giveUp', player: p },
            { type: 'lookAtMia', player: p },
            { type: 'announce', player: p, value: v, blind: false },
          ],
          announce: [
            { type: 'roll', player: p },
            { type: 'announce', player: p, value: v, blind: true },
            { type: 'believe', player: p },
            { type: 'call', player: p },
            { type: 'passBlind', player: p, value: v },
            { type: 'giveUp', player: p },
            { type: 'lookAtMia', player: p },
          ],
          respond: [
            { type: 'roll', player: p },
            { type: 'announce', player: p, value: v, blind: true },
            { type: 'announce', player: p, value: v, blind: false },
            { type: 'giveUp', player: p },
            { type: 'lookAtMia', player: p },
          ],
          mia: [
            { type: 'roll', player: p },
            { type: 'announce', player: p, value: v, blind: true },
            { type: 'announce', player: p, value: v, blind: false },
            { type: 'believe', player: p },
            { type: 'call', player: p },
            { type: 'passBlind', player: p, value: v },
          ],
        };
        return { action: c.pick(wrong[round.stage]), codes: ['wrong-stage'] };
      }
      case 2: {
        // A bad value at the right stage: not a value at all, or not high enough.
        if (round.stage === 'mia') continue;
        if (round.stage === 'respond' && !state.settings.blindPass) {
          return { action: { type: 'passBlind', player: actor, value: c.pick(ALL_VALUES) }, codes: ['not-allowed-by-settings'] };
        }
        const allowed = round.stage === 'respond' ? passableClaims(state) : announceableClaims(state);
        const make = (value: unknown): Action =>
          round.stage === 'respond'
            ? ({ type: 'passBlind', player: actor, value } as Action)
            : ({ type: 'announce', player: actor, value, blind: round.stage === 'roll' } as Action);
        const low = ALL_VALUES.filter((v) => !allowed.includes(ranking.canonical(v)));
        if (low.length > 0 && c.chance(500)) return { action: make(c.pick(low)), codes: ['not-higher'] };
        return { action: make(c.pick(INVALID_VALUES)), codes: ['invalid-value'] };
      }
      case 3: {
        // A stale press: the actor's legal move, with a move number the game has left (or not reached).
        const delta = c.pick([-1, 1, -state.move, 7]);
        if (delta === 0) continue;
        const move = c.chance(800) ? anyLegal() : ({ type: 'timeout', player: actor } as Action);
        return { action: withMove(move, state.move + delta), codes: ['stale'] };
      }
      case 4: {
        // Lobby business during play.
        const lobby: { action: Action; codes: RejectionCode[] }[] = [
          { action: { type: 'join', player: 'late-comer', name: 'Late' }, codes: ['not-in-lobby'] },
          { action: { type: 'join', player: actor, name: 'Again' }, codes: ['not-in-lobby'] },
          { action: { type: 'start' }, codes: ['not-in-lobby'] },
          { action: { type: 'create', creator: actor }, codes: ['game-exists'] },
        ];
        return c.pick(lobby);
      }
      case 5: {
        // Leaving or kicking somebody who is not (or no longer) playing.
        const type = c.pick(['leave', 'kick'] as const);
        if (outs.length > 0 && c.chance(600)) return { action: { type, player: c.pick(outs).id }, codes: ['player-out'] };
        return { action: { type, player: UNKNOWN_PLAYER }, codes: ['player-unknown'] };
      }
      case 6: {
        // The timer blames the wrong player.
        if (others.length === 0) continue;
        return { action: { type: 'timeout', player: c.pick(others).id }, codes: ['not-your-turn'] };
      }
      case 7: {
        // Every in-round action by someone who is out.
        if (outs.length === 0) continue;
        const p = c.pick(outs).id;
        return {
          action: c.pick<Action>([
            { type: 'roll', player: p },
            { type: 'timeout', player: p },
            { type: 'call', player: p },
            { type: 'giveUp', player: p },
          ]),
          codes: ['player-out'],
        };
      }
      case 8: {
        // A legal move with a stale guard AND from the wrong player: any of the two refusals.
        if (others.length === 0) continue;
        const action = withMove({ ...anyLegal(), player: c.pick(others).id } as Action, state.move + 1);
        return { action, codes: ['stale', 'not-your-turn'] };
      }
    }
  }
}

type Checker = (step: Step) => void;

function runGame(sc: Scenario, checker?: Checker, opts: { snapshot?: boolean } = {}): Trace {
  let state: GameState | null = null;
  const events: GameEvent[] = [];
  const master = seededRng(sc.seed);
  const c = new Chooser(sc.choices);
  const strategies = new Map<Behaviour, Strategy>();
  for (const b of sc.behaviours) if (b !== 'uniform' && !strategies.has(b)) strategies.set(b, strategyFor(b));
  const behaviourOf = new Map(sc.players.map((p, i) => [p, sc.behaviours[i] ?? 'uniform']));
  const trace = { played: 0, removed: false, timeouts: 0, rejected: 0 };
  let started = false;

  const attempt = (kind: StepKind, action: Action, expected: Step['expected']): ApplyResult => {
    deepFreeze(state);
    deepFreeze(action);
    const before: GameState | null = state;
    const beforeJson = opts.snapshot ? JSON.stringify(before) : '';
    const stepSeed = master(0x1_0000_0000);
    const base = seededRng(stepSeed);
    let draws = 0;
    const rng: Rng = (n) => {
      draws++;
      return base(n);
    };
    const result = apply(before, action, rng);
    if (expected === 'accept') {
      if (!result.ok) {
        throw new Error(`legal ${kind} refused (${result.rejection.code}: ${result.rejection.message}): ${JSON.stringify(action)}`);
      }
    } else {
      if (result.ok) throw new Error(`illegal ${kind} accepted: ${JSON.stringify(action)} at move ${before?.move}`);
      check(expected.includes(result.rejection.code), () => `${JSON.stringify(action)} refused as ${result.rejection.code}, expected ${expected.join(' or ')}`);
      trace.rejected++;
    }
    if (result.ok) {
      state = result.state;
      events.push(...result.events);
      if (started) trace.played++;
    }
    checker?.({ kind, before, beforeJson, action, expected, stepSeed, draws, result, after: state, events });
    return result;
  };
  const illegal = sc.illegalRate > 0;

  // Lobby.
  if (illegal) {
    attempt('illegal', { type: 'roll', player: sc.players[0]! }, ['no-game']);
    attempt('illegal', { type: 'create', creator: sc.players[0]!, settings: { lives: 0 } }, ['invalid-settings']);
    attempt('illegal', { type: 'create', creator: sc.players[0]!, settings: { announceRule: 'at-least', blindPass: true } }, ['invalid-settings']);
  }
  attempt('setup', { type: 'create', creator: sc.players[0]!, settings: sc.settings }, 'accept');
  if (illegal) {
    attempt('illegal', { type: 'create', creator: sc.players[1]! }, ['game-exists']);
    attempt('illegal', { type: 'start' }, ['too-few-players']);
    attempt('illegal', { type: 'roll', player: sc.players[0]! }, ['not-playing']);
    attempt('illegal', { type: 'leave', player: UNKNOWN_PLAYER }, ['player-unknown']);
    attempt('illegal', { type: 'join', player: '', name: 'Nobody' }, ['player-unknown']);
  }
  if (c.chance(300)) {
    attempt('setup', { type: 'join', player: 'guest', name: 'Guest' }, 'accept');
    attempt('setup', { type: c.pick(['leave', 'kick'] as const), player: 'guest' }, 'accept');
  }
  sc.players.forEach((player, i) => {
    attempt('setup', { type: 'join', player, name: `P${i + 1}`, ai: behaviourOf.get(player) !== 'uniform' }, 'accept');
    if (illegal && i === 0) {
      attempt('illegal', { type: 'start' }, ['too-few-players']);
      attempt('illegal', { type: 'join', player, name: 'Twice' }, ['already-joined']);
    }
  });
  if (illegal && sc.fullTable) attempt('illegal', { type: 'join', player: 'one-too-many', name: 'X' }, ['table-full']);
  attempt('setup', { type: 'start' }, 'accept');
  started = true;

  // Play.
  const current = (): GameState => state!;
  while (current().phase === 'playing') {
    if (trace.played > ACTION_CAP) throw new Error(`the game did not end within ${ACTION_CAP} actions`);
    const s = current();
    const actor = s.round!.actor;
    const guard = (a: Action): Action => (c.chance(sc.guardRate) ? withMove(a, s.move) : a);
    const r = c.int(1000);
    if (r < sc.illegalRate) {
      const { action, codes } = illegalAction(s, c);
      attempt('illegal', action, codes);
    } else if (r < sc.illegalRate + sc.timeoutRate) {
      attempt('timeout', guard({ type: 'timeout', player: actor }), 'accept');
      trace.timeouts++;
    } else if (r < sc.illegalRate + sc.timeoutRate + sc.removeRate) {
      const seat = c.pick(s.seats);
      const type = c.pick(['leave', 'kick'] as const);
      const ok = attempt('remove', { type, player: seat.id }, seat.out === null ? 'accept' : ['player-out']).ok;
      if (ok) trace.removed = true;
    } else {
      attempt('move', guard(legalMove(s, behaviourOf.get(actor)!, strategies, c)), 'accept');
    }
  }

  // After the game: nothing more is accepted.
  const p = sc.players[0]!;
  for (const [action, codes] of [
    [{ type: 'roll', player: p }, ['not-playing']],
    [{ type: 'timeout', player: current().round!.actor }, ['not-playing']],
    [{ type: 'leave', player: p }, ['not-playing']],
    [{ type: 'kick', player: sc.players[1]! }, ['not-playing']],
    [{ type: 'join', player: 'after', name: 'After' }, ['not-in-lobby']],
    [{ type: 'start' }, ['not-in-lobby']],
  ] as [Action, RejectionCode[]][]) {
    attempt('after-game', action, codes);
  }

  return { scenario: sc, final: current(), events, ...trace };
}

const NUM_RUNS = 200;
/** A broken engine whose games never end fails within a minute per property, not after an hour of shrinking. */
const runs = (numRuns = NUM_RUNS) => ({ numRuns, plugins: [fc.interruptAfterTimeLimit(100_000, { failOnInterrupt: true })] });

/** The next seat still in after `id`, in seat order (written here again, not taken from the engine). */
function nextAfter(seats: readonly Seat[], id: PlayerId): PlayerId {
  const i = seats.findIndex((p) => p.id === id);
  for (let k = 1; k <= seats.length; k++) {
    const p = seats[(i + k) % seats.length]!;
    if (p.out === null) return p.id;
  }
  return id;
}
const selfOrNext = (seats: readonly Seat[], id: PlayerId): PlayerId => (seats.find((p) => p.id === id)?.out === null ? id : nextAfter(seats, id));

/** Two dice as the engine writes them: [high, low], each 1 to 6. */
const looksLikeDice = (v: unknown): boolean =>
  Array.isArray(v) && v.length === 2 && v.every((d) => Number.isInteger(d) && d >= 1 && d <= 6) && (v[0] as number) >= (v[1] as number);

/**
 * Everything in `value` that could carry a secret, with its dotted path: `dice`, `myDice`, `cup`,
 * `class` and `lookedBy` keys, and any array that looks like a pair of dice whatever its key.
 */
const SECRET_KEYS = new Set(['dice', 'myDice', 'cup', 'class', 'lookedBy']);
function secrets(value: unknown, path = '', key = '', out = new Map<string, { key: string; value: unknown }>()) {
  if (path !== '' && (SECRET_KEYS.has(key) || looksLikeDice(value))) out.set(path, { key, value });
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) secrets(value[i], `${path}.${i}`, String(i), out);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) secrets(v, path === '' ? k : `${path}.${k}`, k, out);
  }
  return out;
}

/** What a channel would carry: the JSON. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

// Seconds on a quiet machine; CI shares two cores with every other package's tests.
describe('engine properties (random legal play, timeouts, leaves, kicks and illegal actions)', { timeout: 150_000 }, () => {
  it('1. lives are never negative and never rise', () => {
    fc.assert(
      fc.property(scenarioArb(), (sc) => {
        runGame(sc, ({ before, after, result }) => {
          if (!after) return;
          const max = after.settings.lives;
          for (const seat of after.seats) {
            const where = () => `${seat.id} at move ${after.move}: ${seat.lives} lives`;
            check(Number.isInteger(seat.lives) && seat.lives >= 0 && seat.lives <= max, where);
            check(seat.lives > 0 || seat.out !== null, () => `${where()} but not out`);
            const prev = before?.seats.find((p) => p.id === seat.id);
            if (!prev) continue;
            check(seat.lives <= prev.lives, () => `${where()}, up from ${prev.lives}`);
            if (prev.out) same(seat.out, prev.out, `${seat.id} stays out`);
          }
          // The events tell the same story: each loss is positive and lands on the new total.
          if (result.ok && before) {
            const lives = new Map(before.seats.map((p) => [p.id, p.lives]));
            for (const e of result.events) {
              if (e.type !== 'lifeLost') continue;
              check(e.amount > 0 && e.lives === lives.get(e.player)! - e.amount, () => JSON.stringify(e));
              lives.set(e.player, e.lives);
            }
          }
        });
      }),
      runs(),
    );
  });

  it('2. a game played out under last-standing has exactly one winner and a consistent ranking', () => {
    const lastStanding = scenarioArb().map((sc) => ({ ...sc, settings: { ...sc.settings, endRule: 'last-standing' as const } }));
    const byPlayOnly = scenarioArb({ removals: false }).map((sc) => ({
      ...sc,
      settings: { ...sc.settings, endRule: 'last-standing' as const },
    }));
    fc.assert(
      fc.property(fc.oneof(byPlayOnly, lastStanding, scenarioArb()), (sc) => {
        const t = runGame(sc);
        const s = t.final;
        expect(s.phase).toBe('over');
        const result = s.result!;
        const n = s.seats.length;
        const seatOf = (id: PlayerId) => s.seats.find((p) => p.id === id)!;
        // Every seat exactly once; places from 1, each its index + 1 or shared with the one before.
        expect(result.ranking.map((r) => r.player).sort()).toStrictEqual(s.seats.map((p) => p.id).sort());
        result.ranking.forEach((r, i) => {
          expect(r.lives).toBe(seatOf(r.player).lives);
          if (i === 0) {
            expect(r.place).toBe(1);
            return;
          }
          const prev = result.ranking[i - 1]!;
          expect([prev.place, i + 1]).toContain(r.place);
          if (r.place === prev.place) expect(r.lives).toBe(prev.lives);
        });
        // Players still in rank above those out; those out by elimination, the last one out first.
        const out = result.ranking.map((r) => seatOf(r.player).out);
        const firstOut = out.findIndex((o) => o !== null);
        if (firstOut >= 0) expect(out.slice(firstOut).every((o) => o !== null)).toBe(true);
        const orders = out.filter((o) => o !== null).map((o) => o.order);
        expect(orders).toStrictEqual([...orders].sort((a, b) => b - a));
        if (result.winner !== null) {
          expect(result.ranking[0]!.player).toBe(result.winner);
          expect(result.ranking.filter((r) => r.place === 1)).toHaveLength(1);
          expect(seatOf(result.winner).out).toBeNull();
        }
        const left = active(s);
        if (s.settings.endRule === 'last-standing') {
          expect(left).toHaveLength(1);
          expect(result.winner).toBe(left[0]!.id);
          if (!t.removed) {
            // Ended by play alone: places are exactly 1..n, the winner first.
            expect(result.ranking.map((r) => r.place)).toStrictEqual(Array.from({ length: n }, (_, i) => i + 1));
          }
        } else {
          // first-out: the game stops at the first player out, who ranks last.
          expect(s.seats.filter((p) => p.out)).toHaveLength(1);
          expect(left).toHaveLength(n - 1);
          expect(seatOf(result.ranking[n - 1]!.player).out).not.toBeNull();
        }
      }),
      runs(400),
    );
  });

  it('3. every announcement after the first in a round beats the one before by the ranking in force', () => {
    fc.assert(
      fc.property(scenarioArb(), (sc) => {
        runGame(sc, ({ after: s, result }) => {
          if (!s?.round || !result.ok) return;
          const { announceRule, blindPass } = s.settings;
          const ranking = rankingFor(s.settings.ranking);
          const list = s.round.announcements;
          list.forEach((a, i) => {
            const what = () => `${list.map((x) => `${x.value}/${x.kind}`).join(' ')} (${announceRule}, ${JSON.stringify(ranking.options)})`;
            check(isValue(a.value) && ranking.canonical(a.value) === a.value, what);
            // The class matches the kind, and a looked announcement's class its dice.
            const c = ranking.compare(a.value, valueOf(a.dice));
            const cls = a.kind === 'looked' ? (c === 0 ? 'truthful' : c > 0 ? 'over' : 'under') : a.kind;
            check(a.class === cls, () => `class ${a.class}, expected ${cls}: ${what()}`);
            if (a.kind === 'pass') check(i > 0 && blindPass && announceRule === 'strict', what);
            if (i === 0) return;
            const prev = list[i - 1]!;
            // Nothing follows an announced Mia: it is looked at or given up.
            check(prev.value !== MIA, what);
            const orEqual = a.kind === 'pass' || announceRule === 'at-least';
            check(ranking.compare(a.value, prev.value) >= (orEqual ? 0 : 1), what);
            // A blind pass hands on the very dice the announcement before stood on.
            if (a.kind === 'pass') same(a.dice, prev.dice, 'passed dice');
          });
          // The stage agrees with the last announcement, which stands on the dice under the cup.
          const last = list[list.length - 1];
          if (s.phase === 'playing' && (s.round.stage === 'respond' || s.round.stage === 'mia')) {
            check(last && s.round.stage === (last.value === MIA ? 'mia' : 'respond'), () => s.round!.stage);
            same(last!.dice, s.round.cup?.dice, 'the last announcement stands on the cup');
          }
        });
      }),
      runs(),
    );
  });

  it('4. the state survives a JSON round trip, and the round-tripped state plays the same', () => {
    fc.assert(
      fc.property(scenarioArb(), (sc) => {
        const t = runGame(sc, (step) => {
          const copy = JSON.parse(JSON.stringify(step.before)) as GameState | null;
          same(copy, step.before, 'state after a JSON round trip');
          const again = apply(copy, step.action, seededRng(step.stepSeed));
          same(again, step.result, `${JSON.stringify(step.action)} on the round-tripped state`);
          if (step.result.ok) same(JSON.parse(JSON.stringify(step.result.events)), step.result.events, 'events round trip');
        });
        same(JSON.parse(JSON.stringify(t.final)), t.final, 'final state round trip');
      }),
      runs(),
    );
  });

  it('5. no view and no redacted event shows dice before they are revealed', () => {
    /** The dice each player has looked at this round, known from the event stream alone. */
    let seen = new Map<PlayerId, Set<string>>();
    const checkView = (state: GameState, viewer: PlayerId | null) => {
      const view = wire(viewer === null ? spectatorView(state) : playerView(state, viewer)) as SpectatorView;
      const who = viewer ?? 'spectator';
      const mineList = (view as Partial<PlayerView>).myAnnouncements;
      for (const [path, { key, value }] of secrets(view)) {
        if (value === null) continue;
        check(key !== 'cup' && key !== 'lookedBy', () => `${path} in the ${who} view`);
        const revealed = /^(round|lastRound)\.reveal\.dice$/.exec(path);
        if (revealed) {
          const r = revealed[1] === 'round' ? state.round : state.lastRound;
          same(value, r?.reveal?.dice, `${path}: revealed dice`);
          continue;
        }
        check(viewer !== null, () => `${path} = ${JSON.stringify(value)} in the spectator view`);
        if (key === 'dice' || key === 'myDice') {
          check(seen.get(viewer)?.has(JSON.stringify(value)), () => `${path}: ${who} never looked at ${JSON.stringify(value)}`);
        }
        if (path === 'myDice') {
          check(state.round?.cup?.lookedBy === viewer, () => `myDice for ${who}, who did not look`);
          same(value, state.round!.cup!.dice, 'myDice');
          continue;
        }
        const mine = /^myAnnouncements\.(\d+)\.(dice|class)$/.exec(path);
        check(mine, () => `${path} = ${JSON.stringify(value)} in the ${who} view`);
        const a = state.round!.announcements[mineList![Number(mine[1])]!.index]!;
        check(a.player === viewer && a.kind === 'looked', () => `${path}: not ${who}'s own looked announcement`);
        same(value, key === 'dice' ? a.dice : a.class, path);
      }
      // Announcements as everyone sees them: who, what, how; never the dice or the class.
      for (const r of [view.round, view.lastRound]) {
        for (const a of r?.announcements ?? []) same(Object.keys(a).sort(), ['kind', 'player', 'value'], 'announcement view');
      }
    };
    fc.assert(
      fc.property(scenarioArb(), (sc) => {
        seen = new Map();
        runGame(sc, ({ result, after: s }) => {
          if (!result.ok || !s) return;
          for (const e of result.events) {
            if (e.type === 'roundStarted') seen = new Map();
            if (e.type === 'diceRolled' && e.looked) {
              seen.set(e.player, new Set([...(seen.get(e.player) ?? []), JSON.stringify(e.dice)]));
            }
          }
          checkView(s, null);
          checkView(s, UNKNOWN_PLAYER);
          for (const seat of s.seats) checkView(s, seat.id);
          for (const e of result.events) {
            const pub = wire(redactEvent(e));
            if (e.type === 'revealed') same(pub, wire(e), 'a revealed event is public');
            else check(secrets(pub).size === 0, () => `redactEvent(${JSON.stringify(e)}) = ${JSON.stringify(pub)}`);
            for (const seat of s.seats) {
              const mine = wire(redactEvent(e, seat.id));
              const own =
                (e.type === 'diceRolled' && e.looked && e.player === seat.id) || (e.type === 'announced' && e.kind === 'looked' && e.player === seat.id);
              if (e.type === 'revealed' || own) same(mine, wire(e), `redactEvent for ${seat.id}`);
              else check(secrets(mine).size === 0, () => `redactEvent(${JSON.stringify(e)}, ${seat.id}) = ${JSON.stringify(mine)}`);
            }
          }
        });
      }),
      runs(),
    );
  });

  it('6. replaying the events rebuilds the state, at every step and at the end', () => {
    fc.assert(
      fc.property(scenarioArb(), (sc) => {
        let folded: GameState | null = null;
        let steps = 0;
        const t = runGame(sc, ({ result, after, events }) => {
          if (!result.ok) return;
          // Every step of any realistic game (the longest sampled had 950); sparser beyond, so a
          // game that never ends fails on the action cap rather than in quadratic time.
          if (++steps <= 1500 || steps % 100 === 0) same(replay(deepFreeze([...events])), after, 'replay of every event so far');
          // `replay` is a fold of `evolve`: this step's events folded onto the last state give the same.
          for (const e of result.events) folded = evolve(folded, e);
          same(folded, after, 'the events of this step folded onto the last state');
        });
        same(replay(t.events), t.final, 'replay of the whole game');
      }),
      runs(),
    );
  });

  it('7. the game terminates, and the move counter rises with every change of turn or stage', () => {
    fc.assert(
      fc.property(scenarioArb(), (sc) => {
        const t = runGame(sc, ({ before, after, result, action }) => {
          if (!result.ok || !before || !after || before.phase !== 'playing') return;
          const b = before.round!;
          const a = after.round!;
          const what = () => `${JSON.stringify(action)}: move ${before.move} -> ${after.move}`;
          check(after.move >= before.move, what);
          const changed = after.phase !== before.phase || a.number !== b.number || a.actor !== b.actor || a.stage !== b.stage;
          if (changed) check(after.move > before.move, what);
          // Only a leave or kick that the round did not hinge on leaves the counter alone.
          if (action.type !== 'leave' && action.type !== 'kick') check(after.move > before.move, what);
          // Whoever is to act is still in the game.
          if (after.phase === 'playing') check(after.seats.find((p) => p.id === a.actor)?.out === null, what);
        });
        expect(t.final.phase).toBe('over');
        expect(t.played).toBeLessThanOrEqual(ACTION_CAP);
      }),
      runs(),
    );
  });

  it('8. rejected actions change nothing, emit nothing and draw no randomness', () => {
    fc.assert(
      fc.property(
        scenarioArb().map((sc) => ({ ...sc, illegalRate: Math.max(sc.illegalRate, 150) })),
        (sc) => {
          let refused = 0;
          runGame(
            sc,
            (step) => {
              // apply never mutates its input: it is deep-frozen, and its JSON is unchanged.
              check(JSON.stringify(step.before) === step.beforeJson, () => `${JSON.stringify(step.action)} changed its input`);
              if (step.result.ok) return;
              refused++;
              same(Object.keys(step.result).sort(), ['ok', 'rejection'], 'a rejection carries no state or events');
              check(step.after === step.before, () => 'state replaced on a rejection');
              check(step.draws === 0, () => `${JSON.stringify(step.action)} drew ${step.draws} numbers and was refused`);
              check(typeof step.result.rejection.message === 'string' && step.result.rejection.message !== '', () => 'no message');
            },
            { snapshot: true },
          );
          expect(refused).toBeGreaterThan(0);
        },
      ),
      runs(),
    );
  });

  it('9. rounds end by the rules: who loses, how much, and who starts next', () => {
    fc.assert(
      fc.property(scenarioArb(), (sc) => {
        runGame(sc, ({ before, after, result, action }) => {
          if (!result.ok || !before || !after || before.phase !== 'playing') return;
          const s = before.settings;
          const r = before.round!;
          const last = r.announcements[r.announcements.length - 1];
          const player = (action as { player?: PlayerId }).player!;
          const livesOf = (id: PlayerId) => before.seats.find((p) => p.id === id)!.lives;
          const what = () => `${JSON.stringify(action)} -> ${JSON.stringify(result.events)}`;
          let loss: { player: PlayerId; amount: number } | null = null;
          let starter: PlayerId | null = null;
          let ends = true;
          switch (action.type) {
            case 'call': {
              const caught = rankingFor(s.ranking).compare(valueOf(r.cup!.dice), last!.value) < 0;
              const reveal = result.events.find((e) => e.type === 'revealed');
              same(
                reveal,
                {
                  type: 'revealed',
                  round: r.number,
                  dice: r.cup!.dice,
                  announced: last!.value,
                  announcer: last!.player,
                  by: player,
                  reason: 'call',
                  outcome: caught ? 'bluff-caught' : 'claim-held',
                },
                'the reveal of a call',
              );
              loss = { player: caught ? last!.player : player, amount: 1 };
              starter = caught ? selfOrNext(after.seats, player) : nextAfter(after.seats, player);
              break;
            }
            case 'lookAtMia': {
              const mia = valueOf(r.cup!.dice) === MIA;
              loss = mia ? { player, amount: s.miaLookedPenalty } : { player: last!.player, amount: s.miaFalsePenalty };
              starter = mia ? nextAfter(after.seats, player) : selfOrNext(after.seats, player);
              break;
            }
            case 'giveUp':
              loss = { player, amount: 1 };
              starter = nextAfter(after.seats, player);
              break;
            case 'timeout': {
              loss = { player, amount: 1 };
              starter = nextAfter(after.seats, player);
              const seat = after.seats.find((p) => p.id === player)!;
              const missed = before.seats.find((p) => p.id === player)!.missedTurns + 1;
              check(seat.missedTurns === missed, what);
              if (seat.lives > 0) check((seat.out?.reason === 'idle') === missed >= s.idleLimit && (seat.out === null || seat.out.reason === 'idle'), what);
              break;
            }
            case 'leave':
            case 'kick': {
              const hinged = r.actor === player || ((r.stage === 'respond' || r.stage === 'mia') && last?.player === player);
              check(after.seats.find((p) => p.id === player)!.out?.reason === (action.type === 'leave' ? 'left' : 'kicked'), what);
              ends = hinged;
              starter = hinged ? nextAfter(after.seats, player) : null;
              break;
            }
            default:
              ends = false;
          }
          const lost = result.events.filter((e) => e.type === 'lifeLost');
          if (loss) {
            const amount = Math.min(loss.amount, livesOf(loss.player));
            same(
              lost.map((e) => [e.player, e.amount]),
              [[loss.player, amount]],
              `the loss: ${what()}`,
            );
          } else {
            check(lost.length === 0, what);
          }
          const decided = active(after).length <= 1 || (s.endRule === 'first-out' && after.eliminations > 0);
          check((after.phase === 'over') === decided, () => `decided=${decided}: ${what()}`);
          if (decided) return;
          if (ends) {
            // The new starter begins with looked dice, dealt in this very action (stage announce).
            const n = after.round!;
            check(n.number === r.number + 1 && n.starter === starter && n.actor === starter && n.stage === 'announce', () => `starter ${starter}: ${what()}`);
            check(n.cup?.lookedBy === starter && n.announcements.length === 0, what);
            same(
              result.events.slice(-2),
              [
                { type: 'roundStarted', round: r.number + 1, starter },
                { type: 'diceRolled', player: starter, dice: n.cup!.dice, looked: true },
              ],
              `the new round's start: ${what()}`,
            );
            // Being dealt the dice is no move of the starter's: their missed turns stay as they were.
            const missedBefore = before.seats.find((p) => p.id === starter)!.missedTurns;
            check(after.seats.find((p) => p.id === starter)!.missedTurns === (starter === player ? 0 : missedBefore), what);
            check(after.lastRound?.number === r.number && after.lastRound.ended !== null, what);
          } else {
            check(after.round!.number === r.number, what);
          }
        });
      }),
      runs(),
    );
  });
});

describe("a new round's starter always holds looked dice (rules, A round: 1)", { timeout: 150_000 }, () => {
  it('10. every round starts with its starter dealt looked dice; stage roll comes only after believing', () => {
    fc.assert(
      fc.property(scenarioArb(), (sc) => {
        let rounds = 0;
        runGame(sc, ({ before, after, result, action }) => {
          if (!result.ok || !after) return;
          const what = () => `${JSON.stringify(action)} -> ${JSON.stringify(result.events)}`;
          result.events.forEach((e, i) => {
            if (e.type !== 'roundStarted') return;
            rounds++;
            const next = result.events[i + 1];
            check(next?.type === 'diceRolled' && next.player === e.starter && next.looked, what);
          });
          const r = after.round;
          if (after.phase !== 'playing' || !r) return;
          if (r.announcements.length === 0) {
            // Nothing announced yet: the starter is to announce, on dice they have seen.
            check(r.actor === r.starter && r.stage === 'announce' && r.cup?.lookedBy === r.starter, what);
            same(playerView(after, r.starter).myDice, r.cup!.dice, 'the starter sees their dealt dice');
          }
          if (r.stage === 'roll') {
            // Entered only by believing (a leave the round does not hinge on leaves it as it was).
            check(r.announcements.length > 0 && r.cup !== null, what);
            const entered = before?.round?.stage !== 'roll' || before.round.number !== r.number;
            if (entered) check(action.type === 'believe' && result.events.length === 1 && result.events[0]!.type === 'believed', what);
          }
        });
        expect(rounds).toBeGreaterThan(0);
      }),
      runs(),
    );
  });
});

describe('determinism and randomness', () => {
  it('self-play with the same seed plays the same games', () => {
    const strategies = fc.array(fc.constantFrom(...(['honest', 'calculator', 'bluffer', 'random'] as const)), {
      minLength: 2,
      maxLength: 6,
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), strategies, settingsArb, (seed, names, settings) => {
        const one = playGame({ seats: aiSeats(names), settings, rng: seededRng(seed) });
        const two = playGame({ seats: aiSeats(names), settings, rng: seededRng(seed) });
        same(two, one, 'the same game twice');
        expect(one.state.phase).toBe('over');
        same(replay(one.events), one.state, 'self-play replays');
        const summary = selfPlay({ games: 3, seed, strategies: names, settings });
        expect(selfPlay({ games: 3, seed, strategies: names, settings })).toStrictEqual(summary);
        expect(summary.games).toBe(3);
      }),
      runs(40),
    );
  });

  it('seededRng is deterministic, in range, and roughly uniform', () => {
    const stream = (seed: number, n: number) => {
      const rng = seededRng(seed);
      return Array.from({ length: 50 }, () => rng(n));
    };
    expect(stream(42, 1000)).toStrictEqual(stream(42, 1000));
    expect(stream(1, 1 << 30)).not.toStrictEqual(stream(2, 1 << 30));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff_ffff }),
        fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 0x1_0000_0000 })),
        (seed, n) => {
          const rng = seededRng(seed);
          for (let i = 0; i < 50; i++) {
            const x = rng(n);
            check(Number.isInteger(x) && x >= 0 && x < n, () => `rng(${n}) = ${x}`);
          }
        },
      ),
      runs(300),
    );
    for (const bad of [0, -1, 1.5, NaN, 0x1_0000_0001]) expect(() => seededRng(7)(bad)).toThrow(RangeError);

    // Chi-square goodness of fit with fixed seeds; the bounds are the p = 0.001 critical values.
    const chiSquare = (counts: number[], expected: number[]) => counts.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);
    const draws = 60_000;
    const cases: [n: number, critical: number][] = [
      [2, 10.83],
      [6, 20.52],
      [7, 22.46],
      [36, 66.62],
    ];
    for (const [n, critical] of cases) {
      const rng = seededRng(20_240_601 + n);
      const counts = new Array<number>(n).fill(0);
      for (let i = 0; i < draws; i++) counts[rng(n)]!++;
      expect(chiSquare(counts, new Array<number>(n).fill(draws / n)), `rng(${n})`).toBeLessThan(critical);
    }
    // Dice: the 21 values with their 1/36 and 2/36 weights (20 degrees of freedom).
    const rng = seededRng(36);
    const values = [...new Set(OUTCOMES)];
    const counts = new Array<number>(values.length).fill(0);
    for (let i = 0; i < draws; i++) counts[values.indexOf(valueOf(rollDice(rng)))]!++;
    const expected = values.map((v) => (OUTCOMES.filter((o) => o === v).length / 36) * draws);
    expect(chiSquare(counts, expected)).toBeLessThan(45.31);
  });
});
