import type { PrismaClient } from '@mia/db';
import type { Logger } from 'pino';

/**
 * Processed-update keys are kept this long, then pruned. Telegram redelivers an unconfirmed update
 * for 24 hours at most, and the service's own keys (timeouts, AI moves) matter only while their
 * game runs: two days leave a margin for a process that was down a day.
 */
export const KEY_RETENTION_MS = 48 * 60 * 60 * 1000;
/**
 * A finished (or aborted) game's event log moves from one GameEvent row per event to one GameLog
 * row this long after its end: by then every process has read its last batch (the notices), and
 * the bot has sent its last messages.
 */
export const LOG_COMPACT_AFTER_MS = 60 * 60 * 1000;
/** How often the sweep runs in a long-lived process. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

export interface MaintenanceOptions {
  intervalMs?: number;
  keyRetentionMs?: number;
  compactAfterMs?: number;
}

export interface SweepResult {
  keysPruned: number;
  logsCompacted: number;
  /** VACUUM and CHECKPOINT ran (the embedded database: nothing else vacuums it). */
  vacuumed: boolean;
}

/** Rows per statement: a sweep never holds locks on a large set at once. */
const BATCH = 500;

/**
 * The database's housekeeping, run by the process that owns the service: old processed-update
 * keys pruned, finished games' event logs compacted, and on the embedded PGlite (which has no
 * autovacuum) VACUUM and CHECKPOINT, so its folder stops growing once dead rows are reused.
 * Several processes may sweep at once: each statement takes only what is still there.
 */
export class Maintenance {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepResult> | null = null;
  private readonly options: Required<MaintenanceOptions>;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly kind: 'postgres' | 'pglite',
    private readonly now: () => Date,
    private readonly log: Logger,
    options: MaintenanceOptions = {},
  ) {
    this.options = {
      intervalMs: options.intervalMs ?? MAINTENANCE_INTERVAL_MS,
      keyRetentionMs: options.keyRetentionMs ?? KEY_RETENTION_MS,
      compactAfterMs: options.compactAfterMs ?? LOG_COMPACT_AFTER_MS,
    };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.log.warn({ err: error }, 'maintenance: sweep failed; tried again later'));
    }, this.options.intervalMs);
    this.timer.unref(); // housekeeping never keeps a process alive
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep now (at most one at a time); `at` overrides the clock (tests, the disk benchmark). */
  sweep(at?: Date): Promise<SweepResult> {
    this.running ??= this.run(at ?? this.now()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(now: Date): Promise<SweepResult> {
    const keysBefore = new Date(now.getTime() - this.options.keyRetentionMs);
    const endedBefore = new Date(now.getTime() - this.options.compactAfterMs);
    let keysPruned = 0;
    for (let n = BATCH; n === BATCH; keysPruned += n) n = await pruneKeys(this.prisma, keysBefore);
    let logsCompacted = 0;
    for (let n = BATCH; n === BATCH; logsCompacted += n) n = await compactLogs(this.prisma, endedBefore);
    const vacuumed = this.kind === 'pglite';
    if (vacuumed) {
      await this.prisma.$executeRawUnsafe('VACUUM');
      await this.prisma.$executeRawUnsafe('CHECKPOINT');
    }
    if (keysPruned || logsCompacted) this.log.info({ keysPruned, logsCompacted, vacuumed }, 'maintenance: swept');
    return { keysPruned, logsCompacted, vacuumed };
  }
}

/** Deletes up to BATCH keys claimed before `before`; returns how many. */
export function pruneKeys(prisma: PrismaClient, before: Date): Promise<number> {
  return prisma.$executeRaw`
    DELETE FROM "ProcessedUpdate" WHERE key IN (
      SELECT key FROM "ProcessedUpdate" WHERE "createdAt" < ${before} ORDER BY "createdAt" LIMIT ${BATCH})`;
}

/**
 * Moves the event logs of up to BATCH games that ended before `before` from GameEvent into one
 * GameLog row each, in one statement: `[[firstSeq, epoch ms, [event, …]], …]`, one entry per run
 * of consecutive events committed at the same instant (a commit). Returns how many games.
 */
export async function compactLogs(prisma: PrismaClient, before: Date): Promise<number> {
  const rows = await prisma.$queryRaw<{ n: number }[]>`
    WITH due AS (
      SELECT g.id FROM "Game" g
      WHERE g.status IN ('FINISHED', 'ABORTED') AND g."finishedAt" < ${before}
        AND EXISTS (SELECT 1 FROM "GameEvent" e WHERE e."gameId" = g.id)
        AND NOT EXISTS (SELECT 1 FROM "GameLog" l WHERE l."gameId" = g.id)
      ORDER BY g."finishedAt" LIMIT ${BATCH}
    ), moved AS (
      DELETE FROM "GameEvent" e USING due WHERE e."gameId" = due.id
      RETURNING e."gameId", e.seq, e.payload, e."createdAt"
    ), runs AS (
      SELECT *, seq - row_number() OVER (PARTITION BY "gameId", "createdAt" ORDER BY seq) AS run FROM moved
    ), batches AS (
      SELECT "gameId", min(seq) AS first, (extract(epoch FROM "createdAt") * 1000)::bigint AS at,
        json_agg(payload::json ORDER BY seq) AS events
      FROM runs GROUP BY "gameId", "createdAt", run
    ), logs AS (
      INSERT INTO "GameLog" ("gameId", batches)
      SELECT "gameId", json_agg(json_build_array(first, at, events) ORDER BY first) FROM batches GROUP BY "gameId"
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM logs`;
  return rows[0]!.n;
}
