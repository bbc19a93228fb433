-- DropIndex
DROP INDEX "Announcement_gameId_userId_classification_idx";

-- DropIndex
DROP INDEX "Game_chatId_status_finishedAt_idx";

-- CreateIndex
CREATE INDEX "Announcement_gameId_userId_classification_value_idx" ON "Announcement"("gameId", "userId", "classification", "value");

-- CreateIndex
CREATE INDEX "Game_chatId_status_finishedAt_id_idx" ON "Game"("chatId", "status", "finishedAt", "id");

-- CreateIndex
CREATE INDEX "Round_gameId_end_cause_livesLost_idx" ON "Round"("gameId", "end", "cause", "livesLost");
