// What `TelegramSim.start` takes, kept apart from the simulator itself (sim.ts), which runs it.
import type { Clock } from './clock';
import type { Limits } from './limits';
import type { WebhookOptions } from './webhook';

export interface SimOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Flood limits: Telegram's by default; a partial object overrides some; false turns all off. */
  limits?: Partial<Limits> | false | undefined;
  /** Where message dates, rate-limit windows and query expiry read the time (default: system). */
  clock?: Clock;
  /** Seed for dice values and generated ids (default: Math.random). */
  seed?: number;
  /** Webhook delivery: attempts per update, first retry delay (doubling), request timeout. */
  webhook?: Partial<WebhookOptions>;
  /** How long a callback query can be answered (Telegram: about 15 minutes). */
  callbackQueryTtlMs?: number;
  /** How long `user.press` waits for the bot's answer before resolving undefined (default 5 s). */
  pressTimeoutMs?: number;
  /** Fastify request logging (default off). */
  logger?: boolean;
  /** How many calls `sim.calls` keeps, oldest dropped first (default 100,000). */
  maxCalls?: number;
  /**
   * Messages kept per chat (default: all). A process that runs for days (the demo) bounds its
   * memory with it: a forgotten message is gone as a deleted one is (editing it answers "message
   * to edit not found"), so keep more than a bot still edits.
   */
  maxMessagesPerChat?: number;
  /** Popups and notifications kept per user, oldest dropped first (default: all). */
  maxPerUser?: number;
  /**
   * The network between a bot and Telegram, as a round trip in ms (default 0: loopback's own):
   * each Bot API call over HTTP runs half of it after it arrives and is answered the other half
   * after it ran, as a bot hosted far from Telegram's servers sees it. For benchmarks of what a
   * player waits for; faults are answered without it.
   */
  latencyMs?: number;
}
