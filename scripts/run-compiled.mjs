#!/usr/bin/env node
// Runs a TypeScript entry compiled the way production processes are (scripts/build.mjs's
// bundleEntry: esbuild, workspace packages inlined, keepNames), on plain node: a benchmark then
// measures the code as it runs in production. Under tsx each file is transformed on its own and
// the engine's self-play ran at about half the speed (1.1 against 1.5–2.1 million turns per CPU
// second, 2026-12-02).
//
//   node scripts/run-compiled.mjs <entry.ts> [args…]      (the output: <entry's package>/dist/)
import { spawnSync } from 'node:child_process';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { bundleEntry } from './build.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-compiled.mjs <entry.ts> [args…]');
  process.exit(2);
}
const source = resolve(entry);
// <package>/bench/x.ts → <package>/dist/x.mjs (dist/ is ignored by git).
const out = join(dirname(dirname(source)), 'dist', `${basename(source, extname(source))}.mjs`);
await bundleEntry(source, out);
const run = spawnSync(process.execPath, [...process.execArgv, out, ...args], { stdio: 'inherit', env: { ...process.env, MIA_COMPILED: '1' } });
process.exit(run.status ?? 1);
