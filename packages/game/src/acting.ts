// Changes of games from outside play, each committed through the act pipeline (`Committer`):
// a chat's game aborted, and a chat's migration to a supergroup.
import type { Action, PlayerId } from '@mia/engine';
import type { PrismaClient } from '@mia/db';
import type { Logger } from 'pino';
import type { ChatChange, EventBus } from './bus';
import { ACT_TRANSACTION, type Committer } from './committer';
import type { Feed } from './feed';
import { moveChatRows } from './migration';
import type { GameRecord, Tx } from './repository';
import type { ActRequest, ActResult } from './requests';
import { Conflict, isWriteConflict } from './write';

export interface ActingDeps {
  prisma: PrismaClient;
  bus: EventBus;
  committer: Committer;
  /** The chat's open game, read fresh. */
  currentGame(chatId: bigint): Promise<GameRecord | null>;
  feed: Feed;
  log: Logger;
  maxRetries: number;
}

export class Acting {
  constructor(private readonly deps: ActingDeps) {}

  act(request: ActRequest): Promise<ActResult> {
    return this.deps.committer.commit(request, {});
  }

  /** See `GameService.abort`. */
  async abort(chatId: bigint, gameId: string, how: { reason?: 'stopped' | 'bot-removed'; by?: PlayerId }): Promise<GameRecord | null> {
    const action: Action = { type: 'abort', reason: how.reason ?? 'stopped', ...(how.by ? { by: how.by } : {}) };
    const result = await this.act({ chatId, gameId, action });
    return result.status === 'applied' ? result.game : null;
  }

  /** See `GameService.migrateChat`. */
  async migrateChat(fromId: bigint, toId: bigint): Promise<GameRecord | null> {
    const { prisma, bus, committer, feed, currentGame } = this.deps;
    const change: ChatChange = { type: 'migrated', to: toId.toString() };
    for (let attempt = 0; attempt <= this.deps.maxRetries; attempt++) {
      const old = await prisma.chat.findUnique({ where: { id: fromId } });
      if (!old) return null;
      if (old.migratedTo !== null) return old.migratedTo === toId ? currentGame(toId) : null;
      const alongside = async (tx: Tx) => {
        await moveChatRows(tx, old, toId);
        await bus.publishChat(tx, feed.chatNotice(fromId, change));
      };
      const game = await currentGame(fromId);
      let moved: GameRecord | null = null;
      if (game) {
        const action: Action = { type: 'moveChat', from: fromId.toString(), to: toId.toString() };
        const result = await committer.commit({ chatId: fromId, gameId: game.id, current: game, action }, { alongside });
        if (result.status !== 'applied') continue; // moved, ended or migrated meanwhile: read again
        moved = result.game;
      } else {
        try {
          await prisma.$transaction(alongside, ACT_TRANSACTION);
        } catch (error) {
          if (error instanceof Conflict || isWriteConflict(error)) continue;
          throw error;
        }
      }
      this.deps.log.info({ from: fromId.toString(), to: toId.toString() }, 'game: chat migrated to a supergroup');
      feed.emitChat({ chatId: fromId, change, origin: 'local' });
      return moved;
    }
    return null;
  }
}
