// What packages/game/bench/db.ts is asked to do: its knobs, from the environment.
import pino from 'pino';

/**
 * PGlite (PostgreSQL in WebAssembly) seeds 1M announcements in about 2.5 minutes here, like the
 * server: the default is the full size. Lower it on a slow machine.
 */
export const PGLITE_DEFAULT = 1_000_000;

export const env = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw.replaceAll('_', ''));
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got ${raw}`);
  return Math.floor(n);
};

export const config = {
  databases: (process.env.BENCH_DATABASES ?? 'postgres,pglite')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  announcements: { postgres: env('BENCH_ANNOUNCEMENTS', 1_000_000), pglite: env('BENCH_PGLITE_ANNOUNCEMENTS', PGLITE_DEFAULT) } as Record<string, number>,
  serverUrl: process.env.BENCH_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres',
  users: env('BENCH_USERS', 200),
  chats: env('BENCH_CHATS', 50),
  samples: env('BENCH_SAMPLES', 200),
  actions: env('BENCH_ACTIONS', 500),
  seed: env('BENCH_SEED', 1),
};

export const log = (...args: unknown[]) => console.log(...args);
export const quiet = pino({ level: 'silent' });
