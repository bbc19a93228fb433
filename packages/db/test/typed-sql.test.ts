// `run`, the hot path's one way to send a statement, against the real PostgreSQL server: what
// happens to its connection when the server ends the session.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/errors';
import { run, statement } from '../src/typed-sql';
import { ADMIN_URL, postgresReachable } from './helpers';

const reachable = await postgresReachable();
if (!reachable && process.env.CI) throw new Error('PostgreSQL is not reachable, and CI requires it');

const backendPid = statement<[], { pid: number }>('test_backend_pid', 'SELECT pg_backend_pid() AS pid');
const killSelf = statement<[], { done: boolean }>('test_kill_self', 'SELECT pg_terminate_backend(pg_backend_pid()) AS done');
const nap = statement<[], { pid: number }>('test_nap', 'SELECT pg_backend_pid() AS pid FROM pg_sleep(0.3)');
const divide = statement<[number], { q: number }>('test_divide', 'SELECT 1 / $1::int AS q');

describe.skipIf(!reachable)('typed-sql run', () => {
  const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
  afterAll(() => pool.end());

  it('keeps the connection after an error the server answered for the statement alone', async () => {
    const [before] = await run(pool, backendPid, []);
    await expect(run(pool, divide, [0])).rejects.toMatchObject({ code: '22012' });
    const [after] = await run(pool, backendPid, []);
    expect(after!.pid).toBe(before!.pid);
  });

  it('drops the connection when the server ends the session (FATAL), and the next statement gets a new one', async () => {
    const [before] = await run(pool, backendPid, []);
    const error: unknown = await run(pool, killSelf, []).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '57P01', severity: 'FATAL' });
    expect(isDatabaseUnavailable(error)).toBe(true);
    const [after] = await run(pool, backendPid, []);
    expect(after!.pid).not.toBe(before!.pid);
  });

  it('hears an error the client emits while checked out, as node-postgres does for a FATAL with no query running, instead of letting it end the process', async () => {
    // node-postgres emits such an error on the client from its socket's callback; with no listener
    // that is an uncaught exception, which Vitest reports as a failure of this file.
    const [before] = await run(pool, backendPid, []);
    const connect = pool.connect.bind(pool);
    const spy = async () => {
      const client = await connect();
      setTimeout(() => client.emit('error', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })), 50);
      return client;
    };
    const [during] = await run(Object.assign(Object.create(pool) as pg.Pool, { connect: spy }), nap, []);
    expect(during!.pid).toBe(before!.pid);
    // The client that heard the error was not given back for reuse.
    const [after] = await run(pool, backendPid, []);
    expect(after!.pid).not.toBe(before!.pid);
  });
});
