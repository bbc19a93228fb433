// `npm start` as a newcomer runs it (fresh embedded database), its whole process tree's resident
// memory sampled from /proc: the peak of the first start, then the steady figure while the demo
// plays at a person's pace, then a second start on the same folder. `npm run bench -w @mia/demo`.
//   node scripts/start-memory.mjs [--seconds 60] [--runs 2] [-- demo options]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mb, processTree } from './proc-tree.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const dash = args.indexOf('--');
const own = dash === -1 ? args : args.slice(0, dash);
const demoArgs = dash === -1 ? [] : args.slice(dash + 1);
const opt = (name, fallback) => {
  const i = own.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(own[i + 1]);
};
const seconds = opt('seconds', 60);
const runs = opt('runs', 2);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One `npm start`: resolves with its figures once stopped. */
async function measure(dir, label) {
  const env = { ...process.env, DATA_DIR: join(dir, 'pglite') };
  delete env.DATABASE_URL;
  delete env.BOT_TOKEN;
  const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--log', join(dir, 'demo.log'), ...demoArgs], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise((r) => child.on('close', r));
  const started = Date.now();
  let peak = 0;
  let peakRows = [];
  let ready = 0;
  const steady = [];
  let last = [];
  while (true) {
    const rows = processTree(child.pid);
    if (rows.length === 0) break;
    const total = rows.reduce((s, r) => s + r.rssKb, 0);
    if (total > peak) [peak, peakRows] = [total, rows];
    if (!ready && /kill -TERM \d+/.test(out)) ready = Date.now();
    // Steady: the second half of the time after the banner (start-up's garbage collected by then).
    if (ready && Date.now() - ready > (seconds * 1000) / 2) steady.push(total);
    last = rows;
    if (ready && Date.now() - ready > seconds * 1000) break;
    if (Date.now() - started > 300_000) throw new Error(`no banner within 300 s:\n${out.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const hwmSum = last.reduce((s, r) => s + r.hwmKb, 0);
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  console.log(`${label}: banner after ${((ready - started) / 1000).toFixed(1)} s`);
  console.log(`  peak (sampled every 200 ms) ${mb(peak)} MB:  ${peakRows.map((r) => `${r.cmd.split(' ').slice(0, 2).join(' ')} ${mb(r.rssKb)}`).join(' | ')}`);
  console.log(`  peak of each process (VmHWM), summed: ${mb(hwmSum)} MB`);
  console.log(`  steady (median over the last ${seconds / 2} s) ${mb(median(steady))} MB:  ${last.map((r) => `${r.cmd} ${mb(r.rssKb)}`).join(' | ')}`);
  return { peak, steady: median(steady) };
}

const dir = await mkdtemp(join(tmpdir(), 'mia-start-memory-'));
try {
  for (let i = 1; i <= runs; i++) await measure(dir, i === 1 ? 'first start (empty data folder)' : `start ${i} (same folder)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
