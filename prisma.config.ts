// Prisma 7 reads the schema location and the database URL from here, not from schema.prisma.
// `prisma generate` and, in production where Prisma's native schema engine can be downloaded,
// `prisma migrate deploy|status` read it; the embedded and offline path,
// packages/db/src/schema-engine.ts (WebAssembly engine), uses the same paths.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // Optional: `generate` needs no database. `env('DATABASE_URL')` would throw when unset.
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
