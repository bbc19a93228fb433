-- DropIndex
DROP INDEX "Announcement_gameId_idx";

-- DropIndex
DROP INDEX "Announcement_userId_classification_idx";

-- DropIndex
DROP INDEX "Reveal_announcerId_outcome_idx";

-- DropIndex
DROP INDEX "Reveal_callerId_outcome_idx";

-- DropIndex
DROP INDEX "Round_loserId_cause_idx";

-- DropIndex
DROP INDEX "Seat_userId_place_idx";

-- CreateIndex
CREATE INDEX "Announcement_userId_classification_gameId_id_idx" ON "Announcement"("userId", "classification", "gameId", "id");

-- CreateIndex
CREATE INDEX "Announcement_gameId_userId_classification_idx" ON "Announcement"("gameId", "userId", "classification");

-- CreateIndex
CREATE INDEX "Reveal_callerId_outcome_roundId_idx" ON "Reveal"("callerId", "outcome", "roundId");

-- CreateIndex
CREATE INDEX "Reveal_announcerId_outcome_announcementId_idx" ON "Reveal"("announcerId", "outcome", "announcementId");

-- CreateIndex
CREATE INDEX "Round_loserId_cause_gameId_livesLost_idx" ON "Round"("loserId", "cause", "gameId", "livesLost");

-- CreateIndex
CREATE INDEX "Seat_userId_place_gameId_idx" ON "Seat"("userId", "place", "gameId");
