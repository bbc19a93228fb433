/**
 * Webhooks: the real grammY bot behind grammY's webhookCallback on a Fastify server, and raw
 * webhook servers to watch how the simulator delivers, retries and orders updates.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Bot, InlineKeyboard, webhookCallback } from 'grammy';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramSim, TgUpdate } from '../src/index';
import { call, useSim } from './support';

const start = useSim();
const closing: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function fastifyBot(
  sim: TelegramSim,
  token: string,
  secretToken: string,
  options: { webhookReply?: boolean } = {},
): Promise<{ url: string; app: FastifyInstance; bot: Bot }> {
  const bot = new Bot(token, {
    client: { apiRoot: sim.apiRoot, ...(options.webhookReply ? { canUseWebhookReply: (method) => method === 'sendMessage' } : {}) },
  });
  bot.command('start', (ctx) => ctx.reply('Welcome!', { reply_markup: new InlineKeyboard().text('Roll', 'roll') }));
  bot.callbackQuery('roll', async (ctx) => {
    await ctx.answerCallbackQuery({ text: 'Mia!' });
    await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard().text('Rolled', 'done') });
  });
  bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.msg.text}`));
  const app = Fastify({ forceCloseConnections: true });
  app.post('/telegram', webhookCallback(bot, 'fastify', { secretToken }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  closing.push(() => app.close());
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/telegram`, app, bot };
}

interface Delivery {
  update: TgUpdate;
  secret: string | undefined;
  at: number;
}

/** A webhook server that records deliveries and answers what `respond` says. */
async function recorder(respond: (update: TgUpdate, attempt: number) => Promise<number> | number): Promise<{ url: string; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  const attempts = new Map<number, number>();
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      const update = JSON.parse(body) as TgUpdate;
      const attempt = (attempts.get(update.update_id) ?? 0) + 1;
      attempts.set(update.update_id, attempt);
      deliveries.push({ update, secret: request.headers['x-telegram-bot-api-secret-token'] as string | undefined, at: Date.now() });
      const status = await respond(update, attempt);
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(
    () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries };
}

