/**
 * Disk per finished game and round trips per action, on PostgreSQL and on the embedded PGlite:
 * BENCH_DISK_GAMES (100) typical games played through GameService on a fresh database, then
 * every table's size (pg_total_relation_size: heap, TOAST, indexes) per game after VACUUM and
 * after VACUUM FULL. Also run by `npm run bench -w @mia/game` (bench/db.ts) before its seeding.
 *
 *   npm run bench:disk -w @mia/game
 *   BENCH_DATABASES=pglite BENCH_DISK_GAMES=300 npm run bench:disk -w @mia/game
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '@mia/db';
import { createServerDatabase } from '@mia/db/testing';
import { type DiskResult, diskSummary, diskTable, measureDisk, measureSteady } from './db/disk';
import { config, env, log } from './db/options';

export async function diskOn(database: 'postgres' | 'pglite', games = env('BENCH_DISK_GAMES', 100)): Promise<DiskResult> {
  if (database === 'postgres') {
    const server = await createServerDatabase(config.serverUrl);
    try {
      const db = await openDatabase({ databaseUrl: server.url });
      try {
        return await withSteady(db, await measureDisk(db, games, config.seed), games);
      } finally {
        await db.close();
      }
    } finally {
      await server.drop();
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'mia-disk-pglite-'));
  try {
    const db = await openDatabase({ dataDir: dir });
    try {
      return await withSteady(db, await measureDisk(db, games, config.seed, dir), games);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** BENCH_DISK_CHUNKS (5) chunks of 10 more games, swept and vacuumed between: see measureSteady. */
async function withSteady(db: Parameters<typeof measureSteady>[0], r: DiskResult, games: number): Promise<DiskResult> {
  const chunks = env('BENCH_DISK_CHUNKS', 5);
  if (chunks < 2) return r;
  return { ...r, steady: await measureSteady(db, chunks, 10, config.seed, games) };
}

export async function reportDisk(database: 'postgres' | 'pglite'): Promise<DiskResult> {
  const name = database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  log(`\n== disk per finished game: ${name}`);
  const r = await diskOn(database);
  log(diskSummary(name, r));
  console.table(diskTable(r));
  if (r.steady) {
    const kB = (b: number) => Math.round(b / 102.4) / 10;
    log(
      `  steady state, plain VACUUM only: ${r.steady.totals.length} chunks of 10 games, each swept (as two days later) and vacuumed; ` +
        `all tables after each chunk: ${r.steady.totals.map((t) => `${kB(t)} kB`).join(', ')} → ${kB(r.steady.perGame)} kB per game after the first chunk`,
    );
  }
  return r;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const database of config.databases) {
    if (database !== 'postgres' && database !== 'pglite') throw new Error(`BENCH_DATABASES: unknown database ${database}`);
    await reportDisk(database);
  }
}
