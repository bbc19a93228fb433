import { connect } from 'node:net';

export const DEFAULT_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Whether something accepts connections at the URL's host and port. */
export function reachable(url: string): Promise<boolean> {
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

/** TEST_DATABASE_URL, else the machine's default server if it answers, else undefined. */
export async function testServer(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_SERVER;
  return (await reachable(url)) ? url : undefined;
}

/** With CI set a missing prerequisite fails the test instead of skipping it. */
export const inCi = (): boolean => Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
