-- Statistics read a player's calls and the bluffs caught from the Reveal table alone, and what
-- each announcement answered from the Announcement table alone: both copy a value they used to
-- join for. Existing rows are filled from the announcements before the columns become required.

-- DropIndex
DROP INDEX "Announcement_userId_classification_gameId_id_idx";

-- DropIndex
DROP INDEX "Reveal_announcerId_outcome_announcementId_idx";

-- DropIndex
DROP INDEX "Reveal_callerId_outcome_roundId_idx";

-- AlterTable
ALTER TABLE "Announcement" ADD COLUMN     "answers" INTEGER;

UPDATE "Announcement" a SET "answers" = p.value
FROM "Announcement" p
WHERE p."roundId" = a."roundId" AND p.seq = a.seq - 1;

-- AlterTable
ALTER TABLE "Reveal" ADD COLUMN     "classification" "Classification",
ADD COLUMN     "value" INTEGER;

UPDATE "Reveal" r SET "classification" = a.classification, "value" = a.value
FROM "Announcement" a
WHERE a.id = r."announcementId";

ALTER TABLE "Reveal" ALTER COLUMN "classification" SET NOT NULL,
ALTER COLUMN "value" SET NOT NULL;

-- CreateIndex
CREATE INDEX "Announcement_userId_classification_gameId_value_answers_idx" ON "Announcement"("userId", "classification", "gameId", "value", "answers");

-- CreateIndex
CREATE INDEX "Reveal_callerId_outcome_classification_value_roundId_idx" ON "Reveal"("callerId", "outcome", "classification", "value", "roundId");

-- CreateIndex
CREATE INDEX "Reveal_announcerId_outcome_classification_announcementId_idx" ON "Reveal"("announcerId", "outcome", "classification", "announcementId");
