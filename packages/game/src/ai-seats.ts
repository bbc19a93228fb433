import { aiAction, type Action, type PlayerId, type Rng } from '@mia/engine';
import pino, { type Logger } from 'pino';
import { aiStrategyFor } from './ai-players';
import type { GameRecord } from './repository';
import { cryptoRng } from './rng';
import type { CommittedBatch } from './requests';
import type { GameService } from './service';

export interface AiSeatsOptions {
  /**
   * The pause before a computer player acts, in ms: a number, or `[min, max]` drawn anew for each
   * turn. Default 800–2,500 ms, about a person's pace; 0 in tests.
   */
  delayMs?: number | readonly [number, number];
  /** The computer players' choices and pauses (the dice come from the service). Default node:crypto. */
  rng?: Rng;
  /** How often a turn that failed (database error, busy game) is tried again, a second apart. Default 3. */
  retries?: number;
  log?: Logger;
}

const DEFAULT_DELAY: readonly [number, number] = [800, 2500];
const RETRY_MS = 1000;

/** The computer player who must act in `game` now, or null (a person's turn, lobby, over). */
export function aiToAct(game: GameRecord): PlayerId | null {
  const round = game.state.round;
  if (game.status !== 'PLAYING' || game.state.phase !== 'playing' || !round) return null;
  return game.state.seats.find((s) => s.id === round.actor)?.ai ? round.actor : null;
}

/**
 * Plays the AI seats of every game, knowing nothing of Telegram: after each batch committed by
 * this process that leaves a computer player to act, that player's action is applied through
 * `GameService.act` after a human-like pause. Its choice comes from the engine's `aiAction`, which
 * sees the game as the seat does (`playerView`: its own dice only).
 *
 * Batches from other processes are theirs to follow up (as their notifiers send their messages);
 * should two processes act anyway, the key `ai:<game>:<move>` applies the turn once. A game that
 * moved on (a deadline timed the turn out), finished or was stopped before the pause ended is
 * left alone. After a restart,
 * `resume()` picks up the turns of games already running.
 */
export class AiSeats {
  private readonly rng: Rng;
  private readonly log: Logger;
  private readonly retries: number;
  /** Per game, the turn waiting for its pause to end. */
  private readonly pending = new Map<string, { timer: NodeJS.Timeout; move: number }>();
  private readonly running = new Set<Promise<void>>();
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly games: GameService,
    private readonly options: AiSeatsOptions = {},
  ) {
    this.rng = options.rng ?? cryptoRng;
    this.log = options.log ?? pino({ level: 'silent' });
    this.retries = options.retries ?? 3;
  }

  start(): void {
    this.stopped = false;
    this.unsubscribe ??= this.games.subscribe((batch: CommittedBatch) => {
      if (batch.origin === 'local') this.consider(batch.game);
    });
  }

  /** After `games.recover()`: schedules the AI turns of running games. Returns how many. */
  async resume(): Promise<number> {
    let scheduled = 0;
    for (const game of await this.games.runningGames()) if (this.consider(game)) scheduled++;
    if (scheduled > 0) this.log.info({ games: scheduled }, 'ai: resumed computer players’ turns');
    return scheduled;
  }

  /** No more turns; resolves once a turn already being applied has committed. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    await Promise.all([...this.running]);
  }

  /** Turns waiting or being applied (tests wait for 0). */
  get busy(): number {
    return this.pending.size + this.running.size;
  }

  /** Schedules the game's AI turn if it has one; a turn already scheduled for this move stays. */
  private consider(game: GameRecord): boolean {
    const existing = this.pending.get(game.id);
    if (this.stopped || !aiToAct(game)) {
      if (existing) clearTimeout(existing.timer);
      this.pending.delete(game.id);
      return false;
    }
    if (existing?.move === game.state.move) return true;
    if (existing) clearTimeout(existing.timer);
    this.schedule(game.id, game.state.move, this.pause(), 0);
    return true;
  }

  private pause(): number {
    const delay = this.options.delayMs ?? DEFAULT_DELAY;
    if (typeof delay === 'number') return delay;
    const [min, max] = delay;
    return min + this.rng(Math.max(1, max - min + 1));
  }

  private schedule(gameId: string, move: number, delayMs: number, attempt: number): void {
    const timer = setTimeout(() => {
      if (this.pending.get(gameId)?.timer === timer) this.pending.delete(gameId);
      const turn = this.play(gameId, move, attempt).catch((error: unknown) => {
        this.log.warn({ err: error, gameId, move, attempt }, 'ai: turn failed');
        this.retry(gameId, move, attempt);
      });
      this.running.add(turn);
      void turn.finally(() => this.running.delete(turn));
    }, delayMs);
    this.pending.set(gameId, { timer, move });
  }

  /** Tries a failed turn again, unless the game has moved on to a newer turn meanwhile. */
  private retry(gameId: string, move: number, attempt: number): void {
    if (attempt >= this.retries || this.stopped || this.pending.has(gameId)) return;
    this.schedule(gameId, move, RETRY_MS, attempt + 1);
  }

  /**
   * One computer player's turn, from the game as stored now. Its consecutive steps within the
   * round (believe, roll, announce) go in one commit: one edit of the table instead of three.
   * A round it ends is followed by the next one's start, the new starter's dice dealt (by the
   * engine) in the same commit; that starter's announcement is a turn of its own.
   */
  private async play(gameId: string, move: number, attempt: number): Promise<void> {
    if (this.stopped) return;
    const game = await this.games.game(gameId);
    const player = game && game.state.move === move ? aiToAct(game) : null;
    if (!game || !player) return; // moved on, over or stopped while we paused
    const strategy = aiStrategyFor(player);
    const round = game.state.round!.number;
    const first = aiAction(game.state, player, strategy, this.rng);
    if (!first) return;
    const result = await this.games.act({
      chatId: game.chatId,
      gameId,
      key: `ai:${gameId}:${move}`,
      action: guarded(first, move),
      followUp: (state) => {
        const r = state.round;
        if (state.phase !== 'playing' || r?.number !== round || r.actor !== player) return undefined;
        const next = aiAction(state, player, strategy, this.rng);
        return next ? guarded(next, state.move) : undefined;
      },
    });
    if (result.status === 'rejected') {
      if (result.rejection.code === 'busy') return this.retry(gameId, move, attempt);
      // Stale, another game, not the seat's turn: the game moved on without this turn.
      this.log.debug({ gameId, move, code: result.rejection.code }, 'ai: turn refused');
    }
  }
}

/** The action bound to the move it was chosen for, so it can never land on a later turn. */
function guarded(action: Action, move: number): Action {
  switch (action.type) {
    case 'roll':
    case 'announce':
    case 'believe':
    case 'call':
    case 'passBlind':
    case 'giveUp':
    case 'lookAtMia':
    case 'timeout':
      return { ...action, move };
    default:
      return action;
  }
}
