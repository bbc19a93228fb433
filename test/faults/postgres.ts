import { DEFAULT_SERVER_URL, serverReachable } from '@mia/db/testing';

/** TEST_DATABASE_URL, else the machine's default server if it answers, else undefined. */
export async function testServer(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
  return (await serverReachable(url)) ? url : undefined;
}

/** With CI set a missing prerequisite fails the test instead of skipping it. */
export const inCi = (): boolean => Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
