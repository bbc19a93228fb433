#!/usr/bin/env node
// Adds up the JSON reports Vitest wrote in each workspace (see vitest.shared.ts) and prints one
// closing line, "Tests: N passed, N failed", so CI can read what ran. Exits non-zero when a
// workspace with tests left no report, or anything failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

const dirs = readJson(join(root, 'package.json')).workspaces.flatMap((pattern) => {
  if (!pattern.endsWith('/*')) return [join(root, pattern)];
  const base = join(root, pattern.slice(0, -2));
  return existsSync(base)
    ? readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(base, e.name))
    : [];
});

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const dir of dirs) {
  const pkg = join(dir, 'package.json');
  if (!existsSync(pkg) || !readJson(pkg).scripts?.test) continue;
  const report = join(dir, '.vitest', 'results.json');
  if (!existsSync(report)) {
    missing.push(dir.slice(root.length));
    continue;
  }
  const r = readJson(report);
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}
if (missing.length > 0) console.error(`no test report from: ${missing.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || missing.length > 0 || passed === 0 ? 1 : 0);
