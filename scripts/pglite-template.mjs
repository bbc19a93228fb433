// Makes the embedded database's template cluster (packages/host/src/template.ts): PGlite's initdb,
// once per PGlite version, into node_modules/.cache/mia/pglite-<version>. A new data folder starts
// as a copy of it, so initdb's memory is never the app's.
//
//   node scripts/pglite-template.mjs        makes it if missing
//
// scripts/build.mjs, which `npm start` runs, calls ensureTemplate(). The template is made in a
// child process with the flags and malloc settings that keep initdb's peak low (TEMPLATE_NODE_FLAGS
// and TEMPLATE_ENV in scripts/node-flags.mjs, where each is explained), and with initdb's memory
// snapshots kept sparse (sparseInitdbSnapshots below): 180 MB instead of 403 (2026-12-04).
// Not made at npm install (postinstall): npm holds 634 MB by then, and the install's peak went
// 676 → 1,060 MB with it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_ENV, TEMPLATE_NODE_FLAGS } from './node-flags.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const CHILD = '--make-here';

/** Where the template of the installed PGlite version lives (as packages/host/src/template.ts reads it). */
export function templateDir() {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  return join(ROOT, 'node_modules/.cache/mia', `pglite-${version}`);
}

export const templateExists = () => existsSync(join(templateDir(), 'PG_VERSION'));

/** Makes the template in a process of its own when it is missing; throws if that process fails. */
export function ensureTemplate(log = console.log) {
  if (templateExists()) return;
  log("preparing the embedded database's template (PGlite's initdb, once per PGlite version: 5–30 s)…");
  const done = spawnSync(process.execPath, [...TEMPLATE_NODE_FLAGS, SELF, CHILD], { stdio: 'inherit', env: { ...process.env, ...TEMPLATE_ENV } });
  if (done.status !== 0) throw new Error(`the embedded database's template failed (exit ${done.status})`);
}

/**
 * PGlite's MemoryFS with the cluster's folder mounted from disk, as PGlite's NodeFS mounts it.
 * PGlite.create runs initdb straight into the file system of a MemoryFS (its own instanceof check);
 * for any other it has initdb fill a throwaway one, tars that in memory and untars it into the
 * folder: 111 MB more at the peak (548 → 408 MB here, 2026-12-03), for the same files.
 */
async function diskBackedMemoryFs(folder) {
  const { MemoryFS } = await import('@electric-sql/pglite');
  const PGDATA = '/pglite/data';
  return new (class extends MemoryFS {
    async init(pg, opts) {
      this.pg = pg;
      const mount = (mod) => {
        mod.FS.mkdirTree(PGDATA);
        mod.FS.mount(mod.FS.filesystems.NODEFS, { root: folder }, PGDATA);
      };
      return { emscriptenOpts: { ...opts, preRun: [...(opts.preRun ?? []), mount] } };
    }
  })();
}

const BLOCK = 64 * 1024;

/** Whether two equal-length byte ranges differ (memcmp through Buffer: 2,048 calls for 128 MB). */
const differ = (a, b) => !Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));

/**
 * PGlite's initdb (the `HEAPU8.slice()` and `HEAPU8.set(…)` in its dist) copies the whole memory of
 * the PostgreSQL it runs, 128 MB (its WebAssembly's minimum), before the first step, and writes
 * all of it back before every step: both copies resident, 256 MB for a few MB of content. Here,
 * on that PostgreSQL only, the copy takes and the write-back writes only the 64 kB blocks that
 * hold something or changed; the rest stay zero pages the kernel never backs. The memory each
 * step starts from is byte for byte PGlite's. Where PGlite no longer calls these, nothing changes.
 * Hand-written: PGlite has no option for it.
 */
function sparseInitdbSnapshots(PGlite) {
  const create = PGlite.create;
  PGlite.create = async function (...args) {
    const pg = await create.apply(this, args);
    // initdb's PostgreSQL is the one PGlite.create makes with the cluster's file system proxied in.
    if (args[0]?.pgDataProxyFs) sparseHeap(pg.Module.HEAPU8);
    return pg;
  };
}

/** Exported for its test: `heap.slice()` then `heap.set(snapshot)` as Uint8Array does them, sparsely. */
export function sparseHeap(heap) {
  const { set, slice } = Uint8Array.prototype;
  let snapshot;
  Object.defineProperty(heap, 'slice', {
    value(...range) {
      if (range.length > 0) return slice.apply(this, range);
      snapshot = new Uint8Array(this.length); // calloc'd: pages never written are never backed
      const zero = new Uint8Array(BLOCK);
      for (let at = 0; at < this.length; at += BLOCK) {
        const block = this.subarray(at, at + BLOCK);
        if (differ(block, zero.subarray(0, block.length))) set.call(snapshot, block, at);
      }
      return snapshot;
    },
  });
  Object.defineProperty(heap, 'set', {
    value(source, offset) {
      if (source !== snapshot || offset) return set.call(this, source, offset);
      for (let at = 0; at < source.length; at += BLOCK) {
        const want = source.subarray(at, at + BLOCK);
        if (differ(this.subarray(at, at + want.length), want)) set.call(this, want, at);
      }
    },
  });
}

async function makeTemplate() {
  const dir = templateDir();
  if (templateExists()) return;
  const { PGlite } = await import('@electric-sql/pglite');
  sparseInitdbSnapshots(PGlite);
  // Made under a name of its own, then renamed: two builds at once never copy half a cluster.
  const part = `${dir}.${process.pid}`;
  await mkdir(part, { recursive: true }); // and the cache folder it is renamed into
  // As packages/db/src/embedded.ts starts it (which passes its setting again at every start).
  const sharedBuffers = 'shared_buffers=16MB';
  const db = await PGlite.create({
    fs: await diskBackedMemoryFs(part),
    startParams: [...PGlite.defaultStartParams, '-c', sharedBuffers],
    initDbStartParams: ['--set', sharedBuffers],
  });
  await db.close();
  if (!existsSync(join(part, 'PG_VERSION'))) throw new Error(`initdb left no cluster in ${part}`);
  await rename(part, dir).catch(() => {});
  await rm(part, { recursive: true, force: true });
}

if (process.argv[1] === SELF) {
  if (process.argv.includes(CHILD)) await makeTemplate();
  else ensureTemplate();
}
