import {
  rankingFor,
  type AnnouncementClass,
  type AnnouncementKind,
  type GameEvent,
  type GameState,
  type LossCause,
  type OutReason,
  type Reveal,
  type RoundEnd,
} from '@mia/engine';
import { toUserId } from './ids';

/**
 * The normalized rows an action's events imply, as plain data: what `repository.ts` writes in
 * the same transaction as the events themselves. Pure, so it is tested without a database and
 * shared by the benchmark's bulk seeding.
 */
export type RowWrite =
  | { op: 'user'; id: bigint; name: string; ai: boolean }
  | { op: 'seat.create'; userId: bigint; order: number; lives: number }
  | { op: 'seat.delete'; userId: bigint }
  | { op: 'seat.update'; userId: bigint; lives?: number; outAt?: Date; outReason?: OutReason; place?: number }
  | { op: 'round.create'; number: number; starterId: bigint; startedAt: Date }
  | {
      op: 'round.update';
      number: number;
      loserId?: bigint;
      livesLost?: number;
      cause?: DbLossCause;
      end?: DbRoundEnd;
      endedAt?: Date;
    }
  | {
      op: 'announcement.create';
      roundNumber: number;
      seq: number;
      userId: bigint;
      value: number;
      rank: number;
      diceHigh: number;
      diceLow: number;
      kind: DbAnnouncementKind;
      classification: DbClassification;
      /** The value of the announcement this one answered in the round (null for the round's first). */
      answers: number | null;
      thinkMs: number | null;
      createdAt: Date;
    }
  | {
      op: 'reveal.create';
      roundNumber: number;
      /** The revealed announcement's seq: the round's last. */
      announcementSeq: number;
      diceHigh: number;
      diceLow: number;
      outcome: DbRevealOutcome;
      /** The revealed announcement's value and class, kept on the reveal for per-player statistics. */
      value: number;
      classification: DbClassification;
      callerId: bigint;
      announcerId: bigint;
      createdAt: Date;
    };

/** What the Game row itself takes from the events. */
export interface GamePatch {
  status?: 'PLAYING' | 'FINISHED' | 'ABORTED';
  startedAt?: Date;
  finishedAt?: Date;
  winnerId?: bigint | null;
}

export type DbLossCause = 'CAUGHT_BLUFFING' | 'WRONG_CALL' | 'MIA_LOOKED' | 'MIA_GIVEN_UP' | 'TIMEOUT';
export type DbRoundEnd = 'CALL' | 'MIA_LOOK' | 'MIA_GIVE_UP' | 'TIMEOUT' | 'ABORTED';
export type DbAnnouncementKind = 'LOOKED' | 'BLIND' | 'PASS';
export type DbClassification = 'TRUTHFUL' | 'OVER' | 'UNDER' | 'BLIND' | 'PASS';
export type DbRevealOutcome = 'BLUFF_CAUGHT' | 'CLAIM_HELD' | 'MIA_TRUE' | 'MIA_FALSE';

const upper = <T extends string>(s: string): T => s.toUpperCase().replace(/-/g, '_') as T;
export const dbLossCause = (c: LossCause): DbLossCause => upper(c);
export const dbRoundEnd = (e: RoundEnd): DbRoundEnd => upper(e);
export const dbAnnouncementKind = (k: AnnouncementKind): DbAnnouncementKind => upper(k);
export const dbClassification = (c: AnnouncementClass): DbClassification => upper(c);
export const dbRevealOutcome = (o: Reveal['outcome']): DbRevealOutcome => upper(o);

export interface ProjectionInput {
  gameId: string;
  /** The state before the events (null for a new game). */
  before: GameState | null;
  events: readonly GameEvent[];
  /** Log position of the first event (the game's version before the action, plus one). */
  firstSeq: number;
  now: Date;
  /** When the player who acted was given the turn, for time to act. */
  turnStartedAt: Date | null;
}

