-- CreateTable
CREATE TABLE "Rating" (
    "scope" BIGINT NOT NULL,
    "subject" TEXT NOT NULL,
    "userId" BIGINT,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL,
    "truthful" INTEGER NOT NULL,
    "over" INTEGER NOT NULL,
    "under" INTEGER NOT NULL,
    "lastGameId" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("scope","subject")
);

-- CreateTable
CREATE TABLE "RatingChange" (
    "seq" BIGSERIAL NOT NULL,
    "gameId" TEXT NOT NULL,
    "scope" BIGINT NOT NULL,
    "subject" TEXT NOT NULL,
    "place" INTEGER NOT NULL,
    "muBefore" DOUBLE PRECISION NOT NULL,
    "sigmaBefore" DOUBLE PRECISION NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RatingChange_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "Rating_scope_rating_idx" ON "Rating"("scope", "rating");

-- CreateIndex
CREATE INDEX "RatingChange_scope_subject_seq_idx" ON "RatingChange"("scope", "subject", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "RatingChange_gameId_scope_subject_key" ON "RatingChange"("gameId", "scope", "subject");

-- AddForeignKey
ALTER TABLE "RatingChange" ADD CONSTRAINT "RatingChange_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
