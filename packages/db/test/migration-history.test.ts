// The WebAssembly schema engine (npm run db:migrate, start-up) and Prisma's native engine
// (`prisma migrate deploy`, the production path where it can be downloaded) must record
// migrations identically, or an operator switching between them sees a broken history.
// Always: the wasm engine's `_prisma_migrations` is checked against what the native engine
// writes (its table, Prisma's checksum rule, one step, finished, never rolled back, no logs),
// and its own `migrate status` diagnosis must say "up to date". When a native schema engine is
// available (PRISMA_SCHEMA_ENGINE_BINARY, or the binary @prisma/engines downloads at install),
// real `prisma migrate deploy` also runs on a second fresh database and the rows are compared
// column by column, and native `prisma migrate status` is asked about the wasm-built database.
// Target: the server of TEST_DATABASE_URL, else an embedded PGlite.
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY, startEmbedded } from '../src/embedded';
import { MIGRATIONS_DIR, REPO_ROOT } from '../src/paths';
import { applyMigrations, migrationStatus } from '../src/schema-engine';
import { createServerDatabase, testServerUrl } from '../src/testing';

const require = createRequire(import.meta.url);

interface Row {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

// The table the native engine creates (sql-schema-connector, PostgreSQL flavour's
// create_migrations_table), as information_schema describes it.
const NATIVE_TABLE = [
  ['id', 'character varying', 36, 'NO', null],
  ['checksum', 'character varying', 64, 'NO', null],
  ['finished_at', 'timestamp with time zone', null, 'YES', null],
  ['migration_name', 'character varying', 255, 'NO', null],
  ['logs', 'text', null, 'YES', null],
  ['rolled_back_at', 'timestamp with time zone', null, 'YES', null],
  ['started_at', 'timestamp with time zone', null, 'NO', 'now()'],
  ['applied_steps_count', 'integer', null, 'NO', '0'],
];

/** Prisma's checksum: SHA-256 of migration.sql's text, 64 lowercase hex digits (zero-padded). */
const onDisk = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()
  .map((name) => ({
    name,
    checksum: createHash('sha256')
      .update(readFileSync(join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8'))
      .digest('hex'),
  }));

interface Fresh {
  url: string;
  /** Resolves once no client is connected: the embedded database serves one at a time. */
  idle(): Promise<void>;
  drop(): Promise<void>;
}

async function freshDatabase(): Promise<Fresh> {
  const server = testServerUrl();
  if (server) return { ...(await createServerDatabase(server)), idle: async () => undefined };
  const db = await startEmbedded({ dataDir: MEMORY });
  return { url: db.connectionString, idle: () => db.waitIdle(), drop: () => db.stop() };
}

async function inspect(db: Fresh): Promise<{ table: unknown[][]; primaryKey: string[]; rows: Row[] }> {
  await db.idle();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const columns = await client.query(
      `SELECT column_name, data_type, character_maximum_length, is_nullable, column_default
         FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    const key = await client.query(
      `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = '_prisma_migrations'::regclass AND i.indisprimary`,
    );
    const rows = await client.query<Row>('SELECT * FROM _prisma_migrations ORDER BY started_at, migration_name');
    return {
      table: columns.rows.map((c) => [c.column_name, c.data_type, c.character_maximum_length, c.is_nullable, c.column_default]),
      primaryKey: key.rows.map((r) => r.attname as string),
      rows: rows.rows,
    };
  } finally {
    await client.end();
    await db.idle();
  }
}

/** A native schema engine that answers `--version`, or why there is none. */
function nativeEngine(): { binary: string } | { reason: string } {
  const fromEnv = process.env.PRISMA_SCHEMA_ENGINE_BINARY;
  let candidates: string[];
  if (fromEnv) {
    candidates = [fromEnv];
  } else {
    const dir = dirname(require.resolve('@prisma/engines/package.json'));
    candidates = readdirSync(dir)
      .filter((f) => f.startsWith('schema-engine-'))
      .map((f) => join(dir, f));
    if (candidates.length === 0) {
      return {
        reason: `no PRISMA_SCHEMA_ENGINE_BINARY and no schema-engine-* in ${dir} (not downloaded: the install had no access to Prisma's binaries host, or its install script was not run)`,
      };
    }
  }
  for (const binary of candidates) {
    const out = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    if (/^schema-engine-cli /.test(out.stdout ?? '')) return { binary };
  }
  return { reason: `${candidates.join(', ')}: not a schema engine (\`--version\` did not print schema-engine-cli)` };
}

function prisma(binary: string, url: string, ...args: string[]) {
  return promisify(execFile)(process.execPath, [require.resolve('prisma/build/index.js'), ...args, '--config', join(REPO_ROOT, 'prisma.config.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: url, PRISMA_SCHEMA_ENGINE_BINARY: binary, CHECKPOINT_DISABLE: '1' },
  });
}

/** The columns both engines must agree on (id is a fresh UUID and the times are the run's). */
const comparable = (r: Row) => ({
  migration_name: r.migration_name,
  checksum: r.checksum,
  applied_steps_count: r.applied_steps_count,
  logs: r.logs,
  rolled_back_at: r.rolled_back_at,
  finished: r.finished_at instanceof Date,
});

describe('the migration history written by the WebAssembly engine', () => {
  let wasm: Fresh;
  let recorded: Awaited<ReturnType<typeof inspect>>;

  beforeAll(async () => {
    wasm = await freshDatabase();
    await applyMigrations(wasm.url);
    recorded = await inspect(wasm);
  });
  afterAll(() => wasm?.drop());

  it('is what prisma migrate deploy records: its table, one finished step per migration, Prisma checksums', () => {
    expect(onDisk.length).toBeGreaterThan(0);
    expect(recorded.table).toEqual(NATIVE_TABLE);
    expect(recorded.primaryKey).toEqual(['id']);
    expect(recorded.rows.map((r) => [r.migration_name, r.checksum])).toEqual(onDisk.map((m) => [m.name, m.checksum]));
    for (const row of recorded.rows) {
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
    }
  });

  it('is up to date for `prisma migrate status` (same checksums: nothing edited, failed or pending)', async () => {
    expect(await migrationStatus(wasm.url)).toEqual({
      editedMigrationNames: [],
      failedMigrationNames: [],
      hasMigrationsTable: true,
      history: null,
    });
  });

  const native = nativeEngine();
  if ('reason' in native) console.log(`[migration-history] native schema engine comparison skipped: ${native.reason}`);

  describe.skipIf('reason' in native)('against the native engine', () => {
    const binary = 'binary' in native ? native.binary : '';

    it('equals, column by column, what real `prisma migrate deploy` records on a fresh database', async () => {
      const other = await freshDatabase();
      try {
        await prisma(binary, other.url, 'migrate', 'deploy');
        const deployed = await inspect(other);
        expect(deployed.table).toEqual(recorded.table);
        expect(deployed.primaryKey).toEqual(recorded.primaryKey);
        expect(deployed.rows.map(comparable)).toEqual(recorded.rows.map(comparable));
      } finally {
        await other.drop();
      }
    });

    it('is up to date for native `prisma migrate status`', async () => {
      const { stdout } = await prisma(binary, wasm.url, 'migrate', 'status');
      expect(stdout).toContain('Database schema is up to date');
    });
  });
});
