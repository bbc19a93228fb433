-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('LOBBY', 'PLAYING', 'FINISHED', 'ABORTED');

-- CreateEnum
CREATE TYPE "LossCause" AS ENUM ('CAUGHT_BLUFFING', 'WRONG_CALL', 'MIA_LOOKED', 'MIA_GIVEN_UP', 'TIMEOUT');

-- CreateEnum
CREATE TYPE "RoundEnd" AS ENUM ('CALL', 'MIA_LOOK', 'MIA_GIVE_UP', 'TIMEOUT', 'ABORTED');

-- CreateEnum
CREATE TYPE "AnnouncementKind" AS ENUM ('LOOKED', 'BLIND', 'PASS');

-- CreateEnum
CREATE TYPE "Classification" AS ENUM ('TRUTHFUL', 'OVER', 'UNDER', 'BLIND', 'PASS');

-- CreateEnum
CREATE TYPE "RevealOutcome" AS ENUM ('BLUFF_CAUGHT', 'CLAIM_HELD', 'MIA_TRUE', 'MIA_FALSE');

-- CreateTable
CREATE TABLE "Chat" (
    "id" BIGINT NOT NULL,
    "title" TEXT,
    "type" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'en',
    "settings" JSONB NOT NULL DEFAULT '{}',
    "dashboardToken" TEXT NOT NULL,
    "listedPublicly" BOOLEAN NOT NULL DEFAULT false,
    "migratedTo" BIGINT,
    "currentGameId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Chat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" BIGINT NOT NULL,
    "firstName" TEXT NOT NULL,
    "username" TEXT,
    "languageCode" TEXT,
    "isAi" BOOLEAN NOT NULL DEFAULT false,
    "privateChatOk" BOOLEAN NOT NULL DEFAULT false,
    "blockedBot" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "chatId" BIGINT NOT NULL,
    "threadId" INTEGER,
    "status" "GameStatus" NOT NULL DEFAULT 'LOBBY',
    "settings" JSONB NOT NULL,
    "state" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdById" BIGINT NOT NULL,
    "winnerId" BIGINT,
    "deadlineAt" TIMESTAMPTZ(3),
    "turnStartedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seat" (
    "gameId" TEXT NOT NULL,
    "userId" BIGINT NOT NULL,
    "order" INTEGER NOT NULL,
    "lives" INTEGER NOT NULL,
    "outAt" TIMESTAMPTZ(3),
    "outReason" TEXT,
    "place" INTEGER,

    CONSTRAINT "Seat_pkey" PRIMARY KEY ("gameId","userId")
);

-- CreateTable
CREATE TABLE "Round" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "starterId" BIGINT NOT NULL,
    "loserId" BIGINT,
    "livesLost" INTEGER,
    "cause" "LossCause",
    "end" "RoundEnd",
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Announcement" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "userId" BIGINT NOT NULL,
    "value" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "diceHigh" INTEGER NOT NULL,
    "diceLow" INTEGER NOT NULL,
    "kind" "AnnouncementKind" NOT NULL,
    "classification" "Classification" NOT NULL,
    "thinkMs" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Announcement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Reveal" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "announcementId" TEXT NOT NULL,
    "diceHigh" INTEGER NOT NULL,
    "diceLow" INTEGER NOT NULL,
    "outcome" "RevealOutcome" NOT NULL,
    "callerId" BIGINT NOT NULL,
    "announcerId" BIGINT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Reveal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameEvent" (
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GameEvent_pkey" PRIMARY KEY ("gameId","seq")
);

-- CreateTable
CREATE TABLE "ProcessedUpdate" (
    "key" TEXT NOT NULL,
    "gameId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProcessedUpdate_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Chat_dashboardToken_key" ON "Chat"("dashboardToken");

-- CreateIndex
CREATE UNIQUE INDEX "Chat_currentGameId_key" ON "Chat"("currentGameId");

-- CreateIndex
CREATE INDEX "Chat_listedPublicly_idx" ON "Chat"("listedPublicly");

-- CreateIndex
CREATE INDEX "Game_chatId_status_finishedAt_idx" ON "Game"("chatId", "status", "finishedAt");

-- CreateIndex
CREATE INDEX "Game_status_deadlineAt_idx" ON "Game"("status", "deadlineAt");

-- CreateIndex
CREATE INDEX "Game_finishedAt_idx" ON "Game"("finishedAt");

-- CreateIndex
CREATE INDEX "Game_winnerId_idx" ON "Game"("winnerId");

-- CreateIndex
CREATE INDEX "Game_createdById_idx" ON "Game"("createdById");

-- CreateIndex
CREATE INDEX "Seat_userId_place_idx" ON "Seat"("userId", "place");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_gameId_order_key" ON "Seat"("gameId", "order");

-- CreateIndex
CREATE INDEX "Round_loserId_cause_idx" ON "Round"("loserId", "cause");

-- CreateIndex
CREATE INDEX "Round_starterId_idx" ON "Round"("starterId");

-- CreateIndex
CREATE UNIQUE INDEX "Round_gameId_number_key" ON "Round"("gameId", "number");

-- CreateIndex
CREATE INDEX "Announcement_userId_classification_idx" ON "Announcement"("userId", "classification");

-- CreateIndex
CREATE INDEX "Announcement_userId_createdAt_idx" ON "Announcement"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Announcement_userId_kind_idx" ON "Announcement"("userId", "kind");

-- CreateIndex
CREATE INDEX "Announcement_gameId_idx" ON "Announcement"("gameId");

-- CreateIndex
CREATE UNIQUE INDEX "Announcement_roundId_seq_key" ON "Announcement"("roundId", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "Reveal_roundId_key" ON "Reveal"("roundId");

-- CreateIndex
CREATE UNIQUE INDEX "Reveal_announcementId_key" ON "Reveal"("announcementId");

-- CreateIndex
CREATE INDEX "Reveal_callerId_outcome_idx" ON "Reveal"("callerId", "outcome");

-- CreateIndex
CREATE INDEX "Reveal_announcerId_outcome_idx" ON "Reveal"("announcerId", "outcome");

-- CreateIndex
CREATE INDEX "ProcessedUpdate_createdAt_idx" ON "ProcessedUpdate"("createdAt");

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_chatId_fkey" FOREIGN KEY ("chatId") REFERENCES "Chat"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_winnerId_fkey" FOREIGN KEY ("winnerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_starterId_fkey" FOREIGN KEY ("starterId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_loserId_fkey" FOREIGN KEY ("loserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_announcementId_fkey" FOREIGN KEY ("announcementId") REFERENCES "Announcement"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_callerId_fkey" FOREIGN KEY ("callerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_announcerId_fkey" FOREIGN KEY ("announcerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameEvent" ADD CONSTRAINT "GameEvent_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
