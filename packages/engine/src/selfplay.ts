import type { Action } from './actions';
import { aiAction, strategyFor, type Strategy, type StrategyName } from './ai';
import { apply } from './apply';
import type { GameEvent } from './events';
import { seededRng, type Rng } from './rng';
import type { SettingsInput } from './settings';
import type { GameState, PlayerId } from './state';

export interface AiSeat {
  id: PlayerId;
  name: string;
  strategy: Strategy;
}

export interface PlayedGame {
  state: GameState;
  events: GameEvent[];
  /** Every accepted action in order, from `create` on: enough to replay the game with its rng. */
  actions: Action[];
}

const NAMES = ['Ada', 'Bo', 'Cleo', 'Dov', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun'];

/**
 * The same string, internalized by V8 (a property name is): ids are compared many times a turn,
 * and two internalized strings compare by address where two built ones compare by content.
 */
const interned = (s: string): string => Object.keys({ [s]: 0 })[0]!;

/** Seats named Ada, Bo, … playing the given strategies in order. */
export function aiSeats(strategies: readonly (StrategyName | Strategy)[]): AiSeat[] {
  return strategies.map((s, i) => ({
    id: interned(`ai-${i + 1}`),
    name: NAMES[i % NAMES.length]!,
    strategy: typeof s === 'string' ? strategyFor(s) : s,
  }));
}

export interface PlayGameOptions {
  seats: readonly AiSeat[];
  settings?: SettingsInput;
  rng: Rng;
  /** Called after every accepted action (the demo prints from here). */
  onStep?: (step: { action: Action; events: GameEvent[]; state: GameState }) => void;
  /** A safety net against a strategy that never ends a game. */
  maxActions?: number;
}

/** Plays one whole game among AI seats through the same `apply` people use. */
export function playGame(options: PlayGameOptions): PlayedGame {
  const events: GameEvent[] = [];
  const actions: Action[] = [];
  const { onStep } = options;
  const state = play(options, strategiesById(options.seats), (action, result, next) => {
    for (const e of result) events.push(e);
    actions.push(action);
    onStep?.({ action, events: result, state: next });
  });
  return { state, events, actions };
}

/**
 * The game loop behind `playGame` and `selfPlay`: every accepted action and its events go to
 * `record`, which keeps them or only counts them (self-play for statistics keeps no log).
 */
function play(
  options: PlayGameOptions,
  byId: ReadonlyMap<PlayerId, Strategy>,
  record: (action: Action, events: GameEvent[], state: GameState) => void,
): GameState {
  // One loop over the game's actions, the lobby's first: no closure per game (each costs an
  // allocation, and the production bundle's keepNames a defineProperty).
  const { seats, rng } = options;
  const maxActions = options.maxActions ?? 100_000;
  let state: GameState | null = null;
  let count = 0;
  let lobby = 0; // lobby actions done: create, a join per seat, start
  for (;;) {
    let action: Action;
    if (lobby === 0) action = { type: 'create', creator: seats[0]!.id, settings: options.settings ?? {} };
    else if (lobby <= seats.length) action = { type: 'join', player: seats[lobby - 1]!.id, name: seats[lobby - 1]!.name, ai: true };
    else if (lobby === seats.length + 1) action = { type: 'start' };
    else {
      if (state!.phase !== 'playing') return state!;
      if (count > maxActions) throw new Error(`self-play did not finish in ${maxActions} actions`);
      const actor = state!.round!.actor;
      action = aiAction(state!, actor, byId.get(actor)!, rng)!;
    }
    if (lobby <= seats.length + 1) lobby++;
    const result = apply(state, action, rng);
    if (!result.ok) throw new Error(`self-play action refused: ${result.rejection.message} (${JSON.stringify(action)})`);
    state = result.state;
    count++;
    record(action, result.events, state);
  }
}

const strategiesById = (seats: readonly AiSeat[]): ReadonlyMap<PlayerId, Strategy> => new Map(seats.map((s) => [s.id, s.strategy]));

export interface SelfPlayOptions {
  games: number;
  seed: number;
  strategies: readonly (StrategyName | Strategy)[];
  settings?: SettingsInput;
}

export interface SelfPlaySummary {
  games: number;
  /** Accepted actions during play (turns), lobby actions excluded. */
  turns: number;
  events: number;
  rounds: number;
  /** Games won, by seat id. */
  wins: Record<PlayerId, number>;
}

/** Plays `games` whole games with one seeded random source: the same seed, the same games. */
export function selfPlay(options: SelfPlayOptions): SelfPlaySummary {
  const rng = seededRng(options.seed);
  const seats = aiSeats(options.strategies);
  const summary: SelfPlaySummary = { games: 0, turns: 0, events: 0, rounds: 0, wins: {} };
  const lobbyActions = seats.length + 2;
  const gameOptions: PlayGameOptions = { seats, rng };
  if (options.settings) gameOptions.settings = options.settings;
  const byId = strategiesById(seats);
  let actions = 0;
  const count = (_action: Action, events: GameEvent[]): void => {
    actions++;
    summary.events += events.length;
  };
  for (let g = 0; g < options.games; g++) {
    actions = 0;
    const state = play(gameOptions, byId, count);
    summary.games++;
    summary.turns += actions - lobbyActions;
    summary.rounds += state.round?.number ?? 0;
    const winner = state.result?.winner;
    if (winner) summary.wins[winner] = (summary.wins[winner] ?? 0) + 1;
  }
  return summary;
}
