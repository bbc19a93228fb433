/**
 * Webhook delivery as Telegram's Bot API server does it: each queued update is POSTed as JSON to
 * the url with the X-Telegram-Bot-Api-Secret-Token header. A non-2xx answer (or none) is retried:
 * the first time at once (or after the Retry-After the webhook answered), then after a delay that
 * doubles each time; Telegram gives up when the update expires, the simulator after a bounded
 * number of attempts. Updates of one chat go one at a time and in order, different chats in
 * parallel up to max_connections. A method in a 2xx response body (a "webhook reply") is executed,
 * except getX, setWebhook, deleteWebhook, close and logOut, which Telegram ignores there.
 */
import type { BotRecord, QueuedUpdate, WebhookState, World } from './world';

export interface WebhookOptions {
  /** Attempts per update before it is dropped (Telegram gives up after "a reasonable number"). */
  maxAttempts: number;
  /**
   * The unit of the retry schedule: the first retry goes at once, the next after 2 units, then 4,
   * 8, … (Telegram's unit is one second; the simulator's default is 100 ms to keep tests fast).
   */
  retryDelayMs: number;
  /** How long one delivery may take before it counts as failed. */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = { maxAttempts: 5, retryDelayMs: 100, timeoutMs: 10_000 };

export interface WebhookConfig {
  url: string;
  secretToken?: string;
  maxConnections: number;
}

export function startWebhook(world: World, bot: BotRecord, config: WebhookConfig, options: WebhookOptions): WebhookState {
  const busy = new Set<string>();
  const attempts = new Map<number, number>();
  const controllers = new Set<AbortController>();
  const timers = new Set<NodeJS.Timeout>();
  let active = 0;
  let stopped = false;

  const state: WebhookState = {
    url: config.url,
    maxConnections: config.maxConnections,
    ipAddress: '127.0.0.1',
    pump,
    inFlight: () => active,
    stop() {
      stopped = true;
      for (const controller of controllers) controller.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  if (config.secretToken !== undefined) state.secretToken = config.secretToken;

  function remove(item: QueuedUpdate): void {
    const index = bot.queue.indexOf(item);
    if (index >= 0) bot.queue.splice(index, 1);
    attempts.delete(item.update.update_id);
  }

  function pump(): void {
    if (stopped || bot.webhook !== state) return;
    const waiting = new Set<string>();
    for (const item of [...bot.queue]) {
      if (active >= state.maxConnections) break;
      const key = item.orderKey;
      if (busy.has(key) || waiting.has(key)) {
        waiting.add(key);
        continue;
      }
      busy.add(key);
      active++;
      void deliver(item).finally(() => {
        active--;
        pump();
      });
    }
  }

  async function deliver(item: QueuedUpdate): Promise<void> {
    const controller = new AbortController();
    controllers.add(controller);
    const timeout = setTimeout(() => controller.abort(new Error('timeout')), options.timeoutMs);
    let error: string | undefined;
    let retryAfterMs = 0;
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (state.secretToken !== undefined) headers['x-telegram-bot-api-secret-token'] = state.secretToken;
      const response = await fetch(state.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(item.update),
        signal: controller.signal,
      });
      const body = await response.text();
      if (response.status < 200 || response.status > 299) {
        error = `Wrong response from the webhook: ${response.status} ${response.statusText}`;
        const header = Number(response.headers.get('retry-after'));
        if (Number.isFinite(header) && header > 0) retryAfterMs = Math.min(3600, header) * 1000;
      } else {
        await webhookReply(body);
      }
    } catch (cause) {
      if (stopped) return;
      const code = (cause as { cause?: { code?: string } }).cause?.code;
      error = controller.signal.aborted
        ? 'Read timeout expired'
        : code === 'ECONNREFUSED'
          ? 'Connection refused'
          : `Connection error: ${(cause as Error).message}`;
    } finally {
      clearTimeout(timeout);
      controllers.delete(controller);
    }
    if (stopped) {
      busy.delete(item.orderKey);
      return;
    }
    if (error === undefined) {
      remove(item);
      busy.delete(item.orderKey);
      world.changed();
      return;
    }
    state.lastErrorDate = world.unixNow();
    state.lastErrorMessage = error;
    const tried = (attempts.get(item.update.update_id) ?? 0) + 1;
    attempts.set(item.update.update_id, tried);
    world.changed();
    if (tried >= options.maxAttempts) {
      remove(item);
      busy.delete(item.orderKey);
      return;
    }
    // the chat stays blocked until its update is retried
    await new Promise<void>((resolve) => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          resolve();
        },
        retryAfterMs || (tried === 1 ? 0 : options.retryDelayMs * 2 ** (tried - 1)),
      );
      timers.add(timer);
    });
    busy.delete(item.orderKey);
  }

  async function webhookReply(body: string): Promise<void> {
    if (!body) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { method?: unknown }).method !== 'string') return;
    const { method, ...params } = parsed as Record<string, unknown> & { method: string };
    const lower = method.toLowerCase();
    if (lower.startsWith('get') || ['setwebhook', 'deletewebhook', 'close', 'logout'].includes(lower)) return;
    await world.webhookReply(bot, method, params).catch(() => undefined);
  }

  return state;
}
