/**
 * The real grammY bot, unchanged but for its apiRoot, talking to the simulator by long polling.
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { Bot, GrammyError, InlineKeyboard } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramSim } from '../src/index';
import { call, useSim } from './support';

const start = useSim();
const running: Bot[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((bot) => (bot.isRunning() ? bot.stop() : undefined)));
});

/** A tiny echo and keyboard bot. */
function echoBot(sim: TelegramSim, token: string): Bot {
  const bot = new Bot(token, { client: { apiRoot: sim.apiRoot } });
  let rolls = 0;
  bot.catch((error) => {
    throw error.error;
  });
  bot.command('start', (ctx) =>
    ctx.reply(`Welcome${ctx.match ? `, ${ctx.match}` : ''}!`, {
      reply_markup: new InlineKeyboard().text('Roll', 'roll').text('Rules', 'rules').row().url('Site', 'https://example.org'),
    }),
  );
  bot.command('new', (ctx) => ctx.reply('A new game!', { reply_parameters: { message_id: ctx.msg.message_id } }));
  bot.callbackQuery('roll', async (ctx) => {
    await ctx.answerCallbackQuery({ text: 'You rolled 21: Mia!', show_alert: true });
    rolls++;
    await ctx.editMessageText(`<b>Rolled:</b> Mia ×${rolls}`, { parse_mode: 'HTML', reply_markup: new InlineKeyboard().text('Again', 'roll') });
  });
  bot.callbackQuery('rules', (ctx) => ctx.answerCallbackQuery('Beat the roll before yours.'));
  bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.msg.text}`));
  return bot;
}

function run(bot: Bot, options: Parameters<Bot['start']>[0] = {}): Promise<void> {
  running.push(bot);
  return bot.start({ drop_pending_updates: false, ...options });
}

describe('grammY by long polling', () => {
  it('starts, answers /start with a keyboard, echoes, and handles a button press', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_poll_bot' });
    const bot = echoBot(sim, token);
    void run(bot);
    const ada = sim.user({ firstName: 'Ada', languageCode: 'en' });

    const chat = ada.startPrivateChat(token, 'table7');
    const welcome = await sim.waitFor(() => sim.botMessages(chat).at(-1));
    expect(welcome).toMatchObject({ text: 'Welcome, table7!', chat: { id: ada.id, type: 'private' }, from: { is_bot: true, username: 'mia_poll_bot' } });
    expect(welcome.reply_markup?.inline_keyboard).toEqual([
      [
        { text: 'Roll', callback_data: 'roll' },
        { text: 'Rules', callback_data: 'rules' },
      ],
      [{ text: 'Site', url: 'https://example.org' }],
    ]);

    sim.resetCalls();
    const answer = await ada.press(welcome, 'Roll');
    expect(answer).toEqual({ text: 'You rolled 21: Mia!', show_alert: true });
    const edited = await sim.waitFor(() => sim.botMessages(chat).find((m) => m.message_id === welcome.message_id && m.edit_date));
    expect(edited).toMatchObject({ text: 'Rolled: Mia ×1', entities: [{ type: 'bold', offset: 0, length: 7 }] });
    expect(edited.history).toMatchObject([{ text: 'Welcome, table7!' }]);
    // one press, one answer and one edit
    const methods = sim.calls.filter((c) => c.method !== 'getUpdates').map((c) => c.method);
    expect(methods).toEqual(['answerCallbackQuery', 'editMessageText']);

    // the old keyboard is gone: pressing it is impossible
    expect(() => ada.press(welcome, 'Rules')).toThrow(/has no button "Rules"/);
    expect(await ada.press(sim.lastMessage(chat)!, 'Again')).toMatchObject({ text: 'You rolled 21: Mia!' });
    await sim.waitFor(() => sim.lastMessage(chat)?.text === 'Rolled: Mia ×2');
    expect(() => ada.press(sim.lastMessage(chat)!, 'Site')).toThrow(/no button "Site"/);

    ada.send(chat, 'hello bot');
    expect((await sim.waitFor(() => sim.lastMessage(chat)?.text?.startsWith('echo') && sim.lastMessage(chat)))!.text).toBe('echo: hello bot');
    expect(sim.popups(ada).map((p) => p.text)).toEqual(['You rolled 21: Mia!', 'You rolled 21: Mia!']);
  });

  it('sees commands meant for it in groups, as a bot in privacy mode does', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_poll_bot' });
    const other = sim.createBot({ username: 'other_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const bob = sim.user({ firstName: 'Bob' });
    const group = sim.group({ title: 'Table', admins: [ada], members: [bob], supergroup: true, bots: [token, other] });
    const bot = echoBot(sim, token);
    void run(bot);

    ada.send(group, 'just chatting');
    ada.send(group, '/new@other_bot');
    const command = bob.send(group, '/new@mia_poll_bot');
    const reply = await sim.waitFor(() => sim.botMessages(group, token).at(-1));
    expect(reply).toMatchObject({ text: 'A new game!', reply_to_message: { message_id: command.message_id, from: { id: bob.id } } });
    // what reached the bot: only the command meant for it
    const texts = sim.callsOf('getUpdates', token).flatMap((c) => (c.result as { message?: { text: string } }[]).map((u) => u.message?.text));
    expect(texts).toEqual(['/new@mia_poll_bot']);
    // the other bot got its own command only
    expect(sim.pendingUpdates(other).map((u) => u.message?.text)).toEqual(['/new@other_bot']);
    // everyone in the group sees everything
    expect(bob.visibleMessages(group).map((m) => m.text)).toEqual(['just chatting', '/new@other_bot', '/new@mia_poll_bot', 'A new game!']);
  });

  it('answers inside the forum topic it was asked in', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_poll_bot', privacy: false });
    const ada = sim.user({ firstName: 'Ada' });
    const forum = sim.group({ title: 'Mia club', admins: [ada], forum: true, bots: [token] });
    const topic = sim.createTopic(forum, 'Table 1');
    void run(echoBot(sim, token));
    ada.send(forum, 'in the topic', { threadId: topic });
    const reply = await sim.waitFor(() => sim.botMessages(forum).at(-1));
    expect(reply).toMatchObject({ text: 'echo: in the topic', message_thread_id: topic, is_topic_message: true });
    ada.send(forum, 'in general');
    const general = await sim.waitFor(() => sim.botMessages(forum).find((m) => m.text === 'echo: in general'));
    expect(general.message_thread_id).toBeUndefined();
  });

  it('stops cleanly and confirms the offset, so nothing is handled twice', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_poll_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const chat = ada.startPrivateChat(token);
    const first = echoBot(sim, token);
    void run(first);
    await sim.waitFor(() => sim.botMessages(chat).length === 1);
    await first.stop();
    expect(sim.pendingUpdates(token)).toEqual([]);
    ada.send(chat, 'while offline');
    const second = echoBot(sim, token);
    void run(second);
    await sim.waitFor(() => sim.lastMessage(chat)?.text === 'echo: while offline');
    expect(sim.botMessages(chat).map((m) => m.text)).toEqual(['Welcome!', 'echo: while offline']);
  });

  it('makes a second poller terminate the first with 409', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_poll_bot' });
    const first = echoBot(sim, token);
    const crashed = run(first).catch((error: unknown) => error);
    await sim.waitFor(() => sim.world.bots.get(Number(token.split(':')[0]))!.poll !== null);
    const second = await call(sim, token, 'getUpdates', { timeout: 0 });
    expect(second.status).toBe(200);
    const error = await crashed;
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(409);
    expect((error as GrammyError).description).toBe('Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
  });

  it('retries a 429 with @grammyjs/auto-retry', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_poll_bot' });
    const bot = echoBot(sim, token);
    bot.api.config.use(autoRetry());
    void run(bot);
    const ada = sim.user({ firstName: 'Ada' });
    sim.faults.inject({ kind: 'tooManyRequests', method: 'sendMessage', retryAfter: 1 });
    const chat = ada.startPrivateChat(token);
    const welcome = await sim.waitFor(() => sim.botMessages(chat).at(-1), 4000);
    expect(welcome.text).toBe('Welcome!');
    const sends = sim.callsOf('sendMessage');
    expect(sends.map((c) => c.status)).toEqual([429, 200]);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('surfaces a real flood limit as a GrammyError with retry_after', async () => {
    const sim = await start({ limits: { groupPerMinute: 3 } });
    const token = sim.createBot({ username: 'mia_poll_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const group = sim.group({ title: 'Spam', admins: [ada], bots: [token] });
    const bot = new Bot(token, { client: { apiRoot: sim.apiRoot } });
    for (let i = 0; i < 3; i++) await bot.api.sendMessage(group.id, `m${i}`);
    const error = await bot.api.sendMessage(group.id, 'one too many').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(429);
    expect((error as GrammyError).parameters.retry_after).toBeGreaterThanOrEqual(59);
  });
});

describe('getUpdates', () => {
  it('confirms with offset, limits, filters and holds the request open', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_poll_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const chat = ada.startPrivateChat(token);
    ada.send(chat, 'two');
    ada.send(chat, 'three');
    const all = (await call(sim, token, 'getUpdates')).body.result as { update_id: number; message: { text: string } }[];
    expect(all.map((u) => u.message.text)).toEqual(['/start', 'two', 'three']);
    expect(all[1]!.update_id).toBe(all[0]!.update_id + 1);
    const limited = (await call(sim, token, 'getUpdates', { limit: 1, offset: all[1]!.update_id })).body.result;
    expect(limited.map((u: { message: { text: string } }) => u.message.text)).toEqual(['two']);
    // confirmed: the first one is gone
    expect((await call(sim, token, 'getUpdates')).body.result).toHaveLength(2);
    // a negative offset keeps only the last ones
    expect((await call(sim, token, 'getUpdates', { offset: -1 })).body.result.map((u: { message: { text: string } }) => u.message.text)).toEqual(['three']);
    await call(sim, token, 'getUpdates', { offset: all[2]!.update_id + 1 });

    // long polling: held open until an update arrives
    const polling = call(sim, token, 'getUpdates', { timeout: 5, offset: all[2]!.update_id + 1 });
    await sim.waitFor(() => sim.botInfo(token).longPolling);
    const sent = Date.now();
    ada.send(chat, 'late');
    const late = await polling;
    expect(late.body.result.map((u: { message: { text: string } }) => u.message.text)).toEqual(['late']);
    expect(Date.now() - sent).toBeLessThan(2000);

    // and answers [] when the timeout runs out
    const empty = Date.now();
    expect((await call(sim, token, 'getUpdates', { timeout: 1, offset: late.body.result[0].update_id + 1 })).body.result).toEqual([]);
    expect(Date.now() - empty).toBeGreaterThanOrEqual(950);

    // allowed_updates: callback queries only, from now on
    await call(sim, token, 'getUpdates', { allowed_updates: ['callback_query'] });
    ada.send(chat, 'filtered out');
    expect(sim.pendingUpdates(token)).toEqual([]);
  });

  it('refuses to poll while a webhook is set', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_poll_bot' });
    expect((await call(sim, token, 'setWebhook', { url: 'http://127.0.0.1:9/hook' })).body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    expect(await call(sim, token, 'getUpdates')).toEqual({
      status: 409,
      body: {
        ok: false,
        error_code: 409,
        description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      },
    });
    // grammY's bot.start() deletes the webhook first, so it polls fine
    const bot = echoBot(sim, token);
    void run(bot);
    const ada = sim.user({ firstName: 'Ada' });
    const chat = ada.startPrivateChat(token);
    await sim.waitFor(() => sim.botMessages(chat).length === 1);
    expect(sim.botInfo(token).webhookUrl).toBeUndefined();
  });
});
