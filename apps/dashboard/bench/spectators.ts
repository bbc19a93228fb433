/**
 * Spectators (issue 7): 1,000 live-channel clients watching 100 running games. How long a
 * committed action takes to reach the clients (p50/p99), whether every client gets every version,
 * and what the server's memory costs per client. Goal: p99 under 200 ms.
 *
 * Three processes, as in production:
 *   - this one, the writer: a GameService playing 100 games (one per group, four seated people
 *     choosing like the calculator AI) through `act`, each game one action every --interval ms
 *     (staggered), noting when each `act` was called and resolved, per game id and version;
 *   - the dashboard, `server/main.ts` as its own process on the same PostgreSQL database, fed by
 *     LISTEN/NOTIFY like it is by the bot (its RSS and CPU are read from /proc);
 *   - the spectators (bench/spectator-clients.ts): 10 WebSocket clients per group on
 *     /api/g/:token/ws, noting when each `game`/`ended` message arrived and its version, and a
 *     LISTEN connection noting when each commit's notice arrived.
 * Delay = arrival − commit, matched by game id and version (one machine, one clock); the commit's
 * time is the earlier of `act` resolved and its notice heard (see NOTES).
 *
 * Without a PostgreSQL server the dashboard runs in this process on an in-memory PGlite (no
 * LISTEN/NOTIFY across processes there): its memory and CPU then include the writer's.
 *
 *   npm run bench -w @mia/dashboard
 *   npm run bench -w @mia/dashboard -- --groups 200 --clients 25 --seconds 120
 *
 * Options: --groups G (100), --clients C per group (10), --seconds S of play measured (30),
 * --warmup S of play before it, not measured (3), --interval ms between one game's actions
 * (1000: 100 groups → 100 actions/s), --db postgres|pglite (postgres when a server answers at
 * TEST_DATABASE_URL or postgresql://postgres@127.0.0.1:5432/postgres), --seed N (1),
 * --profile DIR (the dashboard process writes a V8 CPU profile there, for DevTools), --tsx (the
 * dashboard from its TypeScript through tsx instead of node on dist-server/main.js, built when
 * stale by scripts/build.mjs), --node-flags "…" (the dashboard process's node flags; default: production's,
 * scripts/node-flags.mjs's DASHBOARD_NODE_FLAGS, with DASHBOARD_ENV, which set in this process's
 * environment win; "" for node's own);
 * SPECTATORS_TRACE=file writes each delay with its time in the run, to see when the tail happened.
 * The dashboard's rate limit (300 requests a minute per address by default) would refuse most of
 * 1,000 upgrades from one address: the bench starts it with RATE_LIMIT_MAX raised above the
 * client count, as a deployment behind a proxy sets TRUST_PROXY instead.
 * Results: bench/results/spectators.json and spectators.md at the repository root.
 *
 * Its parts, under spectators/: options.ts (command line, goal), server.ts (the dashboard measured,
 * in a process of its own or this one), writer.ts (the paced games), clients.ts (the spectators'
 * process), run.ts (one run) and report.ts (notes, table, Markdown).
 */
import { DEFAULT_SERVER_URL, machine, serverReachable, writeResults } from '@mia/db/bench';
import { args, config, GOAL, log } from './spectators/options';
import { run } from './spectators/run';
import { describe, markdown, NOTES, rows } from './spectators/report';

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
  let database: 'postgres' | 'pglite';
  if (args.db === 'postgres' || args.db === 'pglite') database = args.db;
  else if (args.db === undefined) database = (await serverReachable(serverUrl)) ? 'postgres' : 'pglite';
  else throw new Error(`--db must be postgres or pglite, got ${args.db}`);
  if (database === 'postgres' && !(await serverReachable(serverUrl))) throw new Error(`no PostgreSQL server at ${serverUrl}`);

  const r = await run(database, serverUrl);
  log(`\n${describe(r)}`);
  console.table(rows(r));
  for (const n of NOTES) log(`- ${n}`);
  const written = await writeResults({
    name: 'spectators',
    header: { generatedBy: 'apps/dashboard/bench/spectators.ts', ...machine(), goal: GOAL, config, notes: NOTES },
    results: [r],
    key: (x) => x.database,
    markdown,
  });
  log(`\nwrote ${written.json} and spectators.md`);
  // a run that lost messages or could not seat every spectator did not measure what it says
  if (r.lost > 0 || r.clients < config.groups * config.clientsPerGroup) process.exitCode = 1;
}

await main();
