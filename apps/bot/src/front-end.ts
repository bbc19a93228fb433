import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { run, type RunnerHandle } from '@grammyjs/runner';
import type { FrontEnd, MiaCore } from '@mia/host';
import type { FastifyInstance } from 'fastify';
import { webhookCallback } from 'grammy';
import { createBot, type CreateBotOptions } from './bot';
import { registerCommands } from './commands';

export const ALLOWED_UPDATES = ['message', 'callback_query', 'my_chat_member'] as const;

/** Where updates come from. */
export type BotTransport =
  | {
      mode: 'polling';
      /** getUpdates' long poll, s (default: the runner's 30; tests 1, so a stop is quick). */
      timeoutSeconds?: number;
      /** Remove a webhook left by an earlier deployment first (default true). */
      deleteWebhook?: boolean;
    }
  | {
      mode: 'webhook';
      /** Telegram sends it with each update; updates without it are refused. */
      secret: string;
      /** The address registered with Telegram (a load balancer's); default: this server's own, at `path`. */
      url?: string;
      /** The route served (default: `url`'s path, else /telegram). */
      path?: string;
      host?: string;
      /** Default 0: any free port. */
      port?: number;
      /** Telegram's max_connections (1–100). */
      maxConnections?: number;
      /** Close kept-alive connections at stop instead of waiting for them (tests). */
      forceCloseConnections?: boolean;
    };

export interface BotFrontEndOptions extends Omit<CreateBotOptions, 'games' | 'messages' | 'log' | 'answerAfterMessages'> {
  transport: BotTransport;
  /**
   * Answer an update only once its messages are sent. Default: in webhook mode, where several
   * processes may share one bot behind a load balancer (docs/deployment.md).
   */
  answerAfterMessages?: boolean;
  /** setMyCommands for every language at start (default true). */
  registerCommands?: boolean;
  /** At stop, wait at most this long for messages still queued (default: until all are sent). */
  drainMs?: number;
  /** Called with the bot before it starts: tests and benchmarks add their API transformers here. */
  configure?(bot: BotParts['bot'], core: MiaCore): void;
}

type BotParts = ReturnType<typeof createBot>;

/** What startMia hands back for the bot. */
export interface BotHandle extends BotParts {
  runner: RunnerHandle | null;
  webhook: { app: FastifyInstance; url: string; secret: string } | null;
}

/**
 * The Telegram bot as a front-end of @mia/host's startMia: createBot on the process's game
 * service; before recovery the bot's identity (getMe), its commands and the notifier (so it hears
 * recovery's commits); after it, what a killed process left unsent; then long polling through
 * @grammyjs/runner, or a webhook served by Fastify. Stopping: no more updates, then (after the AI
 * seats) the outgoing messages finish.
 */
export function botFrontEnd(options: BotFrontEndOptions): FrontEnd<BotHandle> {
  const { transport, registerCommands: register = true, drainMs, configure, answerAfterMessages, ...create } = options;
  return {
    name: 'bot',
    async attach(core) {
      const { log } = core;
      const { bot, notifier } = createBot({
        ...create,
        games: core.games,
        messages: core.botMessages,
        log,
        answerAfterMessages: answerAfterMessages ?? transport.mode === 'webhook',
      });
      configure?.(bot, core);
      await bot.init();
      if (register) await registerCommands(bot.api);
      notifier.start();
      const handle: BotHandle = { bot, notifier, runner: null, webhook: null };
      return {
        handle,
        // What a process killed mid-action left unsent (the next player's buttons) is sent now.
        resume: () => notifier.resume(),
        async open() {
          if (transport.mode === 'webhook') handle.webhook = await serveWebhook(bot, transport, log);
          else {
            if (transport.deleteWebhook !== false) await bot.api.deleteWebhook();
            const fetch = { allowed_updates: [...ALLOWED_UPDATES], ...(transport.timeoutSeconds !== undefined ? { timeout: transport.timeoutSeconds } : {}) };
            handle.runner = run(bot, { runner: { fetch } });
            log.info({ username: bot.botInfo.username }, 'bot: long polling');
          }
        },
        async close() {
          if (handle.runner?.isRunning()) await handle.runner.stop();
          await handle.webhook?.app.close();
        },
        async drain() {
          notifier.stop();
          const idle = notifier.idle().then(() => notifier.saveScreens());
          // A demo's messages held back by flood limits are not worth a minute's wait at its end.
          await (drainMs === undefined ? idle : Promise.race([idle, sleep(drainMs)]));
        },
      };
    },
  };
}

async function serveWebhook(bot: BotParts['bot'], transport: Extract<BotTransport, { mode: 'webhook' }>, log: MiaCore['log']) {
  // Loaded here, not with the module: a bot on long polling (the usual single process) never
  // serves HTTP, and Fastify's modules would sit in its heap, marked by every full collection.
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false, ...(transport.forceCloseConnections ? { forceCloseConnections: true } : {}) });
  const path = transport.path ?? (transport.url ? new URL(transport.url).pathname : '/telegram');
  app.post(path, webhookCallback(bot, 'fastify', { secretToken: transport.secret }));
  const host = transport.host ?? '127.0.0.1';
  await app.listen({ port: transport.port ?? 0, host });
  const port = (app.server.address() as AddressInfo).port;
  const url = transport.url ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;
  // Every process of a deployment sets the same webhook (the load balancer's address): idempotent.
  await bot.api.setWebhook(url, {
    secret_token: transport.secret,
    allowed_updates: [...ALLOWED_UPDATES],
    ...(transport.maxConnections ? { max_connections: transport.maxConnections } : {}),
  });
  log.info({ url, port }, 'bot: webhook mode');
  return { app, url, secret: transport.secret };
}
