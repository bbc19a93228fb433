-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "telegram" JSONB;
