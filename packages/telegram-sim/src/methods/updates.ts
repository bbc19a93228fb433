/** Getting updates: long polling with getUpdates, and webhooks (set, delete, info). */
import type { Update, WebhookInfo } from '@grammyjs/types';
import { ApiError, badRequest } from '../errors';
import type { Params } from '../params';
import type { TgUpdate } from '../types';
import { startWebhook } from '../webhook';
import { ALL_UPDATE_TYPES, type BotRecord } from '../world';
import { Described, type Handler, type Opts } from './context';

const CONFLICT_WEBHOOK = new ApiError(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
const conflictTerminated = (): ApiError =>
  new ApiError(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');

function setAllowedUpdates(bot: BotRecord, params: Params<Opts<'getUpdates'> | Opts<'setWebhook'>>): void {
  const allowed = params.json<unknown>('allowed_updates', "can't parse allowed updates JSON object");
  if (allowed === undefined) return;
  if (!Array.isArray(allowed)) throw badRequest("can't parse allowed updates JSON object");
  bot.allowedUpdates = allowed.filter((type): type is string => typeof type === 'string' && ALL_UPDATE_TYPES.includes(type));
}

/** The queued updates as the Bot API's Update objects (the world builds them field by field). */
const asUpdates = (updates: TgUpdate[]): Update[] => updates as unknown as Update[];

function takeUpdates(bot: BotRecord, limit: number): TgUpdate[] {
  return bot.queue.slice(0, limit).map((item) => structuredClone(item.update));
}

export const getUpdates: Handler<'getUpdates'> = ({ bot, params, signal }) => {
  if (bot.webhook) throw CONFLICT_WEBHOOK;
  const offset = params.int('offset');
  const limit = Math.min(100, Math.max(1, params.int('limit') ?? 100));
  const timeout = Math.max(0, params.int('timeout') ?? 0);
  setAllowedUpdates(bot, params);
  bot.poll?.settle({ error: conflictTerminated() });

  if (offset !== undefined && offset > 0) {
    const keep = bot.queue.findIndex((item) => item.update.update_id >= offset);
    bot.queue.splice(0, keep < 0 ? bot.queue.length : keep);
  } else if (offset !== undefined && offset < 0) {
    bot.queue.splice(0, Math.max(0, bot.queue.length + offset));
  }
  if (bot.queue.length > 0 || timeout === 0) return asUpdates(takeUpdates(bot, limit));

  return new Promise<Update[]>((resolve, reject) => {
    let woken = false;
    const poll = {
      settle(outcome: { updates: TgUpdate[] } | { error: ApiError }) {
        if (bot.poll !== poll) return;
        bot.poll = null;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if ('error' in outcome) reject(outcome.error);
        else resolve(asUpdates(outcome.updates));
      },
      wake() {
        if (woken) return;
        woken = true;
        // answer on the next turn, so updates queued together go out together
        setImmediate(() => poll.settle({ updates: takeUpdates(bot, limit) }));
      },
    };
    const onAbort = (): void => poll.settle({ updates: [] });
    const timer = setTimeout(() => poll.settle({ updates: takeUpdates(bot, limit) }), timeout * 1000);
    signal.addEventListener('abort', onAbort, { once: true });
    bot.poll = poll;
  });
};

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|::1)$/i;

export const setWebhook: Handler<'setWebhook'> = ({ world, bot, params, webhookOptions }) => {
  const url = params.str('url') ?? '';
  if (url === '') return deleteWebhook({ world, bot, params, webhookOptions, signal: new AbortController().signal });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('bad webhook: Failed to resolve host: Name or service not known');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  }
  if (!LOOPBACK.test(parsed.hostname)) {
    // the simulator only ever calls this machine
    throw badRequest('bad webhook: Failed to resolve host: Name or service not known');
  }
  const secret = params.str('secret_token');
  if (secret !== undefined && secret !== '') {
    if (secret.length > 256 || !/^[A-Za-z0-9_-]+$/.test(secret)) throw badRequest('secret token contains unallowed characters');
  }
  const maxConnections = Math.min(100, Math.max(1, params.int('max_connections') ?? 40));
  setAllowedUpdates(bot, params);
  if (params.bool('drop_pending_updates')) bot.queue.length = 0;
  bot.poll?.settle({ error: CONFLICT_WEBHOOK });
  const already = bot.webhook !== null && bot.webhook.url === url && (bot.webhook.secretToken ?? '') === (secret ?? '');
  bot.webhook?.stop();
  bot.webhook = null;
  const config = { url, maxConnections, ...(secret ? { secretToken: secret } : {}) };
  bot.webhook = startWebhook(world, bot, config, webhookOptions);
  bot.webhook.pump();
  return new Described<true>(true, already ? 'Webhook is already set' : 'Webhook was set');
};

export const deleteWebhook: Handler<'deleteWebhook'> = ({ bot, params }) => {
  if (params.bool('drop_pending_updates')) bot.queue.length = 0;
  if (!bot.webhook) return new Described<true>(true, 'Webhook is already deleted');
  bot.webhook.stop();
  bot.webhook = null;
  return new Described<true>(true, 'Webhook was deleted');
};

export const getWebhookInfo: Handler<'getWebhookInfo'> = ({ bot }) => {
  const hook = bot.webhook;
  const info: WebhookInfo = { url: hook?.url ?? '', has_custom_certificate: false, pending_update_count: bot.queue.length };
  if (hook) {
    if (hook.ipAddress) info.ip_address = hook.ipAddress;
    if (hook.lastErrorDate !== undefined) info.last_error_date = hook.lastErrorDate;
    if (hook.lastErrorMessage !== undefined) info.last_error_message = hook.lastErrorMessage;
    info.max_connections = hook.maxConnections;
    if (bot.allowedUpdates && bot.allowedUpdates.length > 0) info.allowed_updates = [...bot.allowedUpdates] as NonNullable<WebhookInfo['allowed_updates']>; // kept only when one of ALL_UPDATE_TYPES
  }
  return info;
};
