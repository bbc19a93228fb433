// Where the project's database files live. The package is consumed as TypeScript source from
// inside the repository, so paths are fixed relative to this file rather than to the current
// directory (npm runs a workspace's scripts from the workspace folder, the app from the root).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: packages/db/src/ -> ../../.. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCHEMA_PATH = join(REPO_ROOT, 'prisma/schema.prisma');
export const MIGRATIONS_DIR = join(REPO_ROOT, 'prisma/migrations');
/** The embedded database's folder when neither an option nor $DATA_DIR names one. */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, 'data/pglite');
