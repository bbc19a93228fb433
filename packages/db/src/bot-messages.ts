// The bot's own storage: per game, the references to the Telegram messages that show it. Opaque
// JSON to everyone but the bot; this store only gets and saves it.
import type { PrismaClient } from './generated/prisma/client';

/** What the bot is handed: its message references by game, nothing else of the database. */
export interface BotMessageStore {
  /** The game's references as last saved (null: none yet). */
  get(gameId: string): Promise<unknown>;
  /** Replaces the game's references (a game that does not exist is left alone). */
  save(gameId: string, refs: unknown): Promise<void>;
}

export function botMessageStore(prisma: PrismaClient): BotMessageStore {
  return {
    async get(gameId) {
      const row = await prisma.botMessages.findUnique({ where: { gameId }, select: { refs: true } });
      return row?.refs ?? null;
    },
    async save(gameId, refs) {
      // Raw: written after nearly every action, and the query builder costs more than the write.
      await prisma.$executeRaw`
        INSERT INTO "BotMessages" ("gameId", refs, "updatedAt")
        SELECT id, ${JSON.stringify(refs)}::jsonb, now() FROM "Game" WHERE id = ${gameId}
        ON CONFLICT ("gameId") DO UPDATE SET refs = EXCLUDED.refs, "updatedAt" = EXCLUDED."updatedAt"`;
    },
  };
}
