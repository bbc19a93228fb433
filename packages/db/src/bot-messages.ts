// The bot's own storage: per game, the references to the Telegram messages that show it. Opaque
// JSON to everyone but the bot; this store only gets and saves it.
import type { PrismaClient } from './generated/prisma/client';
import { poolOf, run, statement } from './typed-sql';

/** What the bot is handed: its message references by game, nothing else of the database. */
export interface BotMessageStore {
  /** The game's references as last saved (null: none yet). */
  get(gameId: string): Promise<unknown>;
  /** Replaces the game's references (a game that does not exist is left alone). */
  save(gameId: string, refs: unknown): Promise<void>;
}

// Written after nearly every action and read after a restart: straight through node-postgres (a
// prepared statement), as the moves are, since Prisma's query path cost more CPU than the write.
const SAVE = statement<[gameId: string, refs: string], Record<string, never>>(
  'mia_bot_messages_save',
  `INSERT INTO "BotMessages" ("gameId", refs, "updatedAt")
   SELECT id, $2::jsonb, now() FROM "Game" WHERE id = $1
   ON CONFLICT ("gameId") DO UPDATE SET refs = EXCLUDED.refs, "updatedAt" = EXCLUDED."updatedAt"`,
);
const GET = statement<[gameId: string], { refs: unknown }>('mia_bot_messages_get', 'SELECT refs FROM "BotMessages" WHERE "gameId" = $1');

export function botMessageStore(prisma: PrismaClient): BotMessageStore {
  const pool = poolOf(prisma);
  if (pool) {
    return {
      async get(gameId) {
        const rows = await run(pool, GET, [gameId]);
        return rows[0]?.refs ?? null;
      },
      async save(gameId, refs) {
        await run(pool, SAVE, [gameId, JSON.stringify(refs)]);
      },
    };
  }
  // A client made elsewhere (a test's): the same through Prisma.
  return {
    async get(gameId) {
      const row = await prisma.botMessages.findUnique({ where: { gameId }, select: { refs: true } });
      return row?.refs ?? null;
    },
    async save(gameId, refs) {
      await prisma.$executeRaw`
        INSERT INTO "BotMessages" ("gameId", refs, "updatedAt")
        SELECT id, ${JSON.stringify(refs)}::jsonb, now() FROM "Game" WHERE id = ${gameId}
        ON CONFLICT ("gameId") DO UPDATE SET refs = EXCLUDED.refs, "updatedAt" = EXCLUDED."updatedAt"`;
    },
  };
}
