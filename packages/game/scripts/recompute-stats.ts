// `npm run stats:recompute`: rebuilds every skill rating and every chat's statistics tallies from
// the finished games, on $DATABASE_URL, else on the embedded database in $DATA_DIR (default
// data/pglite; stop `npm start` first: the embedded database takes one process at a time). The
// values equal the ones written as the games finished; a database from before ratings gets its
// history rated once.
import { openDatabase } from '@mia/db';
import { recomputeRatings } from '../src/ratings';
import { recomputeTallies } from '../src/tallies';

const started = Date.now();
const db = await openDatabase();
try {
  const { games, ratings, changes } = await recomputeRatings(db.prisma);
  await recomputeTallies(db.prisma);
  console.log(`rated ${games} finished games: ${ratings} ratings, ${changes} history rows; chat tallies rebuilt (${db.kind}, ${Date.now() - started} ms)`);
} finally {
  await db.close();
}
