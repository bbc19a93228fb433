// The embedded default: PostgreSQL compiled to WebAssembly (PGlite), persisted to a folder and
// served over the PostgreSQL wire protocol on loopback, so the app and the schema engine use
// the same @prisma/adapter-pg path as against a real server. A fresh machine needs no server.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { DEFAULT_DATA_DIR } from './paths';

export const MEMORY = 'memory://';

/**
 * PostgreSQL's shared buffers inside PGlite's WebAssembly memory. The default (128 MB) is all
 * resident once the server starts; the embedded database serves one small process, and its files
 * are in the OS's page cache anyway. 16 MB keeps about 110 MB off every process that opens one.
 * PGLITE_SHARED_BUFFERS (e.g. 128MB) gives it more.
 */
const sharedBuffers = () => `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || '16MB'}`;

export interface EmbeddedOptions {
  /**
   * Folder holding the database (relative: to the current directory); MEMORY for a throwaway
   * one. Default: $DATA_DIR, else data/pglite at the repository root.
   */
  dataDir?: string;
  /** Starts from this image of a data folder (from `dump()`) instead of an empty cluster. */
  image?: Blob;
}

export interface EmbeddedDatabase {
  connectionString: string;
  /** The folder in use (absolute), or MEMORY. */
  dataDir: string;
  /**
   * Resolves once no client is connected. The server admits one connection at a time (PGlite
   * has a single session, and the socket server interleaves clients per protocol message, which
   * would mix two clients' extended-protocol queries), and a closed client is only forgotten a
   * tick after its socket closes: wait here before handing the database to the next client.
   */
  waitIdle(timeoutMs?: number): Promise<void>;
  /** An image of the data folder, for `image` (a migrated database tests copy instead of migrating). */
  dump(): Promise<Blob>;
  /** Stops the server, then closes PGlite so the folder reopens cleanly. Close clients first. */
  stop(): Promise<void>;
}

export function defaultDataDir(): string {
  return process.env.DATA_DIR || DEFAULT_DATA_DIR;
}

export async function startEmbedded(options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const requested = options.dataDir ?? defaultDataDir();
  const dataDir = requested === MEMORY ? MEMORY : resolve(requested);
  if (dataDir !== MEMORY) await mkdir(dataDir, { recursive: true });
  const unlock = dataDir === MEMORY ? async () => {} : await lockDataDir(dataDir);
  try {
    return await open(dataDir, options, unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function open(dataDir: string, options: EmbeddedOptions, unlock: () => Promise<void>): Promise<EmbeddedDatabase> {
  // Loaded here, not at the top: a process on a PostgreSQL server never loads PGlite (its
  // WebAssembly and JS are some 10 MB resident). esbuild would hoist a static import of it into
  // every bundle that reaches this file.
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite-socket')]);
  const db = await PGlite.create(dataDir, {
    ...(options.image ? { loadDataDir: options.image } : {}),
    // On the command line (not postgresqlconf, which would replace the cluster's whole
    // postgresql.conf): every start, and the server initdb runs for a new cluster.
    startParams: [...PGlite.defaultStartParams, '-c', sharedBuffers()],
    initDbStartParams: ['--set', sharedBuffers()],
  });
  // port 0: the OS picks a free port, so tests and several apps never collide.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  // getServerConn() reports the port actually bound ("127.0.0.1:PORT").
  const connectionString = `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`;

  let stopped: Promise<void> | undefined;
  return {
    connectionString,
    dataDir,
    async waitIdle(timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (server.getStats().activeConnections > 0) {
        if (Date.now() > until) throw new Error('embedded database: a client is still connected');
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    dump: () => db.dumpDataDir('none'),
    stop() {
      stopped ??= (async () => {
        await server.stop();
        await db.close();
        await unlock();
      })();
      return stopped;
    },
  };
}
