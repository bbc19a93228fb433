// The read-only face of a database client, for everyone but the one writer of games
// (packages/game): the apps read through it and cannot change a row, by type and at run time.
import type { PrismaClient } from './generated/prisma/client';
import type { ReadClient } from './queries/common';

/** Model operations that only read. */
const READS = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy']);

/**
 * SQL that may change something (a data-modifying CTE, a function with side effects called by
 * name is beyond this check: the reads' raw SQL is ours, this catches mistakes, not attackers).
 * Words only: `"updatedAt"` does not match `update`.
 */
const WRITE_SQL =
  /\b(insert|update|delete|merge|upsert|truncate|drop|alter|create|grant|revoke|copy|vacuum|lock|set|reset|notify|call|do|comment|refresh|reindex|cluster)\b/i;

export class ReadOnlyViolation extends Error {
  constructor(readonly operation: string) {
    super(`read-only client: ${operation} refused (only packages/game writes)`);
    this.name = 'ReadOnlyViolation';
  }
}

/** The SQL text of a raw query's arguments: a Prisma `Sql`, a template's strings, or a string. */
function sqlText(args: unknown): string {
  const first = Array.isArray(args) ? args[0] : args;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object') {
    const o = first as { strings?: readonly string[]; sql?: string; raw?: readonly string[] };
    if (typeof o.sql === 'string') return o.sql;
    if (Array.isArray(o.strings)) return o.strings.join(' ? ');
    if (Array.isArray(o.raw)) return o.raw.join(' ? ');
  }
  return '';
}

/** Strips string literals, quoted identifiers and comments, so only the SQL's own words are checked. */
const bareSql = (sql: string) =>
  sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""');

/** A raw query is a read when it is one SELECT (or WITH … SELECT) naming no writing verb. */
export function isReadSql(sql: string): boolean {
  const bare = bareSql(sql).trim();
  return /^(select|with|\()/i.test(bare) && !WRITE_SQL.test(bare) && !/;\s*\S/.test(bare);
}

/**
 * Wraps a client so that every write is refused before it reaches the database: model writes
 * (create, update, upsert, delete and their *Many), `$executeRaw*`, and a `$queryRaw*` whose SQL
 * is not a plain SELECT. Typed as `ReadClient`, which offers the reads only.
 */
export function readOnly(prisma: PrismaClient): ReadClient {
  return prisma.$extends({
    name: 'read-only',
    query: {
      $allOperations({ model, operation, args, query }) {
        const name = model ? `${model}.${operation}` : operation;
        if (model) {
          if (!READS.has(operation)) throw new ReadOnlyViolation(name);
        } else if (operation === '$queryRaw' || operation === '$queryRawUnsafe') {
          if (!isReadSql(sqlText(args))) throw new ReadOnlyViolation(name);
        } else {
          throw new ReadOnlyViolation(name);
        }
        return query(args);
      },
    },
  }) as unknown as ReadClient;
}
