import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/errors';

/** Shapes seen from Prisma 7 with @prisma/adapter-pg while a PostgreSQL server was stopped and started. */
describe('isDatabaseUnavailable', () => {
  it('is true for the server being down, restarting or dropping the connection', () => {
    const p1001 = Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), {
      code: 'P1001',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 } } },
    });
    const rawQuery = Object.assign(new Error('Raw query failed. Code: `N/A`.'), {
      code: 'P2010',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable' } } },
    });
    const closed = Object.assign(new Error('x'), { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'ConnectionClosed' } } } });
    const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });
    const startingUp = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect', errno: -111 });
    const wrapped = new Error('handler failed', { cause: new Error('Connection terminated unexpectedly') });
    for (const e of [p1001, rawQuery, closed, adminShutdown, startingUp, refused, wrapped]) expect(isDatabaseUnavailable(e), e.message).toBe(true);
  });

  it('is false for a query that failed on its own', () => {
    const unique = Object.assign(new Error('Unique constraint failed'), { code: 'P2002', meta: { target: ['key'] } });
    const conflict = Object.assign(new Error('write conflict'), { code: 'P2034' });
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601', severity: 'ERROR' });
    for (const e of [unique, conflict, syntax, new Error('boom'), 'a string', null, undefined]) expect(isDatabaseUnavailable(e)).toBe(false);
  });
});
