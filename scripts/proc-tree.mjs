// Resident memory of a process and all its descendants, read from /proc (Linux): what `npm start`
// really holds, wrappers included. Used by scripts/soak.mjs and scripts/start-memory.mjs.
import { readdirSync, readFileSync } from 'node:fs';

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended meanwhile
  }
};

/** Every live process as { pid, ppid }. */
function allProcesses() {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.push({ pid: Number(name), ppid: Number(fields[1]) });
  }
  return out;
}

const kb = (status, key) => {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) : 0;
};

/**
 * The process `root` and its descendants: pid, command line (shortened), resident memory now
 * (`rssKb`) and at its peak so far (`hwmKb`, the kernel's high-water mark), in kB.
 */
export function processTree(root) {
  const all = allProcesses();
  const pids = [root];
  for (let i = 0; i < pids.length; i++) for (const p of all) if (p.ppid === pids[i]) pids.push(p.pid);
  const rows = [];
  for (const pid of pids) {
    const status = read(`/proc/${pid}/status`);
    if (!status) continue;
    const cmdline = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean);
    rows.push({ pid, cmd: shorten(cmdline), rssKb: kb(status, 'VmRSS'), hwmKb: kb(status, 'VmHWM') });
  }
  return rows;
}

/** `node /long/path/apps/demo/dist/main.js --groups 2` → `node apps/demo/dist/main.js --groups 2`. */
function shorten(argv) {
  const cwd = `${process.cwd()}/`;
  return argv
    .map((a) => a.replace(cwd, '').replace(/^.*\/node_modules\//, '…/'))
    .map((a) => (a.includes('/') && a.startsWith('/') ? a.split('/').slice(-2).join('/') : a))
    .join(' ')
    .slice(0, 70);
}

export const mb = (kbValue) => Math.round(kbValue / 1024);

// As a command: node scripts/proc-tree.mjs PID — the tree's memory now.
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = Number(process.argv[2]);
  if (!root) {
    console.error('usage: node scripts/proc-tree.mjs PID');
    process.exit(2);
  }
  const rows = processTree(root);
  for (const r of rows) console.log(`${String(r.pid).padStart(7)} ${String(mb(r.rssKb)).padStart(5)} MB (peak ${String(mb(r.hwmKb)).padStart(5)})  ${r.cmd}`);
  console.log(`  total ${mb(rows.reduce((s, r) => s + r.rssKb, 0))} MB`);
}
