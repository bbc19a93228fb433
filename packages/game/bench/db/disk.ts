// Disk per finished game: typical games played through the real GameService, then the size of
// every table (heap, TOAST and indexes: pg_total_relation_size) per game, after VACUUM and after
// VACUUM FULL, and the database round trips of each in-game action.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { botMessageStore, type Database } from '@mia/db';
import { aiAction, seededRng, strategyFor, type Strategy } from '@mia/engine';
import pg from 'pg';
import { KEY_RETENTION_MS, LOG_COMPACT_AFTER_MS } from '../../src/maintenance';
import { GameService } from '../../src/service';
import { quiet } from './options';

export interface TableDisk {
  table: string;
  /** Bytes per game as played, after a plain VACUUM (no sweep yet). */
  played: number;
  /** Bytes per game after a plain VACUUM (dead rows' space kept for reuse, as autovacuum leaves it). */
  vacuum: number;
  /** Bytes per game after VACUUM FULL (the live rows and their indexes only). */
  full: number;
  /** Rows per game. */
  rows: number;
}

export interface DiskResult {
  games: number;
  actions: number;
  tables: TableDisk[];
  total: { played: number; vacuum: number; full: number };
  /** The embedded database's folder, bytes per game, after VACUUM + CHECKPOINT (null: not a folder). */
  folder: { before: number; afterVacuum: number; afterFull: number } | null;
  /** Queries node-postgres sent per in-game action (BEGIN/COMMIT included). */
  roundTripsPerAction: number;
  /** See measureSteady. */
  steady?: { totals: number[]; perGame: number };
}

