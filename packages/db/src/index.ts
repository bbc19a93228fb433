export { createPrisma, type ClientOptions } from './client';
export { poolOf, run, statement, type TypedStatement } from './typed-sql';
export { openDatabase, type Database, type OpenOptions } from './database';
export { DataDirInUseError } from './data-dir-lock';
export { defaultDataDir, MEMORY, startEmbedded, type EmbeddedDatabase, type EmbeddedOptions } from './embedded';
export {
  applyMigrations,
  createMigrationSql,
  diffMigrationsToSchema,
  readMigrations,
  writeMigration,
  type NewMigration,
  type Paths,
  type ShadowOption,
} from './schema-engine';
export { DEFAULT_DATA_DIR, MIGRATIONS_DIR, REPO_ROOT, SCHEMA_PATH } from './paths';
export { parseEnv, type EnvSchema } from './env';
export { isDatabaseUnavailable } from './errors';
export * from './queries/index';
export { isReadSql, readOnly, ReadOnlyViolation } from './read-only';
export { botMessageStore, type BotMessageStore } from './bot-messages';
export * from './generated/prisma/client';
