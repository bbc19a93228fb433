-- AlterTable
ALTER TABLE "Chat" ADD COLUMN     "playMode" TEXT NOT NULL DEFAULT 'private';
