import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../src/paths';
import { readMigrations } from '../src/schema-engine';

/** Every migration on disk with the checksum `prisma migrate deploy` records for it. */
export async function migrationsOnDisk(): Promise<{ name: string; checksum: string }[]> {
  const list = await readMigrations();
  return list.migrationDirectories.map((dir) => ({
    name: dir.path,
    checksum: createHash('sha256')
      .update(readFileSync(join(MIGRATIONS_DIR, dir.path, 'migration.sql')))
      .digest('hex'),
  }));
}

export interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
  logs: string | null;
}

export const MIGRATION_ROWS_SQL =
  'SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count, logs FROM _prisma_migrations ORDER BY started_at';

/** The local server used by the PostgreSQL tests: the admin connection creates one database per file. */
export const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Collected timings, printed once per file so the run shows what each database costs. */
export function stopwatch(label: string) {
  const laps: string[] = [];
  return {
    async time<T>(what: string, run: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await run();
      } finally {
        laps.push(`${what} ${(performance.now() - started).toFixed(0)} ms`);
      }
    },
    print() {
      console.log(`[timings ${label}] ${laps.join('; ')}`);
    },
  };
}
