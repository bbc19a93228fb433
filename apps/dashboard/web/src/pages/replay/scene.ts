import { rankingFor, type AnnouncementKind, type Loss, type OutReason, type Reveal, type RoundEnd, type Stage } from '@mia/engine';
import type { GameReplay } from '../../../../shared/api';
import { seatPoint, towardCentre } from '../../components/table/layout';
import { oddsAgainst, type SceneSeat, type TableScene } from '../../components/table/scene';
import type { Board, EndingAt } from './steps';

/**
 * A replay's step as the live table's scene (components/table: TableView draws it), so a replay
 * looks like the table it was played at: seats on a ring, the cup before the player to act, each
 * player's newest claim by their seat, the reveal in the middle. Pure. The replay's enums are the
 * database's (upper case); the scene speaks the engine's.
 */

const KIND: Record<Board['announcements'][number]['kind'], AnnouncementKind> = { LOOKED: 'looked', BLIND: 'blind', PASS: 'pass' };

const OUTCOME: Record<NonNullable<EndingAt['reveal']>['outcome'], Reveal['outcome']> = {
  BLUFF_CAUGHT: 'bluff-caught',
  CLAIM_HELD: 'claim-held',
  MIA_TRUE: 'mia-true',
  MIA_FALSE: 'mia-false',
};

const END: Record<NonNullable<EndingAt['end']>, RoundEnd> = {
  CALL: 'call',
  MIA_LOOK: 'mia-look',
  MIA_GIVE_UP: 'mia-give-up',
  TIMEOUT: 'timeout',
  ABORTED: 'aborted',
};

const CAUSE: Record<NonNullable<EndingAt['cause']>, Loss['cause']> = {
  CAUGHT_BLUFFING: 'caught-bluffing',
  WRONG_CALL: 'wrong-call',
  MIA_LOOKED: 'mia-looked',
  MIA_GIVEN_UP: 'mia-given-up',
  TIMEOUT: 'timeout',
};

const OUT_REASONS: readonly OutReason[] = ['lives', 'idle', 'left', 'kicked'];
const outReason = (reason: string | null): OutReason | null => {
  if (reason === null) return null;
  const r = reason.toLowerCase() as OutReason;
  return OUT_REASONS.includes(r) ? r : 'lives';
};

function isMia(replay: GameReplay, value: number): boolean {
  try {
    return rankingFor(replay.settings.ranking).shape(value).kind === 'mia';
  } catch {
    return false;
  }
}

export function replayScene(replay: GameReplay, board: Board): TableScene {
  const { step, announcements, ending } = board;
  const over = step.kind === 'end';
  const count = board.seats.length;
  const last = announcements.at(-1);

  const seats: SceneSeat[] = board.seats.map((s, i) => {
    const mine = announcements.map((a, index) => ({ a, index })).filter(({ a }) => a.userId === s.userId);
    const newest = mine.at(-1);
    return {
      id: s.userId,
      name: s.name,
      ai: s.ai,
      lives: s.lives,
      out: outReason(s.out),
      at: seatPoint(i, count),
      facing: towardCentre(i, count),
      turn: s.cup && !over,
      said: newest ? { value: newest.a.value, kind: KIND[newest.a.kind], standing: newest.index === announcements.length - 1, index: newest.index } : null,
      lost:
        over && ending?.loserId === s.userId && ending.livesLost !== null && ending.cause
          ? { player: s.userId, amount: ending.livesLost, cause: CAUSE[ending.cause] }
          : null,
      winner: board.result?.winnerId === s.userId,
    };
  });

  const holder = over ? undefined : seats.find((s) => s.turn);
  const stage: Stage = step.kind === 'start' ? 'announce' : last && isMia(replay, last.value) ? 'mia' : 'respond';
  const odds = !over && last ? oddsAgainst(replay, last.value) : null;

  return {
    phase: board.result ? 'over' : 'playing',
    ranking: replay.settings.ranking,
    round: step.round,
    seats,
    emptySeats: [],
    lobby: null,
    cup: holder ? { seat: holder.id, stage, at: holder.at, facing: holder.facing } : null,
    starter: step.kind === 'start' ? board.starterId : null,
    standing: last && odds ? { player: last.userId, value: last.value, kind: KIND[last.kind], odds } : null,
    announcements: announcements.map((a) => ({ player: a.userId, value: a.value, kind: KIND[a.kind] })),
    outcome:
      over && ending
        ? {
            round: step.round,
            current: true,
            fresh: true,
            reveal: ending.reveal
              ? {
                  dice: ending.reveal.dice,
                  announced: last?.value ?? 0,
                  announcer: ending.reveal.announcerId,
                  by: ending.reveal.callerId,
                  reason: ending.reveal.outcome === 'MIA_TRUE' || ending.reveal.outcome === 'MIA_FALSE' ? 'mia-look' : 'call',
                  outcome: OUTCOME[ending.reveal.outcome],
                }
              : null,
            end: ending.end ? END[ending.end] : null,
            losses: seats.flatMap((s) => (s.lost ? [s.lost] : [])),
          }
        : null,
    winner: board.result?.winnerId ?? null,
  };
}
