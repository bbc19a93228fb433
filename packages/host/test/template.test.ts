import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR, openDatabase, REPO_ROOT } from '@mia/db';
import { describe, expect, it } from 'vitest';
import { pgliteTemplate, seedFromTemplate } from '../src/template';

const { sparseHeap } = (await import(new URL('../../../scripts/pglite-template.mjs', import.meta.url).href)) as {
  sparseHeap: (heap: Uint8Array) => void;
};

describe('the embedded database template', () => {
  // initdb (a few seconds, once per PGlite version: the cache npm start uses) when it is missing.
  it('made by scripts/pglite-template.mjs, seeds a new folder that opens, migrates and keeps what is written', { timeout: 120_000 }, async () => {
    const made = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/pglite-template.mjs')], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const template = await pgliteTemplate();
    expect(template).not.toBeNull();
    const dir = await mkdtemp(join(tmpdir(), 'mia-template-'));
    try {
      expect(await seedFromTemplate(dir)).toBe(true);
      expect(await readFile(join(dir, 'PG_VERSION'), 'utf8')).toBe(await readFile(join(template!, 'PG_VERSION'), 'utf8'));
      // Never over a folder that holds anything.
      expect(await seedFromTemplate(dir)).toBe(false);

      const migrations = (await readdir(MIGRATIONS_DIR, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
      const first = await openDatabase({ dataDir: dir });
      try {
        // The template is a bare cluster: every migration is applied to the copy as it opens.
        expect([...first.applied].sort()).toEqual([...migrations].sort());
        await first.prisma.user.create({ data: { id: 4242n, firstName: 'Ada' } });
      } finally {
        await first.close();
      }
      const again = await openDatabase({ dataDir: dir });
      try {
        expect(again.applied).toEqual([]);
        expect((await again.prisma.user.findUnique({ where: { id: 4242n } }))?.firstName).toBe('Ada');
      } finally {
        await again.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // initdb snapshots its PostgreSQL's memory with slice() and writes it back with set() before each
  // step; the template's script does both sparsely. What set() leaves must be the snapshot exactly.
  it('restores initdb memory byte for byte from a sparse snapshot', () => {
    const block = 64 * 1024;
    const size = 5 * block + 1000; // a short last block
    const heap = new Uint8Array(size);
    heap.set([1, 2, 3], 10); // first block
    heap[3 * block + 7] = 9; // a middle block
    heap[size - 1] = 5; // the short last block
    const before = Uint8Array.prototype.slice.call(heap);
    sparseHeap(heap);
    const snapshot = heap.slice();
    expect(Buffer.from(snapshot).equals(Buffer.from(before))).toBe(true);
    expect(Array.from(heap.slice(10, 13))).toEqual([1, 2, 3]); // a range is an ordinary slice

    heap.fill(7, block, 2 * block + 10); // zero blocks written, across a block's edge
    heap[11] = 0; // a held block changed
    heap[size - 1] = 6;
    heap.set([4, 4], 100); // an ordinary set still writes
    expect(heap[100]).toBe(4);
    heap.set(snapshot);
    expect(Buffer.from(heap).equals(Buffer.from(before))).toBe(true);
  });
});
