/**
 * Bot load (issue 7): K groups of four scripted people play whole games at once, as fast as they
 * can, against the real bot (createBot, long polling by @grammyjs/runner) through telegram-sim
 * with flood limits off (and the bot's own pacing of new messages off with them), on a fresh
 * PostgreSQL database and/or the embedded PGlite.
 *
 * Two processes: this one runs telegram-sim and the scripted people; the bot runs alone in a
 * forked child (bench/bot-process.ts) with its GameService and, on PGlite, the database. So the
 * child's CPU time, RSS and database round trips are the bot's own.
 *
 * Each group's people press the bot's real buttons, choosing like the calculator AI (believe, liar
 * and Mia on the group's round message, announcements on their private prompt); a group has
 * one action in flight at a time (press → the bot's answer → its chat's outgoing messages sent),
 * the groups run concurrently. After the load, the child times the bare GameService.act (no
 * Telegram) on the same database, so the bot's own cost per action can be set beside it.
 *
 *   npm run bench:load -w @mia/bot                         (100 groups, 45 s of play, both databases)
 *   npm run bench -w @mia/bot                              (the suite: bench/suite.ts)
 *   npm run bench:load -w @mia/bot -- --groups 1000 --db postgres
 *   npm run bench:load -w @mia/bot -- --db postgres --history  (+ the statistics queries at 1M announcements)
 *
 * Options: --groups K (100), --db pglite|postgres|both (both when a PostgreSQL server answers at
 * TEST_DATABASE_URL or postgresql://postgres@127.0.0.1:5432/postgres, else pglite), --duration S
 * (seconds of play, 45: a group starts no new action after it, so games may stay unfinished; 0
 * plays every game to its end), --warmup S (with --pace: seconds of play before the measured window opens, 0: the
 * groups play on through it, and the figures are then those of a bot that has been running; the CPU
 * per action from the cold start is printed beside them), --acts N (bare GameService.act samples, 500), --seed S (1),
 * --history (PostgreSQL: seed 1,000,000 announcements in another database on the same server
 * with packages/game/bench/db.ts's seeding, time its statistics queries alone and then again
 * while the load runs; HISTORY_ANNOUNCEMENTS changes the size), --profile DIR (the bot process
 * writes a CPU profile of the play alone, through node:inspector, into DIR), --perf DIR (Linux perf
 * records the bot's CPU over the measured play into DIR, and the run prints it by what ran and by
 * JavaScript module: load/perf.ts), --pace MIN-MAX (ms; each group presses at a human pace, open loop:
 * see load/paced.ts; 0, the default, presses as soon as the bot answers), --bundle (the bot process runs
 * compiled by esbuild on plain Node instead of under tsx, with production's node flags and environment,
 * scripts/node-flags.mjs: as `npm start -w @mia/bot` runs it), --node-flags "…" (the bot process's
 * node flags instead; "" for node's own; production's environment stays), --repeat N (each
 * database's run N times; a table of every run's CPU per action, floor, p99 and peak RSS follows,
 * and the results file keeps the median run), --versus "…" (a second variant, alternated with the
 * first run by run, A B then B A: node flags in place of the first's and NAME=value assignments
 * added to its environment, e.g. --versus="--max-semi-space-size=4 --single-threaded" (with "="
 * when the value starts with a dash) or --versus "MALLOC_ARENA_MAX=1"; for a change of code, copy
 * the bundle of a --bundle run of the code before it to apps/bot/dist/base.mjs and give --versus
 * "BENCH_BOT_BUNDLE=base.mjs", which runs that bot instead), --latency MS (with --pace: telegram-sim
 * answers every Bot API call a round trip of MS later, half before the call runs and half after, as
 * for a bot hosted far from Telegram; the latency a player meets then shows how many calls a move
 * makes one after another; bench/results is left as it was). On these shared machines two runs
 * of one configuration differ by a few tenths of a ms of CPU per action: compare variants this
 * way, not across commands. --together (with --versus) runs the two variants at once, each with
 * its own sim, database, bot and floor, so that both meet the same moments of the machine's load:
 * their difference is then measured within a run (the bot against itself: pairs within 0–4 %,
 * where runs in turn that morning spread over 2.28–2.92 ms), while the absolute figures are those
 * of a machine doing twice the work, so the results file is left as it was.
 * Results: bench/results/bot-load.json and bot-load.md at the repository root (merged per database,
 * group count and --history).
 *
 * Its parts, under load/: options.ts (the command line and the goals), children.ts (the forked bot
 * and history processes), people.ts (one group's scripted people), run.ts (one run on one
 * database) and report.ts (the tables, notes and Markdown).
 */
import { DEFAULT_SERVER_URL, machine, serverReachable } from '@mia/db/bench';
import { REPO_ROOT } from '@mia/db';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HistoryMeasure } from './history-process';
import { HistoryChild } from './load/children';
import { args, config, GOALS, log, OWN } from './load/options';
import { comparisonRows, describe, historyRows, markdown, medianRun, NOTES, rows } from './load/report';
import { runOn, type RunResult } from './load/run';

