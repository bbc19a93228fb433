import type { AnnouncementKind, GameState, PlayerId } from '@mia/engine';

/**
 * What every chat of one game shows now, as far as the bot's buttons go: the message ids the
 * planner needs to edit, close or delete, and for which turn each was drawn. Kept in the database
 * (the bot's `BotMessages` table) after every send, so a restarted or another process sees the same screen.
 */

/** Where a game's dice and announcement buttons go: private prompts (default), or pop-ups and the group's table. */
export type PlayMode = 'private' | 'group';

export interface RoundMessage {
  id: number;
  round: number;
  /** The turn it was drawn for: in group mode a new turn of a person moves the table down (a new message). */
  turn: string;
  /** Edited into the round's outcome: nothing on it can act any more. */
  final: boolean;
}

export interface PromptMessage {
  id: number;
  /** The turn it was sent for (`turnKey`): a prompt of another turn is closed, never reused. */
  turn: string;
}

export interface Screen {
  mode: PlayMode;
  /** The lobby message while it still has buttons. */
  lobby?: number;
  /** The group's message for the latest round drawn. */
  round?: RoundMessage;
  /** Each player's live private prompt: at most one per player. */
  prompts: Record<PlayerId, PromptMessage>;
  /** Players whose private chat fails: they play from the group's table, as in group mode. */
  unreachable: PlayerId[];
}

export const emptyScreen = (mode: PlayMode = 'private'): Screen => ({ mode, prompts: {}, unreachable: [] });

/**
 * A turn: one player's time to act in a round. It changes with every announcement (the cup
 * passes) and every round; believing and rolling stay within the turn.
 */
export function turnKey(state: GameState): string {
  const round = state.round;
  return round ? `${round.number}.${round.announcements.length}` : '0.0';
}

/** Why a prompt was closed: its text then says what became of that turn. */
export type Closed =
  | { kind: 'announced'; value: number; how: AnnouncementKind; to: PlayerId | null }
  | { kind: 'round-over'; round: number }
  | { kind: 'out' }
  | { kind: 'game-over' }
  | { kind: 'stopped' }
  | { kind: 'moved-on' };

/** A group message as the planner names it; render/ turns it into words and buttons. */
export type GroupView =
  | { kind: 'lobby' }
  | { kind: 'lobby-closed'; why: 'started' | 'stopped' | 'expired' }
  /** A round's table: live (with the actor's buttons) or final (its outcome, no buttons). */
  | { kind: 'round'; round: number; turn: string; final: boolean; mention: PlayerId | null; note: 'stopped' | null }
  | { kind: 'game-over' }
  /** The group told, once, that its lobby closed for want of a start. */
  | { kind: 'lobby-expired' };

export type PrivateView = { kind: 'prompt'; turn: string } | { kind: 'closed'; why: Closed };

export type Intent =
  | { chat: 'group'; op: 'send'; view: GroupView }
  | { chat: 'group'; op: 'edit'; id: number; view: GroupView }
  | { chat: 'group'; op: 'delete'; id: number }
  | { chat: 'player'; player: PlayerId; op: 'send'; view: PrivateView }
  | { chat: 'player'; player: PlayerId; op: 'edit'; id: number; view: PrivateView };

/**
 * The screen after `intent` was carried out (`id`: the message sent or edited). Shared by the
 * executor and the planner's tests, so both agree on what is on screen.
 */
export function record(screen: Screen, intent: Intent, id: number): Screen {
  const next: Screen = { ...screen, prompts: { ...screen.prompts } };
  if (intent.chat === 'player') {
    if (intent.view.kind === 'prompt') next.prompts[intent.player] = { id, turn: intent.view.turn };
    // Only that message closes: the player may already have their next prompt.
    else if (intent.op === 'send' || next.prompts[intent.player]?.id === intent.id) delete next.prompts[intent.player];
    return next;
  }
  if (intent.op === 'delete') {
    if (next.round?.id === intent.id) delete next.round;
    if (next.lobby === intent.id) delete next.lobby;
    return next;
  }
  const view = intent.view;
  switch (view.kind) {
    case 'lobby':
      next.lobby = id;
      break;
    case 'lobby-closed':
      delete next.lobby;
      break;
    case 'round':
      next.round = { id, round: view.round, turn: view.turn, final: view.final };
      break;
    case 'game-over':
    case 'lobby-expired':
      break;
  }
  return next;
}

/** The screen as stored, read leniently: refs written before prompts carried their turn still load. */
export function screenFromStored(stored: unknown, fallbackMode: PlayMode): Screen {
  const s = (stored ?? {}) as Record<string, unknown>;
  const screen = emptyScreen(s.mode === 'group' || s.mode === 'private' ? s.mode : fallbackMode);
  if (typeof s.lobby === 'number') screen.lobby = s.lobby;
  const round = s.round;
  if (round && typeof round === 'object') {
    const r = round as Record<string, unknown>;
    if (typeof r.id === 'number' && typeof r.round === 'number') {
      screen.round = { id: r.id, round: r.round, turn: String(r.turn ?? ''), final: r.final === true };
    }
  } else if (typeof s.table === 'number') {
    // The first version kept the table's id and round number apart.
    screen.round = { id: s.table, round: typeof s.round === 'number' ? s.round : 0, turn: '', final: false };
  }
  for (const [player, p] of Object.entries((s.prompts ?? {}) as Record<string, unknown>)) {
    if (typeof p === 'number') screen.prompts[player] = { id: p, turn: '' };
    else if (p && typeof p === 'object' && typeof (p as PromptMessage).id === 'number') {
      screen.prompts[player] = { id: (p as PromptMessage).id, turn: String((p as PromptMessage).turn ?? '') };
    }
  }
  if (Array.isArray(s.unreachable)) screen.unreachable = s.unreachable.filter((x): x is string => typeof x === 'string');
  return screen;
}
