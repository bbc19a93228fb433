import { HttpError, type Transformer } from 'grammy';
import { split } from './http-fetch';
import { callDeadlineSeconds, type CallTimeouts } from './telegram-calls';

/**
 * Bot API methods none of whose parameters can be a file: their payload is always JSON. The bot's
 * own calls are all among them; any other method (an upload, setWebhook's certificate) takes
 * grammY's way.
 */
const JSON_METHODS: ReadonlySet<string> = new Set([
  'getUpdates',
  'sendMessage',
  'editMessageText',
  'editMessageReplyMarkup',
  'answerCallbackQuery',
  'deleteMessage',
  'getMe',
  'getChat',
  'getChatMember',
  'setMyCommands',
  'deleteMyCommands',
  'deleteWebhook',
  'getWebhookInfo',
  'sendChatAction',
]);

/** grammY's serializer (core/payload.ts `str`): null fields are left out, as Telegram expects. */
const dropNulls = (_key: string, value: unknown) => value ?? undefined;

/**
 * The same text as grammY's serializer. A replacer takes JSON.stringify off V8's fast path, and the
 * bot's payloads hold no null field: without one, a null field would show as `:null`, and only
 * then is the payload serialized again with it.
 */
export function jsonBody(payload: unknown): string {
  const body = JSON.stringify(payload ?? {});
  return body.includes(':null') ? JSON.stringify(payload, dropNulls) : body;
}

/**
 * A transformer that makes a JSON call itself, on the bot's connection pool
 * (http1/connection-pool.ts), instead of handing it to grammY's client. At a person's pace each
 * call through grammY's client cost a walk of the payload for files, an abort controller of its
 * shim with its listeners, a 60-s timer, three promises and a race, and callTimeouts' controller,
 * timer and listeners besides; this keeps what the bot relies on of them: the same body, the
 * answer parsed as JSON whatever the status (Telegram's errors are JSON too), each attempt's
 * deadline (callTimeouts' figures, as one timer on the request), and a failure to get an answer
 * (a refused or dropped connection, a body that is not JSON, the deadline, the caller's signal)
 * thrown as grammY's HttpError, which auto-retry and the bot's transformers act on. Installed
 * inside those, outside callTimeouts: anything it does not know to be JSON goes on (`prev`) to
 * callTimeouts and grammY's client, whose `fetch` is httpFetch.
 *
 * Written by hand: grammY's client has no way to skip its per-call machinery, and no plugin
 * does this. A webhook reply (grammY's `canUseWebhookReply`) is not made here; the bot does not
 * configure one (front-end.ts: a webhook's answer waits for the update's messages).
 */
export function jsonCalls(apiRoot: string, token: string, timeouts: CallTimeouts): Transformer {
  const prefix = `${apiRoot.replace(/\/+$/, '')}/bot${token}/`;
  const target = split(prefix);
  return async (prev, method, payload, signal) => {
    if (!target || !JSON_METHODS.has(method)) return prev(method, payload, signal);
    const body = jsonBody(payload);
    const timeoutMs = callDeadlineSeconds(timeouts, method, payload) * 1000;
    try {
      const response = await target.pool.request({
        method: 'POST',
        path: target.path + method,
        body,
        signal: (signal as AbortSignal | undefined) ?? null,
        timeoutMs,
      });
      return JSON.parse(response.body.toString('utf8'));
    } catch (error) {
      // grammY's own words (core/error.ts toHttpError), without the token-bearing URL.
      throw new HttpError(`Network request for '${method}' failed!`, error);
    }
  };
}