export function project(input: ProjectionInput): { rows: RowWrite[]; game: GamePatch } {
  const { events, now } = input;
  const rows: RowWrite[] = [];
  const game: GamePatch = {};
  // Round number and announcement count as the events unfold.
  let round = input.before?.round?.number ?? 0;
  let announcements = input.before?.round?.announcements.length ?? 0;
  // The round's standing announcement as the events unfold: what the next one answers, and what a reveal shows.
  const standing = input.before?.round?.announcements.at(-1);
  let last: { value: number; class: AnnouncementClass } | null =
    input.before?.round?.ended === null && standing ? { value: standing.value, class: standing.class } : null;
  let settings = input.before?.settings;
  // Whether a round is in play (its row open): an abort closes it as ABORTED.
  let roundOpen = input.before?.phase === 'playing' && input.before.round !== null && input.before.round.ended === null;
  const thinkMs = input.turnStartedAt ? Math.max(0, now.getTime() - input.turnStartedAt.getTime()) : null;

  events.forEach((event, i) => {
    switch (event.type) {
      case 'gameCreated':
        settings = event.settings;
        break;
      case 'playerJoined':
        rows.push({ op: 'user', id: toUserId(event.player), name: event.name, ai: event.ai });
        rows.push({ op: 'seat.create', userId: toUserId(event.player), order: input.firstSeq + i, lives: settings!.lives });
        break;
      case 'playerLeft':
        rows.push({ op: 'seat.delete', userId: toUserId(event.player) });
        break;
      case 'gameStarted':
        game.status = 'PLAYING';
        game.startedAt = now;
        break;
      case 'roundStarted':
        round = event.round;
        announcements = 0;
        last = null;
        roundOpen = true;
        rows.push({ op: 'round.create', number: round, starterId: toUserId(event.starter), startedAt: now });
        break;
      case 'announced': {
        announcements++;
        const ranking = rankingFor(settings!.ranking);
        rows.push({
          op: 'announcement.create',
          roundNumber: round,
          seq: announcements,
          userId: toUserId(event.player),
          value: event.value,
          rank: ranking.rankOf(event.value),
          diceHigh: event.dice[0],
          diceLow: event.dice[1],
          kind: dbAnnouncementKind(event.kind),
          classification: dbClassification(event.class),
          answers: last?.value ?? null,
          thinkMs,
          createdAt: now,
        });
        last = { value: event.value, class: event.class };
        break;
      }
      case 'revealed':
        rows.push({
          op: 'reveal.create',
          roundNumber: event.round,
          announcementSeq: announcements,
          diceHigh: event.dice[0],
          diceLow: event.dice[1],
          outcome: dbRevealOutcome(event.outcome),
          value: event.announced,
          classification: dbClassification(last!.class),
          callerId: toUserId(event.by),
          announcerId: toUserId(event.announcer),
          createdAt: now,
        });
        break;
      case 'lifeLost':
        rows.push({ op: 'seat.update', userId: toUserId(event.player), lives: event.lives });
        rows.push({
          op: 'round.update',
          number: round,
          loserId: toUserId(event.player),
          livesLost: event.amount,
          cause: dbLossCause(event.cause),
        });
        break;
      case 'playerOut':
        rows.push({ op: 'seat.update', userId: toUserId(event.player), outAt: now, outReason: event.reason });
        break;
      case 'roundEnded':
        roundOpen = false;
        rows.push({ op: 'round.update', number: event.round, end: dbRoundEnd(event.end), endedAt: now });
        break;
      case 'gameOver':
        game.status = 'FINISHED';
        game.finishedAt = now;
        game.winnerId = event.winner === null ? null : toUserId(event.winner);
        for (const p of event.ranking) rows.push({ op: 'seat.update', userId: toUserId(p.player), place: p.place });
        break;
      case 'gameAborted':
        // No winner, no places: statistics read FINISHED games only, so it never counts.
        game.status = 'ABORTED';
        game.finishedAt = now;
        if (roundOpen) rows.push({ op: 'round.update', number: round, end: 'ABORTED', endedAt: now });
        roundOpen = false;
        break;
      case 'believed':
      case 'diceRolled':
      case 'miaGivenUp':
      case 'turnMissed':
      case 'chatMoved': // the Game row's chat is moved by the migration's own statements
        break; // in the event log only
    }
  });
  return { rows, game };
}
