// The housekeeping sweep on the real database (PGlite, or TEST_DATABASE_URL's server): processed-
// update keys pruned after KEY_RETENTION_MS and no earlier, finished games' event logs moved into
// one GameLog row each and read back exactly (events, seqs, times, replay), running games' logs
// left alone, and a duplicate key refused again until its retention is over.
import { gameReplay, gameWithEvents, poolOf } from '@mia/db';
import { describe, expect, it } from 'vitest';
import { KEY_RETENTION_MS, LOG_COMPACT_AFTER_MS } from '../src';
import { applied, harness, nextAiAction, startGame } from './support';

describe('maintenance sweep', () => {
  it('prunes keys past their retention, compacts finished logs, reads them back the same', async () => {
    const h = await harness({ timers: false, maintenance: false });
    try {
      const { service, db } = h;
      // A finished game, and a running one in another chat.
      let game = await startGame(service, -900_001n);
      for (let n = 0; game.state.phase === 'playing'; n++) {
        game = applied(await service.act({ chatId: game.chatId, gameId: game.id, key: `update:${n}`, action: nextAiAction(game.state) })).game;
      }
      expect(game.status).toBe('FINISHED');
      const running = await startGame(service, -900_002n);
      applied(await service.act({ chatId: running.chatId, gameId: running.id, key: 'update:late', action: nextAiAction(running.state) }));
      const logBefore = await service.events(game.id);
      const replayBefore = await gameReplay(service.reads, game.id);
      const keys = await db.prisma.processedUpdate.count();
      expect(keys).toBeGreaterThan(10);

      // Within the retention and the compaction delay: nothing changes.
      const soon = await service.maintain(new Date(Date.now() + LOG_COMPACT_AFTER_MS - 60_000));
      expect(soon).toMatchObject({ keysPruned: 0, logsCompacted: 0 });
      expect(await db.prisma.processedUpdate.count()).toBe(keys);
      // A duplicate is still refused.
      const dup = await service.act({ chatId: running.chatId, gameId: running.id, key: 'update:late', action: nextAiAction(running.state) });
      expect(dup.status).not.toBe('applied');

      // Past the compaction delay: the finished game's log is one GameLog row, the running one's untouched.
      const later = await service.maintain(new Date(Date.now() + LOG_COMPACT_AFTER_MS + 60_000));
      expect(later).toMatchObject({ keysPruned: 0, logsCompacted: 1, vacuumed: db.kind === 'pglite' });
      expect(await db.prisma.gameEvent.count({ where: { gameId: game.id } })).toBe(0);
      expect(await db.prisma.gameLog.count()).toBe(1);
      expect(await db.prisma.gameEvent.count({ where: { gameId: running.id } })).toBeGreaterThan(0);
      expect(await service.events(game.id)).toEqual(logBefore);
      expect((await service.events(game.id, 10)).map((e) => e.seq)).toEqual(logBefore.filter((e) => e.seq > 10).map((e) => e.seq));
      expect(await gameReplay(service.reads, game.id)).toEqual(replayBefore);
      // The one-statement read of a game with its events (another process's notice) reads the compacted log alike.
      const together = await gameWithEvents(poolOf(db.prisma)!, game.id, 10, null);
      expect(together?.game).toMatchObject({ id: game.id, chatId: String(game.chatId), status: 'FINISHED', version: game.version, state: game.state });
      expect(together?.events.map((e) => ({ seq: e.seq, event: e.payload, createdAt: e.createdAt }))).toEqual(logBefore.filter((e) => e.seq > 10));
      expect(await gameWithEvents(poolOf(db.prisma)!, 'no-such-game', 0, null)).toBeNull();

      // Past the keys' retention: every key goes.
      const done = await service.maintain(new Date(Date.now() + KEY_RETENTION_MS + 60_000));
      expect(done.keysPruned).toBe(keys);
      expect(await db.prisma.processedUpdate.count()).toBe(0);
    } finally {
      await h.close();
    }
  });
});