describe('grammY by webhook', () => {
  it('gets updates by POST with the secret token and answers through the API', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_hook_bot' });
    const { url, bot } = await fastifyBot(sim, token, 'sec-ret_42');
    await bot.api.setWebhook(url, { secret_token: 'sec-ret_42', allowed_updates: ['message', 'callback_query'] });
    expect(await bot.api.getWebhookInfo()).toMatchObject({ url, pending_update_count: 0, max_connections: 40, allowed_updates: ['message', 'callback_query'] });

    const ada = sim.user({ firstName: 'Ada' });
    const chat = ada.startPrivateChat(token);
    const welcome = await sim.waitFor(() => sim.botMessages(chat).at(-1));
    expect(welcome.text).toBe('Welcome!');
    expect(await ada.press(welcome, 'Roll')).toEqual({ text: 'Mia!', show_alert: false });
    await sim.waitFor(() => sim.lastMessage(chat)?.reply_markup?.inline_keyboard[0]?.[0]?.text === 'Rolled');
    ada.send(chat, 'ping');
    await sim.waitFor(() => sim.lastMessage(chat)?.text === 'echo: ping');
    // the update counts as delivered once the webhook answered 2xx
    await sim.waitFor(() => sim.botInfo(token).pendingUpdates === 0);

    // grammY refuses a request without the right secret
    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'wrong' },
      body: '{"update_id":1}',
    });
    expect(forged.status).toBe(401);
  });

  it('executes a method returned in the webhook response (webhook reply)', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_hook_bot' });
    const { url, bot } = await fastifyBot(sim, token, 'abc', { webhookReply: true });
    await bot.api.setWebhook(url, { secret_token: 'abc' });
    const ada = sim.user({ firstName: 'Ada' });
    const chat = ada.startPrivateChat(token);
    await sim.waitFor(() => sim.botMessages(chat).at(-1));
    expect(sim.callsOf('sendMessage').map((c) => c.via)).toEqual(['webhookReply']);
  });

  it('retries a failing webhook, counts pending updates and reports the last error', async () => {
    const sim = await start({ webhook: { retryDelayMs: 50, maxAttempts: 5 } });
    const token = sim.createBot({ username: 'mia_hook_bot' });
    const { url, deliveries } = await recorder((_update, attempt) => (attempt < 3 ? 500 : 200));
    expect((await call(sim, token, 'setWebhook', { url, secret_token: 's3cret' })).body.description).toBe('Webhook was set');
    const ada = sim.user({ firstName: 'Ada' });
    ada.startPrivateChat(token);
    await sim.waitFor(() => deliveries.length >= 1);
    const info = (await call(sim, token, 'getWebhookInfo')).body.result;
    expect(info).toMatchObject({
      url,
      pending_update_count: 1,
      last_error_message: 'Wrong response from the webhook: 500 Internal Server Error',
      last_error_date: expect.any(Number),
    });
    await sim.waitFor(() => sim.botInfo(token).pendingUpdates === 0);
    expect(deliveries).toHaveLength(3);
    expect(new Set(deliveries.map((d) => d.update.update_id)).size).toBe(1);
    expect(deliveries.every((d) => d.secret === 's3cret')).toBe(true);
    // like Telegram: the first retry at once, the next after two units of the schedule
    expect(deliveries[2]!.at - deliveries[1]!.at).toBeGreaterThanOrEqual(95);
  });

  it('waits as long as the Retry-After header of a failing webhook says', async () => {
    const sim = await start({ webhook: { retryDelayMs: 10 } });
    const token = sim.createBot({ username: 'mia_hook_bot' });
    const deliveries: number[] = [];
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        deliveries.push(Date.now());
        if (deliveries.length === 1) response.writeHead(429, { 'retry-after': '1' }).end();
        else response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closing.push(
      () =>
        new Promise((resolve) => {
          server.close(resolve);
          server.closeAllConnections();
        }),
    );
    await call(sim, token, 'setWebhook', { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
    sim.user({ firstName: 'Ada' }).startPrivateChat(token);
    await sim.waitFor(() => deliveries.length === 2, 3000);
    expect(deliveries[1]! - deliveries[0]!).toBeGreaterThanOrEqual(990);
  });

  it('gives up on an update after the last attempt and goes on with the next', async () => {
    const sim = await start({ webhook: { retryDelayMs: 10, maxAttempts: 3 } });
    const token = sim.createBot({ username: 'mia_hook_bot' });
    const { url, deliveries } = await recorder((update) => (update.message?.text === 'poison' ? 502 : 200));
    await call(sim, token, 'setWebhook', { url });
    const ada = sim.user({ firstName: 'Ada' });
    const chat = ada.startPrivateChat(token);
    ada.send(chat, 'poison');
    ada.send(chat, 'after');
    await sim.waitFor(() => deliveries.some((d) => d.update.message?.text === 'after'));
    expect(deliveries.map((d) => d.update.message?.text)).toEqual(['/start', 'poison', 'poison', 'poison', 'after']);
    expect(sim.botInfo(token).pendingUpdates).toBe(0);
    expect((await call(sim, token, 'getWebhookInfo')).body.result.last_error_message).toBe('Wrong response from the webhook: 502 Bad Gateway');
  });

  it('delivers one update at a time per chat, in order, and chats in parallel', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_hook_bot', privacy: false });
    let active = new Map<number, number>();
    let overlapSameChat = false;
    let maxParallel = 0;
    let maxInFlight = 0;
    // Each chat's i-th update is held until the other chat's i-th has arrived too: both in flight
    // at once shows the chats go in parallel, with no timing involved.
    const arrived = new Map<string, () => void>();
    const arrival = new Map<string, Promise<void>>();
    const arrivalOf = (text: string): Promise<void> => {
      if (!arrival.has(text)) arrival.set(text, new Promise((resolve) => arrived.set(text, resolve)));
      return arrival.get(text)!;
    };
    const { url, deliveries } = await recorder(async (update) => {
      const chatId = update.message!.chat.id;
      const text = update.message!.text!;
      active.set(chatId, (active.get(chatId) ?? 0) + 1);
      if (active.get(chatId)! > 1) overlapSameChat = true;
      maxParallel = Math.max(
        maxParallel,
        [...active.values()].reduce((a, b) => a + b, 0),
      );
      // The sim starts every delivery it may start at once, so a second of one chat would be in
      // flight already.
      maxInFlight = Math.max(maxInFlight, sim.botInfo(token).webhookInFlight);
      void arrivalOf(text);
      arrived.get(text)!();
      const [chat, index] = text.split('-');
      await arrivalOf(`${chat === 'one' ? 'two' : 'one'}-${index}`);
      active.set(chatId, active.get(chatId)! - 1);
      return 200;
    });
    await call(sim, token, 'setWebhook', { url });
    const ada = sim.user({ firstName: 'Ada' });
    const bob = sim.user({ firstName: 'Bob' });
    const one = sim.group({ title: 'One', admins: [ada], bots: [token] });
    const two = sim.group({ title: 'Two', admins: [bob], bots: [token] });
    for (let i = 0; i < 4; i++) {
      ada.send(one, `one-${i}`);
      bob.send(two, `two-${i}`);
    }
    await sim.waitFor(() => deliveries.length === 8);
    expect(overlapSameChat).toBe(false);
    expect(maxParallel).toBe(2);
    expect(maxInFlight).toBe(2);
    const order = (chat: number) => deliveries.filter((d) => d.update.message!.chat.id === chat).map((d) => d.update.message!.text);
    expect(order(one.id)).toEqual(['one-0', 'one-1', 'one-2', 'one-3']);
    expect(order(two.id)).toEqual(['two-0', 'two-1', 'two-2', 'two-3']);
    active = new Map();
  });

  it('keeps pending updates for getUpdates after deleteWebhook, or drops them', async () => {
    const sim = await start({ webhook: { retryDelayMs: 1000 } });
    const token = sim.createBot({ username: 'mia_hook_bot' });
    const { url } = await recorder(() => 503);
    await call(sim, token, 'setWebhook', { url });
    const ada = sim.user({ firstName: 'Ada' });
    ada.startPrivateChat(token);
    expect((await call(sim, token, 'deleteWebhook')).body).toEqual({ ok: true, result: true, description: 'Webhook was deleted' });
    expect((await call(sim, token, 'deleteWebhook')).body.description).toBe('Webhook is already deleted');
    expect((await call(sim, token, 'getUpdates')).body.result.map((u: TgUpdate) => u.message?.text)).toEqual(['/start']);
    await call(sim, token, 'setWebhook', { url, drop_pending_updates: true });
    expect((await call(sim, token, 'getWebhookInfo')).body.result.pending_update_count).toBe(0);
  });

  it('checks the webhook settings like Telegram', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_hook_bot' });
    expect((await call(sim, token, 'setWebhook', { url: 'http://127.0.0.1:1/x', secret_token: 'has space' })).body.description).toBe(
      'Bad Request: secret token contains unallowed characters',
    );
    expect((await call(sim, token, 'setWebhook', { url: 'ftp://127.0.0.1/x' })).body.description).toBe(
      'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    );
    expect((await call(sim, token, 'setWebhook', { url: 'https://example.org/hook' })).body.description).toBe(
      'Bad Request: bad webhook: Failed to resolve host: Name or service not known',
    );
    await call(sim, token, 'setWebhook', { url: 'http://127.0.0.1:1/x' });
    expect((await call(sim, token, 'setWebhook', { url: 'http://127.0.0.1:1/x' })).body.description).toBe('Webhook is already set');
  });
});
