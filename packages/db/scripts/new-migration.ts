// `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
// for the changes in schema.prisma, like `prisma migrate dev --create-only`. The shadow
// database is a throwaway in-memory PGlite, or a temporary database on $SHADOW_DATABASE_URL's
// server (faster) when set. Run `npm run db:generate` too.
import { writeMigration } from '../src/schema-engine';

const name = process.argv[2];
if (!name) {
  console.error('usage: npm run db:migration -- <name>');
  process.exit(2);
}
const shadowServerUrl = process.env.SHADOW_DATABASE_URL;
const dir = await writeMigration(name, shadowServerUrl ? { shadowServerUrl } : {});
console.log(dir ? `wrote ${dir}` : 'schema.prisma matches the migrations: nothing to write');
