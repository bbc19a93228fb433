import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleModules, kindOf, summarize } from '../bench/load/perf';

// The load benchmark's --perf tallies (bench/load/perf.ts) and the map rewrite they rely on
// (scripts/perf-map-latest.mjs), on text in the formats perf and V8 write.

const NODE = '/opt/node/bin/node';
const sample = (...frames: string[]) => `node  7540   474.9:     500000 cpu-clock: \n${frames.map((f) => `\t    ${f}`).join('\n')}`;

const BUNDLE = ['// preamble', '// ../../packages/game/src/fast-write.ts', 'function advance() {', '}', '// src/json-calls.ts', 'function call() {', '}'].join(
  '\n',
);
const BUNDLE_FILE = '/repo/apps/bot/dist/bot-process.mjs';

describe('--perf summary', () => {
  it('gives a bundle line to the source file esbuild marked it with', () => {
    const at = bundleModules(BUNDLE);
    expect(at(1)).toBe('(bundle preamble)');
    expect(at(3)).toBe('packages/game/src/fast-write.ts');
    expect(at(6)).toBe('src/json-calls.ts');
  });

  it('tells what ran at a sample by its innermost frame', () => {
    expect(kindOf('ffffffff8207547f tcp_data_queue+0x46f ([kernel.kallsyms])')).toBe('kernel');
    expect(kindOf(`199ecc3 Builtins_LoadIC+0x43 (${NODE})`)).toBe("V8's builtins");
    expect(kindOf(`11a9e04 v8::internal::JsonParser<unsigned short>::ParseJsonValue<false>+0x784 (${NODE})`)).toBe("V8's runtime");
    expect(kindOf(`d2548b v8::internal::MarkCompactCollector::ProcessMarkingWorklist+0xab (${NODE})`)).toBe('collecting');
    expect(kindOf(`d2548b v8::internal::compiler::GraphReducer::ReduceTop+0xab (${NODE})`)).toBe('compiling');
    expect(kindOf('7f34 JS:*setTimeout node:timers:133:20+0x1 (/tmp/perf-7540.map)')).toBe('JIT code');
    expect(kindOf('2724a _int_malloc+0x7a (/usr/lib/x86_64-linux-gnu/libc.so.6)')).toBe('libc and other libraries');
    expect(kindOf(`194d574 uv__io_poll+0x374 (${NODE})`)).toBe('libuv');
  });

  it('counts each sample once, by its kind and by its innermost JavaScript frame', () => {
    const text = [
      // JSON.parse called from the bundle's json-calls code: runtime, charged to json-calls.
      sample(
        `11a9e04 v8::internal::JsonParser<unsigned short>::ParseJsonValue<false>+0x784 (${NODE})`,
        `7f34 JS:^ file://${BUNDLE_FILE}:6:10+0x3 (/tmp/perf-1.map)`,
        `7f35 JS:* file://${BUNDLE_FILE}:3:10+0x3 (/tmp/perf-1.map)`,
      ),
      // pg's own code from node_modules, called from the bundle.
      sample(
        `7f36 JS:*writeValues /repo/node_modules/pg-protocol/dist/serializer.js:62:5+0x1 (/tmp/perf-1.map)`,
        `7f35 JS:* file://${BUNDLE_FILE}:3:10+0x3 (/tmp/perf-1.map)`,
      ),
      sample(`7f37 JS:*emit node:events:465:44+0x1 (/tmp/perf-1.map)`),
      // A collection with no JavaScript on the stack.
      sample(`d2548b v8::internal::Scavenger::ScavengePage+0xab (${NODE})`, `aa7736 node::SpinEventLoopInternal+0x156 (${NODE})`),
    ].join('\n\n');
    const s = summarize(text, { file: BUNDLE_FILE, moduleAt: bundleModules(BUNDLE) });
    expect(s.samples).toBe(4);
    expect(Object.fromEntries(s.byKind)).toEqual({ "V8's runtime": 0.25, 'JIT code': 0.5, collecting: 0.25 });
    expect(Object.fromEntries(s.byModule)).toEqual({
      'src/json-calls.ts': 0.25,
      'pg-protocol': 0.25,
      'node:events': 0.25,
      '(no JavaScript: collecting)': 0.25,
    });
  });
});

describe('perf-map-latest', async () => {
  const script = pathToFileURL(join(__dirname, '../../../scripts/perf-map-latest.mjs')).href;
  const { latestMapLines } = (await import(script)) as { latestMapLines(text: string): { text: string; before: number; after: number } };

  it('keeps, for each address range, the code written there last', () => {
    const map = [
      '1000 100 JS:*mapQueryEngineResult prisma.js:65:1', // thrown away later: its range is reused
      '2000 10 JS:~keep a.js:1:1',
      '1080 40 JS:*jsonCall bundle.mjs:10:1', // overlaps the first, written after it
      '1000 20 JS:^older b.js:2:2', // inside the first's range too, and last
    ].join('\n');
    const { text, before, after } = latestMapLines(`${map}\n`);
    expect([before, after]).toEqual([4, 3]);
    expect(text.split('\n').filter(Boolean)).toEqual(['1000 20 JS:^older b.js:2:2', '1080 40 JS:*jsonCall bundle.mjs:10:1', '2000 10 JS:~keep a.js:1:1']);
  });
});
