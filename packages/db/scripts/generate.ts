// `prisma generate`, offline. The CLI first tries to download the native schema engine and
// fails without internet, although generating the client never runs it: pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing executable (here: node itself, present on every
// machine that runs this) skips the download. CHECKPOINT_DISABLE stops the update check.
import { spawnSync } from 'node:child_process';
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
process.exit(result.status ?? 1);
