#!/usr/bin/env node
// Adds up the JSON reports Vitest wrote in each workspace (see vitest.shared.ts), prints how long
// each workspace's tests ran, and one closing line, "Tests: N passed, N failed", so CI can read
// what ran. Exits non-zero when a workspace with tests left no report, or anything failed.
//
// CI runs the suite in phases (.ci/run) and calls this after each one with
//   --phase NAME --seconds N --record FILE [--workspaces @mia/a,@mia/b]
// (the phase's wall time, the workspaces it ran: the others' reports are an earlier phase's),
// which also appends the phase to FILE; `--final FILE` then prints every recorded phase again,
// so the durations of the whole run are together at the end of the log.
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const { values: args } = parseArgs({
  options: {
    phase: { type: 'string' },
    seconds: { type: 'string' },
    record: { type: 'string' },
    workspaces: { type: 'string' },
    final: { type: 'string' },
    // A phase that runs no tests (installing, starting services): only its time is recorded.
    'no-tests': { type: 'boolean' },
  },
});

const minutes = (s) => `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;

// The failed tests by name, with the first line of each one's message, so that a CI log whose
// head was cut off still says at its end what failed. A file that failed outside any test (a
// hook, an import) counts too.
function failuresOf(report, workspace, dir) {
  const firstLine = (messages) =>
    (messages?.[0] ?? '')
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? '';
  const out = [];
  for (const file of report.testResults) {
    const path = file.name.startsWith(dir) ? file.name.slice(dir.length + 1) : file.name;
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) out.push({ workspace, test: `${path} > ${a.fullName}`, message: firstLine(a.failureMessages) });
    if (failed.length === 0 && file.status === 'failed') out.push({ workspace, test: path, message: file.message?.split('\n')[0]?.slice(0, 300) ?? '' });
  }
  return out;
}

function collect(only) {
  const dirs = readJson(join(root, 'package.json')).workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [join(root, pattern)];
    const base = join(root, pattern.slice(0, -2));
    return existsSync(base)
      ? readdirSync(base, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => join(base, e.name))
      : [];
  });
  const phase = { passed: 0, failed: 0, skipped: 0, missing: [], workspaces: [], failures: [] };
  for (const dir of dirs) {
    const pkgPath = join(dir, 'package.json');
    if (!existsSync(pkgPath)) continue;
    const pkg = readJson(pkgPath);
    if (!pkg.scripts?.test || (only && !only.includes(pkg.name))) continue;
    const report = join(dir, '.vitest', 'results.json');
    if (!existsSync(report)) {
      phase.missing.push(dir.slice(root.length));
      continue;
    }
    const r = readJson(report);
    // From the run's start to the last test file's end: collection and setup included.
    const end = Math.max(r.startTime, ...r.testResults.map((t) => t.endTime ?? t.startTime ?? 0));
    phase.workspaces.push({
      name: pkg.name,
      seconds: (end - r.startTime) / 1000,
      passed: r.numPassedTests,
      failed: r.numFailedTests,
    });
    phase.passed += r.numPassedTests;
    phase.failed += r.numFailedTests;
    phase.skipped += r.numPendingTests + r.numTodoTests;
    phase.failures.push(...failuresOf(r, pkg.name, dir));
  }
  return phase;
}

function print(phase) {
  const title = phase.name ? `${phase.name}${phase.seconds != null ? `: ${minutes(phase.seconds)} in all` : ''}` : 'Test durations';
  console.log(`-- ${title}`);
  for (const w of [...phase.workspaces].sort((a, b) => b.seconds - a.seconds)) {
    const fails = w.failed ? `, ${w.failed} failed` : '';
    console.log(`   ${w.name.padEnd(22)} ${minutes(w.seconds).padStart(7)}  (${w.passed} passed${fails})`);
  }
  if (phase.missing.length > 0) console.error(`no test report from: ${phase.missing.join(', ')}`);
  for (const f of phase.failures ?? []) console.log(`   FAILED ${f.workspace}: ${f.test}\n          ${f.message}`);
}

const totals = (phase) => `Tests: ${phase.passed} passed, ${phase.failed} failed${phase.skipped ? `, ${phase.skipped} skipped` : ''}`;
const bad = (phase) => !phase.noTests && (phase.failed > 0 || phase.missing.length > 0 || phase.passed === 0);

if (args.final) {
  const phases = existsSync(args.final)
    ? readFileSync(args.final, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  console.log('== Durations');
  for (const phase of phases) print(phase);
  const total = phases.reduce((s, p) => s + (p.seconds ?? 0), 0);
  console.log(`-- all phases: ${minutes(total)}`);
  for (const phase of phases.filter((p) => !p.noTests)) console.log(`${phase.name}: ${totals(phase)}`);
  process.exit(phases.length === 0 || phases.some(bad) ? 1 : 0);
}

const phase = {
  name: args.phase,
  node: process.version,
  seconds: args.seconds == null ? undefined : Number(args.seconds),
  noTests: args['no-tests'] ?? false,
  ...(args['no-tests'] ? { passed: 0, failed: 0, skipped: 0, missing: [], workspaces: [], failures: [] } : collect(args.workspaces?.split(','))),
};
if (args.record) appendFileSync(args.record, `${JSON.stringify(phase)}\n`);
print(phase);
if (!phase.noTests) console.log(totals(phase));
process.exit(bad(phase) ? 1 : 0);
