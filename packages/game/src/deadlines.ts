import { isDatabaseUnavailable, type PrismaClient } from '@mia/db';
import type { Logger } from 'pino';
import { findGame, type GameRecord } from './repository';
import type { ActRequest, ActResult } from './requests';
import { DeadlineTimers, type DueLobby, type DueTurn } from './timers';

/** What firing deadlines needs of the game service. */
export interface DeadlineDeps {
  prisma: PrismaClient;
  now: () => Date;
  log: Logger;
  act(request: ActRequest): Promise<ActResult>;
  expireLobby(gameId: string): Promise<GameRecord | null>;
  closed(): boolean;
}

/**
 * The deadlines of every open game in this process: a turn's timeout (a `timeout` action keyed
 * `timeout:<game>:<move>`) and a lobby's closing time (`expireLobby`), armed after each commit,
 * at start-up (`recover`), and fired at once when overdue; retried while the database is down.
 */
export class Deadlines {
  readonly timers: DeadlineTimers | null;
  /** Deadlines waiting to be tried again (see `retryLater`). */
  private readonly retries = new Set<NodeJS.Timeout>();

  constructor(
    private readonly deps: DeadlineDeps,
    enabled: boolean,
  ) {
    this.timers = enabled
      ? new DeadlineTimers(
          (due) => void this.fireDeadline(due),
          deps.now,
          (due) => void this.fireLobbyDeadline(due),
        )
      : null;
  }

  arm(game: GameRecord): void {
    this.timers?.arm(game);
  }

  clear(): void {
    this.timers?.clear();
    for (const t of this.retries) clearTimeout(t);
    this.retries.clear();
  }

  /**
   * On start-up: every running game and open lobby is loaded; overdue deadlines fire now (a lobby
   * past its closing time closes), the rest are armed. Returns how many games are running (in
   * play: lobbies are not counted) and how many of them were overdue.
   */
  async recover(): Promise<{ running: number; overdue: number }> {
    const games = await this.deps.prisma.game.findMany({
      where: { status: { in: ['LOBBY', 'PLAYING'] } },
      select: { id: true, status: true },
    });
    let running = 0;
    let overdue = 0;
    let lobbies = 0;
    for (const { id } of games) {
      const game = await findGame(this.deps.prisma, id);
      if (!game) continue;
      if (game.status === 'PLAYING') {
        running++;
        if (game.deadlineAt && game.deadlineAt <= this.deps.now()) overdue++;
      } else lobbies++;
      this.timers?.arm(game);
    }
    this.deps.log.info({ running, overdue, lobbies }, 'game: recovered running games');
    return { running, overdue };
  }

  /**
   * Fires every deadline already past (recovery and tests; the timers do it in normal running):
   * turns time out, lobbies close. Returns how many fired.
   */
  async fireOverdue(): Promise<number> {
    const due = await this.deps.prisma.game.findMany({
      where: { status: { in: ['LOBBY', 'PLAYING'] }, deadlineAt: { lte: this.deps.now() } },
      select: { id: true, status: true },
    });
    let fired = 0;
    for (const { id, status } of due) {
      if (status === 'LOBBY') {
        if (await this.deps.expireLobby(id)) fired++;
        continue;
      }
      const game = await findGame(this.deps.prisma, id);
      const round = game?.state.round;
      if (!game || !round) continue;
      // Listed as overdue, but read again since: another writer may have moved the game on to a
      // turn whose deadline is still ahead, and that turn must not be timed out.
      if (game.status !== 'PLAYING' || !game.deadlineAt || game.deadlineAt > this.deps.now()) continue;
      const result = await this.fireDeadline({ gameId: id, chatId: game.chatId, player: round.actor, move: game.state.move });
      if (result?.status === 'applied') fired++;
    }
    return fired;
  }

  private async fireLobbyDeadline(due: DueLobby, attempt = 0): Promise<void> {
    try {
      await this.deps.expireLobby(due.gameId);
    } catch (error) {
      this.deps.log.error({ err: error, gameId: due.gameId, attempt }, 'game: lobby could not be closed; retrying');
      this.retryLater(attempt, error, () => this.fireLobbyDeadline(due, attempt + 1));
    }
  }

  private async fireDeadline(due: DueTurn, attempt = 0): Promise<ActResult | null> {
    if (this.deps.closed()) return null;
    try {
      const result = await this.deps.act({
        chatId: due.chatId,
        gameId: due.gameId,
        action: { type: 'timeout', player: due.player, move: due.move },
        key: `timeout:${due.gameId}:${due.move}`,
      });
      if (result.status === 'applied') this.deps.log.info({ gameId: due.gameId, player: due.player }, 'game: turn timed out');
      return result;
    } catch (error) {
      this.deps.log.error({ err: error, gameId: due.gameId, attempt }, 'game: deadline could not be applied; retrying');
      this.retryLater(attempt, error, () => this.fireDeadline(due, attempt + 1));
      return null;
    }
  }

  /**
   * A deadline that fell due while the database was down must still fire: it is tried again with
   * backoff (up to 5 s apart) for as long as the database stays unreachable, and a few times on
   * other errors. Its action is guarded by the move, so a retry after someone acted changes nothing.
   */
  private retryLater(attempt: number, error: unknown, again: () => Promise<unknown>): void {
    if (this.deps.closed() || (!isDatabaseUnavailable(error) && attempt >= 5)) return;
    const timer = setTimeout(
      () => {
        this.retries.delete(timer);
        void again();
      },
      Math.min(5000, 250 * 2 ** Math.min(attempt, 5)),
    );
    timer.unref();
    this.retries.add(timer);
  }
}
