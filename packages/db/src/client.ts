// The Rust-free Prisma client (generator "prisma-client") talks to PostgreSQL through
// node-postgres via @prisma/adapter-pg: no engine binary to download, and the same path for
// a real server and for the embedded PGlite served over a loopback socket.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client';
import { registerPool } from './typed-sql';

export interface ClientOptions {
  /**
   * The database is the embedded PGlite: it has one session, so the pool holds exactly one
   * connection and keeps it (an idle close followed by a reconnect could race the socket
   * server's one-connection limit).
   */
  embedded?: boolean;
}

export function createPrisma(connectionString: string, options: ClientOptions = {}): PrismaClient {
  // The pool is made here, not by the adapter, so the hot path's typed statements (typed-sql.ts)
  // share it; the adapter ends it on $disconnect.
  const pool = new pg.Pool(options.embedded ? { connectionString, max: 1, idleTimeoutMillis: 0 } : { connectionString });
  // An idle connection the server ends (a restart) is dropped by the pool, which then emits
  // 'error': Prisma's adapter listens only from its first query on, and typed statements may come
  // first. The next query reconnects, or fails as an outage the caller reports.
  pool.on('error', () => {});
  const adapter = new PrismaPg(pool, { statementNameGenerator: preparedStatements(), disposeExternalPool: true });
  const prisma = new PrismaClient({ adapter });
  registerPool(prisma, pool);
  return prisma;
}

/**
 * Names for Prisma's SQL texts, so node-postgres prepares each once per connection and then only
 * binds and executes it: the server skips parsing and planning on every action's queries. The
 * names are capped: past that, new texts run unnamed as before (a server keeps a connection's
 * prepared statements until it closes).
 */
function preparedStatements(limit = 2000): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    let name = names.get(sql);
    if (name === undefined && names.size < limit) {
      name = `mia_${names.size}`;
      names.set(sql, name);
    }
    return name ?? ''; // '': node-postgres's unnamed statement
  };
}
