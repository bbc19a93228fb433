import type { Action, GameState, PlayerId, Rejection } from '@mia/engine';
import type { ChatChange } from './bus';
import type { GameRecord, StoredEvent } from './repository';

/** The service's vocabulary: what callers ask of `GameService.act` and what they are told. */

export interface UserInfo {
  id: PlayerId;
  name: string;
  username?: string | null;
  languageCode?: string | null;
  isAi?: boolean;
}

export interface ChatInfo {
  /** Telegram's chat title, optional there too (undefined and null both mean unknown). */
  title?: string | null | undefined;
  type?: string;
}

export interface ActRequest {
  chatId: bigint;
  action: Action;
  /** The game the caller means (from a button): refused when the chat's current game differs. */
  gameId?: string;
  /** A Telegram update id or another idempotency key: the same key is applied once. */
  key?: string;
  /** Who is acting, kept fresh in the users table; required to create a game (its creator). */
  user?: UserInfo;
  /** The chat, recorded when a game is created in it. */
  chat?: ChatInfo;
  /** Forum topic the game lives in. */
  threadId?: number;
  /**
   * Actions that follow from the new state, applied in the same transaction (so one commit, one
   * batch of events, one round of messages): e.g. believe, then roll. Return undefined to stop.
   */
  followUp?: (state: GameState) => Action | undefined;
  /**
   * The chat's game as the caller has just read it (the bot reads it to check a button): tried
   * first instead of reading it again. The commit's version check makes that safe; any refusal
   * is decided on a fresh read.
   */
  current?: GameRecord;
}

/**
 * The engine's refusals, and the service's own: `other-game` (the chat's game is not the one
 * meant), `busy` (too many racing writers, or shutting down), `not-due` (a lobby's expiry found
 * its closing time moved on: an /extend won).
 */
export type ServiceRejectionCode = Rejection['code'] | 'other-game' | 'busy' | 'not-due';
/** The engine's rejection (its `players` included), or one of the service's own. */
export interface ServiceRejection extends Omit<Rejection, 'code'> {
  code: ServiceRejectionCode;
}

export type ActResult =
  | { status: 'applied'; game: GameRecord; events: StoredEvent[] }
  | { status: 'rejected'; rejection: ServiceRejection; game: GameRecord | null }
  | { status: 'duplicate'; game: GameRecord | null };

/** Events that were committed, here (`local`) or by another process (`remote`). */
export interface CommittedBatch {
  game: GameRecord;
  events: StoredEvent[];
  origin: 'local' | 'remote';
}

/** A chat's change outside its games' logs (see `ChatChange`), committed here or elsewhere. */
export interface ChatChanged {
  chatId: bigint;
  change: ChatChange;
  origin: 'local' | 'remote';
}
