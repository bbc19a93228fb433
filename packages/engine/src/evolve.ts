import { MIA } from './dice';
import type { GameEvent } from './events';
import type { GameState, PlayerId, Round, Seat } from './state';
import { nextActive } from './table';

/**
 * Folds one event into the state. Total and deterministic: all randomness and every decision
 * was taken when the event was made (see `decide`), so replaying a game's events rebuilds it.
 * Throws only on an event that cannot follow this state: a corrupted log.
 */
export function evolve(state: GameState | null, event: GameEvent): GameState {
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
      return {
        ...s,
        seats: [...s.seats, { id: event.player, name: event.name, ai: event.ai, lives: s.settings.lives, out: null, missedTurns: 0 }],
      };
    case 'playerLeft':
      return { ...s, seats: s.seats.filter((p) => p.id !== event.player) };
    case 'gameStarted':
      return { ...s, phase: 'playing' };
    case 'roundStarted':
      return {
        ...s,
        lastRound: s.round,
        move: s.move + 1,
        round: {
          number: event.round,
          starter: event.starter,
          actor: event.starter,
          stage: 'roll',
          cup: null,
          announcements: [],
          reveal: null,
          losses: [],
          ended: null,
        },
      };
    case 'believed':
      return { ...s, move: s.move + 1, seats: resetMissed(s.seats, event.player), round: { ...round(s), stage: 'roll' } };
    case 'diceRolled': {
      // A round's first roll is the one dealt to its starter as the round starts (see
      // `startRound`): no move of theirs, so it leaves their missed turns in a row as they are.
      const r = round(s);
      const dealt = r.cup === null && r.announcements.length === 0;
      return {
        ...s,
        move: event.looked ? s.move + 1 : s.move,
        seats: dealt ? s.seats : resetMissed(s.seats, event.player),
        round: {
          ...round(s),
          stage: 'announce',
          cup: { dice: event.dice, lookedBy: event.looked ? event.player : null },
        },
      };
    }
    case 'announced': {
      const r = round(s);
      const { type: _type, ...announcement } = event;
      return {
        ...s,
        move: s.move + 1,
        seats: updateSeat(s.seats, event.player, (p) => ({ ...p, missedTurns: 0 })),
        round: {
          ...r,
          announcements: [...r.announcements, announcement],
          actor: nextActive(s.seats, event.player),
          stage: event.value === MIA ? 'mia' : 'respond',
        },
      };
    }
    case 'revealed': {
      const { type: _type, round: _round, ...reveal } = event;
      return { ...s, seats: resetMissed(s.seats, event.by), round: { ...round(s), reveal } };
    }
    case 'miaGivenUp':
      return { ...s, seats: resetMissed(s.seats, event.player) };
    case 'turnMissed':
      return { ...s, seats: updateSeat(s.seats, event.player, (p) => ({ ...p, missedTurns: event.missed })) };
    case 'lifeLost': {
      const r = round(s);
      return {
        ...s,
        seats: updateSeat(s.seats, event.player, (p) => ({ ...p, lives: event.lives })),
        round: { ...r, losses: [...r.losses, { player: event.player, amount: event.amount, cause: event.cause }] },
      };
    }
    case 'playerOut': {
      const order = s.eliminations + 1;
      const roundNumber = s.round?.number ?? 0;
      return {
        ...s,
        eliminations: order,
        seats: updateSeat(s.seats, event.player, (p) => ({
          ...p,
          out: { reason: event.reason, order, round: roundNumber },
        })),
      };
    }
    case 'roundEnded':
      return { ...s, move: s.move + 1, round: { ...round(s), ended: event.end } };
    case 'gameOver':
      return { ...s, phase: 'over', result: { winner: event.winner, ranking: event.ranking } };
    case 'gameAborted':
      return { ...s, phase: 'over', aborted: { reason: event.reason, by: event.by } };
    case 'chatMoved':
      return s; // where the game is played is the service's business: only the log records it
  }
}

function round(s: GameState): Round {
  if (!s.round) throw new Error('no round in play');
  return s.round;
}

function updateSeat(seats: Seat[], id: PlayerId, f: (seat: Seat) => Seat): Seat[] {
  return seats.map((p) => (p.id === id ? f(p) : p));
}

function resetMissed(seats: Seat[], id: PlayerId): Seat[] {
  return updateSeat(seats, id, (p) => (p.missedTurns === 0 ? p : { ...p, missedTurns: 0 }));
}

/** Rebuilds a game from its events. */
export function replay(events: readonly GameEvent[]): GameState | null {
  let state: GameState | null = null;
  for (const e of events) state = evolve(state, e);
  return state;
}
