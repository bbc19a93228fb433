// Prisma 7 reads the schema location and the database URL from here, not from schema.prisma.
// Only `prisma generate` is run through the Prisma CLI in this project (the native schema
// engine that `prisma migrate` needs cannot be downloaded here); migrations go through
// packages/db/src/schema-engine.ts, which uses the same paths.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // Optional: `generate` needs no database. `env('DATABASE_URL')` would throw when unset.
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
