import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every way production starts node runs it alike: scripts/node-flags.mjs holds the flags and the
// environment, and the npm start scripts, which cannot import it, must spell out the same.
const root = new URL('../../../', import.meta.url);
const { PRODUCTION_NODE_FLAGS, BOT_NODE_FLAGS, PRODUCTION_ENV, DASHBOARD_NODE_FLAGS, DASHBOARD_ENV } = (await import(
  new URL('scripts/node-flags.mjs', root).href
)) as {
  PRODUCTION_NODE_FLAGS: string[];
  BOT_NODE_FLAGS: string[];
  PRODUCTION_ENV: Record<string, string>;
  DASHBOARD_NODE_FLAGS: string[];
  DASHBOARD_ENV: Record<string, string>;
};
const startOf = (path: string): string => (JSON.parse(readFileSync(new URL(path, root), 'utf8')) as { scripts: { start: string } }).scripts.start;

describe('start scripts', () => {
  it.each([
    ['package.json', 'apps/demo/dist/main.js', PRODUCTION_NODE_FLAGS, PRODUCTION_ENV],
    ['apps/demo/package.json', 'dist/main.js', PRODUCTION_NODE_FLAGS, PRODUCTION_ENV],
    ['apps/bot/package.json', 'dist/main.js', BOT_NODE_FLAGS, PRODUCTION_ENV],
    ['apps/dashboard/package.json', 'dist-server/main.js', DASHBOARD_NODE_FLAGS, DASHBOARD_ENV],
  ])('%s builds, then execs node with the production flags and environment on the compiled JavaScript', (path, entry, flags, environment) => {
    const start = startOf(path);
    const env = Object.entries(environment)
      .map(([k, v]) => `${k}=\${${k}:-${v}}`)
      .join(' ');
    expect(start).toMatch(/^node (\.\.\/\.\.\/)?scripts\/build\.mjs \w+ && /);
    expect(start.split(' && ')[1]).toBe(`exec env ${env} node ${flags.join(' ')} ${entry}`);
  });
});
