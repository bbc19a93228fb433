import type { LiveGame } from '../../../shared/api';

/**
 * The live tables of one group as the browser holds them, fed by the WebSocket's messages.
 * Pure, so the rules below are tested without a socket or a clock:
 * - a game keeps the highest `version` it was seen with: messages from a lagging process (or a
 *   late REST answer) never roll a table back;
 * - a snapshot (sent on every (re)connect) decides which games exist: games missing from it are
 *   dropped, since whatever happened to them while we were away is over;
 * - a game that leaves play stays on screen, marked ended, until the next snapshot: spectators
 *   see how it ended and get the link to its replay.
 */
export interface LiveEntry {
  game: LiveGame;
  /**
   * Server clock minus client clock (ms) when this version arrived. A countdown computes the
   * server's "now" as Date.now() + offset, so a client clock that is minutes off still shows
   * the right remaining time. The offset also holds the message's transit time, a second at most.
   */
  clockOffsetMs: number;
  ended: boolean;
}

export interface LiveState {
  /** Game ids in the order they appeared (snapshot order, then newcomers). */
  order: string[];
  byId: Readonly<Record<string, LiveEntry>>;
  /** Pages watching the group's tables, as the server last counted; null until it has. */
  watching: number | null;
}

export type LiveAction =
  | { type: 'snapshot'; games: LiveGame[]; receivedAt: number }
  | { type: 'game'; game: LiveGame; receivedAt: number }
  | { type: 'ended'; game: LiveGame; receivedAt: number }
  | { type: 'spectators'; watching: number };

export const EMPTY_LIVE_STATE: LiveState = { order: [], byId: {}, watching: null };

export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Milliseconds left until `deadlineAt` by the server's clock; null without a deadline. */
export function remainingMs(deadlineAt: string | null, clockOffsetMs: number, now: number): number | null {
  if (deadlineAt === null) return null;
  const deadline = Date.parse(deadlineAt);
  if (!Number.isFinite(deadline)) return null;
  return Math.max(0, deadline - (now + clockOffsetMs));
}

const isOver = (game: LiveGame): boolean => game.status === 'FINISHED' || game.status === 'ABORTED';

function entryFor(game: LiveGame, receivedAt: number, ended: boolean): LiveEntry {
  return { game, clockOffsetMs: clockOffset(game.serverTime, receivedAt), ended: ended || isOver(game) };
}

/** The newer of what we hold and what arrived; equal versions keep what we hold. */
function newer(held: LiveEntry | undefined, game: LiveGame, receivedAt: number, ended: boolean): LiveEntry {
  if (held && held.game.version >= game.version) {
    return ended && !held.ended ? { ...held, ended: true } : held;
  }
  return entryFor(game, receivedAt, ended || (held?.ended ?? false));
}

export function liveReducer(state: LiveState, action: LiveAction): LiveState {
  switch (action.type) {
    case 'snapshot': {
      const byId: Record<string, LiveEntry> = {};
      const order: string[] = [];
      for (const game of action.games) {
        if (!(game.id in byId)) order.push(game.id);
        byId[game.id] = newer(byId[game.id] ?? state.byId[game.id], game, action.receivedAt, false);
      }
      return { order, byId, watching: state.watching };
    }
    case 'spectators':
      return action.watching === state.watching ? state : { ...state, watching: action.watching };
    case 'game':
    case 'ended': {
      const { game } = action;
      const held = state.byId[game.id];
      const next = newer(held, game, action.receivedAt, action.type === 'ended');
      if (next === held) return state; // nothing new: no re-render
      return {
        ...state,
        order: held ? state.order : [...state.order, game.id],
        byId: { ...state.byId, [game.id]: next },
      };
    }
  }
}

/** The tables to show: games in play (and lobbies) first, ended ones after them. */
export function visibleGames(state: LiveState): LiveEntry[] {
  const entries = state.order.map((id) => state.byId[id]).filter((e): e is LiveEntry => e !== undefined);
  return [...entries.filter((e) => !e.ended), ...entries.filter((e) => e.ended)];
}

/** The state a page starts from when it already fetched the games over HTTP. */
export function initialLiveState(games: LiveGame[] | undefined, now: number): LiveState {
  return games ? liveReducer(EMPTY_LIVE_STATE, { type: 'snapshot', games, receivedAt: now }) : EMPTY_LIVE_STATE;
}
