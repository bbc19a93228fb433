// A player's core counts (games, announcements by class, reveals on and by them, lives lost) and
// how one day's row of the statistics statement folds into them. Every rate comes from the engine.
import { bluffRate, callsRight, isRightCall, ratioOf, type Reveal } from '@mia/engine';
import { emptyClassCounts, emptyLivesLost, type ClassCounts, type LivesLost } from './common';

/**
 * Times one of the player's announcements was put to the test: a "liar!" call on it, or a look
 * under it when it was a Mia (each a Reveal with the player as announcer).
 */
export interface CalledOn {
  /** Their announcements revealed by a call or a look at Mia. */
  total: number;
  /** Of those, the dice were below the announcement: BLUFF_CAUGHT or MIA_FALSE (they lost the round). */
  caught: number;
  /** Of those, the announcement held: CLAIM_HELD or MIA_TRUE (the caller lost). */
  held: number;
  /**
   * Their bluffs (OVER announcements) that were revealed. A revealed OVER announcement is always
   * caught, so this is also "bluffs caught"; `caught - bluffsCalled` are blind or passed
   * announcements (and unlucky ones) that turned out too high.
   */
  bluffsCalled: number;
}

/** Reveals the player caused: a "liar!" call, or a look at an announced Mia. */
export interface CallsMade {
  total: number;
  /** BLUFF_CAUGHT or MIA_FALSE: the announcer lost. */
  right: number;
  /** CLAIM_HELD or MIA_TRUE: the player lost. */
  wrong: number;
  /**
   * Of the right calls, those on a bluff (an OVER announcement): "bluffs caught". The other
   * right calls caught blind or passed announcements that turned out too high.
   */
  bluffsCaught: number;
  /** right / total, null without calls. */
  accuracy: number | null;
}

/** The core counts, over all games or over the games that finished in one day, week or bucket. */
export interface CoreStats {
  games: number;
  wins: number;
  winRate: number | null;
  announcements: ClassCounts & { total: number };
  /** over / (truthful + over + under); null without a looked announcement. */
  bluffRate: number | null;
  calledOn: CalledOn;
  calls: CallsMade;
  livesLost: LivesLost;
}

type RevealOutcome = Reveal['outcome'];

/** One day of the player's counts, as the statement returns them (every count a column). */
export interface DayRow {
  day: string;
  games: number;
  wins: number;
  truthful: number;
  over: number;
  under: number;
  blind: number;
  pass: number;
  /** Reveals of their announcements by outcome, and how many of those announcements were bluffs. */
  onBluffCaught: number;
  onClaimHeld: number;
  onMiaTrue: number;
  onMiaFalse: number;
  onBluffs: number;
  /** Reveals they caused, likewise. */
  callBluffCaught: number;
  callClaimHeld: number;
  callMiaTrue: number;
  callMiaFalse: number;
  callBluffs: number;
  lostCaughtBluffing: number;
  lostWrongCall: number;
  lostMiaLooked: number;
  lostMiaGivenUp: number;
  lostTimeout: number;
}

function emptyCore(): CoreStats {
  return {
    games: 0,
    wins: 0,
    winRate: null,
    announcements: { ...emptyClassCounts(), total: 0 },
    bluffRate: null,
    calledOn: { total: 0, caught: 0, held: 0, bluffsCalled: 0 },
    calls: { total: 0, right: 0, wrong: 0, bluffsCaught: 0, accuracy: null },
    livesLost: emptyLivesLost(),
  };
}

/** Reveals by outcome, counted as the engine's isRightCall says: right (the announcer lost) or not. */
function addReveals(into: { total: number }, n: Record<RevealOutcome, number>): { right: number; wrong: number } {
  let right = 0;
  let wrong = 0;
  for (const [outcome, count] of Object.entries(n) as [RevealOutcome, number][]) {
    if (isRightCall(outcome)) right += count;
    else wrong += count;
  }
  into.total += right + wrong;
  return { right, wrong };
}

function add(core: CoreStats, r: DayRow): void {
  core.games += r.games;
  core.wins += r.wins;
  const a = core.announcements;
  a.truthful += r.truthful;
  a.over += r.over;
  a.under += r.under;
  a.blind += r.blind;
  a.pass += r.pass;
  a.total += r.truthful + r.over + r.under + r.blind + r.pass;
  const on = addReveals(core.calledOn, {
    'bluff-caught': r.onBluffCaught,
    'claim-held': r.onClaimHeld,
    'mia-true': r.onMiaTrue,
    'mia-false': r.onMiaFalse,
  });
  core.calledOn.caught += on.right;
  core.calledOn.held += on.wrong;
  core.calledOn.bluffsCalled += r.onBluffs;
  const calls = addReveals(core.calls, {
    'bluff-caught': r.callBluffCaught,
    'claim-held': r.callClaimHeld,
    'mia-true': r.callMiaTrue,
    'mia-false': r.callMiaFalse,
  });
  core.calls.right += calls.right;
  core.calls.wrong += calls.wrong;
  core.calls.bluffsCaught += r.callBluffs;
  const l = core.livesLost;
  l.caughtBluffing += r.lostCaughtBluffing;
  l.wrongCall += r.lostWrongCall;
  l.miaLooked += r.lostMiaLooked;
  l.miaGivenUp += r.lostMiaGivenUp;
  l.timeout += r.lostTimeout;
  l.total += r.lostCaughtBluffing + r.lostWrongCall + r.lostMiaLooked + r.lostMiaGivenUp + r.lostTimeout;
}

// The rates come from the engine: one definition (engine/src/stats).
export function finish<T extends CoreStats>(core: T): T {
  core.winRate = ratioOf(core.wins, core.games);
  core.bluffRate = bluffRate(core.announcements);
  core.calls.accuracy = callsRight(core.calls);
  return core;
}

export function coreOf(rows: readonly DayRow[]): CoreStats {
  const core = emptyCore();
  for (const row of rows) add(core, row);
  return finish(core);
}
