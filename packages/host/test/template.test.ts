import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR, openDatabase, REPO_ROOT } from '@mia/db';
import { describe, expect, it } from 'vitest';
import { pgliteTemplate, seedFromTemplate } from '../src/template';

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
});
