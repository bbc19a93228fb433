import type { Transformer } from 'grammy';
import { GrammyError, HttpError } from 'grammy';
import type { Logger } from 'pino';

export interface CallTimeouts {
  /** Any call but getUpdates: Telegram answers in well under a second when it is well. */
  callSeconds: number;
  /** getUpdates waits up to its own `timeout` (the long poll) plus this much. */
  pollMarginSeconds: number;
}

/** 10 s a call: a hung connection holds a game's messages (and its buttons) that long, not 60 s. */
export const DEFAULT_CALL_TIMEOUTS: CallTimeouts = { callSeconds: 10, pollMarginSeconds: 10 };

/** How long one attempt of a call may take: a long poll its `timeout` and a margin, any other call `callSeconds`. */
export function callDeadlineSeconds({ callSeconds, pollMarginSeconds }: CallTimeouts, method: string, payload: unknown): number {
  if (method !== 'getUpdates') return callSeconds;
  return Number((payload as { timeout?: number } | undefined)?.timeout ?? 0) + pollMarginSeconds;
}

/**
 * One deadline per attempt, by method: a long poll may be held open for its `timeout`, anything
 * else must answer within `callSeconds`. grammY's client `timeoutSeconds` is one figure for all
 * methods, so it stays the outer bound and this transformer aborts each attempt earlier through
 * its signal. Installed before auto-retry (inner), so a timed-out attempt is an HttpError that
 * auto-retry makes again, each with a fresh deadline.
 */
export function callTimeouts(timeouts: CallTimeouts): Transformer {
  return async (prev, method, payload, signal) => {
    const seconds = callDeadlineSeconds(timeouts, method, payload);
    // By hand rather than AbortSignal.any, which keeps every combined signal as long as the
    // caller's lives (the runner's, for every long poll of the bot's life).
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), seconds * 1000);
    const own = signal as unknown as AbortSignal | undefined;
    const forward = () => controller.abort();
    if (own?.aborted) controller.abort();
    else own?.addEventListener('abort', forward);
    try {
      // grammY types signals after its abort-controller shim; on Node they are the global kind.
      return await prev(method, payload, controller.signal as unknown as typeof signal);
    } finally {
      clearTimeout(timer);
      own?.removeEventListener('abort', forward);
    }
  };
}

/**
 * Every failed attempt that is Telegram's trouble, not the bot's — a flood limit (429), a server
 * error (5xx), a lost, refused or timed-out connection — at warn, before auto-retry decides to
 * wait and try again. Method, chat and error only: the payload (dice in private messages) never.
 */
export function logTelegramFaults(log: Logger): Transformer {
  return async (prev, method, payload, signal) => {
    const chatId = (payload as { chat_id?: unknown } | undefined)?.chat_id;
    const where = { method, ...(typeof chatId === 'number' || typeof chatId === 'string' ? { chatId } : {}) };
    try {
      const result = await prev(method, payload, signal);
      if (!result.ok && (result.error_code === 429 || result.error_code >= 500)) {
        const retryAfter = result.parameters?.retry_after;
        log.warn({ ...where, code: result.error_code, err: result.description, ...(retryAfter !== undefined ? { retryAfter } : {}) }, 'telegram: call failed');
      }
      return result;
    } catch (error) {
      // The caller's own abort (the runner stopping its long poll) is no fault of Telegram's.
      if (error instanceof HttpError && !signal?.aborted) {
        const cause = error.error instanceof Error ? `${error.error.name}: ${error.error.message}` : String(error.error);
        log.warn({ ...where, err: cause }, 'telegram: no answer');
      }
      throw error;
    }
  };
}

/**
 * A flood limit always ends, and Telegram says when: wait `retry_after` and try again, however
 * often it takes (up to `maxDelaySeconds` a wait; a longer one is returned as the error it is).
 * Outside auto-retry, whose attempts are counted for 429s and 5xx alike: under a storm shared by
 * many chats a message can meet more 429s in a row than a server error deserves retries, and a
 * message given up on is a hole in its chat (a player's dice never arriving).
 */
export function waitOutFloodLimits(maxDelaySeconds: number): Transformer {
  return async (prev, method, payload, signal) => {
    for (;;) {
      const result = await prev(method, payload, signal);
      const wait = result.ok ? undefined : result.parameters?.retry_after;
      if (wait === undefined || wait > maxDelaySeconds || signal?.aborted) return result;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  };
}

/**
 * A pop-up answered whose answer was lost on the way back (the connection dropped after Telegram
 * took it) is refused on the retry as "query is too old": the person saw it, so that is success.
 * Installed inside auto-retry, where each attempt of one call passes the same payload object.
 */
export function answeredOnce(): Transformer {
  const lost = new WeakSet<object>();
  return async (prev, method, payload, signal) => {
    try {
      const result = await prev(method, payload, signal);
      if (!result.ok && method === 'answerCallbackQuery' && payload && lost.has(payload) && result.description.includes('query is too old')) {
        return { ok: true, result: true } as unknown as typeof result;
      }
      return result;
    } catch (error) {
      if (error instanceof HttpError && payload) lost.add(payload);
      throw error;
    }
  };
}

/**
 * An error as the log may show it. A GrammyError carries the call's whole payload — a private
 * message's dice among them — which pino would print; the method and Telegram's answer say enough.
 */
export function loggableError(error: unknown): unknown {
  if (error instanceof GrammyError) return { method: error.method, code: error.error_code, description: error.description };
  if (error instanceof HttpError) return { message: error.message };
  return error;
}

/**
 * A pop-up's answer leaves without holding up the update it answers. A game's buttons are handled
 * one at a time, so a pop-up stuck behind a flood limit (auto-retry waits up to 60 s) or a hung
 * connection would keep the next player's press waiting while their turn's clock runs. The answer
 * is made — and retried — in the background; what fails in the end is logged at warn. Installed on
 * each update's `ctx.api` (outermost), not on the notifier's `bot.api`.
 */
export function answerInBackground(log: Logger): Transformer {
  return (prev, method, payload, signal) => {
    if (method !== 'answerCallbackQuery') return prev(method, payload, signal);
    prev(method, payload, signal).then(
      (result) => {
        if (!result.ok) log.warn({ method, code: result.error_code, err: result.description }, 'telegram: pop-up not shown');
      },
      (error: unknown) => log.warn({ method, err: loggableError(error) }, 'telegram: pop-up not shown'),
    );
    return Promise.resolve({ ok: true, result: true } as Awaited<ReturnType<typeof prev>>);
  };
}
