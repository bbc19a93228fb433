import type { PublicLive, PublicLiveGame, SpectatorCounts } from '../../../shared/api';
import { EMPTY_LIVE_STATE, liveReducer, visibleGames, type LiveEntry, type LiveState } from './liveState';

/**
 * The index's live games as the browser holds them, fed by the public channel. The games
 * themselves follow the same rules as a group's (liveState.ts: highest version wins, a snapshot
 * decides which exist, an ended game stays until the next snapshot); beside them, each game's
 * group, the game the TV shows, and how many watch each.
 */
export interface PublicState {
  live: LiveState;
  groups: Readonly<Record<string, PublicLiveGame['group']>>;
  featured: string | null;
  watching: Readonly<Record<string, number>>;
}

export type PublicAction =
  | { type: 'snapshot'; games: PublicLiveGame[]; featured: string | null; receivedAt: number }
  | { type: 'game' | 'ended'; game: PublicLiveGame; receivedAt: number }
  | { type: 'featured'; featured: string | null }
  | { type: 'spectators'; counts: SpectatorCounts };

export const EMPTY_PUBLIC_STATE: PublicState = { live: EMPTY_LIVE_STATE, groups: {}, featured: null, watching: {} };

export function publicReducer(state: PublicState, action: PublicAction): PublicState {
  switch (action.type) {
    case 'snapshot':
      return {
        ...state,
        live: liveReducer(state.live, { type: 'snapshot', games: action.games.map((g) => g.game), receivedAt: action.receivedAt }),
        groups: Object.fromEntries(action.games.map((g) => [g.game.id, g.group])),
        featured: action.featured,
      };
    case 'game':
    case 'ended': {
      const live = liveReducer(state.live, { type: action.type, game: action.game.game, receivedAt: action.receivedAt });
      const held = state.groups[action.game.game.id];
      const sameGroup = held?.token === action.game.group.token && held?.title === action.game.group.title;
      if (live === state.live && sameGroup) return state;
      return { ...state, live, groups: sameGroup ? state.groups : { ...state.groups, [action.game.game.id]: action.game.group } };
    }
    case 'featured':
      return action.featured === state.featured ? state : { ...state, featured: action.featured };
    case 'spectators':
      return { ...state, watching: Object.fromEntries(action.counts.map((c) => [c.game, c.watching])) };
  }
}

/** The state a page starts from with GET /api/live's answer. */
export function initialPublicState(answer: PublicLive | undefined, now: number): PublicState {
  if (!answer) return EMPTY_PUBLIC_STATE;
  const withGames = publicReducer(EMPTY_PUBLIC_STATE, { type: 'snapshot', games: answer.games, featured: answer.featured, receivedAt: now });
  return publicReducer(withGames, { type: 'spectators', counts: answer.spectators });
}

export interface PublicEntry extends LiveEntry {
  group: PublicLiveGame['group'];
  /** Pages watching it; undefined until counted. */
  watching: number | undefined;
}

/** The TV's game and the others (in play first, ended last), each with its group. */
export function publicTables(state: PublicState): { featured: PublicEntry | null; others: PublicEntry[] } {
  const entries = visibleGames(state.live).flatMap((e): PublicEntry[] => {
    const group = state.groups[e.game.id];
    return group ? [{ ...e, group, watching: state.watching[e.game.id] }] : [];
  });
  return {
    featured: entries.find((e) => e.game.id === state.featured) ?? null,
    others: entries.filter((e) => e.game.id !== state.featured),
  };
}
