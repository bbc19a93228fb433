/**
 * Whether an error means the database cannot be reached right now (server down or restarting,
 * connection lost or refused), as opposed to a query that failed on its own: the one kind of
 * failure worth answering "try again in a moment" and retrying later. Looks through Prisma's
 * wrapping (P1001 & co., the pg driver adapter's `DriverAdapterError` kinds) down to node-postgres
 * and socket errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    const { code, kind, message, cause, meta, originalCode } = e as Record<string, unknown>;
    if (typeof code === 'string' && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (typeof originalCode === 'string' && SERVER_CODES.test(originalCode)) return true;
    if (typeof kind === 'string' && (ADAPTER_KINDS.has(kind) || (kind === 'postgres' && typeof code === 'string' && SERVER_CODES.test(code)))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    queue.push(cause, meta, (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError);
  }
  return false;
}

/** Prisma: can't reach the server, timed out, server closed the connection, pool timeout. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
/** SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash, cannot connect now). */
const SERVER_CODES = /^(08[0-9A-Z]{3}|57P0[1-3])$/;
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout']);
const MESSAGES =
  /Connection terminated|Can't reach database server|Client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down)/i;
