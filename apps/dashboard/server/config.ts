import { parseEnv } from '@mia/db/env';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Everything the dashboard process reads from the environment, validated once at start-up. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: put it behind a reverse proxy (TLS) to serve it publicly. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** PostgreSQL shared with the bot; unset: the embedded database in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL: a PostgreSQL URL, postgresql://user@host:5432/mia')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /**
   * The dashboard's public address, as the bot's PUBLIC_URL: the link previews' absolute URLs
   * (og:image, og:url). Unset: the scheme and Host of each request.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'an http(s) URL, e.g. https://mia.example.org' })
    .optional()
    .transform((url) => url?.replace(/\/+$/, '')),
  /** The built SPA (default apps/dashboard/dist). */
  WEB_ROOT: z.string().min(1).optional(),
  /** Requests per client address and window. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Behind a reverse proxy: `true` (trust X-Forwarded-For from anywhere) or the proxies'
   * addresses, comma-separated, so the rate limit counts clients, not the proxy.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === 'false' ? false : v === 'true' ? true : v.split(',').map((s) => s.trim()))),
});

export type Config = z.infer<typeof Env>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseEnv(Env, env);
}
