// Migrations and the client against the embedded database (PGlite in a temporary folder).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, createPrisma, openDatabase, startEmbedded } from '../src/index';
import { migrationsOnDisk, MIGRATION_ROWS_SQL, stopwatch, type MigrationRow } from './helpers';

describe('embedded PGlite', () => {
  let dataDir = '';
  const clock = stopwatch('pglite');
  const id = 9007199254740993n; // beyond Number.MAX_SAFE_INTEGER: must stay exact

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mia-pglite-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    clock.print();
  });

  it('migrates from empty, records the history, is a no-op the second time, and serves Prisma', async () => {
    const db = await clock.time('start (new folder)', () => startEmbedded({ dataDir }));
    try {
      const expected = await migrationsOnDisk();
      expect(await clock.time('migrate from empty', () => applyMigrations(db.connectionString))).toEqual(expected.map((m) => m.name));
      await db.waitIdle();
      expect(await clock.time('migrate again (no-op)', () => applyMigrations(db.connectionString))).toEqual([]);
      await db.waitIdle();

      const prisma = createPrisma(db.connectionString, { embedded: true });
      try {
        const rows = await prisma.$queryRawUnsafe<MigrationRow[]>(MIGRATION_ROWS_SQL);
        expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual(expected.map((m) => [m.name, m.checksum]));
        for (const row of rows) {
          expect(row.finished_at).toBeInstanceOf(Date);
          expect(row.rolled_back_at).toBeNull();
        }
        await clock.time('create chat', () => prisma.chat.create({ data: { id, type: 'group', title: 'Embedded', dashboardToken: 'tok-lite' } }));
        expect((await prisma.chat.findUniqueOrThrow({ where: { id } })).id).toBe(id);

        // One PGlite session behind one pooled connection: concurrent calls and an interactive
        // transaction must queue, not interleave.
        await clock.time('20 concurrent creates + transaction', async () => {
          await Promise.all(Array.from({ length: 20 }, (_, i) => prisma.user.create({ data: { id: BigInt(i + 1), firstName: `p${i}` } })));
          await prisma.$transaction(async (tx) => {
            await tx.user.update({ where: { id: 1n }, data: { privateChatOk: true } });
            expect(await tx.user.count({ where: { privateChatOk: true } })).toBe(1);
          });
        });
        expect(await prisma.user.count()).toBe(20);
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await clock.time('stop', () => db.stop());
    }
  });

  it('keeps its data across stop and start of the same folder', async () => {
    const db = await clock.time('openDatabase (existing folder)', () => openDatabase({ dataDir }));
    try {
      expect(db.kind).toBe('pglite');
      expect(db.applied).toEqual([]);
      const chat = await db.prisma.chat.findUniqueOrThrow({ where: { id } });
      expect(chat.title).toBe('Embedded');
      await db.prisma.chat.update({ where: { id }, data: { title: 'Embedded again' } });
    } finally {
      await db.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      expect((await again.prisma.chat.findUniqueOrThrow({ where: { id } })).title).toBe('Embedded again');
    } finally {
      await again.close();
    }
  });
});
