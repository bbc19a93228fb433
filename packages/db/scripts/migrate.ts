// `npm run db:migrate`: applies prisma/migrations to $DATABASE_URL, else to the embedded
// database in $DATA_DIR (default: data/pglite at the repository root), like `prisma migrate deploy` would.
import { startEmbedded } from '../src/embedded';
import { applyMigrations } from '../src/schema-engine';

const started = Date.now();
const url = process.env.DATABASE_URL;
let applied: string[];
if (url) {
  applied = await applyMigrations(url);
} else {
  const embedded = await startEmbedded();
  try {
    applied = await applyMigrations(embedded.connectionString);
  } finally {
    await embedded.stop();
  }
  console.log(`embedded database: ${embedded.dataDir}`);
}
console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migration', `(${Date.now() - started} ms)`);
