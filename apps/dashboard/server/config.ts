import { type EnvSchema, parseEnv } from '@mia/db/env';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

// TypeBox, the schema library the dashboard's routes already use, rather than zod: zod's code was
// 3 MB of the dashboard's heap only to read a dozen variables once (with 1,000 spectators, RSS
// 118–119 MB without it against 122–124 with; the spectators benchmark, alternated, 2026-12-02).

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Everything the dashboard process reads from the environment, validated once at start-up. */
const Env = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  /** Loopback by default: put it behind a reverse proxy (TLS) to serve it publicly. */
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  /** PostgreSQL shared with the bot; unset: the embedded database in DATA_DIR. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /**
   * The dashboard's public address, as the bot's PUBLIC_URL: the link previews' absolute URLs
   * (og:image, og:url). Unset: the scheme and Host of each request.
   */
  PUBLIC_URL: Type.Optional(Type.String()),
  /** The built SPA (default apps/dashboard/dist). */
  WEB_ROOT: Type.Optional(Type.String({ minLength: 1 })),
  /** Requests per client address and window. */
  RATE_LIMIT_MAX: Type.Integer({ minimum: 1, default: 300 }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
  /**
   * Behind a reverse proxy: `true` (trust X-Forwarded-For from anywhere) or the proxies'
   * addresses, comma-separated, so the rate limit counts clients, not the proxy.
   */
  TRUST_PROXY: Type.Optional(Type.String()),
});

export interface Config {
  PORT: number;
  HOST: string;
  DATABASE_URL?: string;
  DATA_DIR?: string;
  LOG_LEVEL: (typeof LOG_LEVELS)[number];
  /** Without a trailing slash. */
  PUBLIC_URL?: string;
  WEB_ROOT?: string;
  RATE_LIMIT_MAX: number;
  RATE_LIMIT_WINDOW_MS: number;
  TRUST_PROXY: boolean | string[];
}

/** What a person reads when a variable is wrong (TypeBox's own words otherwise). */
const MESSAGES: Partial<Record<keyof Config, string>> = {
  PORT: 'a port number from 0 to 65535',
  DATABASE_URL: 'a PostgreSQL URL, postgresql://user@host:5432/mia',
  LOG_LEVEL: `one of ${LOG_LEVELS.join(', ')}`,
  PUBLIC_URL: 'an http(s) URL, e.g. https://mia.example.org',
  RATE_LIMIT_MAX: 'a whole number from 1',
  RATE_LIMIT_WINDOW_MS: 'a whole number of milliseconds from 1000',
};

type Issue = { path: PropertyKey[]; message: string };

const isHttpUrl = (v: string): boolean => {
  const url = URL.parse(v);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:');
};

/**
 * The integer variables' digits as numbers. Not TypeBox's Value.Convert, which truncates "2.5" to
 * 2: a variable that is not a whole number is refused, not read as another.
 */
function wholeNumbers(input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input };
  for (const [key, schema] of Object.entries(Env.properties)) {
    const v = out[key];
    if ((schema as { type?: string }).type === 'integer' && typeof v === 'string' && /^-?\d+$/.test(v)) out[key] = Number(v);
  }
  return out;
}

/** The schema in the shape parseEnv reads (`safeParse`), with each variable's conversions. */
const env: EnvSchema<Config> = {
  safeParse(input) {
    const value = Value.Default(Env, wholeNumbers(input as Record<string, unknown>)) as Record<string, unknown>;
    const issues: Issue[] = [];
    const seen = new Set<string>();
    for (const error of Value.Errors(Env, value)) {
      const key = error.path.split('/')[1] ?? '';
      if (seen.has(key)) continue; // one line per variable
      seen.add(key);
      issues.push({ path: [key], message: MESSAGES[key as keyof Config] ?? error.message });
    }
    const publicUrl = value.PUBLIC_URL as string | undefined;
    if (publicUrl !== undefined && !isHttpUrl(publicUrl)) issues.push({ path: ['PUBLIC_URL'], message: MESSAGES.PUBLIC_URL! });
    if (issues.length > 0) return { success: false, error: { issues } };
    const trust = value.TRUST_PROXY as string | undefined;
    const data: Config = {
      ...(value as Omit<Config, 'PUBLIC_URL' | 'TRUST_PROXY'>),
      TRUST_PROXY: trust === undefined || trust === 'false' ? false : trust === 'true' ? true : trust.split(',').map((s) => s.trim()),
    };
    if (publicUrl !== undefined) data.PUBLIC_URL = publicUrl.replace(/\/+$/, '');
    return { success: true, data };
  },
};

export function readConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  return parseEnv(env, pickEnv(environment));
}

/** Only this schema's variables: the process environment holds many others. */
function pickEnv(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const picked: NodeJS.ProcessEnv = {};
  for (const key of Object.keys(Env.properties)) if (environment[key] !== undefined) picked[key] = environment[key];
  return picked;
}
