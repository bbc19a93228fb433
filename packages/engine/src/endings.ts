import type { Action } from './actions';
import { notPlaying, reject, type Rejection } from './rejections';
import type { Transaction } from './resolution';
import { ABORT_REASONS } from './state';

/**
 * What ends or moves a game from outside play: `/stop`, the bot removed from its group, a lobby
 * that expired, and a chat's new id. Like every other change they are actions with events, so
 * every process (the bot's notifier, the dashboard's live channel) learns of them from the log.
 */

/** Ends the game without a result. A lobby only can expire; any open game can be stopped. */
export function abortGame(tx: Transaction, action: Extract<Action, { type: 'abort' }>): Rejection | null {
  const s = tx.state;
  if (s.phase === 'over') return notPlaying('over');
  if (!ABORT_REASONS.includes(action.reason)) return reject('invalid-action', `unknown abort reason ${String(action.reason)}`);
  if (action.reason === 'lobby-expired' && s.phase !== 'lobby') return reject('not-in-lobby', 'the game has already started');
  if (action.by !== undefined && (typeof action.by !== 'string' || action.by === '')) {
    return reject('invalid-action', 'who aborted the game must be a player id');
  }
  tx.emit({ type: 'gameAborted', reason: action.reason, by: action.by ?? null });
  return null;
}

/** Records the chat's new id; an open game only (a finished game's log is closed). */
export function moveChat(tx: Transaction, action: Extract<Action, { type: 'moveChat' }>): Rejection | null {
  if (tx.state.phase === 'over') return notPlaying('over');
  const id = (v: unknown): v is string => typeof v === 'string' && /^-?\d+$/.test(v);
  if (!id(action.from) || !id(action.to)) return reject('invalid-action', 'chat ids are decimal strings');
  if (action.from === action.to) return reject('invalid-action', 'the chat did not change');
  tx.emit({ type: 'chatMoved', from: action.from, to: action.to });
  return null;
}
