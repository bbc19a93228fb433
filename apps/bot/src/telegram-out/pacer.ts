/**
 * Keeps the bot's new messages within Telegram's limits before Telegram has to refuse them: about
 * 20 a minute into one group and 30 a second in all. Edits are not paced (Telegram counts them
 * apart). A send that would go over waits for its slot; since a game's messages go out in order,
 * a game whose players act faster than that is slowed to the group's pace instead of meeting
 * 429s. Written here rather than with @grammyjs/transformer-throttler: that plugin queues every
 * Bot API call (pop-up answers and edits too, behind a group's sends), where only new messages
 * need a slot and a press must be answered at once.
 */
export interface PacerLimits {
  /** New messages into one group per minute (Telegram: 20). */
  groupPerMinute: number;
  /** New messages in all per second (Telegram: about 30). */
  perSecond: number;
}

/**
 * A little under Telegram's 20 a minute per group and 30 a second: replies to commands (/stats,
 * /rules, …) are sent outside the pacer and count against the same limits.
 */
export const TELEGRAM_LIMITS: PacerLimits = { groupPerMinute: 18, perSecond: 25 };

/** Where the pacer reads the time and waits. */
export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const systemClock: PacerClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export class Pacer {
  private readonly groups = new Map<string, number[]>();
  private readonly all: number[] = [];

  constructor(
    private readonly limits: PacerLimits | false = TELEGRAM_LIMITS,
    private readonly clock: PacerClock = systemClock,
  ) {}

  /** Resolves when a new message may go to `chat` (a group when `group`), and counts it. */
  async slot(chat: string, group: boolean): Promise<void> {
    if (!this.limits) return;
    for (;;) {
      const now = this.clock.now();
      const wait = Math.max(
        this.waitFor(this.all, now, 1_000, this.limits.perSecond),
        group ? this.waitFor(this.windowOf(chat), now, 60_000, this.limits.groupPerMinute) : 0,
      );
      if (wait <= 0) break;
      await this.clock.sleep(wait);
    }
    const now = this.clock.now();
    this.all.push(now);
    if (group) this.windowOf(chat).push(now);
  }

  /** How long until `times` holds fewer than `limit` entries within the last `windowMs`. */
  private waitFor(times: number[], now: number, windowMs: number, limit: number): number {
    while (times.length > 0 && times[0]! <= now - windowMs) times.shift();
    return times.length < limit ? 0 : times[times.length - limit]! + windowMs - now;
  }

  private windowOf(chat: string): number[] {
    let times = this.groups.get(chat);
    if (!times) {
      times = [];
      this.groups.set(chat, times);
      // Forget groups that sent nothing for a minute, so the map stays as small as the active groups.
      if (this.groups.size > 10_000)
        for (const [key, list] of this.groups) if (list.length === 0 || list[list.length - 1]! < this.clock.now() - 60_000) this.groups.delete(key);
    }
    return times;
  }
}
