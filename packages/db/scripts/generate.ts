// `prisma generate`, offline. The CLI first tries to download the native schema engine and
// fails without internet, although generating the client never runs it: pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing executable (here: node itself, present on every
// machine that runs this) skips the download. CHECKPOINT_DISABLE stops the update check.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/paths';

const prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [prismaCli, 'generate', '--config', join(REPO_ROOT, 'prisma.config.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
    CHECKPOINT_DISABLE: '1',
  },
});
if (result.status !== 0) process.exit(result.status ?? 1);
await wasmFromFile();

/**
 * The generated client takes Prisma's query compiler from an ES module exporting it as one base64
 * string (9 MB): a module's exports live as long as the process, so every process kept that string
 * in its JS heap after compiling the module from it. Written out once here as the .wasm bytes
 * beside the client, read from the file instead: nothing of it stays but the compiled module.
 * Should a Prisma version generate other code, the client is left as generated (and a warning said).
 */
async function wasmFromFile(): Promise<void> {
  const internal = join(REPO_ROOT, 'packages/db/src/generated/prisma/internal');
  const classFile = join(internal, 'class.ts');
  const source = readFileSync(classFile, 'utf8');
  const pattern =
    /getQueryCompilerWasmModule: async \(\) => \{\n\s*const \{ wasm \} = await import\("@prisma\/client\/runtime\/(query_compiler_\w+_bg\.postgresql)\.wasm-base64\.mjs"\)\n\s*return await decodeBase64AsWasm\(wasm\)\n\s*\}/;
  const match = pattern.exec(source);
  if (!match) {
    console.warn('db:generate: the query compiler is not loaded as expected; left as a base64 module');
    return;
  }
  const name = `${match[1]}.wasm`;
  const { wasm } = (await import(`@prisma/client/runtime/${match[1]}.wasm-base64.mjs`)) as { wasm: string };
  writeFileSync(join(internal, name), Buffer.from(wasm, 'base64'));
  const replacement = `getQueryCompilerWasmModule: async () => {
    // @mia/db scripts/generate.ts: the bytes from a file, not a base64 string kept by its module.
    const { readFile } = await import('node:fs/promises')
    return new WebAssembly.Module(await readFile(new URL(${JSON.stringify(`./${name}`)}, import.meta.url)))
  }`;
  writeFileSync(classFile, source.replace(pattern, replacement));
}
