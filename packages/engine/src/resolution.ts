import type { EventOf, GameEvent } from './events';
import { type Draft, evolveDraft, foldDiceRolled, foldLifeLost, foldPlayerOut, foldRevealed, foldRoundEnded, foldRoundStarted } from './evolve';
import { MIA, rollDice, valueOf } from './dice';
import { rankingFor } from './ranking';
import type { Rng } from './rng';
import type { GameState, Loss, Placing, PlayerId, Reveal, Round, RoundEnd, Seat } from './state';
import { lastAnnouncement, nextActive, seatById, selfOrNextActive } from './table';

const NO_EVENTS: GameEvent[] = [];

/**
 * Collects the events of one action, folding each into the state as it is emitted. Carries the
 * action's `rng`, so every step that draws (a new round's dice among them) draws from it.
 */
export class Transaction implements Draft {
  /** Starts as one shared empty list that `emit` and `push` replace, never grow (no array per action for nothing). */
  events: GameEvent[] = NO_EVENTS;
  /** The action's own copies: its second event onwards changes them in place (see `Draft`). */
  ownState: GameState | null = null;
  ownRound: Round | null = null;
  constructor(
    public state: GameState,
    readonly rng: Rng,
  ) {}
  emit(event: GameEvent): void {
    // Most actions emit one event: an array of one, not a push that makes room for seventeen.
    if (this.events.length === 0) this.events = [event];
    else this.events.push(event);
    this.state = evolveDraft(this.state, event, this);
  }
  /**
   * `emit` for an event already folded by its own type's fold (`tx.push(e, foldX(tx.state, e, tx))`):
   * the hot paths skip `evolveDraft`'s dispatch, whose reads see every shape of event.
   */
  push(event: GameEvent, next: GameState): void {
    if (this.events.length === 0) this.events = [event];
    else this.events.push(event);
    this.state = next;
  }
}

/** Who starts the next round: a player (or the next still in), or the next one after a player. */
export type NextStarter = { who: PlayerId; rule: 'self' | 'after' };

/** Takes up to `amount` lives from `player`; one who reaches 0 is out. */
export function takeLives(tx: Transaction, player: PlayerId, amount: number, cause: Loss['cause']): void {
  const seat = seatById(tx.state.seats, player)!;
  const taken = Math.min(amount, seat.lives);
  if (taken <= 0) return;
  const lives = seat.lives - taken;
  const lost: EventOf<'lifeLost'> = { type: 'lifeLost', player, amount: taken, cause, lives };
  tx.push(lost, foldLifeLost(tx.state, lost, tx));
  if (lives === 0) {
    const out: EventOf<'playerOut'> = { type: 'playerOut', player, reason: 'lives' };
    tx.push(out, foldPlayerOut(tx.state, out, tx));
  }
}

/** Ends the round, then ends the game or starts the next round. */
export function finishRound(tx: Transaction, end: RoundEnd, who: PlayerId, rule: NextStarter['rule']): void {
  const round = tx.state.round!;
  const ended: EventOf<'roundEnded'> = { type: 'roundEnded', round: round.number, end };
  tx.push(ended, foldRoundEnded(tx.state, ended, tx));
  if (gameIsDecided(tx.state)) {
    tx.emit({ type: 'gameOver', ...finalResult(tx.state.seats) });
    return;
  }
  const seats = tx.state.seats;
  const starter = rule === 'self' ? selfOrNextActive(seats, who) : nextActive(seats, who);
  startRound(tx, round.number + 1, starter);
}

/**
 * A new round: the starter always rolls and looks (rules, "A round" 1), so the dice are rolled
 * for them as the round starts and they begin in stage `announce`, dice in hand, whoever they
 * are (a person, an AI seat) and however the last round ended (a call, a Mia, a timeout, a
 * leave). Stage `roll` is left for a receiver who believed.
 */
export function startRound(tx: Transaction, number: number, starter: PlayerId): void {
  const started: EventOf<'roundStarted'> = { type: 'roundStarted', round: number, starter };
  tx.push(started, foldRoundStarted(tx.state, started, tx));
  const rolled: EventOf<'diceRolled'> = { type: 'diceRolled', player: starter, dice: rollDice(tx.rng), looked: true };
  tx.push(rolled, foldDiceRolled(tx.state, rolled, tx));
}

/** Under `last-standing` one player left; under `first-out`, anyone out. */
export function gameIsDecided(state: GameState): boolean {
  if (countActive(state.seats) <= 1) return true;
  return state.settings.endRule === 'first-out' && state.eliminations > 0;
}

