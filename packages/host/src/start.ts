import { resolve } from 'node:path';
import { botMessageStore, defaultDataDir, MEMORY, openDatabase, type Database, type OpenOptions } from '@mia/db';
import { AiSeats, GameService, type AiSeatsOptions, type GameServiceOptions } from '@mia/game';
import pino, { type Logger } from 'pino';
import type { Attached, FrontEnd, Handles, MiaCore } from './front-end';
import { memoryLog } from './memory-log';
import { seedFromTemplate } from './template';

export interface MiaOptions<F extends readonly FrontEnd<unknown>[]> {
  /**
   * The database to open and migrate (openDatabase's options; default: $DATABASE_URL, else the
   * embedded PGlite in $DATA_DIR), closed by stop; or `{ use: db }`, one already open and migrated
   * (a test's, or shared by several processes in one), left open by stop.
   */
  database?: OpenOptions | { use: Database };
  /** Default: pino at $LOG_LEVEL (info). */
  log?: Logger;
  /** What tests and benchmarks choose for the game service: seeded dice, a clock, timers off. */
  service?: Omit<GameServiceOptions, 'db' | 'log'>;
  /** The computer players' pace and choices (default: a person's pace, node:crypto); false: none in this process. */
  ai?: Omit<AiSeatsOptions, 'log'> | false;
  /** Re-arm deadlines and resume the turns of running games (default true). */
  recover?: boolean;
  /** Started in this order, stopped in the reverse one. */
  frontEnds: F;
}

export type Recovered = Awaited<ReturnType<GameService['recover']>>;

export interface Mia<F extends readonly FrontEnd<unknown>[]> extends MiaCore {
  /** The front-ends' handles, in the order given. */
  frontEnds: Handles<F>;
  /** What recovery found (null with `recover: false`). */
  recovered: Recovered | null;
  /**
   * Stops taking input, lets the AI seats and outgoing messages finish, closes the service, then
   * the database (when opened here). Calling it again returns the same promise.
   */
  stop(): Promise<void>;
}

/**
 * Starts a Mia process: the database (migrated as it opens), the game service, the front-ends
 * attached, the AI seats, recovery, then the front-ends open for input. Should any step fail, what
 * was started is stopped again before the error is thrown.
 */
export async function startMia<const F extends readonly FrontEnd<unknown>[]>(options: MiaOptions<F>): Promise<Mia<F>> {
  const log = options.log ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const given = options.database && 'use' in options.database ? options.database.use : null;
  const open = (options.database as OpenOptions | undefined) ?? {};
  // openDatabase's choice: the embedded database unless a URL is given (or, without a dataDir, set).
  const embedded = !given && !open.databaseUrl && (open.dataDir !== undefined || !process.env.DATABASE_URL);
  const folder = open.dataDir ?? defaultDataDir();
  if (embedded && folder !== MEMORY) await seedFromTemplate(resolve(folder));
  const db = given ?? (await openDatabase(open));
  const games = new GameService({ ...options.service, db, log });
  const ai = options.ai === false ? null : new AiSeats(games, { ...options.ai, log });
  const dataDir = !given && db.kind === 'pglite' ? { dataDir: open.dataDir ?? defaultDataDir() } : {};
  const core: MiaCore = {
    database: { kind: db.kind, connectionString: db.connectionString, ...dataDir },
    games,
    log,
    ai,
    botMessages: botMessageStore(db.prisma),
  };
  const attached: Attached<unknown>[] = [];
  const opened: Attached<unknown>[] = [];

  let stopMemoryLog = () => {};
  const shutdown = async () => {
    stopMemoryLog();
    for (const f of [...opened].reverse()) await f.close?.();
    await ai?.stop();
    for (const f of [...attached].reverse()) await f.drain?.();
    await games.close();
    if (!given) await db.close();
  };

  let recovered: Recovered | null = null;
  try {
    for (const f of options.frontEnds) attached.push(await f.attach(core));
    ai?.start();
    if (options.recover !== false) {
      recovered = await games.recover();
      // Computer players whose turn it was when the last process stopped play on.
      await ai?.resume();
      for (const f of attached) await f.resume?.();
    }
    for (const f of attached) {
      opened.push(f);
      await f.open?.();
    }
    stopMemoryLog = memoryLog(log);
  } catch (error) {
    await shutdown().catch((e: unknown) => log.error({ err: e }, 'host: could not stop after a failed start'));
    throw error;
  }

  let stopping: Promise<void> | null = null;
  return {
    ...core,
    frontEnds: attached.map((f) => f.handle) as Handles<F>,
    recovered,
    stop: () => (stopping ??= shutdown()),
  };
}
