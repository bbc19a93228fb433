/**
 * Database benchmark: the read-side queries of @mia/db (player statistics, leaderboard, replay)
 * over a database seeded with BENCH_ANNOUNCEMENTS announcements of AI self-play, and the write
 * cost of one `GameService.act`, on PostgreSQL and on the embedded PGlite.
 *
 * Seeding plays whole games with the engine (seeded rng, AI strategies) in seats held by
 * Telegram-like numeric user ids (a pool of users spread over chats, mostly 4-player games, a
 * few with an AI seat), turns each action's events into rows with the service's own `project()`
 * and bulk-inserts them (multi-row INSERT … SELECT FROM unnest(arrays), parameterized), so the
 * rows are what the service would have written. Each chat also has one game still in play,
 * which the statistics must leave out.
 *
 *   npm run bench -w @mia/game
 *   BENCH_DATABASES=postgres BENCH_ANNOUNCEMENTS=200000 npm run bench -w @mia/game
 *
 * Knobs: BENCH_DATABASES (postgres,pglite), BENCH_ANNOUNCEMENTS (1,000,000: PostgreSQL),
 * BENCH_PGLITE_ANNOUNCEMENTS (see PGLITE_DEFAULT), BENCH_DATABASE_URL (the PostgreSQL server:
 * a fresh mia_bench_* database is created there and dropped at the end), BENCH_USERS (200),
 * BENCH_CHATS (50), BENCH_SAMPLES (200 per query), BENCH_ACTIONS (500), BENCH_SEED (1), BENCH_KEEP
 * (keep the PostgreSQL database for EXPLAIN work: drop it yourself).
 * Results: bench/results/db.json and db.md at the repository root (merged per database).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { machine } from '@mia/db/bench';
import {
  applyMigrations,
  gameReplay,
  groupStats,
  groupStatsSql,
  openDatabase,
  playerStats,
  playerStatsSql,
  playerTells,
  playerTellsSql,
  ratingBoard,
  ratingBoardSql,
  Prisma,
  REPO_ROOT,
  startEmbedded,
  type Database,
} from '@mia/db';
import {
  aiAction,
  apply,
  seededRng,
  strategyFor,
  type Action,
  type GameState,
  type Rng,
  type SettingsInput,
  type Strategy,
} from '@mia/engine';
import pg from 'pg';
import pino from 'pino';
import { GameService } from '../src/service';
import { project, type RowWrite } from '../src/projection';
import { recomputeRatings } from '../src/ratings';
import { recomputeTallies } from '../src/tallies';

/**
 * PGlite (PostgreSQL in WebAssembly) seeds 1M announcements in about 2.5 minutes here, like the
 * server: the default is the full size. Lower it on a slow machine.
 */
const PGLITE_DEFAULT = 1_000_000;

const env = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw.replaceAll('_', ''));
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got ${raw}`);
  return Math.floor(n);
};

const config = {
  databases: (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim()).filter(Boolean),
  announcements: { postgres: env('BENCH_ANNOUNCEMENTS', 1_000_000), pglite: env('BENCH_PGLITE_ANNOUNCEMENTS', PGLITE_DEFAULT) } as Record<string, number>,
  serverUrl: process.env.BENCH_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres',
  users: env('BENCH_USERS', 200),
  chats: env('BENCH_CHATS', 50),
  samples: env('BENCH_SAMPLES', 200),
  actions: env('BENCH_ACTIONS', 500),
  seed: env('BENCH_SEED', 1),
};

const log = (...args: unknown[]) => console.log(...args);
const quiet = pino({ level: 'silent' });

// ---------------------------------------------------------------------------------------------
// The population: numeric user ids, chats, strategies
// ---------------------------------------------------------------------------------------------

interface Person {
  id: string;
  name: string;
  username: string | null;
  ai: boolean;
  strategy: Strategy;
}

interface Population {
  people: Person[];
  bots: Person[];
  chats: { id: string; title: string; members: Person[] }[];
  byId: Map<string, Person>;
}

const FIRST_NAMES = ['Ada', 'Bo', 'Cleo', 'Dov', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lea', 'Mo', 'Nia', 'Oz', 'Pia'];

function population(rng: Rng): Population {
  const mind = (): Strategy => {
    const r = rng(100);
    return strategyFor(r < 40 ? 'calculator' : r < 70 ? 'bluffer' : r < 92 ? 'honest' : 'random');
  };
  const people: Person[] = Array.from({ length: config.users }, (_, i) => ({
    // Telegram user ids: positive, up to 10 digits here
    id: String(5_000_000_000 + i * 104_729 + rng(1000)),
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${i}`,
    username: rng(3) === 0 ? null : `player_${i}`,
    ai: false,
    strategy: mind(),
  }));
  const bots: Person[] = ['calculator', 'bluffer', 'honest'].map((s, i) => ({
    id: String(-(i + 1)),
    name: `AI ${s}`,
    username: null,
    ai: true,
    strategy: strategyFor(s as 'calculator' | 'bluffer' | 'honest'),
  }));
  const chats = Array.from({ length: config.chats }, (_, i) => ({
    // supergroup ids: -100…
    id: String(-1_001_500_000_000 - i * 7_777),
    title: `Mia group ${i + 1}`,
    members: [] as Person[],
  }));
  // every person in one chat at least, most in two or three
  for (const [i, p] of people.entries()) chats[i % chats.length]!.members.push(p);
  for (const p of people) {
    for (let extra = rng(3); extra > 0; extra--) {
      const chat = chats[rng(chats.length)]!;
      if (!chat.members.includes(p)) chat.members.push(p);
    }
  }
  const byId = new Map([...people, ...bots].map((p) => [p.id, p]));
  return { people, bots, chats, byId };
}

