// Whether a database already has every migration of prisma/migrations, read from
// `_prisma_migrations` with one query: a process opening a migrated database (every start but the
// first after a deploy) then never loads Prisma's schema engine, whose WebAssembly stays resident
// once instantiated (tens of MB in every bot and dashboard process). Anything unusual (a missing
// table, a missing, edited, failed or unknown migration) answers false, and the engine decides as
// before.
import { createHash } from 'node:crypto';
import type { MigrationList } from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';

interface Row {
  migration_name: string;
  checksum: string;
  done: boolean;
}

export async function isMigrated(connectionString: string, list: MigrationList): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {}); // a server going away mid-check: the query's own rejection says so
  let rows: Row[];
  try {
    await client.connect();
    const result = await client.query<Row>(
      'SELECT migration_name, checksum, finished_at IS NOT NULL AND rolled_back_at IS NULL AS done FROM _prisma_migrations WHERE rolled_back_at IS NULL',
    );
    rows = result.rows;
  } catch {
    return false; // no table yet (a new database), or no answer: the engine reports properly
  } finally {
    await client.end().catch(() => {});
  }
  const applied = new Map<string, string>();
  for (const row of rows) {
    if (!row.done) return false; // failed or under way: the engine's error, not ours
    applied.set(row.migration_name, row.checksum);
  }
  if (applied.size !== list.migrationDirectories.length) return false;
  for (const dir of list.migrationDirectories) {
    const file = dir.migrationFile.content;
    if (file.tag !== 'ok') return false;
    if (applied.get(dir.path) !== createHash('sha256').update(file.value).digest('hex')) return false;
  }
  return true;
}
