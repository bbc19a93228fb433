// A soak: `npm start` (the demo: the real bot, telegram-sim, the dashboard and the embedded
// database, or PostgreSQL) for N minutes at a person's pace, one line a minute with the resident
// memory of every process of its tree and their total, the app's JS heap (its `host: memory` log
// lines), the database's size and the latency of a few dashboard requests; at the end, whether
// a figure kept growing (the last third of the run against the middle third).
//
//   npm run soak -- [--minutes 30] [--postgres [URL]] [-- demo options, e.g. --groups 5]
//
// --postgres: a fresh database on that server (default postgresql://postgres@127.0.0.1:5432/postgres),
// dropped at the end: the bot on PostgreSQL, as in production.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mb, processTree } from './proc-tree.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const own = dash === -1 ? argv : argv.slice(0, dash);
const demoArgs = dash === -1 ? [] : argv.slice(dash + 1);
const minutesAt = own.indexOf('--minutes');
const minutes = minutesAt === -1 ? 30 : Number(own[minutesAt + 1]);
const pgAt = own.indexOf('--postgres');
const serverUrl = pgAt === -1 ? null : own[pgAt + 1]?.startsWith('postgres') ? own[pgAt + 1] : 'postgresql://postgres@127.0.0.1:5432/postgres';
if (!(minutes > 0)) throw new Error('--minutes takes a positive number');

const dir = await mkdtemp(join(tmpdir(), 'mia-soak-'));
const logFile = join(dir, 'demo.log');
const dataDir = join(dir, 'pglite');
const env = { ...process.env, DATA_DIR: dataDir, MIA_MEMORY_LOG_MS: '10000' };
delete env.BOT_TOKEN;
delete env.DATABASE_URL;

let pg = null;
let databaseUrl = null;
if (serverUrl) {
  const { default: pgModule } = await import('pg');
  const name = `mia_soak_${process.pid}`;
  const admin = new pgModule.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  env.DATABASE_URL = databaseUrl;
  pg = { pgModule, name, client: new pgModule.Client({ connectionString: databaseUrl }) };
  await pg.client.connect();
}

const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--log', logFile, ...demoArgs], {
  cwd: ROOT,
  env,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
child.stdout.on('data', (c) => (out += c));
child.stderr.on('data', (c) => (out += c));
const exited = new Promise((r) => child.on('close', (code, signal) => r({ code, signal })));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
while (!/kill -TERM \d+/.test(out)) {
  if (child.exitCode !== null) throw new Error(`npm start ended:\n${out.slice(-3000)}`);
  if (Date.now() - started > 300_000) throw new Error(`no banner within 300 s:\n${out.slice(-3000)}`);
  await sleep(200);
}
const dashboard = /the dashboard at (http:\/\/[\d.:]+) /.exec(out)[1];
const token = new RegExp(`${dashboard.replace(/[.:/]/g, '\\$&')}/g/([\\w-]+)`).exec(out)[1];
console.log(
  `soak: npm start for ${minutes} min on ${databaseUrl ? `PostgreSQL (${pg.name})` : 'the embedded database'}, banner after ${((Date.now() - started) / 1000).toFixed(1)} s; dashboard ${dashboard}`,
);

const dirBytes = (path) => {
  let total = 0;
  for (const e of readdirSync(path, { withFileTypes: true })) {
    const p = join(path, e.name);
    total += e.isDirectory() ? dirBytes(p) : statSync(p).size;
  }
  return total;
};
const databaseBytes = async () => (pg ? Number((await pg.client.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n) : dirBytes(dataDir));

/** The app's last `host: memory` line. */
const heap = () => {
  const lines = readFileSync(logFile, 'utf8').split('\n');
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].includes('"host: memory"')) return JSON.parse(lines[i]).memory;
  return null;
};

const ROUTES = { groups: '/api/groups', live: '/api/live', group: `/api/g/${token}`, stats: `/api/g/${token}/stats`, odds: '/api/odds' };
/** Median of five sequential requests per route, in ms. */
async function latencies() {
  const result = {};
  for (const [name, path] of Object.entries(ROUTES)) {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await fetch(dashboard + path);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      times.push(performance.now() - t);
    }
    result[name] = times.sort((a, b) => a - b)[2];
  }
  return result;
}

