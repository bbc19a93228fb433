/**
 * The statistics queries beside the bot load (load.ts --history), in their own process so their
 * timings are not the scripted people's event loop: a database of its own on the same PostgreSQL
 * server (BENCH_DATABASE_URL), seeded with HISTORY_ANNOUNCEMENTS (1,000,000) announcements by
 * packages/game/bench/db.ts's seeding, then the history queries (player statistics in all chats
 * and in one chat, the dashboard's player page and group page, game replay) round-robin with
 * random inputs: a fixed number alone, or until told to stop while the load runs. The seeding
 * bulk-inserts rows without the service, so the ratings and chat tallies are then computed by the
 * recompute (its time is reported). The database is dropped at the end.
 */
import {
  announcedVsActual,
  applyMigrations,
  gameReplay,
  groupStats,
  openDatabase,
  playerRating,
  playerStats,
  playerTells,
  ratingBoard,
  ratingHistory,
  type Database,
} from '@mia/db';
import { recomputeRatings, recomputeTallies } from '@mia/game';
import { createServerDatabase } from '@mia/db/testing';
import { seededRng } from '@mia/engine';
import pg from 'pg';
import { seedAndPrepare, type SeedResult } from '../../../packages/game/bench/db';

export interface HistoryMeasure {
  operation: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export type ToHistory = { type: 'seed' } | { type: 'measure' } | { type: 'measure-until-stopped' } | { type: 'stop-measuring' } | { type: 'stop' };
export type FromHistory =
  | { type: 'seeded'; announcements: number; seconds: number; ratingSeconds: number; ratedGames: number }
  | { type: 'measured'; measures: HistoryMeasure[] }
  | { type: 'ok' }
  | { type: 'error'; message: string };

const send = (m: FromHistory) => process.send!(m);
const target = Number((process.env.HISTORY_ANNOUNCEMENTS ?? '1000000').replaceAll('_', ''));
const ALONE_PER_QUERY = 100;

let created: { url: string; drop(): Promise<void> } | null = null;
let db: Database | null = null;
let seeded: SeedResult;
let stopping = false;

async function seed(): Promise<FromHistory> {
  created = await createServerDatabase(process.env.BENCH_DATABASE_URL!);
  await applyMigrations(created.url);
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  try {
    seeded = await seedAndPrepare(client, target, 'history');
  } finally {
    await client.end();
  }
  db = await openDatabase({ databaseUrl: created.url });
  const t0 = performance.now();
  const rated = await recomputeRatings(db.prisma);
  await recomputeTallies(db.prisma);
  const ratingSeconds = (performance.now() - t0) / 1000;
  return { type: 'seeded', announcements: seeded.announcements, seconds: seeded.seconds, ratingSeconds, ratedGames: rated.games };
}

/** The queries round-robin, `perQuery` times each or until `stop-measuring`. */
async function measure(perQuery: number): Promise<FromHistory> {
  const prisma = db!.prisma;
  const rng = seededRng(1000);
  const pick = <T>(list: readonly T[]) => list[rng(list.length)]!;
  const users = [...new Set(seeded.members.map((m) => m.userId))];
  const queries: [string, () => Promise<unknown>][] = [
    ['player statistics (all chats)', () => playerStats(prisma, BigInt(pick(users)))],
    [
      'player statistics (one chat)',
      () => {
        const m = pick(seeded.members);
        return playerStats(prisma, BigInt(m.userId), { chatId: BigInt(m.chatId) });
      },
    ],
    // The dashboard's pages, as their routes read them (apps/dashboard/server/routes): every
    // query of one page at once, timed as the page.
    [
      'player page (one chat)',
      () => {
        const m = pick(seeded.members);
        const [userId, chatId] = [BigInt(m.userId), BigInt(m.chatId)];
        return Promise.all([
          playerStats(prisma, userId, { chatId, recent: 10 }),
          announcedVsActual(prisma, userId, { chatId }),
          playerTells(prisma, userId, { chatId }),
          playerRating(prisma, m.userId, { chatId }),
          ratingHistory(prisma, m.userId, { chatId, limit: 200 }),
        ]);
      },
    ],
    [
      'group page (boards and statistics)',
      () => {
        const chatId = BigInt(pick(seeded.chatIds));
        return Promise.all([
          ratingBoard(prisma, { chatId, kind: 'people', limit: 20 }),
          ratingBoard(prisma, { chatId, kind: 'computers', limit: 10 }),
          groupStats(prisma, chatId),
        ]);
      },
    ],
    ['game replay', () => gameReplay(prisma, pick(seeded.finishedGameIds))],
  ];
  for (const [, run] of queries) for (let i = 0; i < 5; i++) await run(); // warm-up
  const times = queries.map(() => [] as number[]);
  stopping = false;
  for (let n = 0; n < perQuery && !stopping; n++) {
    for (const [i, [, run]] of queries.entries()) {
      const t0 = performance.now();
      await run();
      times[i]!.push(performance.now() - t0);
    }
  }
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    type: 'measured',
    measures: queries.map(([operation], i) => {
      const s = times[i]!.sort((a, b) => a - b);
      const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
      return { operation, count: s.length, p50: r2(at(0.5)), p95: r2(at(0.95)), max: r2(s.at(-1) ?? NaN) };
    }),
  };
}

async function stop() {
  await db?.close();
  await created?.drop();
  process.disconnect();
}

process.on('message', (m: ToHistory) => {
  if (m.type === 'stop-measuring') {
    stopping = true; // the pending measure-until-stopped answers; this message needs no answer
    return;
  }
  void (async () => {
    try {
      if (m.type === 'seed') send(await seed());
      else if (m.type === 'measure') send(await measure(ALONE_PER_QUERY));
      else if (m.type === 'measure-until-stopped') send(await measure(Infinity));
      else if (m.type === 'stop') await stop();
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
