// Databases for tests: each caller gets a fresh, migrated database of its own. With
// TEST_DATABASE_URL (a PostgreSQL server URL whose user may CREATE DATABASE) a new database
// on that server, dropped afterwards; otherwise an in-memory embedded PGlite.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { openDatabase, type Database } from './database';
import { MEMORY } from './embedded';

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

export async function openTestDatabase(): Promise<TestDatabase> {
  const server = testServerUrl();
  if (!server) {
    const db = await openDatabase({ dataDir: MEMORY });
    return { ...db, destroy: () => db.close() };
  }
  const created = await createServerDatabase(server);
  const db = await openDatabase({ databaseUrl: created.url });
  return {
    ...db,
    async destroy() {
      await db.close();
      await created.drop();
    },
  };
}
