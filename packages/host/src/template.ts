import { cp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '@mia/db';

/**
 * A new embedded database starts as a copy of a template cluster when one is there. PGlite makes
 * a cluster (initdb) with a second PostgreSQL and initdb's own WebAssembly beside the one it
 * opens: 500–750 MB resident at the peak, and pages the process keeps after. A copy of a cluster
 * made once (scripts/pglite-template.mjs, run by `scripts/build.mjs`, which `npm start` runs
 * first, in a lean process of its own: about 180 MB) opens like any existing folder. Without a
 * template, PGlite makes the cluster as before.
 */
export async function pgliteTemplate(): Promise<string | null> {
  try {
    const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    const dir = join(REPO_ROOT, 'node_modules/.cache/mia', `pglite-${version}`);
    await readFile(join(dir, 'PG_VERSION'));
    return dir;
  } catch {
    return null;
  }
}

/** Copies the template into `dataDir` when that folder is missing or empty; true if it did. */
export async function seedFromTemplate(dataDir: string): Promise<boolean> {
  const existing = await readdir(dataDir).catch(() => []);
  if (existing.length > 0) return false;
  const template = await pgliteTemplate();
  if (!template) return false;
  await cp(template, dataDir, { recursive: true });
  return true;
}
