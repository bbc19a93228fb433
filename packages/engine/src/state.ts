import type { Dice, Value } from './dice';
import type { Settings } from './settings';

/** A player's id: Telegram user ids as decimal strings, so the state stays plain JSON. */
export type PlayerId = string;

export type OutReason = 'lives' | 'idle' | 'left' | 'kicked';

export interface Seat {
  id: PlayerId;
  name: string;
  ai: boolean;
  lives: number;
  /** Set when the player is out; `order` counts eliminations in this game from 1. */
  out: { reason: OutReason; order: number; round: number } | null;
  /** Missed deadlines in a row. */
  missedTurns: number;
}

/**
 * What the actor must do now:
 * - `roll`: has believed: roll and look, or roll blind and announce at once (only after a
 *   `believed`: a round's starter is dealt the dice as the round starts);
 * - `announce`: has looked at the dice (a round's starter always has), must announce;
 * - `respond`: receives the cup: believe, call liar, or pass blind;
 * - `mia`: Mia was announced: give up or look.
 */
export type Stage = 'roll' | 'announce' | 'respond' | 'mia';

/** How an announcement was made: after looking, blind, or by passing the cup unseen. */
export type AnnouncementKind = 'looked' | 'blind' | 'pass';

/** The engine's statistics class of an announcement (rules: "What counts as a bluff"). */
export type AnnouncementClass = 'truthful' | 'over' | 'under' | 'blind' | 'pass';

export type LossCause = 'caught-bluffing' | 'wrong-call' | 'mia-looked' | 'mia-given-up' | 'timeout';

export interface Announcement {
  player: PlayerId;
  value: Value;
  kind: AnnouncementKind;
  /** SECRET until revealed: the dice under the cup when this announcement was made. */
  dice: Dice;
  class: AnnouncementClass;
}

export interface Cup {
  /** SECRET: the dice under the cup. */
  dice: Dice;
  /** Who has seen these dice (the player who rolled and looked), if anyone. */
  lookedBy: PlayerId | null;
}

export interface Reveal {
  /** The dice shown to everyone: public from here on. */
  dice: Dice;
  announced: Value;
  announcer: PlayerId;
  by: PlayerId;
  reason: 'call' | 'mia-look';
  outcome: 'bluff-caught' | 'claim-held' | 'mia-true' | 'mia-false';
}

export interface Loss {
  player: PlayerId;
  amount: number;
  cause: LossCause;
}

export type RoundEnd = 'call' | 'mia-look' | 'mia-give-up' | 'timeout' | 'aborted';

export interface Round {
  number: number;
  starter: PlayerId;
  actor: PlayerId;
  stage: Stage;
  cup: Cup | null;
  announcements: Announcement[];
  reveal: Reveal | null;
  losses: Loss[];
  ended: RoundEnd | null;
}

export interface Placing {
  player: PlayerId;
  place: number;
  lives: number;
}

export interface GameResult {
  /** Null when nobody won outright (a tie at the top, or everybody left). */
  winner: PlayerId | null;
  ranking: Placing[];
}

export type Phase = 'lobby' | 'playing' | 'over';

/** Why a game ended without a result: `/stop`, the bot removed from the group, a lobby not started in time. */
export type AbortReason = 'stopped' | 'bot-removed' | 'lobby-expired';

export const ABORT_REASONS: readonly AbortReason[] = ['stopped', 'bot-removed', 'lobby-expired'];

/** A game ended without a result: why, and who ended it (for `/stop`). */
export interface Aborted {
  reason: AbortReason;
  by: PlayerId | null;
}

/** The whole game as plain JSON: what persistence stores and `evolve` folds events into. */
export interface GameState {
  settings: Settings;
  phase: Phase;
  creator: PlayerId;
  /** In join order: play passes from each seat to the next. */
  seats: Seat[];
  /** The round in play, or the last one once the game is over. */
  round: Round | null;
  /** The round before the current one, for "last reveal and who lost" on the table. */
  lastRound: Round | null;
  /** Counts accepted moves during play; buttons carry it so a stale press is refused. */
  move: number;
  eliminations: number;
  /** Set when the game is over: null for an aborted game (nobody won, nobody is placed). */
  result: GameResult | null;
  /**
   * Set when the game was aborted (phase `over`, `result` null); absent otherwise, and in states
   * stored before aborts were events. The round in play, if any, is left as it was: cut off, not
   * ended by a rule.
   */
  aborted?: Aborted;
}
