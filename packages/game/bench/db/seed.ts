// Seeding: the games played and bulk-inserted, checked, rated and tallied.
import { randomBytes } from 'node:crypto';
import { seededRng, type SettingsInput } from '@mia/engine';
import type pg from 'pg';
import { config, log } from './options';
import { type Person, population, type Population } from './population';
import { INSERT_ORDER, tables, type Tables } from './tables';
import { gameRefs, playOne } from './play';

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

export async function insertAll(client: pg.ClientBase, t: Tables): Promise<void> {
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
export async function skipForeignKeyTriggers(client: pg.ClientBase): Promise<boolean> {
  return client.query('SET session_replication_role = replica').then(
    () => true,
    () => false,
  );
}

/** Every foreign key of the seeded rows holds (anti-joins); throws on the first orphan found. */
export async function checkIntegrity(client: pg.ClientBase): Promise<void> {
  const orphans = (child: string, parent: string, on: string) =>
    `SELECT count(*) AS n FROM "${child}" x WHERE NOT EXISTS (SELECT 1 FROM "${parent}" y WHERE ${on})`;
  const checks: [string, string][] = [
    ['Game → Chat', orphans('Game', 'Chat', 'y.id = x."chatId"')],
    ['Game → User', orphans('Game', 'User', 'y.id = x."createdById"')],
    ['Seat → Game', orphans('Seat', 'Game', 'y.id = x."gameId"')],
    ['Seat → User', orphans('Seat', 'User', 'y.id = x."userId"')],
    ['Round → Game', orphans('Round', 'Game', 'y.ref = x."gameRef"')],
    ['Announcement → Round', orphans('Announcement', 'Round', 'y."gameRef" = x."gameRef" AND y.number = x."roundNumber"')],
    ['Announcement → User', orphans('Announcement', 'User', 'y.id = x."userId"')],
    [
      'Reveal → Announcement',
      orphans('Reveal', 'Announcement', 'y."gameRef" = x."gameRef" AND y."roundNumber" = x."roundNumber" AND y.seq = x."announcementSeq"'),
    ],
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

export async function seed(client: pg.ClientBase, target: number, label: string): Promise<SeedResult> {
  const rng = seededRng(config.seed);
  const pop = population(rng);
  const t = tables();
  const t0 = performance.now();
  let generateMs = 0;
  const { rows: refRows } = await client.query<{ max: number }>('SELECT coalesce(max(ref), 0)::int AS max FROM "Game"');
  gameRefs.next = refRows[0]!.max + 1;
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
      log(
        `  [${label}] seeding: ${announcements.toLocaleString('en')} announcements, ${games.toLocaleString('en')} games, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
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
  // Game.ref was handed out here: the sequence continues after it.
  await client.query(`SELECT setval(pg_get_serial_sequence('"Game"', 'ref'), $1::int)`, [gameRefs.next - 1]);
  await client.query('UPDATE "Chat" c SET "currentGameId" = v.game FROM unnest($1::bigint[], $2::text[]) AS v(chat, game) WHERE c.id = v.chat', [
    currentGames.map((c) => c.chat),
    currentGames.map((c) => c.game),
  ]);
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