// Every query through node-postgres (the Prisma adapter, the bus) goes through Client.prototype.query.
let queries = 0;
let counting = false;
export function countRoundTrips(): void {
  if (counting) return;
  counting = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    queries++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

async function sizes(db: Database): Promise<Map<string, { bytes: number; rows: number }>> {
  const rows = await db.prisma.$queryRawUnsafe<{ table: string; bytes: bigint; rows: bigint }[]>(`
    SELECT c.relname AS table, pg_total_relation_size(c.oid) AS bytes,
      (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', c.relname), false, true, '')))[1]::text::bigint AS rows
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'`);
  return new Map(rows.map((r) => [r.table, { bytes: Number(r.bytes), rows: Number(r.rows) }]));
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** What the bot saves after an action (its messages' ids and the version shown): a stand-in of the usual size. */
const botRefs = (version: number) => ({ lobby: 1001, round: { id: 1002, text: 'r' }, prompts: { '1': { id: 1003, kind: 'announce' } }, sent: version });

/** Plays typical games through a GameService (housekeeping off: the benchmark sweeps itself). */
function player(db: Database, seed: number) {
  const rng = seededRng(seed + 5000);
  const service = new GameService({ db, rng: seededRng(seed + 6000), timers: false, log: quiet, maintenance: false });
  const messages = botMessageStore(db.prisma);
  const kinds = ['calculator', 'bluffer', 'honest'] as const;
  /** Game number `g`: four players of ten groups; returns its in-game actions and their queries. */
  const game = async (g: number) => {
    let actions = 0;
    let actionQueries = 0;
    // ten groups, forty people: a group plays game after game
    const chatId = BigInt(-1_008_000_000_000 - (g % 10));
    const seats = [0, 1, 2, 3].map((i) => String(6_000_000_000 + (g % 10) * 4 + ((g + i) % 4)));
    const minds = new Map<string, Strategy>(seats.map((id, i) => [id, strategyFor(kinds[(g + i) % kinds.length]!)]));
    const person = (id: string) => ({ id, name: `Player ${id.slice(-3)}`, username: `p${id}`, languageCode: 'en' });
    let update = g * 10_000;
    const act = async (req: Parameters<GameService['act']>[0], timed: boolean) => {
      const q0 = queries;
      const result = await service.act({ ...req, key: `update:${update++}` });
      if (timed) {
        actions++;
        actionQueries += queries - q0;
      }
      if (result.status !== 'applied') throw new Error(`act ${req.action.type}: ${result.status}`);
      await messages.save(result.game.id, botRefs(result.game.version));
      return result.game;
    };
    const creator = person(seats[0]!);
    await act({ chatId, user: creator, chat: { title: `disk ${g % 10}`, type: 'supergroup' }, action: { type: 'create', creator: creator.id } }, false);
    for (const id of seats) await act({ chatId, user: person(id), action: { type: 'join', player: id, name: person(id).name } }, false);
    let state = await act({ chatId, user: creator, action: { type: 'start' } }, false);
    while (state.state.phase === 'playing') {
      const actor = state.state.round!.actor;
      const action = aiAction(state.state, actor, minds.get(actor)!, rng)!;
      state = await act({ chatId, gameId: state.id, action, user: person(actor), current: state }, true);
    }
    if (state.status !== 'FINISHED') throw new Error(`game ${g} ended ${state.status}`);
    return { actions, queries: actionQueries };
  };
  return { service, game };
}

/**
 * Steady state with plain VACUUM only: `chunks` × `perChunk` more games, each chunk followed by the
 * housekeeping sweep as if two days had passed (keys pruned, logs compacted) and a VACUUM (what the
 * sweep runs on PGlite, autovacuum on PostgreSQL), so each chunk reuses the space the last one freed.
 * Returns the total size after each chunk and the growth per game after the first chunk.
 */
export async function measureSteady(db: Database, chunks: number, perChunk: number, seed: number, firstGame: number) {
  const play = player(db, seed + 1);
  const totals: number[] = [];
  try {
    for (let c = 0; c < chunks; c++) {
      for (let g = 0; g < perChunk; g++) await play.game(firstGame + c * perChunk + g);
      await play.service.maintain(new Date(Date.now() + (c + 1) * (KEY_RETENTION_MS + LOG_COMPACT_AFTER_MS + 60_000)));
      await db.prisma.$executeRawUnsafe('VACUUM');
      totals.push([...(await sizes(db)).values()].reduce((s, t) => s + t.bytes, 0));
    }
  } finally {
    await play.service.close();
  }
  return { totals, perGame: (totals.at(-1)! - totals[0]!) / ((chunks - 1) * perChunk) };
}

/**
 * Plays `games` four-player games with default settings, each seat an AI strategy (as people: keys
 * and profiles as the bot sends them), the bot's message store saved after every action as the bot
 * does, then measures. `dataDir`: the embedded database's folder, also measured.
 */
export async function measureDisk(db: Database, games: number, seed: number, dataDir?: string): Promise<DiskResult> {
  countRoundTrips();
  const vacuum = (full: boolean) => db.prisma.$executeRawUnsafe(full ? 'VACUUM (FULL, ANALYZE)' : 'VACUUM (ANALYZE)');
  const checkpoint = () => db.prisma.$executeRawUnsafe('CHECKPOINT');
  await vacuum(true);
  await checkpoint();
  const before = await sizes(db);
  const folder0 = dataDir ? await folderBytes(dataDir) : 0;

  const play = player(db, seed);
  let played = before;
  let actions = 0;
  let actionQueries = 0;
  const service = play.service;
  try {
    for (let g = 0; g < games; g++) {
      const counted = await play.game(g);
      actions += counted.actions;
      actionQueries += counted.queries;
    }
    await vacuum(false);
    await checkpoint();
    played = await sizes(db);
    // Steady state: the housekeeping sweep as it runs once the keys' retention and the logs'
    // compaction delay have passed for every game played here.
    const sweep = await service.maintain(new Date(Date.now() + KEY_RETENTION_MS + LOG_COMPACT_AFTER_MS + 60_000));
    if (sweep.logsCompacted !== games) throw new Error(`compacted ${sweep.logsCompacted} logs of ${games} games`);
  } finally {
    await service.close();
  }

  await vacuum(false);
  await checkpoint();
  const afterVacuum = await sizes(db);
  const folder1 = dataDir ? await folderBytes(dataDir) : 0;
  await vacuum(true);
  await checkpoint();
  const afterFull = await sizes(db);
  const folder2 = dataDir ? await folderBytes(dataDir) : 0;

  const per = (after: number, was: number) => (after - was) / games;
  const tables = [...afterFull.keys()]
    .map((table) => ({
      table,
      played: per(played.get(table)!.bytes, before.get(table)?.bytes ?? 0),
      vacuum: per(afterVacuum.get(table)!.bytes, before.get(table)?.bytes ?? 0),
      full: per(afterFull.get(table)!.bytes, before.get(table)?.bytes ?? 0),
      rows: per(afterFull.get(table)!.rows, before.get(table)?.rows ?? 0),
    }))
    .sort((a, b) => b.vacuum - a.vacuum);
  const sum = (k: 'played' | 'vacuum' | 'full') => tables.reduce((s, t) => s + t[k], 0);
  return {
    games,
    actions,
    tables,
    total: { played: sum('played'), vacuum: sum('vacuum'), full: sum('full') },
    folder: dataDir ? { before: folder0, afterVacuum: per(folder1, folder0), afterFull: per(folder2, folder0) } : null,
    roundTripsPerAction: actions ? actionQueries / actions : 0,
  };
}

const kB = (b: number) => Math.round(b / 102.4) / 10;

export function diskTable(r: DiskResult) {
  return [
    ...r.tables.map((t) => ({
      table: t.table,
      'rows/game': Math.round(t.rows * 10) / 10,
      'kB/game as played, VACUUM': kB(t.played),
      'kB/game swept, VACUUM': kB(t.vacuum),
      'kB/game swept, VACUUM FULL': kB(t.full),
    })),
    {
      table: 'total',
      'rows/game': NaN,
      'kB/game as played, VACUUM': kB(r.total.played),
      'kB/game swept, VACUUM': kB(r.total.vacuum),
      'kB/game swept, VACUUM FULL': kB(r.total.full),
    },
  ];
}

export function diskSummary(database: string, r: DiskResult): string {
  const folder = r.folder
    ? `; data folder ${kB(r.folder.afterVacuum)} kB/game after VACUUM + CHECKPOINT, ${kB(r.folder.afterFull)} kB/game after VACUUM FULL + CHECKPOINT`
    : '';
  return (
    `${database}: ${r.games} finished games (4 players, default settings, AI choices), ${r.actions} in-game actions: ` +
    `${kB(r.total.played)} kB/game as played (after VACUUM); after the housekeeping sweep (keys past their 48 h, logs compacted) ` +
    `${kB(r.total.vacuum)} kB/game after VACUUM, ${kB(r.total.full)} kB/game after VACUUM FULL (tables + TOAST + indexes)${folder}; ` +
    `${Math.round(r.roundTripsPerAction * 100) / 100} database round trips per in-game GameService.act (the bot's message save besides)`
  );
}
