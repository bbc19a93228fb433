// How production runs node, in one place: `npm start` (root and apps/demo), `npm start -w
// @mia/bot|@mia/dashboard` (their package.json scripts spell the same flags out: npm scripts cannot
// import, and a test, apps/demo/test/start-scripts.test.ts, checks that they agree) and the
// benchmarks that measure the compiled processes. Why each: apps/demo/README.md.
//   --max-semi-space-size=2      a young generation of 2 MB instead of 16: shorter, more frequent scavenges
//   --heap-growing-percent=30    the old generation grows to 1.3× what the last full collection kept
//   --liftoff-only               WebAssembly (PGlite, Prisma's query compiler) on the baseline compiler only
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=30', '--liftoff-only'];

/** glibc's malloc: two arenas instead of eight per core for the few threads node runs. */
export const PRODUCTION_ENV = { MALLOC_ARENA_MAX: '2' };

// The dashboard on its own (`npm start -w @mia/dashboard`) trades a little CPU for memory, where
// the bot keeps the flags above (its CPU per action is what it is short of). Its peak RSS with
// 1,000 spectators, PostgreSQL, one sitting: 128–131 MB with the flags above, 122–124 with the
// malloc threshold, 118–119 with both (apps/dashboard/README.md). CPU per commit within the noise.
//   --max-semi-space-size=1      a young generation of 1 MB
//   --heap-growing-percent=20    the old generation grows to 1.2× what the last full collection kept
export const DASHBOARD_NODE_FLAGS = ['--max-semi-space-size=1', '--heap-growing-percent=20', '--liftoff-only'];

/**
 * MALLOC_MMAP_THRESHOLD_: blocks of 32 kB and more are mapped and unmapped on their own, not
 * carved from malloc's heap. V8's compilers allocate their zones in such segments and free them
 * all once a function is compiled; from the heap, glibc kept the freed pages (about 6 MB in the
 * idle dashboard: its heap held 10.5 MB, 4 MB of it in use).
 */
export const DASHBOARD_ENV = { ...PRODUCTION_ENV, MALLOC_MMAP_THRESHOLD_: '32768' };