// ---------------------------------------------------------------------------------------------
// Rows, column-wise, for INSERT … SELECT * FROM unnest($1::type[], …)
// ---------------------------------------------------------------------------------------------

type Column = readonly [name: string, pgType: string];

class Table {
  readonly cols: unknown[][];
  readonly sql: string;
  constructor(
    readonly name: string,
    columns: readonly Column[],
  ) {
    this.cols = columns.map(() => []);
    // Identifiers and types are this file's constants; every value goes as a parameter.
    const names = columns.map(([c]) => `"${c}"`).join(', ');
    const arrays = columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
    this.sql = `INSERT INTO "${name}" (${names}) SELECT * FROM unnest(${arrays})`;
  }
  push(...values: unknown[]): void {
    for (const [i, v] of values.entries()) this.cols[i]!.push(v);
  }
  get size(): number {
    return this.cols[0]!.length;
  }
  take(): unknown[][] {
    const out = this.cols.map((c) => c.splice(0));
    return out;
  }
}

const tables = () => ({
  User: new Table('User', [
    ['id', 'bigint'],
    ['firstName', 'text'],
    ['username', 'text'],
    ['isAi', 'boolean'],
    ['privateChatOk', 'boolean'],
    ['createdAt', 'timestamptz'],
    ['updatedAt', 'timestamptz'],
  ]),
  Chat: new Table('Chat', [
    ['id', 'bigint'],
    ['title', 'text'],
    ['type', 'text'],
    ['dashboardToken', 'text'],
    ['createdAt', 'timestamptz'],
    ['updatedAt', 'timestamptz'],
  ]),
  Game: new Table('Game', [
    ['id', 'text'],
    ['chatId', 'bigint'],
    ['status', '"GameStatus"'],
    ['settings', 'jsonb'],
    ['state', 'jsonb'],
    ['version', 'int'],
    ['createdById', 'bigint'],
    ['winnerId', 'bigint'],
    ['deadlineAt', 'timestamptz'],
    ['turnStartedAt', 'timestamptz'],
    ['createdAt', 'timestamptz'],
    ['startedAt', 'timestamptz'],
    ['finishedAt', 'timestamptz'],
    ['updatedAt', 'timestamptz'],
  ]),
  Seat: new Table('Seat', [
    ['gameId', 'text'],
    ['userId', 'bigint'],
    ['order', 'int'],
    ['lives', 'int'],
    ['outAt', 'timestamptz'],
    ['outReason', 'text'],
    ['place', 'int'],
  ]),
  Round: new Table('Round', [
    ['id', 'text'],
    ['gameId', 'text'],
    ['number', 'int'],
    ['starterId', 'bigint'],
    ['loserId', 'bigint'],
    ['livesLost', 'int'],
    ['cause', '"LossCause"'],
    ['end', '"RoundEnd"'],
    ['startedAt', 'timestamptz'],
    ['endedAt', 'timestamptz'],
  ]),
  Announcement: new Table('Announcement', [
    ['id', 'text'],
    ['gameId', 'text'],
    ['roundId', 'text'],
    ['seq', 'int'],
    ['userId', 'bigint'],
    ['value', 'int'],
    ['rank', 'int'],
    ['diceHigh', 'int'],
    ['diceLow', 'int'],
    ['kind', '"AnnouncementKind"'],
    ['classification', '"Classification"'],
    ['answers', 'int'],
    ['thinkMs', 'int'],
    ['createdAt', 'timestamptz'],
  ]),
  Reveal: new Table('Reveal', [
    ['id', 'text'],
    ['roundId', 'text'],
    ['announcementId', 'text'],
    ['diceHigh', 'int'],
    ['diceLow', 'int'],
    ['outcome', '"RevealOutcome"'],
    ['value', 'int'],
    ['classification', '"Classification"'],
    ['callerId', 'bigint'],
    ['announcerId', 'bigint'],
    ['createdAt', 'timestamptz'],
  ]),
  GameEvent: new Table('GameEvent', [
    ['gameId', 'text'],
    ['seq', 'int'],
    ['type', 'text'],
    ['payload', 'jsonb'],
    ['createdAt', 'timestamptz'],
  ]),
});
type Tables = ReturnType<typeof tables>;
/** Foreign keys first. */
const INSERT_ORDER = ['User', 'Chat', 'Game', 'Seat', 'Round', 'Announcement', 'Reveal', 'GameEvent'] as const;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const big = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());

