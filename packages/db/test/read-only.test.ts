// The apps' read interface: reads pass, every kind of write is refused before the database sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../src/generated/prisma/client';
import { isReadSql, readOnly, ReadOnlyViolation } from '../src/read-only';
import { chatTitle, countPlayed, playerStats, ratingBoard, usernames } from '../src/queries/index';
import { openTestDatabase, type TestDatabase } from '../src/testing';

describe('readOnly', () => {
  let db: TestDatabase;
  const chatId = -100123n;
  const userId = 424242n;

  beforeAll(async () => {
    db = await openTestDatabase();
    await db.prisma.chat.create({ data: { id: chatId, type: 'supergroup', title: 'Dice night', dashboardToken: 'read-only-test' } });
    await db.prisma.user.create({ data: { id: userId, firstName: 'Ada', username: 'ada' } });
  });
  afterAll(() => db?.destroy());

  it('reads: model finds and counts, raw SELECTs, and the named queries', async () => {
    const reads = readOnly(db.prisma);
    expect(await reads.user.findUnique({ where: { id: userId } })).toMatchObject({ firstName: 'Ada' });
    expect(await reads.chat.count()).toBe(1);
    expect(await reads.$queryRaw<{ n: number }[]>`SELECT 1::int AS n`).toEqual([{ n: 1 }]);
    expect(await chatTitle(reads, chatId)).toBe('Dice night');
    expect(await usernames(reads, [userId, 1n])).toEqual(new Map([[userId, 'ada']]));
    expect(await countPlayed(reads)).toEqual({ games: 0, rounds: 0, announcements: 0 });
    // The statistics' raw SQL passes the guard.
    await expect(playerStats(reads, userId, { chatId })).resolves.toBeDefined();
    await expect(ratingBoard(reads, { chatId })).resolves.toEqual([]);
  });

  it('refuses every write, and nothing is written', async () => {
    // The type offers no write: these calls go through `any` on purpose, as a mistake would.
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const reads = readOnly(db.prisma) as unknown as Record<string, any>;
    const attempts: [string, () => Promise<unknown>][] = [
      ['User.create', () => reads.user.create({ data: { id: 1n, firstName: 'Eve' } })],
      ['User.createMany', () => reads.user.createMany({ data: [{ id: 2n, firstName: 'Eve' }] })],
      ['User.update', () => reads.user.update({ where: { id: userId }, data: { firstName: 'Eve' } })],
      ['User.updateMany', () => reads.user.updateMany({ data: { firstName: 'Eve' } })],
      ['User.upsert', () => reads.user.upsert({ where: { id: userId }, create: { id: userId, firstName: 'Eve' }, update: { firstName: 'Eve' } })],
      ['User.delete', () => reads.user.delete({ where: { id: userId } })],
      ['Chat.deleteMany', () => reads.chat.deleteMany({})],
      ['$executeRaw', () => reads.$executeRaw`UPDATE "User" SET "firstName" = 'Eve'`],
      ['$executeRawUnsafe', () => reads.$executeRawUnsafe(`DELETE FROM "User"`)],
      ['$queryRaw', () => reads.$queryRaw`UPDATE "User" SET "firstName" = 'Eve' RETURNING id`],
      ['$queryRaw', () => reads.$queryRaw(Prisma.sql`WITH gone AS (DELETE FROM "Chat" RETURNING id) SELECT * FROM gone`)],
      ['$queryRawUnsafe', () => reads.$queryRawUnsafe(`SELECT 1; DELETE FROM "User"`)],
    ];
    for (const [operation, attempt] of attempts) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, operation).toBeInstanceOf(ReadOnlyViolation);
      expect((error as ReadOnlyViolation).operation, operation).toBe(operation);
    }
    expect(await db.prisma.user.findMany()).toEqual([expect.objectContaining({ id: userId, firstName: 'Ada' })]);
    expect(await db.prisma.chat.count()).toBe(1);
  });

  it('tells a SELECT from SQL that writes, ignoring quoted names and literals', () => {
    expect(isReadSql('SELECT "updatedAt", \'delete me\' FROM "Game" -- update')).toBe(true);
    expect(isReadSql('  with x as (select 1) select * from x')).toBe(true);
    expect(isReadSql('SELECT * FROM "Game" FOR UPDATE')).toBe(false);
    expect(isReadSql('INSERT INTO "Chat" (id) VALUES (1)')).toBe(false);
    expect(isReadSql("SELECT set_config('x', 'y', false)")).toBe(true); // a function: beyond the check (see WRITE_SQL)
  });
});
