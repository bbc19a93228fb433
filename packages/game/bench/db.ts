/**
 * Database benchmark: the read-side queries of @mia/db (player statistics, leaderboard, replay)
 * over a database seeded with BENCH_ANNOUNCEMENTS announcements of AI self-play, and the write
 * cost of one `GameService.act`, on PostgreSQL and on the embedded PGlite.
 *
 * Seeding plays whole games with the engine (seeded rng, AI strategies) in seats held by
 * Telegram-like numeric user ids (a pool of users spread over chats, mostly 4-player games, a
 * few with an AI seat), turns each action's events into rows with the service's own `project()`
 * and bulk-inserts them (multi-row INSERT … SELECT FROM unnest(arrays), parameterized), so the
 * rows are what the service would have written. Each chat also has one game still in play,
 * which the statistics must leave out.
 *
 *   npm run bench -w @mia/game
 *   BENCH_DATABASES=postgres BENCH_ANNOUNCEMENTS=200000 npm run bench -w @mia/game
 *
 * Knobs: BENCH_DATABASES (postgres,pglite), BENCH_ANNOUNCEMENTS (1,000,000: PostgreSQL),
 * BENCH_PGLITE_ANNOUNCEMENTS (see PGLITE_DEFAULT), BENCH_DATABASE_URL (the PostgreSQL server:
 * a fresh mia_bench_* database is created there and dropped at the end), BENCH_USERS (200),
 * BENCH_CHATS (50), BENCH_SAMPLES (200 per query), BENCH_ACTIONS (500), BENCH_SEED (1), BENCH_KEEP
 * (keep the PostgreSQL database for EXPLAIN work: drop it yourself).
 * Results: bench/results/db.json and db.md at the repository root (merged per database). Before the
 * seeding, bench/disk.ts prints the disk per finished game and the round trips per action
 * (BENCH_DISK_GAMES, 100; 0 skips it).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { machine } from '@mia/db/bench';
import { REPO_ROOT } from '@mia/db';
import { config, env, log } from './db/options';
import { type DbResult, onPglite, onPostgres } from './db/databases';
import { describeRun, fmt, goalLine, markdown } from './db/report';
import { reportDisk } from './disk';

export { seedAndPrepare, type SeedResult } from './db/seed';

async function main() {
  const meta = machine();
  const results: DbResult[] = [];
  for (const database of config.databases) {
    if (database !== 'postgres' && database !== 'pglite') throw new Error(`BENCH_DATABASES: unknown database ${database}`);
    // Disk per finished game and round trips per action first, on a fresh database (bench/disk.ts;
    // BENCH_DISK_GAMES=0 skips it).
    if (env('BENCH_DISK_GAMES', 100) > 0) await reportDisk(database);
    const target = config.announcements[database]!;
    const r = database === 'postgres' ? await onPostgres(target) : await onPglite(target);
    results.push(r);
    log(`\n${describeRun(r)}`);
    if (database === 'pglite' && target < 1_000_000) {
      log(`  (PGlite seeded with ${fmt(target)} announcements, not 1,000,000: BENCH_PGLITE_ANNOUNCEMENTS)`);
    }
    console.table(
      r.measures.map(({ operation, count, p50, p95, max, mean }) => ({ operation, count, 'p50 ms': p50, 'p95 ms': p95, 'max ms': max, 'mean ms': mean })),
    );
    log(goalLine(r));
  }

  // Merge with earlier results for the databases not run this time.
  const dir = join(REPO_ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  const jsonPath = join(dir, 'db.json');
  const earlier = await readFile(jsonPath, 'utf8').then(
    (s) => JSON.parse(s) as { results: DbResult[] },
    () => ({ results: [] }),
  );
  const merged = [...results, ...earlier.results.filter((e) => !results.some((r) => r.database === e.database))].sort(
    (a, b) => a.database.localeCompare(b.database) * -1,
  );
  const doc = { generatedBy: 'packages/game/bench/db.ts', ...meta, config: { ...config, serverUrl: undefined }, results: merged };
  await writeFile(jsonPath, `${JSON.stringify(doc, null, 2)}\n`);
  await writeFile(join(dir, 'db.md'), markdown(merged, meta));
  log(`\nwrote ${jsonPath} and db.md`);
}

// Run as a script; imported (the bot-load benchmark's --history seeds with it), nothing runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
