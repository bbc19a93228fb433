/**
 * Telegram's flood limits, as sliding windows per bot: more than 20 messages a minute into one
 * group, or 30 a second overall, answer 429 "Too Many Requests: retry after N". Edits are counted
 * apart from sends, against their own (looser) per-chat limit.
 */
import { tooManyRequests } from './errors';

export interface Limits {
  /** Messages a bot may send into one group or supergroup per minute (Telegram: 20). */
  groupPerMinute: number | null;
  /** Messages a bot may send per second over all chats (Telegram: 30). */
  globalPerSecond: number | null;
  /** Messages a bot may send into one private chat per second (Telegram advises 1; off by default). */
  privatePerSecond: number | null;
  /** Edits (editMessageText, editMessageReplyMarkup, …) of messages in one chat per minute. */
  editsPerMinutePerChat: number | null;
}

export const TELEGRAM_LIMITS: Limits = {
  groupPerMinute: 20,
  globalPerSecond: 30,
  privatePerSecond: null,
  editsPerMinutePerChat: 60,
};

export const NO_LIMITS: Limits = {
  groupPerMinute: null,
  globalPerSecond: null,
  privatePerSecond: null,
  editsPerMinutePerChat: null,
};

export function resolveLimits(limits: Partial<Limits> | false | undefined, base: Limits = TELEGRAM_LIMITS): Limits {
  if (limits === false) return { ...NO_LIMITS };
  return { ...base, ...(limits ?? {}) };
}

/** Timestamps of recent events in a window of `windowMs`. */
export class Window {
  private times: number[] = [];

  constructor(private readonly windowMs: number) {}

  /** Seconds to wait before another event fits under `max`, or 0 when it fits now. */
  retryAfter(now: number, max: number): number {
    this.prune(now);
    if (max <= 0) return Math.ceil(this.windowMs / 1000);
    if (this.times.length < max) return 0;
    const oldest = this.times[this.times.length - max]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  add(now: number): void {
    this.times.push(now);
  }

  private prune(now: number): void {
    let drop = 0;
    while (drop < this.times.length && this.times[drop]! <= now - this.windowMs) drop++;
    if (drop > 0) this.times.splice(0, drop);
  }
}

/** Checks every applicable window and counts the event in all of them only if all have room. */
export function consume(now: number, checks: { window: Window; max: number | null }[]): void {
  let wait = 0;
  for (const { window, max } of checks) {
    if (max === null || max === undefined) continue;
    wait = Math.max(wait, window.retryAfter(now, max));
  }
  if (wait > 0) throw tooManyRequests(wait);
  for (const { window, max } of checks) if (max !== null && max !== undefined) window.add(now);
}
