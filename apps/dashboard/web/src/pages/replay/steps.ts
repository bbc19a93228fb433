import type { AnnouncementClass, GameReplay } from '../../../../shared/api';

/**
 * A replay cut into steps, and the board (the table as it stood) at each step. Pure: the API's
 * GameReplay in, plain data out, so the stepping, the spoiler-free mode and the lives chart are
 * tested without a browser and the components only draw.
 *
 * Each round has a `start` step (the starter holds the cup, nothing announced yet), one step per
 * announcement, and an `end` step (the reveal, or how the round ended, and the lives lost).
 * Within a round, step k shows the first k announcements: 0 is the start, n + 1 the end.
 */

export type Round = GameReplay['rounds'][number];
export type Player = GameReplay['players'][number];

export type StepKind = 'start' | 'announcement' | 'end';

export interface Step {
  /** Position in the whole game, from 0. */
  index: number;
  /** Position of its round in `replay.rounds`. */
  roundIndex: number;
  /** The round's number as the game counted it (what links and headings show). */
  round: number;
  /** Within the round: 0 the start, k after the k-th announcement, n + 1 the end. */
  step: number;
  kind: StepKind;
}

export function stepsOf(replay: GameReplay): Step[] {
  const steps: Step[] = [];
  replay.rounds.forEach((r, roundIndex) => {
    const last = r.announcements.length + 1;
    for (let step = 0; step <= last; step++) {
      const kind: StepKind = step === 0 ? 'start' : step === last ? 'end' : 'announcement';
      steps.push({ index: steps.length, roundIndex, round: r.number, step, kind });
    }
  });
  return steps;
}

/** Seats in seat order (join order: the engine passes the cup "to the left" in it). */
export function seatOrder(replay: GameReplay): Player[] {
  return [...replay.players].sort((a, b) => a.order - b.order);
}

/**
 * Every player's lives at the start (index 0) and after each round (index r for the r-th round of
 * `replay.rounds`): the game's starting lives less what each round took, as the server recorded it.
 */
export function livesByRound(replay: GameReplay): Map<string, number[]> {
  const lives = new Map<string, number[]>();
  for (const p of replay.players) lives.set(p.userId, [replay.settings.lives]);
  for (const r of replay.rounds) {
    for (const [id, series] of lives) {
      const before = series.at(-1)!;
      const lost = r.loserId === id && r.livesLost !== null ? r.livesLost : 0;
      series.push(Math.max(0, before - lost));
    }
  }
  return lives;
}

export interface SeatAt {
  userId: string;
  name: string;
  ai: boolean;
  lives: number;
  /** Why the player is out at this moment; null while still in. */
  out: string | null;
  /** The player holding the cup at this step (whose move it is). */
  cup: boolean;
  /** Lives this player loses at this step (the round's end); null otherwise. */
  lost: number | null;
}

export interface AnnouncementAt {
  seq: number;
  userId: string;
  value: number;
  kind: Round['announcements'][number]['kind'];
  /** The dice under the cup; null while the spoiler-free mode hides them (before the reveal). */
  dice: readonly [number, number] | null;
  /** The verdict on it; null while hidden, for it tells what the dice were. */
  classification: AnnouncementClass | null;
  /** The announcement this step made. */
  latest: boolean;
}

export interface EndingAt {
  end: Round['end'];
  reveal: Round['reveal'];
  loserId: string | null;
  livesLost: number | null;
  cause: Round['cause'];
}

export interface ResultAt {
  winnerId: string | null;
  /** Best place first; players without a place last. */
  places: { userId: string; place: number | null }[];
}

export interface Board {
  step: Step;
  /** Steps in the whole game. */
  total: number;
  /** Steps in this round (start, announcements, end). */
  roundSteps: number;
  starterId: string;
  seats: SeatAt[];
  cupHolder: string | null;
  announcements: AnnouncementAt[];
  /** At a round's end step only. */
  ending: EndingAt | null;
  /** At the game's last step only: who won, and the places. */
  result: ResultAt | null;
}

export interface Derived {
  steps: Step[];
  rounds: number;
  seats: Player[];
  lives: Map<string, number[]>;
}

export function derive(replay: GameReplay): Derived {
  return { steps: stepsOf(replay), rounds: replay.rounds.length, seats: seatOrder(replay), lives: livesByRound(replay) };
}

/** Whether `p` is out at a moment: no lives left, or gone (idle, left, kicked) in an earlier round. */
function outAt(p: Player, lives: number, round: number, roundOver: boolean): string | null {
  if (lives === 0) return p.outReason ?? 'lives';
  if (p.outRound === null) return null;
  const gone = roundOver ? p.outRound <= round : p.outRound < round;
  return gone ? (p.outReason ?? 'left') : null;
}

