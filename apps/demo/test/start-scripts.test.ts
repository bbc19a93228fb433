import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every way production starts node runs it alike: scripts/node-flags.mjs holds the flags and the
// environment, and the npm start scripts, which cannot import it, must spell out the same (the
// bot's, which depend on node's version, ask that file for its flags).
const root = new URL('../../../', import.meta.url);
const { PRODUCTION_NODE_FLAGS, BOT_NODE_FLAGS, botNodeFlags, PRODUCTION_ENV, DASHBOARD_NODE_FLAGS, DASHBOARD_ENV } = (await import(
  new URL('scripts/node-flags.mjs', root).href
)) as {
  PRODUCTION_NODE_FLAGS: string[];
  BOT_NODE_FLAGS: string[];
  botNodeFlags: (nodeVersion: string) => string[];
  PRODUCTION_ENV: Record<string, string>;
  DASHBOARD_NODE_FLAGS: string[];
  DASHBOARD_ENV: Record<string, string>;
};
/** `K=${K:-v} …`: the environment as a start script sets it, unless already set. */
const envOf = (environment: Record<string, string>): string =>
  Object.entries(environment)
    .map(([k, v]) => `${k}=\${${k}:-${v}}`)
    .join(' ');
const startOf = (path: string): string => (JSON.parse(readFileSync(new URL(path, root), 'utf8')) as { scripts: { start: string } }).scripts.start;

describe('start scripts', () => {
  it.each([
    ['package.json', 'apps/demo/dist/main.js', PRODUCTION_NODE_FLAGS, PRODUCTION_ENV],
    ['apps/demo/package.json', 'dist/main.js', PRODUCTION_NODE_FLAGS, PRODUCTION_ENV],
    ['apps/dashboard/package.json', 'dist-server/main.js', DASHBOARD_NODE_FLAGS, DASHBOARD_ENV],
  ])('%s builds, then execs node with the production flags and environment on the compiled JavaScript', (path, entry, flags, environment) => {
    const start = startOf(path);
    const env = envOf(environment);
    expect(start).toMatch(/^node (\.\.\/\.\.\/)?scripts\/build\.mjs \w+ && /);
    expect(start.split(' && ')[1]).toBe(`exec env ${env} node ${flags.join(' ')} ${entry}`);
  });

  // The bot's flags depend on node's version, so its script asks scripts/node-flags.mjs for them.
  it('apps/bot/package.json builds, then execs node with the flags node-flags.mjs prints for this node', () => {
    const env = envOf(PRODUCTION_ENV);
    const start = startOf('apps/bot/package.json');
    expect(start).toMatch(/^node \.\.\/\.\.\/scripts\/build\.mjs bot && /);
    expect(start.split(' && ')[1]).toBe(`exec env ${env} node $(node ../../scripts/node-flags.mjs bot) dist/main.js`);
    const printed = spawnSync(process.execPath, [fileURLToPath(new URL('scripts/node-flags.mjs', root)), 'bot'], { encoding: 'utf8' });
    expect(printed.status, printed.stderr).toBe(0);
    expect(printed.stdout.trim().split(' ')).toEqual(BOT_NODE_FLAGS);
  });

  it('runs the bot single-threaded and keeping its bytecode under Node 22, and under 24 and 26 (whose V8 would then never return its pooled pages) with memory-reducing collections', () => {
    expect(botNodeFlags('22.23.3')).toEqual([...PRODUCTION_NODE_FLAGS, '--single-threaded', '--no-flush-bytecode']);
    expect(botNodeFlags('24.21.0')).toEqual([...PRODUCTION_NODE_FLAGS, '--optimize-for-size']);
    expect(botNodeFlags('26.10.0')).toEqual([...PRODUCTION_NODE_FLAGS, '--optimize-for-size']);
    expect(BOT_NODE_FLAGS).toEqual(botNodeFlags(process.versions.node));
  });
});
