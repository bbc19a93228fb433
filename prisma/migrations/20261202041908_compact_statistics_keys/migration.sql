-- Round, Announcement and Reveal keyed by the game's coordinates instead of text ids
-- (`<game>:r<n>`, `<game>:r<n>:a<m>`, `<game>:r<n>:reveal`), with the game as Game.ref, a 4-byte
-- serial, instead of its 37-byte text id: the ids filled each row and every index. Small numbers
-- become smallint, and the indexes no query needs any more go. The three tables are rebuilt
-- rather than altered, columns widest first, so rows carry no padding and no dropped columns.
-- Existing rows are converted: a row's game, its round's number and a reveal's announcement come
-- from the rows the old ids named. (No semicolons in comments: the migration is split into
-- statements at each one.)

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "ref" SERIAL NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Game_ref_key" ON "Game"("ref");

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
    "gameRef" INTEGER NOT NULL,
    "cause" "LossCause",
    "end" "RoundEnd",
    "number" SMALLINT NOT NULL,
    "livesLost" SMALLINT,

    CONSTRAINT "Round_pkey" PRIMARY KEY ("gameRef","number")
);

-- CreateTable
CREATE TABLE "Announcement" (
    "userId" BIGINT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "gameRef" INTEGER NOT NULL,
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

    CONSTRAINT "Announcement_pkey" PRIMARY KEY ("gameRef","roundNumber","seq")
);

-- CreateTable
CREATE TABLE "Reveal" (
    "callerId" BIGINT NOT NULL,
    "announcerId" BIGINT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "gameRef" INTEGER NOT NULL,
    "outcome" "RevealOutcome" NOT NULL,
    "classification" "Classification" NOT NULL,
    "roundNumber" SMALLINT NOT NULL,
    "announcementSeq" SMALLINT NOT NULL,
    "diceHigh" SMALLINT NOT NULL,
    "diceLow" SMALLINT NOT NULL,
    "value" SMALLINT NOT NULL,

    CONSTRAINT "Reveal_pkey" PRIMARY KEY ("gameRef","roundNumber")
);

INSERT INTO "Round" ("starterId", "loserId", "startedAt", "endedAt", "gameRef", "cause", "end", "number", "livesLost")
SELECT r."starterId", r."loserId", r."startedAt", r."endedAt", g."ref", r."cause", r."end", r."number", r."livesLost"
FROM "mia_round_old" r JOIN "Game" g ON g."id" = r."gameId"
ORDER BY g."ref", r."number";

INSERT INTO "Announcement" ("userId", "createdAt", "gameRef", "kind", "classification", "thinkMs", "roundNumber", "seq",
    "value", "rank", "diceHigh", "diceLow", "answers")
SELECT a."userId", a."createdAt", g."ref", a."kind", a."classification", a."thinkMs", r."number", a."seq",
    a."value", a."rank", a."diceHigh", a."diceLow", a."answers"
FROM "mia_announcement_old" a
JOIN "mia_round_old" r ON r."id" = a."roundId"
JOIN "Game" g ON g."id" = a."gameId"
ORDER BY g."ref", r."number", a."seq";

INSERT INTO "Reveal" ("callerId", "announcerId", "createdAt", "gameRef", "outcome", "classification", "roundNumber",
    "announcementSeq", "diceHigh", "diceLow", "value")
SELECT v."callerId", v."announcerId", v."createdAt", g."ref", v."outcome", v."classification", r."number",
    a."seq", v."diceHigh", v."diceLow", v."value"
FROM "mia_reveal_old" v
JOIN "mia_round_old" r ON r."id" = v."roundId"
JOIN "mia_announcement_old" a ON a."id" = v."announcementId"
JOIN "Game" g ON g."id" = r."gameId"
ORDER BY g."ref", r."number";

DROP TABLE "mia_reveal_old";
DROP TABLE "mia_announcement_old";
DROP TABLE "mia_round_old";

-- CreateIndex
CREATE INDEX "Round_loserId_cause_gameRef_livesLost_idx" ON "Round"("loserId", "cause", "gameRef", "livesLost");

-- CreateIndex
CREATE INDEX "Announcement_userId_classification_gameRef_value_answers_idx" ON "Announcement"("userId", "classification", "gameRef", "value", "answers");

-- CreateIndex
CREATE INDEX "Announcement_userId_kind_idx" ON "Announcement"("userId", "kind");

-- CreateIndex
CREATE INDEX "Reveal_callerId_outcome_classification_value_gameRef_idx" ON "Reveal"("callerId", "outcome", "classification", "value", "gameRef");

-- CreateIndex
CREATE INDEX "Reveal_announcerId_outcome_classification_gameRef_idx" ON "Reveal"("announcerId", "outcome", "classification", "gameRef");

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_gameRef_fkey" FOREIGN KEY ("gameRef") REFERENCES "Game"("ref") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_starterId_fkey" FOREIGN KEY ("starterId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Round" ADD CONSTRAINT "Round_loserId_fkey" FOREIGN KEY ("loserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_gameRef_fkey" FOREIGN KEY ("gameRef") REFERENCES "Game"("ref") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_gameRef_roundNumber_fkey" FOREIGN KEY ("gameRef", "roundNumber") REFERENCES "Round"("gameRef", "number") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Announcement" ADD CONSTRAINT "Announcement_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_gameRef_roundNumber_fkey" FOREIGN KEY ("gameRef", "roundNumber") REFERENCES "Round"("gameRef", "number") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_gameRef_roundNumber_announcementSeq_fkey" FOREIGN KEY ("gameRef", "roundNumber", "announcementSeq") REFERENCES "Announcement"("gameRef", "roundNumber", "seq") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_callerId_fkey" FOREIGN KEY ("callerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reveal" ADD CONSTRAINT "Reveal_announcerId_fkey" FOREIGN KEY ("announcerId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
