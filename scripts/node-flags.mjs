// How production runs node, in one place: `npm start` (root and apps/demo), `npm start -w
// @mia/bot|@mia/dashboard` (their package.json scripts spell the same flags out: npm scripts cannot
// import, and a test, apps/demo/test/start-scripts.test.ts, checks that they agree; the bot's,
// which depend on node's version, are printed by this file) and the benchmarks that measure the
// compiled processes. Why each: apps/demo/README.md.
import { pathToFileURL } from 'node:url';

//   --max-semi-space-size=2      a young generation of 2 MB instead of 16: shorter, more frequent scavenges
//   --heap-growing-percent=30    the old generation grows to 1.3× what the last full collection kept
//   --liftoff-only               WebAssembly (PGlite, Prisma's query compiler) on the baseline compiler only
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=30', '--liftoff-only'];

// The bot on its own (`npm start -w @mia/bot`, and the benchmarks that measure it) adds:
//   --single-threaded            V8 does its garbage collection and compiling on the main thread
// At a person's pace the bot is idle between presses, and each of V8's helper threads (parallel
// scavenges, concurrent marking and sweeping, background compiles) is woken for a little work (a
// throwaway loop allocating about what a press does, every 20 ms: 1.7 thread wakes an iteration,
// 1.0 with the flag), and on these 2-core VMs a wake of an idle thread costs 100–160 µs of CPU.
// 100 groups at 2–3 s on PostgreSQL (2026-12-03, one sitting, the floor alike in all runs): 4.6
// and 4.58 ms of CPU per action without it, 3.76, 4.2, 4.1 and 4.49 with it; p99 press → last
// Bot API call 46 and 42 ms against 25, 31, 28 and 45; peak RSS 140–145 MB against 144–147
// (docs/performance-log.md, the fifth machine). The demo keeps the flags above (not measured
// there with this one).
// Under Node 22 only. Node 24's V8 (13.6) keeps the pages its collections free in a pool and hands
// them back only after a memory-reducing collection; with the flag none came, and the bot peaked at
// 198–201 MB ("pooled: 64 MB" in --trace-gc), 152–165 without it (2026-12-04, apps/bot/README.md).
// Under Node 24 and later instead (Node 26's V8, 14.6, pools the same way: 187 MB with the flag,
// 139-148 with this one; apps/bot/README.md, Node 26):
//   --optimize-for-size          every full collection is a memory-reducing one, so the pool is
//                                handed back each time (it also implies a 1 MB young generation)
// With it the bot peaked at 139–148 MB (five runs), its CPU per action alike (4.66–5.32 ms against
// 4.65–5.19, alternated). Not under Node 22, where it cost CPU (4.41–4.55 against 3.64–4.06 ms)
// for a goal already met.
// And under Node 22:
//   --no-flush-bytecode          V8 keeps the bytecode of functions not run for a while (by default
//                                it drops it after six full collections, about 35 s at this load,
//                                and compiles the function again, feedback and all, when it next runs)
// A bot runs some paths once a game or once a minute (a game's end, a lobby, a reminder): with the
// flag they stay compiled. 100 groups at 2–3 s on PostgreSQL, alternated in three sittings on one
// machine (2026-12-05): 2.72, 2.8, 2.96, 2.79, 2.95, 2.67 and 2.57 ms of CPU per action against
// 3.07, 3.16, 3.0, 3.27, 2.75, 2.85 and 2.82 without it; peak RSS alike (139–143 against 139–145).
// Not under Node 24, where beside --optimize-for-size it was within the noise (2.82 and 3.07 against
// 2.87 and 3.18, alternated) and peaked once at 146 MB (134–137 without).
export function botNodeFlags(nodeVersion = process.versions.node) {
  const node24 = Number(nodeVersion.split('.')[0]) >= 24;
  return [...PRODUCTION_NODE_FLAGS, ...(node24 ? ['--optimize-for-size'] : ['--single-threaded', '--no-flush-bytecode'])];
}

/** The bot's flags under the node running this. */
export const BOT_NODE_FLAGS = botNodeFlags();

// The embedded database's template (scripts/pglite-template.mjs, run by scripts/build.mjs once per
// PGlite version: initdb, the build's peak):
//   --liftoff-only               PGlite's WebAssembly (initdb and PostgreSQL) on the baseline compiler only
//   --single-threaded            no background compile or GC threads
//   --max-old-space-size=48      a cap on V8's heap (the script's own needs about 20 MB): V8 collects sooner
//   --max-semi-space-size=1      a young generation of 1 MB
// Peak RSS of that process (2026-12-03): 775 MB with node's defaults, 642 with the first flag, 517
// with the first two, 480-482 with the first three (a cap of 96); on a later machine 548-574 with
// those, 407 once initdb wrote into the cluster's folder instead of a tarball in memory, 387 with
// the young generation and TEMPLATE_ENV. With initdb's snapshots sparse (2026-12-04, one sitting):
// 330 MB with node's defaults, 194 with these flags, 180 with the flags and TEMPLATE_ENV.
export const TEMPLATE_NODE_FLAGS = ['--liftoff-only', '--single-threaded', '--max-old-space-size=48', '--max-semi-space-size=1'];

