import type { Dice, Value } from './dice';
import type { GameEvent } from './events';
import type { Settings } from './settings';
import type {
  Aborted,
  AnnouncementClass,
  AnnouncementKind,
  GameResult,
  GameState,
  Loss,
  OutReason,
  Phase,
  PlayerId,
  Reveal,
  Round,
  RoundEnd,
  Seat,
  Stage,
} from './state';

/**
 * Views decide what may be seen. Like boardgame.io's `playerView`, they are the only place that
 * strips secrets: the dice under the cup and the dice behind each announcement (and with them
 * each announcement's class, which would tell a bluff) are shown only to the player who looked,
 * until a call or a look at Mia reveals them. Everything a spectator, a group message or an API
 * answer shows is built from these.
 */

export interface SeatView {
  id: PlayerId;
  name: string;
  ai: boolean;
  lives: number;
  out: OutReason | null;
  missedTurns: number;
}

export interface AnnouncementView {
  player: PlayerId;
  value: Value;
  kind: AnnouncementKind;
}

export interface RoundView {
  number: number;
  starter: PlayerId;
  actor: PlayerId;
  stage: Stage;
  announcements: AnnouncementView[];
  reveal: Reveal | null;
  losses: Loss[];
  ended: RoundEnd | null;
}

export interface SpectatorView {
  phase: Phase;
  settings: Settings;
  creator: PlayerId;
  seats: SeatView[];
  round: RoundView | null;
  lastRound: RoundView | null;
  move: number;
  result: GameResult | null;
  /** Why the game ended without a result, when it was aborted (public: no dice in it). */
  aborted?: Aborted;
}

/** A player's own knowledge on top of what everyone sees. */
export interface PlayerView extends SpectatorView {
  viewer: PlayerId;
  /** The dice under the cup, when this player rolled them and looked. */
  myDice: Dice | null;
  /** This round's announcements this player made after looking, with the dice they stood on. */
  myAnnouncements: { index: number; dice: Dice; class: AnnouncementClass }[];
}

function roundView(r: Round | null): RoundView | null {
  if (!r) return null;
  const announcements: AnnouncementView[] = new Array(r.announcements.length);
  for (let i = 0; i < announcements.length; i++) {
    const a = r.announcements[i]!;
    announcements[i] = { player: a.player, value: a.value, kind: a.kind };
  }
  return {
    number: r.number,
    starter: r.starter,
    actor: r.actor,
    stage: r.stage,
    announcements,
    reveal: r.reveal,
    losses: r.losses,
    ended: r.ended,
  };
}

function seatViews(seats: readonly Seat[]): SeatView[] {
  const views: SeatView[] = new Array(seats.length);
  for (let i = 0; i < seats.length; i++) {
    const p = seats[i]!;
    views[i] = { id: p.id, name: p.name, ai: p.ai, lives: p.lives, out: p.out ? p.out.reason : null, missedTurns: p.missedTurns };
  }
  return views;
}

export function spectatorView(state: GameState): SpectatorView {
  const view: SpectatorView = {
    phase: state.phase,
    settings: state.settings,
    creator: state.creator,
    seats: seatViews(state.seats),
    round: roundView(state.round),
    lastRound: roundView(state.lastRound),
    move: state.move,
    result: state.result,
  };
  if (state.aborted) view.aborted = state.aborted;
  return view;
}

export function playerView(state: GameState, viewer: PlayerId): PlayerView {
  const cup = state.round?.cup ?? null;
  const myAnnouncements: PlayerView['myAnnouncements'] = [];
  const announcements = state.round ? state.round.announcements : [];
  for (let index = 0; index < announcements.length; index++) {
    const a = announcements[index]!;
    if (a.player === viewer && a.kind === 'looked') myAnnouncements.push({ index, dice: a.dice, class: a.class });
  }
  // The spectator's view with the viewer's own knowledge, its keys written out rather than
  // spread (a spread costs about 30 times as much on V8, and every AI turn builds a view).
  const view: PlayerView = {
    phase: state.phase,
    settings: state.settings,
    creator: state.creator,
    seats: seatViews(state.seats),
    round: roundView(state.round),
    lastRound: roundView(state.lastRound),
    move: state.move,
    result: state.result,
    viewer,
    myDice: cup && cup.lookedBy === viewer ? cup.dice : null,
    myAnnouncements,
  };
  if (state.aborted) view.aborted = state.aborted;
  return view;
}

/** An event without its secrets: what a live channel may carry while the game runs. */
export type PublicEvent =
  | Exclude<GameEvent, { type: 'diceRolled' } | { type: 'announced' } | { type: 'chatMoved' }>
  | { type: 'diceRolled'; player: PlayerId; looked: boolean }
  | { type: 'announced'; player: PlayerId; value: Value; kind: AnnouncementKind }
  | { type: 'chatMoved' };

/**
 * An event as everyone may see it while the game runs: no unrevealed dice, no bluff class, and
 * no Telegram chat ids (a spectator knows a group by its dashboard link, never by its id).
 */
export function publicEvent(event: GameEvent): PublicEvent {
  if (event.type === 'diceRolled') return { type: 'diceRolled', player: event.player, looked: event.looked };
  if (event.type === 'announced') {
    return { type: 'announced', player: event.player, value: event.value, kind: event.kind };
  }
  if (event.type === 'chatMoved') return { type: 'chatMoved' };
  return event;
}

/**
 * Strips the dice (and the bluff class) from an event for anyone but `viewer`, when `viewer` is
 * the player who looked at them. `revealed` events are public by nature.
 */
export function redactEvent(event: GameEvent, viewer: PlayerId | null = null): GameEvent | PublicEvent {
  if (event.type === 'diceRolled' && viewer !== null && event.looked && event.player === viewer) return event;
  if (event.type === 'announced' && viewer !== null && event.kind === 'looked' && event.player === viewer) return event;
  return publicEvent(event);
}

/**
 * The `PlayerView` an AI seat decides on, asked for every AI turn: `viewer` and `myDice` (what
 * the built-in strategies read) at once, the rest of `playerView(state, viewer)` built on first
 * read. The state stays in a private field, so a strategy sees no more than through
 * `playerView`; `toJSON` gives the whole view. A spread copies only the own fields. No `aborted`:
 * strategies are asked only while a game is played.
 */
class DeferredPlayerView implements PlayerView {
  readonly #state: GameState;
  #full: PlayerView | null = null;
  readonly viewer: PlayerId;
  readonly myDice: Dice | null;
  constructor(state: GameState, viewer: PlayerId) {
    this.#state = state;
    this.viewer = viewer;
    const cup = state.round ? state.round.cup : null;
    this.myDice = cup && cup.lookedBy === viewer ? cup.dice : null;
  }
  #view(): PlayerView {
    if (!this.#full) this.#full = playerView(this.#state, this.viewer);
    return this.#full;
  }
  get phase() {
    return this.#state.phase;
  }
  get settings() {
    return this.#state.settings;
  }
  get creator() {
    return this.#state.creator;
  }
  get move() {
    return this.#state.move;
  }
  get result() {
    return this.#state.result;
  }
  get seats() {
    return this.#view().seats;
  }
  get round() {
    return this.#view().round;
  }
  get lastRound() {
    return this.#view().lastRound;
  }
  get myAnnouncements() {
    return this.#view().myAnnouncements;
  }
  toJSON(): PlayerView {
    return this.#view();
  }
}

/** `playerView(state, viewer)` for a strategy, its costly parts built only when read. */
export function deferredPlayerView(state: GameState, viewer: PlayerId): PlayerView {
  return new DeferredPlayerView(state, viewer);
}
