-- Round, Announcement and Reveal keyed by the game's own coordinates instead of text ids
-- (`<game>:r<n>`, `<game>:r<n>:a<m>`, `<game>:r<n>:reveal`), which filled each row and every
-- index. Small numbers become smallint, and the indexes no query needs any more go. The tables
-- are rebuilt rather than altered, columns widest first, so rows carry no padding and no dropped
-- columns. Existing rows are converted: a round's number, an announcement's round and a
-- reveal's announcement come from the rows the old ids named. (No semicolons in comments: the
-- migration is split into statements at each one.)

CREATE TEMP TABLE "mia_round_old" AS SELECT * FROM "Round";
CREATE TEMP TABLE "mia_announcement_old" AS SELECT * FROM "Announcement";
CREATE TEMP TABLE "mia_reveal_old" AS SELECT * FROM "Reveal";

DROP TABLE "Reveal";
DROP TABLE "Announcement";
DROP TABLE "Round";

-- CreateTable
CREATE TABLE "Round" (
    "starterId" BIGINT NOT NULL,
    "loserId" BIGINT,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMPTZ(3),
    "cause" "LossCause",
    "end" "RoundEnd",
    "number" SMALLINT NOT NULL,
    "livesLost" SMALLINT,
    "gameId" TEXT NOT NULL,

    CONSTRAINT "Round_pkey" PRIMARY KEY ("gameId","number")
);

-- CreateTable
CREATE TABLE "Announcement" (
    "userId" BIGINT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" "AnnouncementKind" NOT NULL,
    "classification" "Classification" NOT NULL,
    "thinkMs" INTEGER,
    "roundNumber" SMALLINT NOT NULL,
    "seq" SMALLINT NOT NULL,
    "value" SMALLINT NOT NULL,
    "rank" SMALLINT NOT NULL,
    "diceHigh" SMALLINT NOT NULL,
    "diceLow" SMALLINT NOT NULL,
    "answers" SMALLINT,
    "gameId" TEXT NOT NULL,

    CONSTRAINT "Announcement_pkey" PRIMARY KEY ("gameId","roundNumber","seq")
);

-- CreateTable
CREATE TABLE "Reveal" (
    "callerId" BIGINT NOT NULL,
    "announcerId" BIGINT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" "RevealOutcome" NOT NULL,
    "classification" "Classification" NOT NULL,
    "roundNumber" SMALLINT NOT NULL,
    "announcementSeq" SMALLINT NOT NULL,
    "diceHigh" SMALLINT NOT NULL,
    "diceLow" SMALLINT NOT NULL,
    "value" SMALLINT NOT NULL,
    "gameId" TEXT NOT NULL,

    CONSTRAINT "Reveal_pkey" PRIMARY KEY ("gameId","roundNumber")
);

INSERT INTO "Round" ("starterId", "loserId", "startedAt", "endedAt", "cause", "end", "number", "livesLost", "gameId")
SELECT "starterId", "loserId", "startedAt", "endedAt", "cause", "end", "number", "livesLost", "gameId"
FROM "mia_round_old" ORDER BY "gameId", "number";

INSERT INTO "Announcement" ("userId", "createdAt", "kind", "classification", "thinkMs", "roundNumber", "seq", "value",
    "rank", "diceHigh", "diceLow", "answers", "gameId")
SELECT a."userId", a."createdAt", a."kind", a."classification", a."thinkMs", r."number", a."seq", a."value",
    a."rank", a."diceHigh", a."diceLow", a."answers", a."gameId"
FROM "mia_announcement_old" a JOIN "mia_round_old" r ON r."id" = a."roundId"
ORDER BY a."gameId", r."number", a."seq";

INSERT INTO "Reveal" ("callerId", "announcerId", "createdAt", "outcome", "classification", "roundNumber",
    "announcementSeq", "diceHigh", "diceLow", "value", "gameId")
SELECT v."callerId", v."announcerId", v."createdAt", v."outcome", v."classification", r."number",
    a."seq", v."diceHigh", v."diceLow", v."value", r."gameId"
FROM "mia_reveal_old" v
JOIN "mia_round_old" r ON r."id" = v."roundId"
JOIN "mia_announcement_old" a ON a."id" = v."announcementId"
ORDER BY r."gameId", r."number";

DROP TABLE "mia_reveal_old";
DROP TABLE "mia_announcement_old";
DROP TABLE "mia_round_old";

-- CreateIndex
CREATE INDEX "Round_loserId_cause_gameId_livesLost_idx" ON "Round"("loserId", "cause", "gameId", "livesLost");

-- CreateIndex
CREATE INDEX "Announcement_userId_classification_gameId_value_answers_idx" ON "Announcement"("userId", "classification", "gameId", "value", "answers");

-- CreateIndex
CREATE INDEX "Announcement_userId_kind_idx" ON "Announcement"("userId", "kind");

-- CreateIndex
CREATE INDEX "Reveal_callerId_outcome_classification_value_gameId_idx" ON "Reveal"("callerId", "outcome", "classification", "value", "gameId");

-- CreateIndex
CREATE INDEX "Reveal_announcerId_outcome_classification_gameId_idx" ON "Reveal"("announcerId", "outcome", "classification", "gameId");

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_starterId_fkey" FOREIGN KEY ("starterId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_loserId_fkey" FOREIGN KEY ("loserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_gameId_roundNumber_fkey" FOREIGN KEY ("gameId", "roundNumber") REFERENCES "Round"("gameId", "number") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_gameId_roundNumber_fkey" FOREIGN KEY ("gameId", "roundNumber") REFERENCES "Round"("gameId", "number") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_gameId_roundNumber_announcementSeq_fkey" FOREIGN KEY ("gameId", "roundNumber", "announcementSeq") REFERENCES "Announcement"("gameId", "roundNumber", "seq") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_callerId_fkey" FOREIGN KEY ("callerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_announcerId_fkey" FOREIGN KEY ("announcerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