/** glibc's malloc: two arenas instead of eight per core for the few threads node runs. */
export const PRODUCTION_ENV = { MALLOC_ARENA_MAX: '2' };

// The dashboard on its own (`npm start -w @mia/dashboard`) trades a little CPU for memory, where
// the bot keeps the flags above (its CPU per action is what it is short of). Its peak RSS with
// 1,000 spectators, PostgreSQL, one sitting: 128–131 MB with the flags above, 122–124 with the
// malloc threshold, 118–119 with both (apps/dashboard/README.md). CPU per commit within the noise.
//   --max-semi-space-size=1      a young generation of 1 MB
//   --heap-growing-percent=20    the old generation grows to 1.2× what the last full collection kept
//   --optimize-for-size          every full collection a memory-reducing one (as the bot's under Node 24
//                                and later). The nineteenth machine (2026-12-07, Node 22.23, alternated):
//                                peak 117.2–117.4 MB with it in three runs, 120.2–121.1 without in four,
//                                CPU per commit 1.22 and 1.49 ms against 1.26 and 1.42; under Node 26
//                                128–131 against 137 (apps/dashboard/README.md).
//   --no-maglev                  no mid-tier compiler: from Node 24 on V8 compiles much of the start-up's
//                                code with Maglev, and its code and zones stay. The twentieth machine
//                                (2026-12-07, Node 26.10, alternated): idle 100.6–101.3 MB against
//                                108.2–108.7, peak 122.2–123.4 in three runs against 127.7 and 135.8, CPU
//                                per commit 1.21–1.97 ms against 1.28–1.43. Node 22 leaves Maglev off:
//                                there it changes nothing.
export const DASHBOARD_NODE_FLAGS = ['--max-semi-space-size=1', '--heap-growing-percent=20', '--liftoff-only', '--optimize-for-size', '--no-maglev'];

/**
 * MALLOC_MMAP_THRESHOLD_: blocks of 32 kB and more are mapped and unmapped on their own, not
 * carved from malloc's heap. V8's compilers allocate their zones in such segments and free them
 * all once a function is compiled; from the heap, glibc kept the freed pages (about 6 MB in the
 * idle dashboard: its heap held 10.5 MB, 4 MB of it in use).
 */
export const DASHBOARD_ENV = { ...PRODUCTION_ENV, MALLOC_MMAP_THRESHOLD_: '32768' };

/** The template's process, the same way: the compiler's zones for PGlite's 9 MB of WebAssembly (30 MB of malloc's heap kept, 10 with it). */
export const TEMPLATE_ENV = DASHBOARD_ENV;

/**
 * The dashboard's `vite build` (scripts/build.mjs): Vite's bundler (rolldown, native) with one
 * worker thread of each of its pools instead of one per core, and its allocator (mimalloc 3)
 * giving memory back at once and committing its arena only as used: without the latter two it
 * kept 220 MB committed and freed nothing within the build's second. Peak RSS of the build
 * (2026-12-04, one sitting, each twice): 321–328 MB with the two pools of one thread, 265–267 with
 * MIMALLOC_PURGE_DELAY=0, 218–221 with MIMALLOC_ARENA_EAGER_COMMIT=0, 188 with both, 180–181 with
 * libuv's pool of one, TEMPLATE_ENV's malloc settings and WEB_BUILD_NODE_FLAGS; 1.2–1.3 s every
 * way (it was 385–391 MB with node's and rolldown's defaults).
 */
export const WEB_BUILD_ENV = {
  ...TEMPLATE_ENV,
  RAYON_NUM_THREADS: '1',
  TOKIO_WORKER_THREADS: '1',
  MIMALLOC_PURGE_DELAY: '0',
  MIMALLOC_ARENA_EAGER_COMMIT: '0',
  UV_THREADPOOL_SIZE: '1',
};
export const WEB_BUILD_NODE_FLAGS = ['--max-semi-space-size=1', '--single-threaded'];

// `node scripts/node-flags.mjs bot` prints the bot's flags for the node running it: the bot's npm
// start script reads them from here (`$(node …)`), as they depend on the version.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === 'bot') console.log(BOT_NODE_FLAGS.join(' '));
