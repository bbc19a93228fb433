-- DropIndex
DROP INDEX "Game_status_deadlineAt_idx";

-- CreateTable
CREATE TABLE "GameLog" (
    "gameId" TEXT NOT NULL,
    "batches" JSON NOT NULL,

    CONSTRAINT "GameLog_pkey" PRIMARY KEY ("gameId")
);

-- CreateIndex
CREATE INDEX "Game_status_idx" ON "Game"("status");

-- AddForeignKey
ALTER TABLE "GameLog" ADD CONSTRAINT "GameLog_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Room in each page for a game's next versions: with no indexed column changed by a move, the
-- update stays on its page (HOT) and the old version is pruned without VACUUM.
ALTER TABLE "Game" SET (fillfactor = 70);
