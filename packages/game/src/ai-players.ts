import { STRATEGY_NAMES, strategyFor, type PlayerId, type Strategy, type StrategyName } from '@mia/engine';

/**
 * Who the computer players are. Each is a user of its own whose id says everything a restarted
 * process needs to play it: `-(AI_ID_BASE + code × PERSONAS + persona)`.
 *
 * - The strategy is part of the id (its code below), so it is persisted wherever the seat is —
 *   the game state, the Seat and User rows — with no column or lookup of its own.
 * - The ids lie below −2^53: Telegram promises that chat ids fit in 52 bits, so a message
 *   addressed to a computer player can never reach a real chat.
 * - Personas are reused across games and chats (the users table does not grow with every game);
 *   at one table each has a name of its own.
 */
const AI_ID_BASE = 9_000_000_000_000_000_000n;
const PERSONAS = 1000;

/** Fixed for good: ids in stored games carry these. Never renumber; give a new strategy a new code. */
const STRATEGY_CODES: Readonly<Record<StrategyName, number>> = { honest: 1, calculator: 2, bluffer: 3, random: 4 };
const BY_CODE = new Map(Object.entries(STRATEGY_CODES).map(([name, code]) => [code, name as StrategyName]));

/** Pioneers of computing: names people read as names, at least as many as a table has seats. */
export const AI_NAMES = ['Ada', 'Alan', 'Grace', 'Konrad', 'Hedy', 'Edsger', 'Barbara', 'Dennis', 'Margaret', 'Linus', 'Radia', 'Donald'] as const;

export const DEFAULT_AI_STRATEGY: StrategyName = 'calculator';

export const isStrategyName = (value: string): value is StrategyName => (STRATEGY_NAMES as readonly string[]).includes(value);

export interface AiPlayer {
  id: PlayerId;
  name: string;
  strategy: StrategyName;
}

export function aiPlayerId(strategy: StrategyName, persona: number): PlayerId {
  if (!Number.isInteger(persona) || persona < 0 || persona >= PERSONAS) throw new Error(`no AI persona ${persona}`);
  return (-(AI_ID_BASE + BigInt(STRATEGY_CODES[strategy] * PERSONAS + persona))).toString();
}

/** The strategy an AI player's id carries, or null when the id is not one of ours. */
export function aiStrategyOf(id: PlayerId): StrategyName | null {
  if (!/^-\d{19}$/.test(id)) return null;
  const offset = -BigInt(id) - AI_ID_BASE;
  if (offset < 0n) return null;
  return BY_CODE.get(Number(offset / BigInt(PERSONAS))) ?? null;
}

export const isAiPlayerId = (id: PlayerId): boolean => aiStrategyOf(id) !== null;

/** A persona's name: the list, then the list again with a number (only past a dozen seats). */
function personaName(persona: number): string {
  const base = AI_NAMES[persona % AI_NAMES.length]!;
  const round = Math.floor(persona / AI_NAMES.length);
  return round === 0 ? base : `${base} ${round + 1}`;
}

/**
 * A computer player of `strategy` for a table: the first persona neither seated there nor named
 * like anyone seated (names compared without case), so everyone at the table can tell who is who.
 */
export function nextAiPlayer(strategy: StrategyName, seats: readonly { id: PlayerId; name: string }[]): AiPlayer {
  const ids = new Set(seats.map((s) => s.id));
  const names = new Set(seats.map((s) => s.name.trim().toLowerCase()));
  for (let persona = 0; persona < PERSONAS; persona++) {
    const id = aiPlayerId(strategy, persona);
    const name = personaName(persona);
    if (!ids.has(id) && !names.has(name.toLowerCase())) return { id, name, strategy };
  }
  throw new Error('no free AI persona at this table');
}

const minds = new Map<StrategyName, Strategy>();

/**
 * The mind playing an AI seat. Seats whose id is not one of ours (games seated before this
 * scheme) play the default strategy. Strategies keep no state between calls, so one instance per
 * name serves every seat.
 */
export function aiStrategyFor(id: PlayerId): Strategy {
  const name = aiStrategyOf(id) ?? DEFAULT_AI_STRATEGY;
  let mind = minds.get(name);
  if (!mind) {
    mind = strategyFor(name);
    minds.set(name, mind);
  }
  return mind;
}
