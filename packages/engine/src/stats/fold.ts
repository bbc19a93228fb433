// The statistics of finished games, folded from their engine events. This fold IS the definition
// of every count: the SQL of @mia/db must give the same numbers (packages/game/test checks it
// on a seeded history).
import type { Value } from '../dice';
import type { GameEvent } from '../events';
import type { AnnouncementClass, LossCause, PlayerId } from '../state';
import { isRightCall, LOOKED_CLASSES } from './definitions';

/** A finished game as the fold takes it: its whole event log, when it ended, and where. */
export interface FinishedGameEvents {
  /** Telegram chat id as a decimal string. */
  chatId: string;
  /** When it ended (the `gameOver` commit): days, weeks and months are taken from it, in UTC. */
  finishedAt: Date;
  events: readonly GameEvent[];
}

export type ClassCounts = Record<AnnouncementClass, number>;
export type LossCounts = Record<LossCause, number>;

/** Announcements of one value: all of them, the looked ones (could be true), the true ones. */
export interface ValueTruth {
  announced: number;
  looked: number;
  truthful: number;
}

/** Announcements of one value handed to a player and answered; `called` of them by a call or a look at Mia. */
export interface ValueFaced {
  faced: number;
  called: number;
}

/** Reveals the player caused (a "liar!" or a look at an announced Mia). */
export interface CallCounts {
  total: number;
  /** The announcer lost (`isRightCall`). */
  right: number;
  wrong: number;
  /** Right calls on an `over` announcement: bluffs caught. */
  bluffsCaught: number;
}

/** Reveals of the player's own announcements. */
export interface CalledOnCounts {
  total: number;
  /** The dice were below it: they lost the round. */
  caught: number;
  /** It held: the caller lost. */
  held: number;
  /** Revealed `over` announcements (always caught). */
  bluffsCalled: number;
}

export interface PlayerCounts {
  /** Finished games they were seated in when it started. */
  games: number;
  wins: number;
  classes: ClassCounts;
  calls: CallCounts;
  calledOn: CalledOnCounts;
  /** Lives lost, summed by cause. */
  lost: LossCounts;
  /** Keyed by the announced value as stored (sum mode: the points class's canonical value). */
  announced: Partial<Record<Value, ValueTruth>>;
  /** Keyed by the value of the announcement they faced. */
  faced: Partial<Record<Value, ValueFaced>>;
}

export interface GroupCounts {
  games: number;
  rounds: number;
  classes: ClassCounts;
  calls: { total: number; right: number };
  lost: LossCounts;
  announced: Partial<Record<Value, ValueTruth>>;
}

export interface StatsFold {
  players: Map<PlayerId, PlayerCounts>;
  /** By chat id (decimal string). */
  groups: Map<string, GroupCounts>;
}

export const emptyClassCounts = (): ClassCounts => ({ truthful: 0, over: 0, under: 0, blind: 0, pass: 0 });
export const emptyLossCounts = (): LossCounts => ({
  'caught-bluffing': 0,
  'wrong-call': 0,
  'mia-looked': 0,
  'mia-given-up': 0,
  timeout: 0,
});

export const emptyPlayerCounts = (): PlayerCounts => ({
  games: 0,
  wins: 0,
  classes: emptyClassCounts(),
  calls: { total: 0, right: 0, wrong: 0, bluffsCaught: 0 },
  calledOn: { total: 0, caught: 0, held: 0, bluffsCalled: 0 },
  lost: emptyLossCounts(),
  announced: {},
  faced: {},
});

export const emptyGroupCounts = (): GroupCounts => ({
  games: 0,
  rounds: 0,
  classes: emptyClassCounts(),
  calls: { total: 0, right: 0 },
  lost: emptyLossCounts(),
  announced: {},
});

function countAnnounced(into: Partial<Record<Value, ValueTruth>>, value: Value, cls: AnnouncementClass): void {
  const c = (into[value] ??= { announced: 0, looked: 0, truthful: 0 });
  c.announced++;
  if (LOOKED_CLASSES.includes(cls)) c.looked++;
  if (cls === 'truthful') c.truthful++;
}

function countFaced(into: PlayerCounts, value: Value, called: boolean): void {
  const c = (into.faced[value] ??= { faced: 0, called: 0 });
  c.faced++;
  if (called) c.called++;
}

/**
 * Folds finished games into per-player and per-group counts. A game without a `gameOver` (in
 * play, or aborted) is skipped: it never counts.
 */
export function foldStats(games: Iterable<FinishedGameEvents>): StatsFold {
  const players = new Map<PlayerId, PlayerCounts>();
  const groups = new Map<string, GroupCounts>();
  const player = (id: PlayerId): PlayerCounts => {
    let p = players.get(id);
    if (!p) players.set(id, (p = emptyPlayerCounts()));
    return p;
  };
  for (const game of games) {
    if (!game.events.some((e) => e.type === 'gameOver')) continue;
    let group = groups.get(game.chatId);
    if (!group) groups.set(game.chatId, (group = emptyGroupCounts()));
    let seated: PlayerId[] = [];
    // The round's newest announcement: what the next player faces.
    let last: { player: PlayerId; value: Value; class: AnnouncementClass } | null = null;
    for (const e of game.events) {
      switch (e.type) {
        case 'gameStarted':
          seated = e.players;
          break;
        case 'roundStarted':
          group.rounds++;
          last = null;
          break;
        case 'announced': {
          // Announcing after someone else's announcement in the round is believing it (or passing it on).
          if (last) countFaced(player(e.player), last.value, false);
          const p = player(e.player);
          p.classes[e.class]++;
          group.classes[e.class]++;
          countAnnounced(p.announced, e.value, e.class);
          countAnnounced(group.announced, e.value, e.class);
          last = { player: e.player, value: e.value, class: e.class };
          break;
        }
        case 'revealed': {
          const right = isRightCall(e.outcome);
          const bluff = last?.class === 'over';
          const caller = player(e.by);
          countFaced(caller, last?.value ?? e.announced, true);
          caller.calls.total++;
          caller.calls[right ? 'right' : 'wrong']++;
          if (bluff) caller.calls.bluffsCaught++; // a revealed bluff is always caught
          const announcer = player(e.announcer).calledOn;
          announcer.total++;
          announcer[right ? 'caught' : 'held']++;
          if (bluff) announcer.bluffsCalled++;
          group.calls.total++;
          if (right) group.calls.right++;
          break;
        }
        case 'miaGivenUp':
          countFaced(player(e.player), last?.value ?? 21, false);
          break;
        case 'lifeLost':
          player(e.player).lost[e.cause] += e.amount;
          group.lost[e.cause] += e.amount;
          break;
        case 'gameOver':
          group.games++;
          for (const id of seated) {
            const p = player(id);
            p.games++;
            if (e.winner === id) p.wins++;
          }
          break;
        default:
          break;
      }
    }
  }
  return { players, groups };
}
