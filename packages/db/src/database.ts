// One call for the app and the tests: a migrated database and a client for it. A real
// PostgreSQL when a URL is given (production, CI), else the embedded PGlite in a folder,
// so a fresh machine runs with no database server at all.
import type { PrismaClient } from './generated/prisma/client';
import { createPrisma } from './client';
import { startEmbedded } from './embedded';
import { applyMigrations } from './schema-engine';

export interface OpenOptions {
  /**
   * A PostgreSQL URL. Default: $DATABASE_URL, unless `dataDir` is given. When there is
   * none, the embedded database is used.
   */
  databaseUrl?: string;
  /** The embedded database's folder; asks for the embedded database. Default: $DATA_DIR, else data/pglite at the repository root. */
  dataDir?: string;
}

export interface Database {
  prisma: PrismaClient;
  connectionString: string;
  kind: 'postgres' | 'pglite';
  /** Migrations applied while opening (empty when the database was up to date). */
  applied: string[];
  close(): Promise<void>;
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const fromEnv = options.dataDir === undefined ? process.env.DATABASE_URL : undefined;
  const databaseUrl = options.databaseUrl ?? (fromEnv || undefined);
  if (databaseUrl) {
    const applied = await applyMigrations(databaseUrl);
    const prisma = createPrisma(databaseUrl);
    return {
      prisma,
      connectionString: databaseUrl,
      kind: 'postgres',
      applied,
      close: () => prisma.$disconnect(),
    };
  }

  const embedded = await startEmbedded(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  try {
    const applied = await applyMigrations(embedded.connectionString);
    // The engine's connection must be gone before the client takes the single slot.
    await embedded.waitIdle();
    const prisma = createPrisma(embedded.connectionString, { embedded: true });
    return {
      prisma,
      connectionString: embedded.connectionString,
      kind: 'pglite',
      applied,
      async close() {
        await prisma.$disconnect();
        await embedded.stop();
      },
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}
