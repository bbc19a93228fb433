// Rewrites a `--perf-basic-prof` map (/tmp/perf-PID.map) so that each address range names the
// code V8 put there last: `node scripts/perf-map-latest.mjs /tmp/perf-1234.map`, then `perf
// script`. V8 appends a line for every piece of code it makes and never removes one; once it has
// thrown code away and reused the address, perf names the new code after the old (apps/bot's
// README, "Reading a perf profile"). The original is kept beside it as `.orig`. The load benchmark's
// `--perf` does the same through `latestMapLines`. No perf tool or library does this rewrite,
// hence by hand.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The map's lines, latest first wins: a line is kept unless a line written after it overlaps its
 * address range. Returns the kept lines in address order, and how many there were and are.
 */
export function latestMapLines(text) {
  const entries = text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start, size] = line.split(' ', 2);
      const at = BigInt(`0x${start}`);
      return { start: at, end: at + BigInt(`0x${size}`), line };
    });
  /** Kept so far, sorted by start; none overlaps another. */
  const kept = [];
  const firstAtOrAfter = (start) => {
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid].start < start) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    const at = firstAtOrAfter(e.start);
    const overlaps = [kept[at - 1], kept[at]].some((k) => k !== undefined && k.start < e.end && e.start < k.end);
    if (!overlaps) kept.splice(at, 0, e);
  }
  return { text: kept.map((e) => `${e.line}\n`).join(''), before: entries.length, after: kept.length };
}

/** Rewrites the map at `path` in place, the original kept as `path.orig`. */
export function rewriteMap(path) {
  const { text, before, after } = latestMapLines(readFileSync(path, 'utf8'));
  copyFileSync(path, `${path}.orig`);
  writeFileSync(path, text);
  return { before, after };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: node scripts/perf-map-latest.mjs /tmp/perf-PID.map');
    process.exit(2);
  }
  const { before, after } = rewriteMap(path);
  console.log(`${path}: ${before} lines, ${after} kept (the original in ${path}.orig)`);
}
