import { parseEnv } from '@mia/db/env';
import { z } from 'zod';

/** Where the dashboard is served when PUBLIC_URL is not set (a dashboard run on this machine). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** Everything the bot reads from the environment, validated once at start-up. */
const Env = z
  .object({
    BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]{20,}$/, 'BOT_TOKEN looks like 123456:ABC…, from @BotFather')
      .optional(),
    TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
    DATABASE_URL: z.string().optional(),
    DATA_DIR: z.string().optional(),
    WEBHOOK_URL: z.url().optional(),
    WEBHOOK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'WEBHOOK_SECRET: 16 to 256 of A-Z, a-z, 0-9, _ and -')
      .optional(),
    /**
     * Telegram's max_connections for the webhook (1–100; Telegram's default 40): how many updates
     * (of different chats) it sends at once, over all the processes behind the webhook's address.
     */
    WEBHOOK_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The dashboard's public address: /dashboard hands out `${PUBLIC_URL}/g/<token>`. */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'PUBLIC_URL: an http(s) URL, e.g. https://mia.example.org' })
      .default(DEFAULT_PUBLIC_URL)
      .transform((url) => url.replace(/\/+$/, '')),
  })
  .refine((e) => !e.WEBHOOK_URL || e.WEBHOOK_SECRET, {
    message: 'WEBHOOK_SECRET is required with WEBHOOK_URL: Telegram sends it so forged updates are refused',
    path: ['WEBHOOK_SECRET'],
  });

export type Config = z.infer<typeof Env>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseEnv(Env, env);
}
