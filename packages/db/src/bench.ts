// What every benchmark needs besides its measure: percentiles, whether the PostgreSQL server is
// up, and writing its results under bench/results/ at the repository root (JSON and Markdown,
// merged with earlier runs of the cases not run this time).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

export { DEFAULT_SERVER_URL, serverReachable } from './testing';
export const RESULTS_DIR = join(REPO_ROOT, 'bench/results');

const r2 = (x: number) => Math.round(x * 100) / 100;

export interface Quantiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles (rounded to 0.01); NaN for no samples. */
export function quantiles(samples: ArrayLike<number>): Quantiles {
  const s = Float64Array.from(samples).sort();
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
  let sum = 0;
  for (const x of s) sum += x;
  return { count: s.length, p50: r2(at(0.5)), p95: r2(at(0.95)), p99: r2(at(0.99)), max: r2(s.at(-1) ?? NaN), mean: r2(sum / (s.length || 1)) };
}

/** The machine, for the results' header. */
export const machine = () => ({ node: process.version, cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}` });

/**
 * Writes bench/results/<name>.json ({ ...header, results }) and <name>.md (from `markdown`),
 * keeping earlier results whose `key` was not run this time.
 */
export async function writeResults<R>(options: {
  name: string;
  header: Record<string, unknown>;
  results: R[];
  key: (result: R) => string;
  markdown: (results: R[]) => string;
}): Promise<{ json: string; md: string }> {
  const { name, header, results, key } = options;
  await mkdir(RESULTS_DIR, { recursive: true });
  const json = join(RESULTS_DIR, `${name}.json`);
  const md = join(RESULTS_DIR, `${name}.md`);
  const earlier = await readFile(json, 'utf8').then(
    (s) => (JSON.parse(s) as { results?: R[] }).results ?? [],
    () => [] as R[],
  );
  const ran = new Set(results.map(key));
  const merged = [...results, ...earlier.filter((e) => !ran.has(key(e)))].sort((a, b) => key(a).localeCompare(key(b)));
  await writeFile(json, `${JSON.stringify({ ...header, results: merged }, null, 2)}\n`);
  await writeFile(md, options.markdown(merged));
  return { json, md };
}
