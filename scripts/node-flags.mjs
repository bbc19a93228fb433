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
