// Migrations and the client against the real PostgreSQL server, one fresh database per file.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { applyMigrations, diffMigrationsToSchema, openDatabase, type Database } from '../src/index';
import { admin, migrationsOnDisk, MIGRATION_ROWS_SQL, postgresReachable, stopwatch, urlFor, type MigrationRow } from './helpers';

// A developer's machine may have no server: skip there, but never in CI, where it must run.
const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error('PostgreSQL is not reachable, and CI requires it');

describe.skipIf(!reachable)('PostgreSQL', () => {
  const database = `mia_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const url = urlFor(database);
  const clock = stopwatch('postgres');

  beforeAll(() => admin(`CREATE DATABASE "${database}"`));
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    clock.print();
  });

  it('applies every migration to an empty database, then nothing on a second run', async () => {
    const expected = (await migrationsOnDisk()).map((m) => m.name);
    expect(expected.length).toBeGreaterThan(0);
    expect(await clock.time('migrate from empty', () => applyMigrations(url))).toEqual(expected);
    expect(await clock.time('migrate again (no-op)', () => applyMigrations(url))).toEqual([]);
  });

  it('records the migrations in _prisma_migrations as prisma migrate deploy does', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rows = (await client.query<MigrationRow>(MIGRATION_ROWS_SQL)).rows;
      expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual((await migrationsOnDisk()).map((m) => [m.name, m.checksum]));
      for (const row of rows) {
        expect(row.finished_at).toBeInstanceOf(Date);
        expect(row.rolled_back_at).toBeNull();
        expect(row.applied_steps_count).toBe(1);
      }
    } finally {
      await client.end();
    }
  });

  it('stores and reads a Chat with a 64-bit id through Prisma', async () => {
    let db: Database | undefined;
    try {
      db = await clock.time('openDatabase', () => openDatabase({ databaseUrl: url }));
      expect(db.kind).toBe('postgres');
      expect(db.applied).toEqual([]);
      const id = -1009007199254740993n; // beyond Number.MAX_SAFE_INTEGER: must stay exact
      const prisma = db.prisma;
      await clock.time('create chat', () => prisma.chat.create({ data: { id, type: 'supergroup', title: 'Mia night', dashboardToken: 'tok-pg' } }));
      const chat = await prisma.chat.findUniqueOrThrow({ where: { id } });
      expect(chat.id).toBe(id);
      expect(chat.settings).toEqual({});
      expect(chat.listedPublicly).toBe(false);
    } finally {
      await db?.close();
    }
  });

  it('has no drift: the migrations build exactly schema.prisma (shadow database on the server)', async () => {
    expect(await clock.time('drift check (server shadow)', () => diffMigrationsToSchema({ shadowServerUrl: url }))).toBe('');
  });
});
