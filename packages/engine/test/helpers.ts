/**
 * Test helpers for the rule tests: a scripted Rng that forces dice and the starter, builders for
 * started games, and a runner that applies actions and fails loudly on any rejection.
 */
import { expect } from 'vitest';
import { apply, type Action, type GameEvent, type GameState, type PlayerId, type Rejection, type Rng, type SettingsInput, type Value } from '../src';

/** An Rng that returns queued numbers in order and records every `n` it was asked for. */
export interface ScriptedRng extends Rng {
  /** Queue more numbers. */
  push(...values: number[]): void;
  /** Numbers still queued. */
  readonly remaining: number[];
  /** The `n` of every call, in order. */
  readonly calls: number[];
}

export function scriptedRng(values: readonly number[] = []): ScriptedRng {
  const queue = [...values];
  const calls: number[] = [];
  const rng = ((n: number): number => {
    calls.push(n);
    const v = queue.shift();
    if (v === undefined) throw new Error(`scripted rng: queue empty (asked rng(${n}))`);
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new Error(`scripted rng: ${v} is not in [0, ${n})`);
    return v;
  }) as ScriptedRng;
  Object.defineProperty(rng, 'remaining', { get: () => [...queue] });
  Object.defineProperty(rng, 'calls', { get: () => calls });
  rng.push = (...more: number[]) => void queue.push(...more);
  return rng;
}

/** An Rng that must not be called: for actions that draw nothing. */
export const noRng: Rng = (n) => {
  throw new Error(`rng(${n}) called where no randomness was expected`);
};

/** The two draws that make a roll of the dice `a` and `b` (each die is rng(6) + 1). */
export const draws = (a: number, b: number): number[] => [a - 1, b - 1];

/** A scripted Rng that rolls these dice, in order (a new round's starter is dealt dice too). */
export const rolling = (...rolls: readonly (readonly [number, number])[]): ScriptedRng => scriptedRng(rolls.flatMap(([a, b]) => draws(a, b)));

/** Shorthands for the in-round actions. */
export const act = {
  roll: (player: PlayerId): Action => ({ type: 'roll', player }),
  announce: (player: PlayerId, value: Value): Action => ({ type: 'announce', player, value, blind: false }),
  blind: (player: PlayerId, value: Value): Action => ({ type: 'announce', player, value, blind: true }),
  believe: (player: PlayerId): Action => ({ type: 'believe', player }),
  call: (player: PlayerId): Action => ({ type: 'call', player }),
  pass: (player: PlayerId, value: Value): Action => ({ type: 'passBlind', player, value }),
  giveUp: (player: PlayerId): Action => ({ type: 'giveUp', player }),
  look: (player: PlayerId): Action => ({ type: 'lookAtMia', player }),
  timeout: (player: PlayerId): Action => ({ type: 'timeout', player }),
  leave: (player: PlayerId): Action => ({ type: 'leave', player }),
  kick: (player: PlayerId): Action => ({ type: 'kick', player }),
};

export interface Applied {
  state: GameState;
  events: GameEvent[];
}

/** Applies one action and asserts it was accepted. */
export function applyOk(state: GameState | null, action: Action, rng: Rng = noRng): Applied {
  const result = apply(state, action, rng);
  if (!result.ok) {
    throw new Error(`${JSON.stringify(action)} was refused: ${result.rejection.code} (${result.rejection.message})`);
  }
  return { state: result.state, events: result.events };
}

/** Applies one action, asserts it was refused, and returns the rejection. */
export function applyRejected(state: GameState | null, action: Action, rng: Rng = noRng): Rejection {
  const result = apply(state, action, rng);
  if (result.ok) throw new Error(`${JSON.stringify(action)} was accepted: ${JSON.stringify(result.events)}`);
  return result.rejection;
}

/**
 * Applies `actions` in order, asserting each is accepted. `rolls` are the dice every roll (seen
 * or blind, and the dice dealt to each new round's starter) will show, in order; all of them
 * must be used.
 */
export function applyAll(
  state: GameState | null,
  actions: readonly Action[],
  rolls: readonly (readonly [number, number])[] = [],
): Applied & { perAction: GameEvent[][] } {
  const rng = scriptedRng(rolls.flatMap(([a, b]) => draws(a, b)));
  let current = state;
  const events: GameEvent[] = [];
  const perAction: GameEvent[][] = [];
  for (const action of actions) {
    const step = applyOk(current, action, rng);
    current = step.state;
    events.push(...step.events);
    perAction.push(step.events);
  }
  expect(rng.remaining, 'every scripted roll is used').toEqual([]);
  if (current === null) throw new Error('no state');
  return { state: current, events, perAction };
}

/** A game in the lobby with `players` seated in that order (ids double as names). */
export function lobby(players: readonly PlayerId[] = ['A', 'B', 'C'], settings?: SettingsInput): GameState {
  let state = applyOk(null, { type: 'create', creator: players[0] ?? 'X', ...(settings ? { settings } : {}) }).state;
  for (const p of players) state = applyOk(state, { type: 'join', player: p, name: p }).state;
  return state;
}

/** The dice a round's starter is dealt in `startedGame` when a test does not say. */
export const DEALT: readonly [number, number] = [4, 2];

/**
 * A started game with `players` in seat order and `starter` (default: the first) starting round 1,
 * dealt `dice` (default `DEALT`): the starter begins in stage announce, dice in hand.
 */
export function startedGame(
  players: readonly PlayerId[] = ['A', 'B', 'C'],
  options: { settings?: SettingsInput; starter?: PlayerId; dice?: readonly [number, number] } = {},
): GameState {
  const state = lobby(players, options.settings);
  const index = players.indexOf(options.starter ?? players[0]!);
  if (index < 0) throw new Error(`starter ${options.starter} is not seated`);
  const [a, b] = options.dice ?? DEALT;
  const rng = scriptedRng([index, ...draws(a, b)]);
  const started = applyOk(state, { type: 'start' }, rng).state;
  expect(rng.remaining, 'start draws the starter and their dice').toEqual([]);
  return started;
}

export const seat = (state: GameState, id: PlayerId) => {
  const s = state.seats.find((p) => p.id === id);
  if (!s) throw new Error(`no seat ${id}`);
  return s;
};

export const livesOf = (state: GameState): Record<PlayerId, number> => Object.fromEntries(state.seats.map((p) => [p.id, p.lives]));

export function eventsOfType<T extends GameEvent['type']>(events: readonly GameEvent[], type: T): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}
