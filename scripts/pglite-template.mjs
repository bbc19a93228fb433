// Makes the embedded database's template cluster (packages/host/src/template.ts): PGlite's initdb,
// once per PGlite version, into node_modules/.cache/mia/pglite-<version>. A new data folder starts
// as a copy of it, so initdb's memory is never the app's. scripts/build.mjs runs this file in a
// process of its own, with the flags that keep initdb's peak low (TEMPLATE_NODE_FLAGS in
// scripts/node-flags.mjs, where each is explained). Most of what remains is PGlite's: a PostgreSQL
// for initdb and one for the cluster, each with a memory of 128 MB at least, and their code.
//   node --liftoff-only --single-threaded --max-old-space-size=96 scripts/pglite-template.mjs
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the template of the installed PGlite version lives (as packages/host/src/template.ts reads it). */
export function templateDir() {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  return join(ROOT, 'node_modules/.cache/mia', `pglite-${version}`);
}

export const templateExists = () => existsSync(join(templateDir(), 'PG_VERSION'));

async function makeTemplate() {
  const dir = templateDir();
  if (templateExists()) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const part = `${dir}.${process.pid}`;
  await mkdir(dirname(dir), { recursive: true });
  // As packages/db/src/embedded.ts starts it (which passes its setting again at every start).
  const sharedBuffers = 'shared_buffers=16MB';
  const db = await PGlite.create(part, { startParams: [...PGlite.defaultStartParams, '-c', sharedBuffers], initDbStartParams: ['--set', sharedBuffers] });
  await db.close();
  // Made under a name of its own, then renamed: two builds at once never copy half a cluster.
  await rename(part, dir).catch(() => {});
  await rm(part, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await makeTemplate();
