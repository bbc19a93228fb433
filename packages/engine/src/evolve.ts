import { MIA } from './dice';
import type { EventOf, GameEvent } from './events';
import type { Announcement, GameState, PlayerId, Round, Seat } from './state';
import { nextActive } from './table';

/**
 * Folds one event into the state. Total and deterministic: all randomness and every decision
 * was taken when the event was made (see `decide`), so replaying a game's events rebuilds it.
 * Throws only on an event that cannot follow this state: a corrupted log.
 */
export function evolve(state: GameState | null, event: GameEvent): GameState {
  return evolveDraft(state, event, null);
}

/**
 * The state and round that one run of folds (an action's events, a replay) made itself and may
 * go on changing in place: nobody else has seen them yet. Everything else is copied before it
 * changes, so a state given to `evolve` or `apply` stays as it was.
 */
export interface Draft {
  ownState: GameState | null;
  ownRound: Round | null;
}

/**
 * `evolve` for a run of folds whose intermediate states nobody keeps (see `Draft`); with a null
 * draft it is `evolve` itself, copying whatever changes.
 */
export function evolveDraft(state: GameState | null, event: GameEvent, d: Draft | null): GameState {
  if (event.type === 'gameCreated') {
    if (state !== null) throw new Error('gameCreated on an existing game');
    return {
      settings: event.settings,
      phase: 'lobby',
      creator: event.creator,
      seats: [],
      round: null,
      lastRound: null,
      move: 0,
      eliminations: 0,
      result: null,
    };
  }
  if (state === null) throw new Error(`${event.type} before gameCreated`);
  const s = state;

  switch (event.type) {
    case 'playerJoined':
      return foldPlayerJoined(s, event, d);
    case 'playerLeft':
      return foldPlayerLeft(s, event, d);
    case 'gameStarted':
      return foldGameStarted(s, event, d);
    case 'roundStarted':
      return foldRoundStarted(s, event, d);
    case 'believed':
      return foldBelieved(s, event, d);
    case 'diceRolled':
      return foldDiceRolled(s, event, d);
    case 'announced':
      return foldAnnounced(s, event, d);
    case 'revealed':
      return foldRevealed(s, event, d);
    case 'miaGivenUp':
      return foldMiaGivenUp(s, event, d);
    case 'turnMissed':
      return foldTurnMissed(s, event, d);
    case 'lifeLost':
      return foldLifeLost(s, event, d);
    case 'playerOut':
      return foldPlayerOut(s, event, d);
    case 'roundEnded':
      return foldRoundEnded(s, event, d);
    case 'gameOver':
      return foldGameOver(s, event, d);
    case 'gameAborted':
      return foldGameAborted(s, event, d);
    case 'chatMoved':
      return s; // where the game is played is the service's business: only the log records it
  }
}

// One fold per event type, each seeing only its own shape of event, so its reads stay
// monomorphic; `Transaction.push` calls them directly on the hot paths.

export function foldPlayerJoined(s: GameState, event: EventOf<'playerJoined'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.seats = appended(s.seats, { id: event.player, name: event.name, ai: event.ai, lives: s.settings.lives, out: null, missedTurns: 0 });
  return next;
}

export function foldPlayerLeft(s: GameState, event: EventOf<'playerLeft'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.seats = s.seats.filter((p) => p.id !== event.player);
  return next;
}

export function foldGameStarted(s: GameState, _event: EventOf<'gameStarted'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.phase = 'playing';
  return next;
}

export function foldRoundStarted(s: GameState, event: EventOf<'roundStarted'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.lastRound = s.round;
  next.move = s.move + 1;
  next.round = {
    number: event.round,
    starter: event.starter,
    actor: event.starter,
    stage: 'roll',
    cup: null,
    announcements: [],
    reveal: null,
    losses: [],
    ended: null,
  };
  if (d) d.ownRound = next.round;
  return next;
}

export function foldBelieved(s: GameState, event: EventOf<'believed'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.move = s.move + 1;
  next.seats = resetMissed(s.seats, event.player);
  next.round = copyRound(round(s), d);
  next.round.stage = 'roll';
  return next;
}

export function foldDiceRolled(s: GameState, event: EventOf<'diceRolled'>, d: Draft | null): GameState {
  // A round's first roll is the one dealt to its starter as the round starts (see
  // `startRound`): no move of theirs, so it leaves their missed turns in a row as they are.
  const r = round(s);
  const dealt = r.cup === null && r.announcements.length === 0;
  const next = copyGame(s, d);
  if (event.looked) next.move = s.move + 1;
  if (!dealt) next.seats = resetMissed(s.seats, event.player);
  next.round = copyRound(r, d);
  next.round.stage = 'announce';
  next.round.cup = { dice: event.dice, lookedBy: event.looked ? event.player : null };
  return next;
}

export function foldAnnounced(s: GameState, event: EventOf<'announced'>, d: Draft | null): GameState {
  const r = round(s);
  const announcement: Announcement = { player: event.player, value: event.value, kind: event.kind, dice: event.dice, class: event.class };
  const actor = nextActive(s.seats, event.player);
  const next = copyGame(s, d); // may be `s` itself, in a draft: read `s` before this line
  next.move = s.move + 1;
  next.seats = resetMissed(s.seats, event.player);
  next.round = copyRound(r, d);
  next.round.announcements = appended(r.announcements, announcement);
  next.round.actor = actor;
  next.round.stage = event.value === MIA ? 'mia' : 'respond';
  return next;
}

