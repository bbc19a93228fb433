import type { GameState, PlayerId, Seat } from './state';

/** Seats still in the game. */
export function activeSeats(seats: readonly Seat[]): Seat[] {
  return seats.filter((p) => p.out === null);
}

/**
 * The next player still in, after `from` in seat order ("to the left"). `from` itself may be
 * out; it is returned only when nobody else is left.
 */
export function nextActive(seats: readonly Seat[], from: PlayerId): PlayerId {
  let i = 0;
  while (i < seats.length && seats[i]!.id !== from) i++;
  if (i === seats.length) throw new Error(`no seat for ${from}`);
  for (let k = 1; k <= seats.length; k++) {
    const p = seats[(i + k) % seats.length]!;
    if (p.out === null) return p.id;
  }
  return from;
}

/** `player` if still in, else the next player still in after them. */
export function selfOrNextActive(seats: readonly Seat[], player: PlayerId): PlayerId {
  const seat = seatById(seats, player);
  return seat && seat.out === null ? player : nextActive(seats, player);
}

export function seatOf(state: GameState, player: PlayerId): Seat | undefined {
  return seatById(state.seats, player);
}

/** The seat of `player`, found by a plain loop (asked several times every turn). */
export function seatById(seats: readonly Seat[], player: PlayerId): Seat | undefined {
  for (let i = 0; i < seats.length; i++) if (seats[i]!.id === player) return seats[i];
  return undefined;
}

/** The announcement the actor is answering, if any. */
export function lastAnnouncement(state: GameState) {
  const list = state.round?.announcements;
  return list && list.length > 0 ? list[list.length - 1]! : null;
}
