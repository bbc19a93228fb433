import type { Dice, Value } from './dice';
import type { Settings } from './settings';
import type { AbortReason, AnnouncementClass, AnnouncementKind, LossCause, OutReason, Placing, PlayerId, Reveal, RoundEnd } from './state';

/**
 * What happened, in the order it happened. Folding them with `evolve` rebuilds the state, so
 * they are what persistence appends and what the dashboard streams (through `redactEvent`).
 * Dice in `diceRolled` and `announced` are secret until a `revealed` event shows them.
 */
export type GameEvent =
  | { type: 'gameCreated'; creator: PlayerId; settings: Settings }
  | { type: 'playerJoined'; player: PlayerId; name: string; ai: boolean }
  | { type: 'playerLeft'; player: PlayerId }
  | { type: 'gameStarted'; players: PlayerId[] }
  | { type: 'roundStarted'; round: number; starter: PlayerId }
  | { type: 'believed'; player: PlayerId }
  | { type: 'diceRolled'; player: PlayerId; dice: Dice; looked: boolean }
  | {
      type: 'announced';
      player: PlayerId;
      value: Value;
      kind: AnnouncementKind;
      dice: Dice;
      class: AnnouncementClass;
    }
  | ({ type: 'revealed'; round: number } & Reveal)
  | { type: 'miaGivenUp'; player: PlayerId; announcer: PlayerId }
  | { type: 'turnMissed'; player: PlayerId; missed: number }
  | { type: 'lifeLost'; player: PlayerId; amount: number; cause: LossCause; lives: number }
  | { type: 'playerOut'; player: PlayerId; reason: OutReason }
  | { type: 'roundEnded'; round: number; end: RoundEnd }
  | { type: 'gameOver'; winner: PlayerId | null; ranking: Placing[] }
  /** The game ended without a result (no winner, no ranking): it never counts in statistics. */
  | { type: 'gameAborted'; reason: AbortReason; by: PlayerId | null }
  /** Telegram chat ids as decimal strings; the state does not change (see `moveChat`). */
  | { type: 'chatMoved'; from: string; to: string };

export type GameEventType = GameEvent['type'];

/** One event type's shape (the folds in `evolve.ts` take each their own). */
export type EventOf<T extends GameEventType> = Extract<GameEvent, { type: T }>;