// ---------------------------------------------------------------------------------------------
// One game played by the engine, projected exactly as the service projects each action
// ---------------------------------------------------------------------------------------------

interface SeatRow {
  userId: bigint;
  order: number;
  lives: number;
  outAt?: Date;
  outReason?: string;
  place?: number;
}
interface RoundRow {
  id: string;
  number: number;
  starterId: bigint;
  startedAt: Date;
  loserId?: bigint;
  livesLost?: number;
  cause?: string;
  end?: string;
  endedAt?: Date;
}

function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/**
 * Plays one game like `playGame` (create, join, start, AI moves until it is over or `stopAfter`
 * moves), but with people's seats joining as people, as the bot would seat them. Each action's
 * events go through `project()`; the rows it yields are applied like repository.writeRows.
 */
function playOne(
  t: Tables,
  pop: Population,
  rng: Rng,
  chat: Population['chats'][number],
  seats: Person[],
  settings: SettingsInput,
  start: number,
  stopAfter?: number,
): { announcements: number; finished: boolean; gameId: string } {
  const gameId = uuid(rng);
  let state: GameState | null = null;
  let version = 0;
  let clock = start;
  let turnStartedAt: Date | null = null;
  let deadlineAt: Date | null = null;
  let createdAt: Date | null = null;
  let startedAt: Date | null = null;
  let finishedAt: Date | null = null;
  let winnerId: bigint | null = null;
  const seatRows = new Map<bigint, SeatRow>();
  const rounds = new Map<string, RoundRow>();
  let announcements = 0;

  const write = (row: RowWrite) => {
    switch (row.op) {
      case 'user':
        break; // every user exists already; the service's upsert would only refresh the name
      case 'seat.create':
        seatRows.set(row.userId, { userId: row.userId, order: row.order, lives: row.lives });
        break;
      case 'seat.delete':
        seatRows.delete(row.userId);
        break;
      case 'seat.update': {
        const { op: _op, userId, ...data } = row;
        Object.assign(seatRows.get(userId)!, data);
        break;
      }
      case 'round.create':
        rounds.set(row.id, { id: row.id, number: row.number, starterId: row.starterId, startedAt: row.startedAt });
        break;
      case 'round.update': {
        const { op: _op, id, ...data } = row;
        Object.assign(rounds.get(id)!, data);
        break;
      }
      case 'announcement.create':
        announcements++;
        t.Announcement.push(
          row.id,
          gameId,
          row.roundId,
          row.seq,
          big(row.userId),
          row.value,
          row.rank,
          row.diceHigh,
          row.diceLow,
          row.kind,
          row.classification,
          row.answers,
          row.thinkMs,
          iso(row.createdAt),
        );
        break;
      case 'reveal.create':
        t.Reveal.push(
          row.id,
          row.roundId,
          row.announcementId,
          row.diceHigh,
          row.diceLow,
          row.outcome,
          row.value,
          row.classification,
          big(row.callerId),
          big(row.announcerId),
          iso(row.createdAt),
        );
        break;
    }
  };

  const run = (action: Action) => {
    clock += 2000 + rng(10_000); // 2-12 s between actions
    const now = new Date(clock);
    const result = apply(state, action, rng);
    if (!result.ok) throw new Error(`seeding: action refused: ${result.rejection.message} (${JSON.stringify(action)})`);
    const before = state;
    const { rows, game } = project({ gameId, before, events: result.events, firstSeq: version + 1, now, turnStartedAt });
    for (const [i, event] of result.events.entries()) t.GameEvent.push(gameId, version + 1 + i, event.type, JSON.stringify(event), iso(now));
    for (const row of rows) write(row);
    // the Game row and its clock, as GameService.act keeps them
    const next = result.state;
    const moved = before === null || next.move !== before.move;
    const turnSeconds = next.settings.turnSeconds;
    deadlineAt =
      next.phase === 'playing' && turnSeconds !== null ? (moved ? new Date(now.getTime() + turnSeconds * 1000) : deadlineAt) : null;
    turnStartedAt = next.phase === 'playing' ? (moved ? now : (turnStartedAt ?? now)) : null;
    createdAt ??= now;
    if (game.startedAt) startedAt = game.startedAt;
    if (game.finishedAt) finishedAt = game.finishedAt;
    if (game.winnerId !== undefined) winnerId = game.winnerId;
    version += result.events.length;
    state = next;
    return now;
  };

  run({ type: 'create', creator: seats[0]!.id, settings });
  for (const p of seats) run({ type: 'join', player: p.id, name: p.name, ai: p.ai });
  let last = run({ type: 'start' });
  let moves = 0;
  while (state!.phase === 'playing' && (stopAfter === undefined || moves < stopAfter)) {
    const actor = state!.round!.actor;
    // a missed deadline now and then
    const action = rng(200) === 0 ? { type: 'timeout' as const, player: actor, move: state!.move } : aiAction(state!, actor, pop.byId.get(actor)!.strategy, rng)!;
    last = run(action);
    moves++;
  }
  const s = state!;
  const finished = s.phase === 'over';
  t.Game.push(
    gameId,
    chat.id,
    finished ? 'FINISHED' : 'PLAYING',
    JSON.stringify(s.settings),
    JSON.stringify(s),
    version,
    seats[0]!.id,
    big(winnerId),
    iso(deadlineAt),
    iso(turnStartedAt),
    iso(createdAt),
    iso(startedAt),
    iso(finishedAt),
    iso(last),
  );
  for (const r of seatRows.values()) {
    t.Seat.push(gameId, big(r.userId), r.order, r.lives, iso(r.outAt), r.outReason ?? null, r.place ?? null);
  }
  for (const r of rounds.values()) {
    t.Round.push(r.id, gameId, r.number, big(r.starterId), big(r.loserId), r.livesLost ?? null, r.cause ?? null, r.end ?? null, iso(r.startedAt), iso(r.endedAt));
  }
  return { announcements, finished, gameId };
}

