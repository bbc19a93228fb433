// Databases for tests: each caller gets a fresh, migrated database of its own. With
// TEST_DATABASE_URL (a PostgreSQL server URL whose user may CREATE DATABASE) a new database
// on that server, dropped afterwards; otherwise an in-memory embedded PGlite.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { createPrisma } from './client';
import type { Database } from './database';
import { MEMORY, startEmbedded } from './embedded';
import { MIGRATIONS_DIR } from './paths';
import { applyMigrations } from './schema-engine';

export interface TestDatabase extends Database {
  /** Closes and, on a server, drops the database. */
  destroy(): Promise<void>;
}

/** The machine's PostgreSQL server, where tests and benchmarks look when nothing else is set. */
export const DEFAULT_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Whether something accepts connections at the server URL's host and port (a TCP check). */
export function serverReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 5432), timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

export const testServerUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/** A fresh database's URL on the test server, created empty. */
export async function createServerDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mia_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A migrated embedded database as an image, made once and kept in the system's temporary folder
 * under a hash of the migrations and PGlite's version: a copy of it starts in a fraction of the
 * time a new cluster takes to initialise and migrate (PGlite's initdb dominates), and every test
 * file (each in a worker of its own) would otherwise pay that again.
 */
let migrated: Promise<{ image: Blob; applied: string[] }> | undefined;

/** The migrations' folder names, in the order they apply. */
async function migrationNames(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

async function imageKey(): Promise<string> {
  const hash = createHash('sha256');
  // the package's own package.json is not exported: it is found beside its entry (dist/)
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(JSON.parse(await readFile(join(dirname(entry), '..', 'package.json'), 'utf8')).version);
  for (const dir of await migrationNames()) {
    hash.update(dir).update(await readFile(join(MIGRATIONS_DIR, dir, 'migration.sql')));
  }
  return hash.digest('hex').slice(0, 16);
}

async function migratedImage(): Promise<{ image: Blob; applied: string[] }> {
  const path = join(tmpdir(), `mia-test-db-${await imageKey()}`);
  try {
    const applied = JSON.parse(await readFile(`${path}.json`, 'utf8')) as string[];
    return { image: new Blob([await readFile(`${path}.tar`)]), applied };
  } catch {
    // not made yet (or half written by a process that died): make it
  }
  const embedded = await startEmbedded({ dataDir: MEMORY });
  try {
    const applied = await applyMigrations(embedded.connectionString);
    await embedded.waitIdle();
    const image = await embedded.dump();
    // Written under a name of its own, then renamed: workers making it at once never read half.
    const part = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(`${part}.json`, JSON.stringify(applied));
    await writeFile(`${part}.tar`, new Uint8Array(await image.arrayBuffer()));
    await rename(`${part}.json`, `${path}.json`);
    await rename(`${part}.tar`, `${path}.tar`);
    return { image, applied };
  } finally {
    await embedded.stop();
  }
}

async function openEmbeddedCopy(): Promise<TestDatabase> {
  migrated ??= migratedImage();
  migrated.catch(() => (migrated = undefined)); // a failed attempt is not cached
  const { image, applied } = await migrated;
  const embedded = await startEmbedded({ dataDir: MEMORY, image });
  const prisma = createPrisma(embedded.connectionString, { embedded: true });
  const close = async () => {
    await prisma.$disconnect();
    await embedded.stop();
  };
  return { prisma, connectionString: embedded.connectionString, kind: 'pglite', applied, close, destroy: close };
}

/**
 * On a server, the same idea: a migrated template database per migrations hash, made once by
 * whichever test gets there first (under an advisory lock, so parallel workers and workspaces wait
 * for it), marked ready by a comment once migrated; each test database is a copy of it
 * (CREATE DATABASE … TEMPLATE), not a new database migrated by the schema engine.
 */
async function serverTemplate(serverUrl: string): Promise<{ name: string; applied: string[] }> {
  const name = `mia_template_${await imageKey()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query<{ ready: string | null }>('SELECT shobj_description(oid, $2) AS ready FROM pg_database WHERE datname = $1', [
      name,
      'pg_database',
    ]);
    if (found.rows[0]?.ready !== 'migrated') {
      // absent, or left half made by a process that died: made (again) here
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      await applyMigrations(url.toString());
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await client.query(`COMMENT ON DATABASE ${name} IS 'migrated'`);
    }
    // what a new database would have had applied: every migration, in order
    return { name, applied: await migrationNames() };
  } finally {
    await client.end();
  }
}

let template: Promise<{ name: string; applied: string[] }> | undefined;

export async function openTestDatabase(): Promise<TestDatabase> {
  const server = testServerUrl();
  if (!server) return openEmbeddedCopy();
  template ??= serverTemplate(server);
  template.catch(() => (template = undefined));
  const { name: from, applied } = await template;
  const name = `mia_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `CREATE DATABASE ${name} TEMPLATE ${from}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const prisma = createPrisma(url.toString());
  const close = () => prisma.$disconnect();
  return {
    prisma,
    connectionString: url.toString(),
    kind: 'postgres',
    applied,
    close,
    async destroy() {
      await close();
      await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
