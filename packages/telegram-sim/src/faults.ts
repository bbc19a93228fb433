/** Faults injected into the next calls: the way tests see Telegram fail. */

export type FaultKind =
  /** 429 "Too Many Requests: retry after N" with parameters.retry_after (default 1). */
  | 'tooManyRequests'
  /** 500 "Internal Server Error". */
  | 'internalServerError'
  /** 502 "Bad Gateway". */
  | 'badGateway'
  /** The connection is destroyed without an answer. */
  | 'drop'
  /** No answer for `ms` (then the call runs normally), or, without `ms`, never (until the client gives up). */
  | 'hang';

export interface FaultSpec {
  kind: FaultKind;
  /** Only calls of this method (case-insensitive); any method when omitted. */
  method?: string;
  /** Only calls of this bot (its token); any bot when omitted. */
  bot?: string;
  /** How many calls it affects (default 1). */
  times?: number;
  /** retry_after in seconds for tooManyRequests (default 1). */
  retryAfter?: number;
  /** For hang: answer normally after this many milliseconds; for drop: wait this long before dropping. */
  ms?: number;
  /**
   * For drop: run the call first, then drop the connection, so the client fails although the call
   * took effect (a message sent that the bot never heard back about). Default false.
   */
  execute?: boolean;
}

export interface ActiveFault extends FaultSpec {
  remaining: number;
}

export class Faults {
  private active: ActiveFault[] = [];

  /** Adds a fault for the next `times` matching calls; faults are used in the order injected. */
  inject(spec: FaultSpec): void {
    const times = spec.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error('times must be a positive integer');
    this.active.push({ ...spec, remaining: times });
  }

  /** Removes every pending fault. */
  clear(): void {
    this.active = [];
  }

  /** How many faulty calls are still to come. */
  pending(): number {
    return this.active.reduce((sum, fault) => sum + fault.remaining, 0);
  }

  /** @internal The fault this call gets, if any, counted as used. */
  take(token: string, method: string): ActiveFault | undefined {
    const lower = method.toLowerCase();
    const index = this.active.findIndex((f) => (f.method === undefined || f.method.toLowerCase() === lower) && (f.bot === undefined || f.bot === token));
    if (index < 0) return undefined;
    const fault = this.active[index]!;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.active.splice(index, 1);
    return fault;
  }
}
