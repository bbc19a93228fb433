// --perf DIR: Linux perf records the bot process's on-CPU time over the measured play (kernel
// included, which node's own profiler cannot see, and CPU only, where the inspector samples wall
// time), then the run prints where it went: by what ran at each sample (V8's builtins, its
// runtime, JIT code, collecting, compiling, the kernel, libc) and by the module of the innermost
// JavaScript frame (a bundle's lines are given to the source file esbuild marks them with).
// perf and its `perf script` do the sampling and symbolizing; the two tallies are written here,
// since no tool reads a `perf script` of node by JavaScript module.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The bot's extra node flags: a map of its JIT code for perf, and interpreted frames named. */
export const PERF_NODE_FLAGS = ['--perf-basic-prof', '--interpreted-frames-native-stack'];

export interface PerfSummary {
  samples: number;
  /** [what ran at the sample, share 0–1], largest first. */
  byKind: [string, number][];
  /** [module of the innermost JavaScript frame, share 0–1], largest first. */
  byModule: [string, number][];
}

/** Whether `perf` runs here (Debian: linux-perf). */
export function perfAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn('perf', ['--version'], { stdio: 'ignore' });
    p.on('error', () => resolve(false));
    p.on('exit', (code) => resolve(code === 0));
  });
}

/** `perf record` attached to one process until `stop`. */
export class PerfRecording {
  private readonly exited: Promise<number | null>;

  private constructor(
    private readonly proc: ChildProcess,
    readonly pid: number,
    readonly dataPath: string,
  ) {
    // A perf that could not start ends with 'error' and no 'exit'.
    this.exited = new Promise((resolve) => {
      proc.on('exit', resolve);
      proc.on('error', () => resolve(-1));
    });
  }

  static start(pid: number, dir: string): PerfRecording {
    const dataPath = join(dir, `bot-play-${pid}.perf.data`);
    // cpu-clock: a software clock, so it samples on VMs without hardware counters too.
    const proc = spawn('perf', ['record', '-q', '-F', '2000', '-e', 'cpu-clock', '-g', '-p', String(pid), '-o', dataPath], { stdio: 'ignore' });
    return new PerfRecording(proc, pid, dataPath);
  }

  /** Stops recording (perf writes its file on SIGINT) and waits for it. */
  async stop(): Promise<void> {
    this.proc.kill('SIGINT');
    const code = await this.exited;
    if (code !== 0 && code !== null) throw new Error(`perf record exited with ${code}`);
  }
}

/**
 * The recording's summary: the process's JIT map rewritten so each address names its latest code
 * (scripts/perf-map-latest.mjs), then `perf script` read sample by sample.
 */
export async function summarizeRecording(recording: PerfRecording, bundlePath: string | null): Promise<PerfSummary> {
  const script = new URL('../../../../scripts/perf-map-latest.mjs', import.meta.url).href;
  const { rewriteMap } = (await import(script)) as { rewriteMap(path: string): { before: number; after: number } };
  rewriteMap(`/tmp/perf-${recording.pid}.map`);
  const text = await perfScript(recording.dataPath);
  return summarize(text, bundlePath ? { file: bundlePath, moduleAt: bundleModules(await readFile(bundlePath, 'utf8')) } : null);
}

function perfScript(dataPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn('perf', ['script', '-i', dataPath], { stdio: ['ignore', 'pipe', 'ignore'] });
    const parts: Buffer[] = [];
    p.stdout.on('data', (b: Buffer) => parts.push(b));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(Buffer.concat(parts).toString('utf8')) : reject(new Error(`perf script exited with ${code}`))));
  });
}

/**
 * A bundle's line → the source file esbuild compiled it from: esbuild opens each module's code
 * with a comment naming its path (`// ../../packages/game/src/fast-write.ts`).
 */
export function bundleModules(bundle: string): (line: number) => string {
  const starts: number[] = [];
  const names: string[] = [];
  bundle.split('\n').forEach((text, i) => {
    const m = /^\/\/ (\S+\.(?:ts|tsx|js|mjs|cjs|json))$/.exec(text);
    if (m) {
      starts.push(i + 1);
      names.push(moduleName(m[1]!));
    }
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! <= line) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? '(bundle preamble)' : names[lo - 1]!;
  };
}

/** A package in node_modules by its name; a file of the project by its path from the root. */
function moduleName(path: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  return path
    .replace(/^file:\/\//, '')
    .replace(/^(?:\.\.\/)+/, '')
    .replace(/^.*?\/((?:apps|packages)\/)/, '$1');
}

/** What ran at a sample, by its innermost frame's symbol. */
export function kindOf(frame: string): string {
  if (frame.includes('[kernel.kallsyms]')) return 'kernel';
  if (/ (?:JS|Eval|Function|RegExp):/.test(frame)) return 'JIT code';
  if (/Builtins_|BytecodeHandler/.test(frame)) return "V8's builtins";
  if (/Heap|Scaveng|MarkCompact|Sweep|Marking|Evacuat|Marker|GCTracer/.test(frame)) return 'collecting';
  if (/compiler::|Turbofan|Pipeline|Maglev|baseline::|Compiler::|Compile/.test(frame)) return 'compiling';
  if (/\((?:\/[^)]*\/)?lib[a-z]*\.so|\/libc[.-]/.test(frame)) return 'libc and other libraries';
  if (/\buv_|\buv__/.test(frame)) return 'libuv';
  if (/v8::/.test(frame)) return "V8's runtime";
  if (/node::/.test(frame)) return "node's C++";
  return 'other';
}

/** A JavaScript frame's module, or null for a native frame. */
function frameModule(frame: string, bundle: { file: string; moduleAt: (line: number) => string } | null): string | null {
  const m = / (?:JS|Eval|Function):\S* (\S+):(\d+):\d+/.exec(frame);
  if (!m) return null;
  const url = m[1]!;
  if (bundle && url.endsWith(bundle.file)) return bundle.moduleAt(Number(m[2]));
  if (url.startsWith('node:')) return url;
  return moduleName(url);
}

/** Tallies a `perf script` text: each sample by its innermost frame's kind and its innermost JavaScript frame's module. */
export function summarize(text: string, bundle: { file: string; moduleAt: (line: number) => string } | null): PerfSummary {
  const kinds = new Map<string, number>();
  const modules = new Map<string, number>();
  let samples = 0;
  for (const block of text.split('\n\n')) {
    const frames = block
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .filter(Boolean);
    if (frames.length === 0) continue;
    samples++;
    const kind = kindOf(frames[0]!);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    let module: string | null = null;
    for (const f of frames) if ((module = frameModule(f, bundle)) !== null) break;
    const key = module ?? `(no JavaScript: ${kind})`;
    modules.set(key, (modules.get(key) ?? 0) + 1);
  }
  const shares = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([k, n]): [string, number] => [k, samples ? n / samples : 0]);
  return { samples, byKind: shares(kinds), byModule: shares(modules) };
}

/** The summary as lines for the console. */
export function perfLines(s: PerfSummary, top = 25): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(1).padStart(5)} %`;
  return [
    `  perf: ${s.samples} samples of the bot's CPU (2,000 a second of CPU time)`,
    '  by what ran at the sample:',
    ...s.byKind.map(([k, x]) => `    ${pct(x)}  ${k}`),
    `  by the module of the innermost JavaScript frame (top ${top}):`,
    ...s.byModule.slice(0, top).map(([k, x]) => `    ${pct(x)}  ${k}`),
  ];
}
