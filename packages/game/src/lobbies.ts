// A lobby's lifecycle outside play: `/extend` moves its closing time on, and a lobby past its
// closing time is closed (the engine's abort, committed like any action).
import type { PrismaClient } from '@mia/db';
import type { Logger } from 'pino';
import type { Committer } from './committer';
import { extendedClosing, type ExtendLobbyResult, type LobbyTimes } from './lobby-times';
import { findGame, type GameRecord } from './repository';

export interface LobbiesDeps {
  prisma: PrismaClient;
  committer: Committer;
  now: () => Date;
  log: Logger;
  lobbyTimes: Readonly<LobbyTimes>;
  maxRetries: number;
  /** Arm the game's deadline (its lobby's closing time) in this process. */
  arm(game: GameRecord): void;
  closed(): boolean;
}

export class Lobbies {
  constructor(private readonly deps: LobbiesDeps) {}

  /** See `GameService.extendLobby`. */
  async extend(chatId: bigint, gameId: string, ms: number): Promise<ExtendLobbyResult> {
    if (!(ms > 0)) throw new Error('extendLobby: ms must be positive');
    const { prisma, lobbyTimes } = this.deps;
    for (let attempt = 0; attempt <= this.deps.maxRetries; attempt++) {
      const game = await findGame(prisma, gameId);
      if (!game || game.chatId !== chatId || game.status !== 'LOBBY') return { ok: false, reason: 'no-lobby' };
      const now = this.deps.now().getTime();
      const { base, next } = extendedClosing(game.deadlineAt?.getTime() ?? null, now, ms, lobbyTimes);
      if (next === null) return { ok: false, reason: 'at-limit', deadlineAt: new Date(base), remainingMs: base - now };
      const deadlineAt = new Date(next);
      const updated = await prisma.game.updateMany({
        where: { id: gameId, status: 'LOBBY', deadlineAt: game.deadlineAt },
        data: { deadlineAt },
      });
      if (updated.count === 0) continue; // extended, started or closed meanwhile: read again
      this.deps.arm({ ...game, deadlineAt });
      this.deps.log.info({ chatId: chatId.toString(), gameId, deadlineAt }, 'game: lobby extended');
      return { ok: true, deadlineAt, remainingMs: next - now };
    }
    return { ok: false, reason: 'no-lobby' };
  }

  /** See `GameService.expireLobby`. */
  async expire(gameId: string): Promise<GameRecord | null> {
    if (this.deps.closed()) return null;
    const game = await findGame(this.deps.prisma, gameId);
    if (game?.status !== 'LOBBY' || !game.deadlineAt) return null;
    const now = this.deps.now();
    if (game.deadlineAt > now) {
      this.deps.arm(game); // extended since this timer was armed (maybe by another process)
      return null;
    }
    const result = await this.deps.committer.commit(
      { chatId: game.chatId, gameId, current: game, action: { type: 'abort', reason: 'lobby-expired' } },
      { dueBy: now },
    );
    if (result.status !== 'applied') {
      if (result.status === 'rejected' && result.rejection.code === 'not-due' && result.game) this.deps.arm(result.game);
      return null;
    }
    this.deps.log.info({ chatId: game.chatId.toString(), gameId }, 'game: lobby closed, not started in time');
    return result.game;
  }
}
