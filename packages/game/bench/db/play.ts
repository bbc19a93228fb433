// One game played by the engine, projected exactly as the service projects each action.
import { aiAction, apply, type Action, type GameState, type Rng, type SettingsInput } from '@mia/engine';
import { project, type RowWrite } from '../../src/projection';
import type { Person, Population } from './population';
import { big, iso, type Tables } from './tables';

export interface SeatRow {
  userId: bigint;
  order: number;
  lives: number;
  outAt?: Date;
  outReason?: string;
  place?: number;
}
export interface RoundRow {
  number: number;
  starterId: bigint;
  startedAt: Date;
  loserId?: bigint;
  livesLost?: number;
  cause?: string;
  end?: string;
  endedAt?: Date;
}

/** The next Game.ref to hand out (the seeding sets it from the database, and the sequence after). */
export const gameRefs = { next: 1 };

export function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/**
 * Plays one game like `playGame` (create, join, start, AI moves until it is over or `stopAfter`
 * moves), but with people's seats joining as people, as the bot would seat them. Each action's
 * events go through `project()`; the rows it yields are applied like repository.writeRows.
 */
export function playOne(
  t: Tables,
  pop: Population,
  rng: Rng,
  chat: Population['chats'][number],
  seats: Person[],
  settings: SettingsInput,
  start: number,
  stopAfter?: number,
): { announcements: number; finished: boolean; gameId: string } {
  const gameId = uuid(rng);
  const gameRef = gameRefs.next++;
  let state: GameState | null = null;
  let version = 0;
  let clock = start;
  let turnStartedAt: Date | null = null;
  let deadlineAt: Date | null = null;
  let createdAt: Date | null = null;
  let startedAt: Date | null = null;
  let finishedAt: Date | null = null;
  let winnerId: bigint | null = null;
  const seatRows = new Map<bigint, SeatRow>();
  const rounds = new Map<number, RoundRow>();
  let announcements = 0;

  const write = (row: RowWrite) => {
    switch (row.op) {
      case 'user':
        break; // every user exists already; the service's upsert would only refresh the name
      case 'seat.create':
        seatRows.set(row.userId, { userId: row.userId, order: row.order, lives: row.lives });
        break;
      case 'seat.delete':
        seatRows.delete(row.userId);
        break;
      case 'seat.update': {
        const { op: _op, userId, ...data } = row;
        Object.assign(seatRows.get(userId)!, data);
        break;
      }
      case 'round.create':
        rounds.set(row.number, { number: row.number, starterId: row.starterId, startedAt: row.startedAt });
        break;
      case 'round.update': {
        const { op: _op, number, ...data } = row;
        Object.assign(rounds.get(number)!, data);
        break;
      }
      case 'announcement.create':
        announcements++;
        t.Announcement.push(
          gameRef,
          row.roundNumber,
          row.seq,
          big(row.userId),
          row.value,
          row.rank,
          row.diceHigh,
          row.diceLow,
          row.kind,
          row.classification,
          row.answers,
          row.thinkMs,
          iso(row.createdAt),
        );
        break;
      case 'reveal.create':
        t.Reveal.push(
          gameRef,
          row.roundNumber,
          row.announcementSeq,
          row.diceHigh,
          row.diceLow,
          row.outcome,
          row.value,
          row.classification,
          big(row.callerId),
          big(row.announcerId),
          iso(row.createdAt),
        );
        break;
    }
  };

  const run = (action: Action) => {
    clock += 2000 + rng(10_000); // 2-12 s between actions
    const now = new Date(clock);
    const result = apply(state, action, rng);
    if (!result.ok) throw new Error(`seeding: action refused: ${result.rejection.message} (${JSON.stringify(action)})`);
    const before = state;
    const { rows, game } = project({ gameId, before, events: result.events, firstSeq: version + 1, now, turnStartedAt });
    for (const [i, event] of result.events.entries()) t.GameEvent.push(gameId, version + 1 + i, event.type, JSON.stringify(event), iso(now));
    for (const row of rows) write(row);
    // the Game row and its clock, as GameService.act keeps them
    const next = result.state;
    const moved = before === null || next.move !== before.move;
    const turnSeconds = next.settings.turnSeconds;
    deadlineAt = next.phase === 'playing' && turnSeconds !== null ? (moved ? new Date(now.getTime() + turnSeconds * 1000) : deadlineAt) : null;
    turnStartedAt = next.phase === 'playing' ? (moved ? now : (turnStartedAt ?? now)) : null;
    createdAt ??= now;
    if (game.startedAt) startedAt = game.startedAt;
    if (game.finishedAt) finishedAt = game.finishedAt;
    if (game.winnerId !== undefined) winnerId = game.winnerId;
    version += result.events.length;
    state = next;
    return now;
  };

  run({ type: 'create', creator: seats[0]!.id, settings });
  for (const p of seats) run({ type: 'join', player: p.id, name: p.name, ai: p.ai });
  let last = run({ type: 'start' });
  let moves = 0;
  while (state!.phase === 'playing' && (stopAfter === undefined || moves < stopAfter)) {
    const actor = state!.round!.actor;
    // a missed deadline now and then
    const action =
      rng(200) === 0 ? { type: 'timeout' as const, player: actor, move: state!.move } : aiAction(state!, actor, pop.byId.get(actor)!.strategy, rng)!;
    last = run(action);
    moves++;
  }
  const s = state!;
  const finished = s.phase === 'over';
  t.Game.push(
    gameId,
    gameRef,
    chat.id,
    finished ? 'FINISHED' : 'PLAYING',
    JSON.stringify(s.settings),
    JSON.stringify(s),
    version,
    seats[0]!.id,
    big(winnerId),
    iso(deadlineAt),
    iso(turnStartedAt),
    iso(createdAt),
    iso(startedAt),
    iso(finishedAt),
    iso(last),
  );
  for (const r of seatRows.values()) {
    t.Seat.push(gameId, big(r.userId), r.order, r.lives, iso(r.outAt), r.outReason ?? null, r.place ?? null);
  }
  for (const r of rounds.values()) {
    t.Round.push(gameRef, r.number, big(r.starterId), big(r.loserId), r.livesLost ?? null, r.cause ?? null, r.end ?? null, iso(r.startedAt), iso(r.endedAt));
  }
  return { announcements, finished, gameId };
}
