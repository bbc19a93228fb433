export { createPrisma, type ClientOptions } from './client.ts';
export { openDatabase, type Database, type OpenOptions } from './database.ts';
export { defaultDataDir, MEMORY, startEmbedded, type EmbeddedDatabase, type EmbeddedOptions } from './embedded.ts';
export {
  applyMigrations,
  createMigrationSql,
  diffMigrationsToSchema,
  readMigrations,
  writeMigration,
  type NewMigration,
  type Paths,
  type ShadowOption,
} from './schema-engine.ts';
export { DEFAULT_DATA_DIR, MIGRATIONS_DIR, REPO_ROOT, SCHEMA_PATH } from './paths.ts';
export { parseEnv, type EnvSchema } from './env.ts';
export { isDatabaseUnavailable } from './errors.ts';
export * from './queries/index.ts';
export { isReadSql, readOnly, ReadOnlyViolation } from './read-only.ts';
export { botMessageStore, type BotMessageStore } from './bot-messages.ts';
export * from './generated/prisma/client.ts';