function countActive(seats: readonly Seat[]): number {
  let n = 0;
  for (const p of seats) if (p.out === null) n++;
  return n;
}

/**
 * Places: players still in first, by lives left (equal lives share a place); then those out,
 * the last one out ranking highest. Under `last-standing` that is the winner, then elimination
 * order reversed; under `first-out`, the rest by lives and the player out last.
 */
export function finalResult(seats: readonly Seat[]): { winner: PlayerId | null; ranking: Placing[] } {
  const sorted = sortedStably(seats, (a, b) => {
    if (a.out === null && b.out === null) return b.lives - a.lives;
    if (a.out === null) return -1;
    if (b.out === null) return 1;
    return b.out.order - a.out.order;
  });
  const ranking: Placing[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    const tied = prev && prev.out === null && p.out === null && prev.lives === p.lives;
    ranking.push({ player: p.id, place: tied ? ranking[i - 1]!.place : i + 1, lives: p.lives });
  });
  const firsts = ranking.filter((r) => r.place === 1);
  const winner = firsts.length === 1 && seats.find((p) => p.id === firsts[0]!.player)!.out === null ? firsts[0]!.player : null;
  return { winner, ranking };
}

/**
 * A sorted copy, stable like `Array.prototype.sort`: an insertion sort, as a game has at most ten
 * seats and the built-in sort calls a comparator from native code at a cost per call.
 */
function sortedStably<T>(items: readonly T[], compare: (a: T, b: T) => number): T[] {
  const out = items.slice();
  for (let i = 1; i < out.length; i++) {
    const item = out[i]!;
    let j = i - 1;
    while (j >= 0 && compare(out[j]!, item) > 0) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = item;
  }
  return out;
}

/**
 * "Liar!": the dice are revealed. Below the announcement: the announcer loses a life and the
 * caller starts the next round. Equal or above: the caller loses a life and the next player
 * after the caller starts.
 */
export function resolveCall(tx: Transaction, caller: PlayerId): void {
  const s = tx.state;
  const ranking = rankingFor(s.settings.ranking);
  const last = lastAnnouncement(s)!;
  const caught = ranking.compare(valueOf(s.round!.cup!.dice), last.value) < 0;
  reveal(tx, caller, 'call', caught ? 'bluff-caught' : 'claim-held');
  if (caught) {
    takeLives(tx, last.player, 1, 'caught-bluffing');
    finishRound(tx, 'call', caller, 'self');
  } else {
    takeLives(tx, caller, 1, 'wrong-call');
    finishRound(tx, 'call', caller, 'after');
  }
}

/** Mia announced and the receiver looks: a real Mia costs the receiver, a false one the announcer. */
export function resolveMiaLook(tx: Transaction, receiver: PlayerId): void {
  const s = tx.state;
  const last = lastAnnouncement(s)!;
  const isMia = valueOf(s.round!.cup!.dice) === MIA;
  reveal(tx, receiver, 'mia-look', isMia ? 'mia-true' : 'mia-false');
  if (isMia) {
    takeLives(tx, receiver, s.settings.miaLookedPenalty, 'mia-looked');
    finishRound(tx, 'mia-look', receiver, 'after');
  } else {
    takeLives(tx, last.player, s.settings.miaFalsePenalty, 'caught-bluffing');
    finishRound(tx, 'mia-look', receiver, 'self');
  }
}

/**
 * A missed deadline counts as giving up: a life lost, and the next player starts a new round.
 * After `idleLimit` misses in a row the player leaves as if out of lives.
 */
export function resolveTimeout(tx: Transaction, player: PlayerId): void {
  const seat = tx.state.seats.find((p) => p.id === player)!;
  const missed = seat.missedTurns + 1;
  tx.emit({ type: 'turnMissed', player, missed });
  takeLives(tx, player, 1, 'timeout');
  const after = tx.state.seats.find((p) => p.id === player)!;
  if (after.out === null && missed >= tx.state.settings.idleLimit) {
    tx.emit({ type: 'playerOut', player, reason: 'idle' });
  }
  finishRound(tx, 'timeout', player, 'after');
}

/** Lifts the cup: the dice under it become public, with what they are measured against. */
function reveal(tx: Transaction, by: PlayerId, reason: Reveal['reason'], outcome: Reveal['outcome']): void {
  const s = tx.state;
  const last = lastAnnouncement(s)!;
  const revealed: EventOf<'revealed'> = {
    type: 'revealed',
    round: s.round!.number,
    dice: s.round!.cup!.dice,
    announced: last.value,
    announcer: last.player,
    by,
    reason,
    outcome,
  };
  tx.push(revealed, foldRevealed(s, revealed, tx));
}