export function foldRevealed(s: GameState, event: EventOf<'revealed'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.seats = resetMissed(s.seats, event.by);
  next.round = copyRound(round(s), d);
  next.round.reveal = {
    dice: event.dice,
    announced: event.announced,
    announcer: event.announcer,
    by: event.by,
    reason: event.reason,
    outcome: event.outcome,
  };
  return next;
}

export function foldMiaGivenUp(s: GameState, event: EventOf<'miaGivenUp'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.seats = resetMissed(s.seats, event.player);
  return next;
}

export function foldTurnMissed(s: GameState, event: EventOf<'turnMissed'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.seats = updateSeat(s.seats, event.player, MISSED, event.missed);
  return next;
}

export function foldLifeLost(s: GameState, event: EventOf<'lifeLost'>, d: Draft | null): GameState {
  const r = round(s);
  const next = copyGame(s, d);
  next.seats = updateSeat(s.seats, event.player, LIVES, event.lives);
  next.round = copyRound(r, d);
  next.round.losses = appended(r.losses, { player: event.player, amount: event.amount, cause: event.cause });
  return next;
}

export function foldPlayerOut(s: GameState, event: EventOf<'playerOut'>, d: Draft | null): GameState {
  const order = s.eliminations + 1;
  const roundNumber = s.round?.number ?? 0;
  const next = copyGame(s, d);
  next.eliminations = order;
  next.seats = updateSeat(s.seats, event.player, OUT, { reason: event.reason, order, round: roundNumber });
  return next;
}

export function foldRoundEnded(s: GameState, event: EventOf<'roundEnded'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.move = s.move + 1;
  next.round = copyRound(round(s), d);
  next.round.ended = event.end;
  return next;
}

export function foldGameOver(s: GameState, event: EventOf<'gameOver'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.phase = 'over';
  next.result = { winner: event.winner, ranking: event.ranking };
  return next;
}

export function foldGameAborted(s: GameState, event: EventOf<'gameAborted'>, d: Draft | null): GameState {
  const next = copyGame(s, d);
  next.phase = 'over';
  next.aborted = { reason: event.reason, by: event.by };
  return next;
}

// The copies below list every key as a literal instead of spreading (`{ ...s, key }`): on V8 a
// spread costs about 30 times as much, and evolve runs for every event of every game. Each case
// changes only a copy it made (or its draft's own), so the state it was given stays as it was.

function copyGame(s: GameState, d: Draft | null): GameState {
  if (d && d.ownState === s) return s;
  const next: GameState = {
    settings: s.settings,
    phase: s.phase,
    creator: s.creator,
    seats: s.seats,
    round: s.round,
    lastRound: s.lastRound,
    move: s.move,
    eliminations: s.eliminations,
    result: s.result,
  };
  if (s.aborted !== undefined) next.aborted = s.aborted;
  if (d) d.ownState = next;
  return next;
}

function copyRound(r: Round, d: Draft | null): Round {
  if (d && d.ownRound === r) return r;
  const next: Round = {
    number: r.number,
    starter: r.starter,
    actor: r.actor,
    stage: r.stage,
    cup: r.cup,
    announcements: r.announcements,
    reveal: r.reveal,
    losses: r.losses,
    ended: r.ended,
  };
  if (d) d.ownRound = next;
  return next;
}

function withSeat(p: Seat, lives: number, out: Seat['out'], missedTurns: number): Seat {
  return { id: p.id, name: p.name, ai: p.ai, lives, out, missedTurns };
}

function round(s: GameState): Round {
  if (!s.round) throw new Error('no round in play');
  return s.round;
}

// Which field of a seat `updateSeat` sets: a number rather than a callback, so no closure is
// made per change.
const LIVES = 0;
const OUT = 1;
const MISSED = 2;

/** The seats with `id`'s lives, out or missed turns (as `field` says) set to `value`. */
function updateSeat(seats: Seat[], id: PlayerId, field: typeof OUT, value: Seat['out']): Seat[];
function updateSeat(seats: Seat[], id: PlayerId, field: typeof LIVES | typeof MISSED, value: number): Seat[];
function updateSeat(seats: Seat[], id: PlayerId, field: number, value: number | Seat['out']): Seat[] {
  const next = seats.slice();
  for (let i = 0; i < next.length; i++) {
    const p = next[i]!;
    if (p.id !== id) continue;
    next[i] = withSeat(
      p,
      field === LIVES ? (value as number) : p.lives,
      field === OUT ? (value as Seat['out']) : p.out,
      field === MISSED ? (value as number) : p.missedTurns,
    );
  }
  return next;
}

/** A new array: `list` and then `item`. Sized once and filled (a copy then a push would allocate twice). */
function appended<T>(list: readonly T[], item: T): T[] {
  const next = new Array<T>(list.length + 1);
  for (let i = 0; i < list.length; i++) next[i] = list[i]!;
  next[list.length] = item;
  return next;
}

/** The seats with `id`'s missed turns at 0: the same array when they already are. */
function resetMissed(seats: Seat[], id: PlayerId): Seat[] {
  for (const p of seats) {
    if (p.id === id && p.missedTurns !== 0) return updateSeat(seats, id, MISSED, 0);
  }
  return seats;
}

/** Rebuilds a game from its events. */
export function replay(events: readonly GameEvent[]): GameState | null {
  let state: GameState | null = null;
  const draft: Draft = { ownState: null, ownRound: null }; // only the last state leaves: the ones between may change in place
  for (const e of events) state = evolveDraft(state, e, draft);
  return state;
}