/** The next seat still in after `from`, in seat order (the engine's nextActive). */
function nextIn(seats: readonly SeatAt[], from: string): string | null {
  const i = seats.findIndex((s) => s.userId === from);
  if (i < 0) return null;
  for (let k = 1; k <= seats.length; k++) {
    const s = seats[(i + k) % seats.length]!;
    if (s.out === null) return s.userId;
  }
  return from;
}

export function boardAt(replay: GameReplay, derived: Derived, index: number, { spoilerFree }: { spoilerFree: boolean }): Board {
  const { steps } = derived;
  const step = steps[Math.max(0, Math.min(index, steps.length - 1))]!;
  const round = replay.rounds[step.roundIndex]!;
  const over = step.kind === 'end';
  // Lives as the round began, or after it at its end step.
  const livesIndex = over ? step.roundIndex + 1 : step.roundIndex;

  const seats: SeatAt[] = derived.seats.map((p) => {
    const lives = derived.lives.get(p.userId)?.[livesIndex] ?? 0;
    return {
      userId: p.userId,
      name: p.name,
      ai: p.ai,
      lives,
      out: outAt(p, lives, round.number, over),
      cup: false,
      lost: over && round.loserId === p.userId ? round.livesLost : null,
    };
  });

  const shown = round.announcements.slice(0, step.kind === 'start' ? 0 : over ? round.announcements.length : step.step);
  const hidden = spoilerFree && !over;
  const announcements: AnnouncementAt[] = shown.map((a, i) => ({
    seq: a.seq,
    userId: a.userId,
    value: a.value,
    kind: a.kind,
    dice: hidden ? null : a.dice,
    classification: hidden ? null : a.classification,
    latest: step.kind === 'announcement' && i === shown.length - 1,
  }));

  let cupHolder: string | null;
  if (step.kind === 'start') cupHolder = round.starterId;
  else if (step.kind === 'announcement') cupHolder = nextIn(seats, shown.at(-1)!.userId);
  // At the end: whoever lifted the cup, or the one who gave up or let the time run out.
  else cupHolder = round.reveal?.callerId ?? (round.end === 'ABORTED' ? null : round.loserId);
  for (const s of seats) s.cup = s.userId === cupHolder;

  const last = step.index === steps.length - 1;
  return {
    step,
    total: steps.length,
    roundSteps: round.announcements.length + 2,
    starterId: round.starterId,
    seats,
    cupHolder,
    announcements,
    ending: over ? { end: round.end, reveal: round.reveal, loserId: round.loserId, livesLost: round.livesLost, cause: round.cause } : null,
    result: last ? resultOf(replay) : null,
  };
}

export function resultOf(replay: GameReplay): ResultAt {
  const places = seatOrder(replay)
    .map((p) => ({ userId: p.userId, place: p.place }))
    .sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity));
  return { winnerId: replay.winnerId, places };
}

/**
 * How many rounds' lives may be shown at a step: all of them normally; in the spoiler-free mode
 * only those of rounds already over (a round's loss shows at its end step).
 */
export function roundsKnown(derived: Derived, index: number, spoilerFree: boolean): number {
  if (!spoilerFree) return derived.rounds;
  const step = derived.steps[index];
  if (!step) return 0;
  return step.kind === 'end' ? step.roundIndex + 1 : step.roundIndex;
}

// ── moving around ───────────────────────────────────────────────────────────────────────────

/** The first step of the round after the current one (or the last step, from the last round). */
export function nextRound(steps: readonly Step[], index: number): number {
  const current = steps[index];
  if (!current) return 0;
  const found = steps.find((s) => s.roundIndex === current.roundIndex + 1);
  return found ? found.index : steps.length - 1;
}

/** The first step of the round before the current one (or the first step, from the first round). */
export function previousRound(steps: readonly Step[], index: number): number {
  const current = steps[index];
  if (!current) return 0;
  const found = steps.find((s) => s.roundIndex === current.roundIndex - 1);
  return found ? found.index : 0;
}

/** The step a link names (`?round=3&step=2`): round by its number, step clamped into the round. */
export function indexOf(steps: readonly Step[], round: number | null, step: number | null): number {
  if (round === null) return 0;
  const inRound = steps.filter((s) => s.round === round);
  if (inRound.length === 0) return 0;
  const k = Math.max(0, Math.min(step ?? 0, inRound.length - 1));
  return inRound[k]!.index;
}