// ---------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------

export interface SeedResult {
  games: number;
  running: number;
  announcements: number;
  seconds: number;
  /** Seconds of self-play and projection (they overlap the inserts, which run meanwhile). */
  generateSeconds: number;
  finishedGameIds: string[];
  chatIds: string[];
  fkTriggersSkipped?: boolean;
  checkSeconds?: number;
  vacuumSeconds?: number;
  members: { userId: string; chatId: string }[];
}

async function insertAll(client: pg.ClientBase, t: Tables): Promise<void> {
  for (const name of INSERT_ORDER) {
    const table = t[name];
    if (table.size === 0) continue;
    await client.query(table.sql, table.take());
  }
}

/**
 * Bulk loading skips the foreign-key triggers when the role may (superuser: session_replication_role
 * = replica), about a third faster; the rows are consistent by construction, and
 * `checkIntegrity` proves it afterwards. Without the privilege the triggers run: only slower.
 */
async function skipForeignKeyTriggers(client: pg.ClientBase): Promise<boolean> {
  return client.query('SET session_replication_role = replica').then(
    () => true,
    () => false,
  );
}

/** Every foreign key of the seeded rows holds (anti-joins); throws on the first orphan found. */
async function checkIntegrity(client: pg.ClientBase): Promise<void> {
  const orphans = (child: string, parent: string, on: string) =>
    `SELECT count(*) AS n FROM "${child}" x WHERE NOT EXISTS (SELECT 1 FROM "${parent}" y WHERE ${on})`;
  const checks: [string, string][] = [
    ['Game → Chat', orphans('Game', 'Chat', 'y.id = x."chatId"')],
    ['Game → User', orphans('Game', 'User', 'y.id = x."createdById"')],
    ['Seat → Game', orphans('Seat', 'Game', 'y.id = x."gameId"')],
    ['Seat → User', orphans('Seat', 'User', 'y.id = x."userId"')],
    ['Round → Game', orphans('Round', 'Game', 'y.id = x."gameId"')],
    ['Announcement → Round', orphans('Announcement', 'Round', 'y.id = x."roundId" AND y."gameId" = x."gameId"')],
    ['Announcement → User', orphans('Announcement', 'User', 'y.id = x."userId"')],
    ['Reveal → Announcement', orphans('Reveal', 'Announcement', 'y.id = x."announcementId" AND y."roundId" = x."roundId"')],
    ['GameEvent → Game', orphans('GameEvent', 'Game', 'y.id = x."gameId"')],
  ];
  for (const [name, sql] of checks) {
    const { rows } = await client.query<{ n: string }>(sql);
    if (Number(rows[0]!.n) !== 0) throw new Error(`seeding broke a foreign key: ${name} (${rows[0]!.n} orphans)`);
  }
}

/** Seeds, checks and analyzes: the database as a long-running one would be (autovacuum done). */
export async function seedAndPrepare(client: pg.ClientBase, target: number, label: string): Promise<SeedResult> {
  const skipped = await skipForeignKeyTriggers(client);
  const seeded = await seed(client, target, label);
  let t0 = performance.now();
  if (skipped) {
    await client.query('RESET session_replication_role');
    await checkIntegrity(client);
  }
  const checkSeconds = (performance.now() - t0) / 1000;
  t0 = performance.now();
  await client.query('VACUUM ANALYZE');
  const vacuumSeconds = (performance.now() - t0) / 1000;
  log(
    `  seeded in ${seeded.seconds.toFixed(1)} s (self-play and projection ${seeded.generateSeconds.toFixed(1)} s of it, ` +
      `overlapping the inserts)${skipped ? `; foreign keys checked after in ${checkSeconds.toFixed(1)} s` : ''}; VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s`,
  );
  return { ...seeded, fkTriggersSkipped: skipped, checkSeconds, vacuumSeconds };
}

