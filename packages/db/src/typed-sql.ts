// The hot path's statements through node-postgres, typed at one place. Prisma's TypedSQL would
// generate these types from .sql files, but it needs Prisma's native schema engine, which cannot
// be downloaded on the machines this is built on (see packages/db/README.md); so each statement
// here declares its parameters as a tuple and its rows as an interface, and `run` is the only
// call that sends one. The pool is the one the Prisma client uses (createPrisma), so the embedded
// database's single connection is shared, not doubled.
import type pg from 'pg';
import type { PrismaClient } from './generated/prisma/client';

/** A statement with its parameter tuple and row type; prepared once per connection under `name`. */
export interface TypedStatement<Params extends readonly unknown[], Row extends object> {
  readonly name: string;
  readonly text: string;
  /** Type carriers only: never read. */
  readonly params?: Params;
  readonly row?: Row;
}

export function statement<Params extends readonly unknown[], Row extends object>(name: string, text: string): TypedStatement<Params, Row> {
  return { name, text };
}

/** Runs `s` with `params` on `pool`: one round trip (a lone statement is its own transaction). */
export async function run<Params extends readonly unknown[], Row extends object>(
  pool: pg.Pool,
  s: TypedStatement<Params, Row>,
  params: Params,
): Promise<Row[]> {
  // Not pool.query: it closes the connection after any error, and on the embedded database the
  // next connection is the same PGlite session, which still holds this connection's prepared
  // statements, so preparing them again fails ("prepared statement … already exists"). An error
  // PostgreSQL answered (it carries a SQLSTATE) leaves the session usable: the connection stays,
  // unless it was FATAL (the server ended the session: a shutdown, a terminated backend).
  const client = await pool.connect();
  // While a client is checked out the pool no longer listens for its errors, and node-postgres
  // emits one with no query running (the server's "terminating connection" arriving just after
  // the answer): unheard, that would end the process. Heard, it marks the connection broken.
  let broken: Error | undefined;
  const onError = (error: Error) => (broken ??= error);
  client.on('error', onError);
  try {
    const result = await client.query<Row & pg.QueryResultRow>({ name: s.name, text: s.text, values: params as unknown as unknown[] });
    return result.rows;
  } catch (error) {
    if (!keepsSession(error)) broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/** An error the server answered for this statement alone, after which the session goes on. */
function keepsSession(error: unknown): boolean {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  return error instanceof Error && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && severity !== 'FATAL' && severity !== 'PANIC';
}

const pools = new WeakMap<PrismaClient, pg.Pool>();

/** The node-postgres pool under a client made by `createPrisma` (undefined for any other client). */
export function poolOf(prisma: PrismaClient): pg.Pool | undefined {
  return pools.get(prisma);
}

export function registerPool(prisma: PrismaClient, pool: pg.Pool): void {
  pools.set(prisma, pool);
}
