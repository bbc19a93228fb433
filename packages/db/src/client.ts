// The Rust-free Prisma client (generator "prisma-client") talks to PostgreSQL through
// node-postgres via @prisma/adapter-pg: no engine binary to download, and the same path for
// a real server and for the embedded PGlite served over a loopback socket.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.ts';

export interface ClientOptions {
  /**
   * The database is the embedded PGlite: it has one session, so the pool holds exactly one
   * connection and keeps it (an idle close followed by a reconnect could race the socket
   * server's one-connection limit).
   */
  embedded?: boolean;
}

export function createPrisma(connectionString: string, options: ClientOptions = {}): PrismaClient {
  const adapter = new PrismaPg(
    options.embedded ? { connectionString, max: 1, idleTimeoutMillis: 0 } : { connectionString },
  );
  return new PrismaClient({ adapter });
}
