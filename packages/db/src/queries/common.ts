import type { Prisma, PrismaClient } from '../generated/prisma/client';

/** The model operations that only read. */
type ReadOperation = 'findUnique' | 'findUniqueOrThrow' | 'findFirst' | 'findFirstOrThrow' | 'findMany' | 'count' | 'aggregate' | 'groupBy';
type ModelProp = Prisma.TypeMap['meta']['modelProps'];

/**
 * What the apps get of the database: every model's reads and raw SELECTs, no write. A client, an
 * interactive transaction or `readOnly(client)` (which also refuses writes at run time) is one.
 */
export type ReadClient = { readonly [M in ModelProp]: Pick<PrismaClient[M], ReadOperation & keyof PrismaClient[M]> } & Pick<PrismaClient, '$queryRaw'>;

/** Every read-side query takes a `ReadClient` (the name it had before the read-only interface). */
export type Reader = ReadClient;

/** Announcement classes as the rules name them ("What counts as a bluff"). */
export interface ClassCounts {
  truthful: number;
  over: number;
  under: number;
  blind: number;
  pass: number;
}

/** Lives lost by the round's cause (Round.livesLost summed where Round.loserId is the player). */
export interface LivesLost {
  total: number;
  caughtBluffing: number;
  wrongCall: number;
  miaLooked: number;
  miaGivenUp: number;
  timeout: number;
}

export const emptyClassCounts = (): ClassCounts => ({ truthful: 0, over: 0, under: 0, blind: 0, pass: 0 });
export const emptyLivesLost = (): LivesLost => ({
  total: 0,
  caughtBluffing: 0,
  wrongCall: 0,
  miaLooked: 0,
  miaGivenUp: 0,
  timeout: 0,
});

/** The database's Classification enum to its key in ClassCounts. */
export const CLASS_KEY: Record<string, keyof ClassCounts> = {
  TRUTHFUL: 'truthful',
  OVER: 'over',
  UNDER: 'under',
  BLIND: 'blind',
  PASS: 'pass',
};

/** The database's LossCause enum to its key in LivesLost. */
export const CAUSE_KEY: Record<string, Exclude<keyof LivesLost, 'total'>> = {
  CAUGHT_BLUFFING: 'caughtBluffing',
  WRONG_CALL: 'wrongCall',
  MIA_LOOKED: 'miaLooked',
  MIA_GIVEN_UP: 'miaGivenUp',
  TIMEOUT: 'timeout',
};

/**
 * The ISO 8601 week ("2026-W05") of the week starting on the given Monday (YYYY-MM-DD, UTC):
 * the week belongs to the year of its Thursday.
 */
export function isoWeekOf(monday: string): string {
  const thursday = new Date(`${monday}T00:00:00Z`);
  thursday.setUTCDate(thursday.getUTCDate() + 3);
  const year = thursday.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / 86_400_000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday (YYYY-MM-DD, UTC) of the ISO week holding `date`. */
export function weekStartOf(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
