// One run per database: PostgreSQL (a fresh database on the server) or PGlite.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, groupStatsSql, openDatabase, playerStatsSql, playerTellsSql, ratingBoardSql, Prisma, startEmbedded, type Database } from '@mia/db';
import pg from 'pg';
import { recomputeRatings } from '../../src/ratings';
import { recomputeTallies } from '../../src/tallies';
import { config, log } from './options';
import { INSERT_ORDER } from './tables';
import { seedAndPrepare, type SeedResult } from './seed';
import { type Measure, measureActs, measureQueries } from './measure';

export interface DbResult {
  database: 'postgres' | 'pglite';
  /** When the run was made. */
  at: string;
  announcementsTarget: number;
  seeded: {
    games: number;
    running: number;
    announcements: number;
    seconds: number;
    generateSeconds: number;
    fkTriggersSkipped: boolean;
    checkSeconds: number | null;
    vacuumSeconds: number | null;
  };
  rows: Record<string, number>;
  sizeMB: number | null;
  measures: Measure[];
  explain?: Record<string, string>;
}

export async function tableSizes(client: pg.ClientBase): Promise<{ rows: Record<string, number>; sizeMB: number | null }> {
  const rows: Record<string, number> = {};
  for (const name of INSERT_ORDER) {
    const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`);
    rows[name] = Number(r.rows[0]!.n);
  }
  let sizeMB: number | null = null;
  try {
    const r = await client.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n');
    sizeMB = Math.round(Number(r.rows[0]!.n) / 1024 / 1024);
  } catch {
    sizeMB = null;
  }
  return { rows, sizeMB };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements on their worst inputs: the busiest player and chat. */
export async function explainWorst(db: Database): Promise<Record<string, string>> {
  const prisma = db.prisma;
  const explain = async (sql: Prisma.Sql) => {
    const rows = await prisma.$queryRaw<Record<string, string>[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  };
  const [player] = await prisma.$queryRaw<{ userId: bigint; games: number }[]>`
    SELECT "userId", count(*)::int AS games FROM "Seat" WHERE "userId" > 0 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`;
  const [inChat] = await prisma.$queryRaw<{ chatId: bigint; games: number }[]>`
    SELECT g."chatId", count(*)::int AS games FROM "Seat" s JOIN "Game" g ON g.id = s."gameId"
    WHERE s."userId" = ${player!.userId} AND g.status = 'FINISHED' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`;
  const [chat] = await prisma.$queryRaw<{ chatId: bigint; games: number }[]>`
    SELECT "chatId", count(*)::int AS games FROM "Game" WHERE status = 'FINISHED' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`;
  return {
    [`player statistics, busiest player (${player!.userId}, ${player!.games} games), all chats`]: await explain(playerStatsSql(player!.userId)),
    [`player statistics, same player in their busiest chat (${inChat!.chatId}, ${inChat!.games} games)`]: await explain(
      playerStatsSql(player!.userId, { chatId: inChat!.chatId }),
    ),
    [`rating board, busiest chat (${chat!.chatId})`]: await explain(ratingBoardSql({ chatId: chat!.chatId, limit: 10 })),
    [`player tells, busiest player (${player!.userId}), all chats`]: await explain(playerTellsSql(player!.userId)),
    [`group statistics, busiest chat (${chat!.chatId}, ${chat!.games} finished games)`]: await explain(groupStatsSql(chat!.chatId)),
  };
}

/** The seeding writes rows without the service, so no game was rated or tallied: the recompute does them all. */
export async function rateSeeded(db: Database): Promise<void> {
  const t0 = performance.now();
  const { games, changes } = await recomputeRatings(db.prisma);
  await recomputeTallies(db.prisma);
  log(
    `  ratings and chat tallies of ${games.toLocaleString('en')} finished games recomputed in ${((performance.now() - t0) / 1000).toFixed(1)} s (${changes.toLocaleString('en')} history rows)`,
  );
}

export async function onPostgres(target: number): Promise<DbResult> {
  const name = `mia_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: config.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  // Interrupted (Ctrl-C): drop the database all the same.
  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal}: dropping ${name}`);
    void admin
      .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      .catch(() => undefined)
      .finally(() => process.exit(130));
  };
  if (!process.env.BENCH_KEEP) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  const url = new URL(config.serverUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  log(`\n== PostgreSQL: database ${name}, seeding ${target.toLocaleString('en')} announcements`);
  try {
    await applyMigrations(dbUrl);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    let seeded: SeedResult;
    let sizes: Awaited<ReturnType<typeof tableSizes>>;
    try {
      seeded = await seedAndPrepare(client, target, 'postgres');
      sizes = await tableSizes(client);
    } finally {
      await client.end();
    }
    const db = await openDatabase({ databaseUrl: dbUrl });
    try {
      await rateSeeded(db);
      const measures = await measureQueries(db, seeded);
      const explain = await explainWorst(db);
      measures.push(...(await measureActs(db, seeded)));
      return result('postgres', target, seeded, sizes, measures, explain);
    } finally {
      await db.close();
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (process.env.BENCH_KEEP) log(`  BENCH_KEEP: database ${name} kept`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e: Error) => log(`  could not drop ${name}: ${e.message}`));
    await admin.end();
  }
}

export async function onPglite(target: number): Promise<DbResult> {
  const dir = await mkdtemp(join(tmpdir(), 'mia-bench-pglite-'));
  log(`\n== PGlite: folder ${dir}, seeding ${target.toLocaleString('en')} announcements`);
  try {
    // Seed over the socket with a plain client, then hand the folder to openDatabase as the app would.
    const embedded = await startEmbedded({ dataDir: dir });
    let seeded: SeedResult;
    let sizes: Awaited<ReturnType<typeof tableSizes>>;
    try {
      await applyMigrations(embedded.connectionString);
      await embedded.waitIdle();
      const client = new pg.Client({ connectionString: embedded.connectionString });
      await client.connect();
      try {
        seeded = await seedAndPrepare(client, target, 'pglite');
        sizes = await tableSizes(client);
      } finally {
        await client.end();
      }
      await embedded.waitIdle();
    } finally {
      await embedded.stop();
    }
    const db = await openDatabase({ dataDir: dir });
    try {
      await rateSeeded(db);
      const measures = await measureQueries(db, seeded);
      measures.push(...(await measureActs(db, seeded)));
      return result('pglite', target, seeded, sizes, measures);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function result(
  database: DbResult['database'],
  target: number,
  seeded: SeedResult,
  sizes: { rows: Record<string, number>; sizeMB: number | null },
  measures: Measure[],
  explain?: Record<string, string>,
): DbResult {
  const { games, running, announcements, seconds, generateSeconds } = seeded;
  const r1 = (x: number | undefined) => (x === undefined ? null : Math.round(x * 10) / 10);
  return {
    database,
    at: new Date().toISOString(),
    announcementsTarget: target,
    seeded: {
      games,
      running,
      announcements,
      seconds: r1(seconds)!,
      generateSeconds: r1(generateSeconds)!,
      fkTriggersSkipped: seeded.fkTriggersSkipped ?? false,
      checkSeconds: r1(seeded.checkSeconds),
      vacuumSeconds: r1(seeded.vacuumSeconds),
    },
    ...sizes,
    measures,
    ...(explain ? { explain } : {}),
  };
}