const games = () => {
  const all = [...out.matchAll(/Database: ([\d,]+) games? finished/g)];
  return all.length === 0 ? 0 : Number(all.at(-1)[1].replace(/,/g, ''));
};

const rows = [];
console.log(
  'min | total MB = each process | app heap used/total MB, external | database MB | games | dashboard ms (median of 5): groups live group stats odds',
);
for (let minute = 1; minute <= minutes; minute++) {
  await sleep(started + minute * 60_000 - Date.now());
  if (child.exitCode !== null) throw new Error(`npm start ended early:\n${out.slice(-3000)}`);
  const tree = processTree(child.pid);
  const app = tree.reduce((a, r) => (r.rssKb > a.rssKb ? r : a));
  const memory = heap();
  const row = {
    minute,
    total: mb(tree.reduce((s, r) => s + r.rssKb, 0)),
    app: mb(app.rssKb),
    heapUsed: memory ? Math.round(memory.heapUsed / 2 ** 20) : NaN,
    heapTotal: memory ? Math.round(memory.heapTotal / 2 ** 20) : NaN,
    external: memory ? Math.round(memory.external / 2 ** 20) : NaN,
    db: Math.round((await databaseBytes()) / 2 ** 20),
    games: games(),
    ms: await latencies(),
  };
  rows.push(row);
  const each = tree.map((r) => `${r.cmd.split(' ').slice(0, 2).join(' ')} ${mb(r.rssKb)}`).join(' + ');
  const ms = Object.values(row.ms)
    .map((v) => v.toFixed(1))
    .join(' ');
  console.log(`${String(minute).padStart(3)} | ${row.total} = ${each} | ${row.heapUsed}/${row.heapTotal}, ${row.external} | ${row.db} | ${row.games} | ${ms}`);
}

const peakKb = processTree(child.pid).reduce((s, r) => s + r.hwmKb, 0);
process.kill(-child.pid, 'SIGTERM');
const { code } = await exited;
console.log(`stopped (exit ${code}); peak of each process summed (VmHWM): ${mb(peakKb)} MB`);

// Growth: the last third against the middle third (the first holds start-up).
const third = Math.max(1, Math.floor(rows.length / 3));
const middle = rows.slice(third, rows.length - third);
const last = rows.slice(rows.length - third);
const mean = (xs, f) => xs.reduce((s, r) => s + f(r), 0) / xs.length;
const series = {
  'total RSS MB': (r) => r.total,
  'app RSS MB': (r) => r.app,
  'app heap used MB': (r) => r.heapUsed,
  'dashboard /api/g/:token ms': (r) => r.ms.group,
  'dashboard /api/live ms': (r) => r.ms.live,
};
if (middle.length === 0) {
  console.log('too short to compare thirds (run 3 minutes or more)');
} else {
  let growing = 0;
  for (const [name, f] of Object.entries(series)) {
    const [a, b] = [mean(middle, f), mean(last, f)];
    const grew = b > a * 1.1 && b - a > (name.includes('ms') ? 5 : 10);
    if (grew) growing++;
    console.log(`${name.padEnd(28)} middle third ${a.toFixed(1)}, last third ${b.toFixed(1)}: ${grew ? 'GROWS' : 'steady'}`);
  }
  const gamesPlayed = rows.at(-1).games - rows[0].games;
  const dbGrowth = rows.at(-1).db - rows[0].db;
  console.log(`database: ${rows[0].db} → ${rows.at(-1).db} MB over ${gamesPlayed} games (it keeps every game: growth expected)`);
  console.log(
    growing === 0
      ? 'verdict: no figure grew without bound'
      : `verdict: ${growing} figure(s) grew from the middle third to the last: look closer (a longer run tells a leak from a warm-up)`,
  );
  if (dbGrowth < 0) console.log('(the database shrank: a checkpoint or vacuum)');
}

if (pg) {
  await pg.client.end();
  const admin = new pg.pgModule.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.name} WITH (FORCE)`);
  await admin.end();
}
await rm(dir, { recursive: true, force: true });
