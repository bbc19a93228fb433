// scripts/build.mjs writes bundles V8 can hold as one-byte strings: a non-ASCII character left in
// a comment would double the bundle's source in every process's heap.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const { bundleEntry } = (await import(new URL('../../scripts/build.mjs', import.meta.url).href)) as {
  bundleEntry: (entry: string, out: string) => Promise<void>;
};

describe('scripts/build.mjs', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('writes comments in ASCII, and the code keeps its non-ASCII text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mia-build-'));
    dirs.push(dir);
    const entry = join(dir, 'entry.ts');
    await writeFile(
      entry,
      [
        'export function greet(): string {',
        '  const options = {',
        '    // kept by esbuild (a comment in an expression): a dash — and ❤️',
        '    lives: 3,',
        '  };',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text holding a template literal
        '  return `dice 🎲 — ${"Läufer"} ${/é/u.test("é")} ${/[é]+/.test("éé")} ${options.lives}`;',
        '}',
      ].join('\n'),
    );
    const out = join(dir, 'out.js');
    await bundleEntry(entry, out);
    const code = await readFile(out, 'utf8');
    // esbuild escapes strings and template literals but writes regular expressions as they are:
    // Latin-1 there (é) still leaves a one-byte string; the comments are ASCII.
    expect(code).toMatch(/^[\t\n\r\x20-\x7e\u00a0-\u00ff]*$/);
    expect(code).toContain('// kept by esbuild (a comment in an expression): a dash ? and ??');
    const { greet } = (await import(pathToFileURL(out).href)) as { greet: () => string };
    expect(greet()).toBe('dice 🎲 — Läufer true true 3');
  });
});
