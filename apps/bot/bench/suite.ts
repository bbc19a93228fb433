/**
 * What `npm run bench` runs for the bot: 100 groups at a human pace (each group pressing every
 * 2–3 s, open loop: `--pace 2000-3000`, the bot compiled as production runs it: `--bundle`) on both databases, the load as fast as the bot answers
 * (saturation) at 100 groups on both databases, at 1,000 groups on PostgreSQL, and at 100 groups
 * with the history queries beside it (about 13 minutes). Without a PostgreSQL server only the
 * PGlite runs are made. Each run is its own process (bench/load.ts),
 * so one run's garbage does not weigh on the next. Options after `--` go to every run.
 * Last, the CPU of one Bot API call's HTTP at a pace (bench/http-client.ts, about 2 minutes).
 */
import { DEFAULT_SERVER_URL, serverReachable } from '@mia/db/bench';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const load = fileURLToPath(new URL('./load.ts', import.meta.url));
const extra = process.argv.slice(2);
const server = await serverReachable(process.env.TEST_DATABASE_URL || DEFAULT_SERVER_URL);
// Compiled, with production's node flags, as the README's figures for the human pace are taken.
const paced = ['--pace', '2000-3000', '--bundle'];
const runs: string[][] = server
  ? [paced, [], ['--groups', '1000', '--db', 'postgres'], ['--history', '--db', 'postgres']]
  : [
      [...paced, '--db', 'pglite'],
      ['--db', 'pglite'],
    ];
if (!server) console.log(`No PostgreSQL server at ${DEFAULT_SERVER_URL} (or TEST_DATABASE_URL): the embedded database only.`);
for (const run of runs) {
  const args = ['--import', 'tsx', '--expose-gc', load, ...run, ...extra];
  console.log(`\n#### bench/load.ts ${[...run, ...extra].join(' ')}`);
  const { status } = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
console.log('\n#### bench/http-client.ts');
const http = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('../../../scripts/run-compiled.mjs', import.meta.url)), fileURLToPath(new URL('./http-client.ts', import.meta.url))],
  {
    stdio: 'inherit',
  },
);
if (http.status !== 0) process.exit(http.status ?? 1);