async function seed(client: pg.ClientBase, target: number, label: string): Promise<SeedResult> {
  const rng = seededRng(config.seed);
  const pop = population(rng);
  const t = tables();
  const t0 = performance.now();
  let generateMs = 0;
  const epoch = Date.now() - 182 * 86_400_000; // games over the last 26 weeks
  for (const p of [...pop.people, ...pop.bots]) {
    t.User.push(p.id, p.name, p.username, p.ai, !p.ai && rng(2) === 0, new Date(epoch).toISOString(), new Date(epoch).toISOString());
  }
  for (const c of pop.chats) {
    t.Chat.push(c.id, c.title, 'supergroup', randomBytes(18).toString('base64url'), new Date(epoch).toISOString(), new Date(epoch).toISOString());
  }

  // Expected games, to spread them over the period: about 36 announcements per game.
  const expectedGames = Math.max(1, target / 36);
  const step = (182 * 86_400_000) / expectedGames;
  let announcements = 0;
  let games = 0;
  let pending: Promise<void> = Promise.resolve();
  let batchGames = 0;
  const finishedGameIds: string[] = [];
  const flush = async () => {
    await pending; // one batch in flight while the next is played
    const batch = tables();
    for (const name of INSERT_ORDER) {
      const cols = t[name].take();
      batch[name].cols.splice(0, batch[name].cols.length, ...cols);
    }
    pending = insertAll(client, batch);
    batchGames = 0;
  };

  const lineup = (chat: Population['chats'][number]): Person[] => {
    const r = rng(100);
    const wanted = r < 5 ? 2 : r < 20 ? 3 : r < 85 ? 4 : r < 95 ? 5 : 6;
    const pool = [...chat.members];
    const seats: Person[] = [];
    while (seats.length < Math.min(wanted, pool.length)) seats.push(pool.splice(rng(pool.length), 1)[0]!);
    // one game in ten has an AI seat
    if (rng(10) === 0) seats[seats.length - 1] = pop.bots[rng(pop.bots.length)]!;
    if (seats.length < 2) seats.push(pop.bots[0]!);
    return seats;
  };
  const settingsFor = (): SettingsInput => {
    const r = rng(100);
    return r < 80 ? {} : r < 95 ? { blindPass: true } : { lives: 3 };
  };

  let lastReport = performance.now();
  while (announcements < target) {
    const chat = pop.chats[rng(pop.chats.length)]!;
    const start = Math.min(epoch + games * step + rng(3_600_000), Date.now() - 86_400_000);
    const g0 = performance.now();
    const played = playOne(t, pop, rng, chat, lineup(chat), settingsFor(), start);
    generateMs += performance.now() - g0;
    announcements += played.announcements;
    finishedGameIds.push(played.gameId);
    games++;
    if (++batchGames >= 250) await flush();
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      log(`  [${label}] seeding: ${announcements.toLocaleString('en')} announcements, ${games.toLocaleString('en')} games, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  }
  // One game in play per chat: never counted by the statistics.
  const currentGames: { chat: string; game: string }[] = [];
  for (const chat of pop.chats) {
    const played = playOne(t, pop, rng, chat, lineup(chat), {}, Date.now() - 600_000, 5 + rng(30));
    announcements += played.announcements;
    currentGames.push({ chat: chat.id, game: played.gameId });
  }
  await flush();
  await pending;
  await client.query(
    'UPDATE "Chat" c SET "currentGameId" = v.game FROM unnest($1::bigint[], $2::text[]) AS v(chat, game) WHERE c.id = v.chat',
    [currentGames.map((c) => c.chat), currentGames.map((c) => c.game)],
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    games,
    running: currentGames.length,
    announcements,
    seconds,
    generateSeconds: generateMs / 1000,
    finishedGameIds,
    chatIds: pop.chats.map((c) => c.id),
    members: pop.chats.flatMap((c) => c.members.map((m) => ({ userId: m.id, chatId: c.id }))),
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

interface Measure {
  operation: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

function summarize(operation: string, ms: number[]): Measure {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    operation,
    count: sorted.length,
    p50: r(at(0.5)),
    p95: r(at(0.95)),
    max: r(sorted.at(-1)!),
    mean: r(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  };
}

async function time<T>(inputs: T[], warmup: number, run: (input: T) => Promise<unknown>): Promise<number[]> {
  for (const input of inputs.slice(0, warmup)) await run(input);
  const out: number[] = [];
  for (const input of inputs) {
    const t0 = performance.now();
    await run(input);
    out.push(performance.now() - t0);
  }
  return out;
}

async function measureQueries(db: Database, seeded: SeedResult): Promise<Measure[]> {
  const rng = seededRng(config.seed + 1000);
  const n = config.samples;
  const pick = <T>(list: T[]) => list[rng(list.length)]!;
  const users = [...new Set(seeded.members.map((m) => m.userId))];
  const prisma = db.prisma;
  const results: Measure[] = [];

  const statsUsers = Array.from({ length: n }, () => BigInt(pick(users)));
  results.push(summarize('player statistics (all chats)', await time(statsUsers, 20, (u) => playerStats(prisma, u))));
  const statsInChat = Array.from({ length: n }, () => pick(seeded.members));
  results.push(
    summarize(
      'player statistics (one chat)',
      await time(statsInChat, 20, (m) => playerStats(prisma, BigInt(m.userId), { chatId: BigInt(m.chatId) })),
    ),
  );
  results.push(summarize('player tells (all chats)', await time(statsUsers, 20, (u) => playerTells(prisma, u))));
  results.push(
    summarize('player tells (one chat)', await time(statsInChat, 20, (m) => playerTells(prisma, BigInt(m.userId), { chatId: BigInt(m.chatId) }))),
  );
  const chats = Array.from({ length: n }, () => BigInt(pick(seeded.chatIds)));
  results.push(summarize('rating board (top 10)', await time(chats, 20, (c) => ratingBoard(prisma, { chatId: c, limit: 10 }))));
  results.push(summarize('group statistics', await time(chats, 20, (c) => groupStats(prisma, c))));
  const games = Array.from({ length: n }, () => pick(seeded.finishedGameIds));
  results.push(
    summarize(
      'game replay',
      await time(games, 20, async (g) => {
        if (!(await gameReplay(prisma, g))) throw new Error(`no replay for ${g}`);
      }),
    ),
  );
  return results;
}

/** Real actions through the service on new games in new chats, people from the pool. */
async function measureActs(db: Database, seeded: SeedResult): Promise<Measure[]> {
  const rng = seededRng(config.seed + 2000);
  const users = [...new Set(seeded.members.map((m) => m.userId))];
  const service = new GameService({ db, rng: seededRng(config.seed + 3000), timers: false, log: quiet });
  const strategies = ['calculator', 'bluffer', 'honest'] as const;
  const inGame: number[] = [];
  const lobby: number[] = [];
  let warm = 30;
  try {
    for (let g = 0; inGame.length < config.actions; g++) {
      const chatId = BigInt(-1_009_000_000_000 - g);
      const pool = [...users];
      const seats = Array.from({ length: 4 }, () => pool.splice(rng(pool.length), 1)[0]!);
      const minds = new Map(seats.map((id) => [id, strategyFor(strategies[rng(strategies.length)]!)]));
      const act = async (req: Parameters<GameService['act']>[0], into: number[]) => {
        const t0 = performance.now();
        const result = await service.act(req);
        const ms = performance.now() - t0;
        if (result.status !== 'applied') throw new Error(`act ${req.action.type}: ${result.status}`);
        if (warm > 0) warm--;
        else into.push(ms);
        return result.game;
      };
      const creator = { id: seats[0]!, name: `creator ${seats[0]}` };
      await act({ chatId, user: creator, chat: { title: `bench ${g}`, type: 'supergroup' }, action: { type: 'create', creator: creator.id } }, lobby);
      for (const id of seats) await act({ chatId, user: { id, name: `player ${id}` }, action: { type: 'join', player: id, name: `player ${id}` } }, lobby);
      let game = await act({ chatId, action: { type: 'start' } }, lobby);
      while (game.state.phase === 'playing' && inGame.length < config.actions) {
        const actor = game.state.round!.actor;
        const action = aiAction(game.state, actor, minds.get(actor)!, rng)!;
        game = await act({ chatId, gameId: game.id, action, key: `bench:${game.id}:${game.state.move}`, user: { id: actor, name: `player ${actor}` } }, inGame);
      }
    }
  } finally {
    await service.close();
  }
  return [summarize('GameService.act: in-game action (write)', inGame), summarize('GameService.act: lobby (create/join/start)', lobby)];
}

// ---------------------------------------------------------------------------------------------
// Per database
// ---------------------------------------------------------------------------------------------

interface DbResult {
  database: 'postgres' | 'pglite';
  /** When the run was made. */
  at: string;
  announcementsTarget: number;
  seeded: {
    games: number;
    running: number;
    announcements: number;
    seconds: number;
    generateSeconds: number;
    fkTriggersSkipped: boolean;
    checkSeconds: number | null;
    vacuumSeconds: number | null;
  };
  rows: Record<string, number>;
  sizeMB: number | null;
  measures: Measure[];
  explain?: Record<string, string>;
}

async function tableSizes(client: pg.ClientBase): Promise<{ rows: Record<string, number>; sizeMB: number | null }> {
  const rows: Record<string, number> = {};
  for (const name of INSERT_ORDER) {
    const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`);
    rows[name] = Number(r.rows[0]!.n);
  }
  let sizeMB: number | null = null;
  try {
    const r = await client.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n');
    sizeMB = Math.round(Number(r.rows[0]!.n) / 1024 / 1024);
  } catch {
    sizeMB = null;
  }
  return { rows, sizeMB };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements on their worst inputs: the busiest player and chat. */
async function explainWorst(db: Database): Promise<Record<string, string>> {
  const prisma = db.prisma;
  const explain = async (sql: Prisma.Sql) => {
    const rows = await prisma.$queryRaw<Record<string, string>[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  };
  const [player] = await prisma.$queryRaw<{ userId: bigint; games: number }[]>`
    SELECT "userId", count(*)::int AS games FROM "Seat" WHERE "userId" > 0 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`;
  const [inChat] = await prisma.$queryRaw<{ chatId: bigint; games: number }[]>`
    SELECT g."chatId", count(*)::int AS games FROM "Seat" s JOIN "Game" g ON g.id = s."gameId"
    WHERE s."userId" = ${player!.userId} AND g.status = 'FINISHED' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`;
  const [chat] = await prisma.$queryRaw<{ chatId: bigint; games: number }[]>`
    SELECT "chatId", count(*)::int AS games FROM "Game" WHERE status = 'FINISHED' GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`;
  return {
    [`player statistics, busiest player (${player!.userId}, ${player!.games} games), all chats`]: await explain(playerStatsSql(player!.userId)),
    [`player statistics, same player in their busiest chat (${inChat!.chatId}, ${inChat!.games} games)`]: await explain(
      playerStatsSql(player!.userId, { chatId: inChat!.chatId }),
    ),
    [`rating board, busiest chat (${chat!.chatId})`]: await explain(ratingBoardSql({ chatId: chat!.chatId, limit: 10 })),
    [`player tells, busiest player (${player!.userId}), all chats`]: await explain(playerTellsSql(player!.userId)),
    [`group statistics, busiest chat (${chat!.chatId}, ${chat!.games} finished games)`]: await explain(groupStatsSql(chat!.chatId)),
  };
}

/** The seeding writes rows without the service, so no game was rated or tallied: the recompute does them all. */
async function rateSeeded(db: Database): Promise<void> {
  const t0 = performance.now();
  const { games, changes } = await recomputeRatings(db.prisma);
  await recomputeTallies(db.prisma);
  log(`  ratings and chat tallies of ${games.toLocaleString('en')} finished games recomputed in ${((performance.now() - t0) / 1000).toFixed(1)} s (${changes.toLocaleString('en')} history rows)`);
}

async function onPostgres(target: number): Promise<DbResult> {
  const name = `mia_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: config.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  // Interrupted (Ctrl-C): drop the database all the same.
  const onSignal = (signal: NodeJS.Signals) => {
    log(`\n${signal}: dropping ${name}`);
    void admin
      .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      .catch(() => undefined)
      .finally(() => process.exit(130));
  };
  if (!process.env.BENCH_KEEP) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  const url = new URL(config.serverUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  log(`\n== PostgreSQL: database ${name}, seeding ${target.toLocaleString('en')} announcements`);
  try {
    await applyMigrations(dbUrl);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    let seeded: SeedResult;
    let sizes: Awaited<ReturnType<typeof tableSizes>>;
    try {
      seeded = await seedAndPrepare(client, target, 'postgres');
      sizes = await tableSizes(client);
    } finally {
      await client.end();
    }
    const db = await openDatabase({ databaseUrl: dbUrl });
    try {
      await rateSeeded(db);
      const measures = await measureQueries(db, seeded);
      const explain = await explainWorst(db);
      measures.push(...(await measureActs(db, seeded)));
      return result('postgres', target, seeded, sizes, measures, explain);
    } finally {
      await db.close();
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (process.env.BENCH_KEEP) log(`  BENCH_KEEP: database ${name} kept`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e: Error) => log(`  could not drop ${name}: ${e.message}`));
    await admin.end();
  }
}

async function onPglite(target: number): Promise<DbResult> {
  const dir = await mkdtemp(join(tmpdir(), 'mia-bench-pglite-'));
  log(`\n== PGlite: folder ${dir}, seeding ${target.toLocaleString('en')} announcements`);
  try {
    // Seed over the socket with a plain client, then hand the folder to openDatabase as the app would.
    const embedded = await startEmbedded({ dataDir: dir });
    let seeded: SeedResult;
    let sizes: Awaited<ReturnType<typeof tableSizes>>;
    try {
      await applyMigrations(embedded.connectionString);
      await embedded.waitIdle();
      const client = new pg.Client({ connectionString: embedded.connectionString });
      await client.connect();
      try {
        seeded = await seedAndPrepare(client, target, 'pglite');
        sizes = await tableSizes(client);
      } finally {
        await client.end();
      }
      await embedded.waitIdle();
    } finally {
      await embedded.stop();
    }
    const db = await openDatabase({ dataDir: dir });
    try {
      await rateSeeded(db);
      const measures = await measureQueries(db, seeded);
      measures.push(...(await measureActs(db, seeded)));
      return result('pglite', target, seeded, sizes, measures);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function result(
  database: DbResult['database'],
  target: number,
  seeded: SeedResult,
  sizes: { rows: Record<string, number>; sizeMB: number | null },
  measures: Measure[],
  explain?: Record<string, string>,
): DbResult {
  const { games, running, announcements, seconds, generateSeconds } = seeded;
  const r1 = (x: number | undefined) => (x === undefined ? null : Math.round(x * 10) / 10);
  return {
    database,
    at: new Date().toISOString(),
    announcementsTarget: target,
    seeded: {
      games,
      running,
      announcements,
      seconds: r1(seconds)!,
      generateSeconds: r1(generateSeconds)!,
      fkTriggersSkipped: seeded.fkTriggersSkipped ?? false,
      checkSeconds: r1(seeded.checkSeconds),
      vacuumSeconds: r1(seeded.vacuumSeconds),
    },
    ...sizes,
    measures,
    ...(explain ? { explain } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const GOAL_MS = 50;
const fmt = (n: number) => n.toLocaleString('en');

function describeRun(r: DbResult): string {
  const rowList = Object.entries(r.rows).map(([k, v]) => `${k} ${fmt(v)}`).join(', ');
  return (
    `${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${fmt(r.seeded.announcements)} announcements ` +
    `(${fmt(r.seeded.games)} finished games + ${r.seeded.running} in play), seeded in ${r.seeded.seconds} s ` +
    `(self-play and projection ${r.seeded.generateSeconds} s of it, overlapping the inserts${r.seeded.fkTriggersSkipped ? '; foreign-key triggers skipped, checked after' : ''})` +
    `${r.sizeMB !== null ? `, database ${fmt(r.sizeMB)} MB` : ''}\n  rows: ${rowList}`
  );
}

function goalLine(r: DbResult): string {
  const stats = r.measures.find((m) => m.operation === 'player statistics (all chats)')!;
  return `player statistics p95 ${stats.p95} ms at ${fmt(r.seeded.announcements)} announcements (goal on PostgreSQL at 1M: under ${GOAL_MS} ms) → ${stats.p95 < GOAL_MS ? 'met' : 'NOT met'}`;
}

function markdown(results: DbResult[], meta: Record<string, unknown>): string {
  const lines = [
    '# Database benchmark (`npm run bench -w @mia/game`)',
    '',
    `Generated by packages/game/bench/db.ts. Node ${meta.node}, ${meta.cpus}. Times in milliseconds; each query over ${config.samples} random users/chats/games after 20 warm-up calls; act over real actions through GameService on new games in the seeded database.`,
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'} (${r.at})`, '');
    lines.push(describeRun(r).replace('\n  rows:', '\n\nRows:'), '');
    lines.push('| operation | count | p50 | p95 | max | mean |', '| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const m of r.measures) lines.push(`| ${m.operation} | ${m.count} | ${m.p50} | ${m.p95} | ${m.max} | ${m.mean} |`);
    lines.push('', goalLine(r), '');
    for (const [what, plan] of Object.entries(r.explain ?? {})) {
      lines.push(`<details><summary>EXPLAIN (ANALYZE, BUFFERS): ${what}</summary>`, '', '```', plan, '```', '', '</details>', '');
    }
  }
  return lines.join('\n');
}

async function main() {
  const meta = machine();
  const results: DbResult[] = [];
  for (const database of config.databases) {
    if (database !== 'postgres' && database !== 'pglite') throw new Error(`BENCH_DATABASES: unknown database ${database}`);
    const target = config.announcements[database]!;
    const r = database === 'postgres' ? await onPostgres(target) : await onPglite(target);
    results.push(r);
    log(`\n${describeRun(r)}`);
    if (database === 'pglite' && target < 1_000_000) {
      log(`  (PGlite seeded with ${fmt(target)} announcements, not 1,000,000: BENCH_PGLITE_ANNOUNCEMENTS)`);
    }
    console.table(r.measures.map(({ operation, count, p50, p95, max, mean }) => ({ operation, count, 'p50 ms': p50, 'p95 ms': p95, 'max ms': max, 'mean ms': mean })));
    log(goalLine(r));
  }

  // Merge with earlier results for the databases not run this time.
  const dir = join(REPO_ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  const jsonPath = join(dir, 'db.json');
  const earlier = await readFile(jsonPath, 'utf8').then((s) => JSON.parse(s) as { results: DbResult[] }, () => ({ results: [] }));
  const merged = [...results, ...earlier.results.filter((e) => !results.some((r) => r.database === e.database))].sort((a, b) =>
    a.database.localeCompare(b.database) * -1,
  );
  const doc = { generatedBy: 'packages/game/bench/db.ts', ...meta, config: { ...config, serverUrl: undefined }, results: merged };
  await writeFile(jsonPath, `${JSON.stringify(doc, null, 2)}\n`);
  await writeFile(join(dir, 'db.md'), markdown(merged, meta));
  log(`\nwrote ${jsonPath} and db.md`);
}

// Run as a script; imported (the bot-load benchmark's --history seeds with it), nothing runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
