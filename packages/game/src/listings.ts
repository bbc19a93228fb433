// The service's reads of games: one game, a chat's current one, a game's log, and the listings
// start-up and returning players need, each listing in one query.
import type { PlayerId } from '@mia/engine';
import { Prisma, type ReadClient } from '@mia/db';
import type pg from 'pg';
import { toUserId } from './ids';
import { findCurrentGame, findGame, findGamesWhere, findGameWithEvents, readEvents, type GameRecord, type StoredEvent } from './repository';

export class Listings {
  constructor(
    private readonly reads: ReadClient,
    private readonly now: () => Date,
    /** The client's node-postgres pool, when it has one: `gameWithEvents` takes one round trip there. */
    private readonly pool?: pg.Pool,
  ) {}

  currentGame(chatId: bigint): Promise<GameRecord | null> {
    return findCurrentGame(this.reads, chatId);
  }

  game(gameId: string): Promise<GameRecord | null> {
    return findGame(this.reads, gameId);
  }

  events(gameId: string, afterSeq = 0, uptoSeq?: number): Promise<StoredEvent[]> {
    return readEvents(this.reads, gameId, afterSeq, uptoSeq);
  }

  /** A game and its events after `afterSeq` up to `uptoSeq` (another process's commit), read together. */
  async gameWithEvents(gameId: string, afterSeq: number, uptoSeq: number): Promise<{ game: GameRecord; events: StoredEvent[] } | null> {
    if (!this.pool) {
      const [game, events] = await Promise.all([this.game(gameId), this.events(gameId, afterSeq, uptoSeq)]);
      return game && { game, events };
    }
    return findGameWithEvents(this.pool, gameId, afterSeq, uptoSeq);
  }

  /** Games in play in which `player` has a seat (for a player who comes back to the bot). */
  runningGamesOf(player: PlayerId): Promise<GameRecord[]> {
    const userId = toUserId(player);
    return findGamesWhere(this.reads, Prisma.sql`g.status = 'PLAYING' AND EXISTS (SELECT 1 FROM "Seat" s WHERE s."gameId" = g.id AND s."userId" = ${userId})`);
  }

  /** Every lobby and game in play, in every chat (start-up: the bot redraws what they show). */
  openGames(): Promise<GameRecord[]> {
    return findGamesWhere(this.reads, Prisma.sql`g.status IN ('LOBBY', 'PLAYING')`);
  }

  /** Games that ended (finished or aborted) in the last `withinMs`. */
  recentlyFinished(withinMs: number): Promise<GameRecord[]> {
    const since = new Date(this.now().getTime() - withinMs);
    return findGamesWhere(this.reads, Prisma.sql`g.status IN ('FINISHED', 'ABORTED') AND g."finishedAt" >= ${since}`);
  }

  /** Every game in play, in every chat. */
  runningGames(): Promise<GameRecord[]> {
    return findGamesWhere(this.reads, Prisma.sql`g.status = 'PLAYING'`);
  }
}