async function main() {
  const explicit = args.db;
  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
  let databases: ('pglite' | 'postgres')[];
  if (explicit === 'pglite' || explicit === 'postgres') databases = [explicit];
  else if (explicit === undefined || explicit === 'both') {
    const up = await serverReachable(serverUrl);
    if (explicit === 'both' && !up) throw new Error(`--db both: no PostgreSQL server at ${serverUrl}`);
    databases = up ? ['postgres', 'pglite'] : ['pglite'];
  } else throw new Error(`--db must be pglite, postgres or both, got ${explicit}`);
  if (databases.includes('postgres') && !(await serverReachable(serverUrl))) throw new Error(`no PostgreSQL server at ${serverUrl}`);
  if (config.history && !databases.includes('postgres')) throw new Error('--history needs PostgreSQL');

  const meta = machine();
  const results: RunResult[] = [];
  let history: HistoryChild | null = null;
  let historyAlone: HistoryMeasure[] | null = null;
  let announcements = 0;
  try {
    if (config.history) {
      history = new HistoryChild(serverUrl);
      log('\n== History: seeding the statistics database (packages/game/bench/db.ts) and timing its queries alone…');
      const seeded = await history.request({ type: 'seed' });
      if (seeded.type !== 'seeded') throw new Error('history: not seeded');
      announcements = seeded.announcements;
      log(
        `  ${seeded.announcements.toLocaleString('en')} announcements seeded in ${seeded.seconds.toFixed(0)} s; ratings and tallies of its ${seeded.ratedGames.toLocaleString('en')} finished games recomputed in ${seeded.ratingSeconds.toFixed(1)} s`,
      );
      const alone = await history.request({ type: 'measure' });
      if (alone.type === 'measured') historyAlone = alone.measures;
      console.table(historyAlone);
    }
    const variants = config.versus ? [OWN, config.versus] : [OWN];
    for (const database of databases) {
      const withHistory = database === 'postgres' ? history : null;
      const runs: RunResult[] = [];
      const run = (variant: (typeof variants)[number]) =>
        runOn(database, database === 'postgres' ? serverUrl : undefined, withHistory, historyAlone, announcements, variant);
      for (let i = 0; i < config.repeat; i++) {
        // --together: both variants at once (each its own sim, database and processes), else in turn.
        const together = config.together ? await Promise.all(variants.map(run)) : null;
        // In turn, A B, then B A, and so on: neither variant always runs first in its pair, after
        // the other's run on the same PostgreSQL (three A-then-B pairs once read 0.5 ms apart that
        // the order A B B A did not bear out: apps/bot/README.md, the eighteenth machine).
        const order = together || i % 2 === 0 ? variants : [...variants].reverse();
        for (const variant of order) {
          const r = together ? together[variants.indexOf(variant)]! : await run(variant);
          runs.push(r);
          log(`\n${describe(r)}`);
          console.table(rows(r));
          if (r.history) console.table(historyRows(r.history));
        }
      }
      if (runs.length > 1) {
        log(
          `\n${database}: ${config.repeat} run${config.repeat > 1 ? 's' : ''} of each variant${variants.length > 1 ? (config.together ? ', run together' : ', alternated') : ''}`,
        );
        console.table(comparisonRows(runs));
      }
      // The results file keeps the command's own configuration: its median run.
      results.push(medianRun(runs.filter((r) => r.variant === undefined)));
    }
  } finally {
    await history?.stop();
  }
  for (const n of NOTES) log(`- ${n}`);
  if (config.together) {
    log('\n--together: bench/results left as it was (each run shared the machine with the other variant)');
    return;
  }
  if (config.latencyMs) {
    log('\n--latency: bench/results left as it was (it keeps the figures on loopback)');
    return;
  }

  const dir = join(REPO_ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  const jsonPath = join(dir, 'bot-load.json');
  const earlier = await readFile(jsonPath, 'utf8').then(
    (s) => JSON.parse(s) as { results: RunResult[] },
    () => ({ results: [] as RunResult[] }),
  );
  const paceOf = (r: RunResult) => (r.pace ? `${r.pace.minMs}-${r.pace.maxMs}` : '');
  const same = (a: RunResult, b: RunResult) => a.database === b.database && a.groups === b.groups && !a.history === !b.history && paceOf(a) === paceOf(b);
  const merged = [...results, ...earlier.results.filter((e) => e.botOwnCpuMsPerAction !== undefined && !results.some((r) => same(r, e)))].sort(
    (a, b) => b.database.localeCompare(a.database) || a.groups - b.groups || Number(!!a.history) - Number(!!b.history) || paceOf(a).localeCompare(paceOf(b)),
  );
  await writeFile(jsonPath, `${JSON.stringify({ generatedBy: 'apps/bot/bench/load.ts', ...meta, goals: GOALS, notes: NOTES, results: merged }, null, 2)}\n`);
  await writeFile(join(dir, 'bot-load.md'), markdown(merged, meta));
  log(`\nwrote ${jsonPath} and bot-load.md`);
}

await main();
