-- The bot's message references leave the game's row for a table of the bot's own.

-- CreateTable
CREATE TABLE "BotMessages" (
    "gameId" TEXT NOT NULL,
    "refs" JSONB NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BotMessages_pkey" PRIMARY KEY ("gameId")
);

-- AddForeignKey
ALTER TABLE "BotMessages" ADD CONSTRAINT "BotMessages_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Copy what the bot kept on each game (a restarted bot still edits the messages it posted before).
INSERT INTO "BotMessages" ("gameId", "refs", "updatedAt")
SELECT "id", "telegram", "updatedAt" FROM "Game" WHERE "telegram" IS NOT NULL AND "telegram" <> 'null'::jsonb;

-- AlterTable
ALTER TABLE "Game" DROP COLUMN "telegram";
