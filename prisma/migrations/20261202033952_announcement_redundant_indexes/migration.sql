-- DropIndex
DROP INDEX "Announcement_roundId_seq_key";

-- DropIndex
DROP INDEX "Announcement_userId_createdAt_idx";
