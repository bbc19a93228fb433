// Rewrites a `--perf-basic-prof` map (/tmp/perf-PID.map) so that each address range names the
// code V8 put there last: `node scripts/perf-map-latest.mjs /tmp/perf-1234.map`, then `perf
// script`. V8 appends a line for every piece of code it makes and never removes one; once it has
// thrown code away and reused the address, perf names the new code after the old (apps/bot's
// README, the fifteenth machine). The original is kept beside it as `.orig`. No perf tool or
// library does this rewrite, hence by hand.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';

const path = process.argv[2];
if (!path) {
  console.error('usage: node scripts/perf-map-latest.mjs /tmp/perf-PID.map');
  process.exit(2);
}
const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
const entries = lines.map((line) => {
  const [start, size] = line.split(' ', 2);
  return { start: BigInt(`0x${start}`), end: BigInt(`0x${start}`) + BigInt(`0x${size}`), line };
});

// Latest first; an entry is kept unless a later kept one overlaps it. `kept` stays sorted by start.
const kept = [];
const overlapsKept = (e) => {
  let lo = 0;
  let hi = kept.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (kept[mid].start < e.start) lo = mid + 1;
    else hi = mid;
  }
  return [kept[lo - 1], kept[lo]].some((k) => k !== undefined && k.start < e.end && e.start < k.end);
};
for (let i = entries.length - 1; i >= 0; i--) {
  const e = entries[i];
  if (overlapsKept(e)) continue;
  let at = kept.findIndex((k) => k.start > e.start);
  if (at < 0) at = kept.length;
  kept.splice(at, 0, e);
}

copyFileSync(path, `${path}.orig`);
writeFileSync(path, `${kept.map((e) => e.line).join('\n')}\n`);
console.log(`${path}: ${entries.length} lines, ${kept.length} kept (the original in ${path}.orig)`);
