import { autoRetry } from '@grammyjs/auto-retry';
import { TelegramSim } from '@mia/telegram-sim';
import { Api, GrammyError, HttpError } from 'grammy';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredOnce, callTimeouts, logTelegramFaults, waitOutFloodLimits } from '../src/telegram-calls';

/** The bot's transformers for Telegram's trouble, one at a time, against telegram-sim. */
describe('calls to Telegram', () => {
  let sim: TelegramSim;
  let token: string;
  let chatId: number;

  beforeAll(async () => {
    sim = await TelegramSim.start({ limits: false });
    token = sim.createBot({ username: 'calls_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    chatId = ada.startPrivateChat(token).id;
  });
  afterAll(() => sim.stop());

  const api = () => new Api(token, { apiRoot: sim.apiRoot, timeoutSeconds: 60 });

  it('cuts a hung call off after its own timeout, but lets a long poll run its course', async () => {
    const a = api();
    a.config.use(callTimeouts({ callSeconds: 0.5, pollMarginSeconds: 0.5 }));
    sim.faults.inject({ kind: 'hang', method: 'sendMessage', bot: token });
    const error = await a.sendMessage(chatId, 'hello').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    // The sim logs the call when the client gives up on it.
    expect(await sim.waitFor(() => sim.callsOf('sendMessage', token).at(-1))).toMatchObject({ fault: 'hang', ok: false });
    // An empty long poll of 1 s outlasts callSeconds and still answers (deadline: 1 s + 0.5 s).
    const offset = ((await a.getUpdates({ offset: -1 })).at(-1)?.update_id ?? 0) + 1;
    const started = Date.now();
    expect(await a.getUpdates({ offset, timeout: 1 })).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('logs each failed attempt at warn, with the method and error but never the text', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) });
    const a = api();
    a.config.use(logTelegramFaults(log));
    sim.faults.inject({ kind: 'tooManyRequests', method: 'sendMessage', bot: token, retryAfter: 7 });
    sim.faults.inject({ kind: 'badGateway', method: 'sendMessage', bot: token });
    sim.faults.inject({ kind: 'drop', method: 'sendMessage', bot: token });
    const secret = '🎲 Your dice: ⚃⚀';
    await expect(a.sendMessage(chatId, secret)).rejects.toMatchObject({ error_code: 429 });
    await expect(a.sendMessage(chatId, secret)).rejects.toBeInstanceOf(GrammyError);
    await expect(a.sendMessage(chatId, secret)).rejects.toBeInstanceOf(HttpError);
    await a.sendMessage(chatId, secret); // went through: nothing to say
    await expect(a.sendMessage(chatId, '')).rejects.toMatchObject({ error_code: 400 }); // the bot's own mistake: its caller's to report
    expect(lines.map((l) => [l.level, l.msg, l.method, l.chatId, l.code ?? null, l.retryAfter ?? null])).toEqual([
      [40, 'telegram: call failed', 'sendMessage', chatId, 429, 7],
      [40, 'telegram: call failed', 'sendMessage', chatId, 502, null],
      [40, 'telegram: no answer', 'sendMessage', chatId, null, null],
    ]);
    expect(JSON.stringify(lines)).not.toContain('⚃');
  });

  it('waits out flood limits past auto-retry’s attempts', async () => {
    const plain = api();
    plain.config.use(autoRetry({ maxRetryAttempts: 1, maxDelaySeconds: 60, rethrowHttpErrors: false }));
    sim.faults.inject({ kind: 'tooManyRequests', method: 'sendMessage', bot: token, retryAfter: 1, times: 3 });
    await expect(plain.sendMessage(chatId, 'given up')).rejects.toMatchObject({ error_code: 429 });
    sim.faults.clear();
    const patient = api();
    patient.config.use(autoRetry({ maxRetryAttempts: 1, maxDelaySeconds: 60, rethrowHttpErrors: false }));
    patient.config.use(waitOutFloodLimits(60));
    sim.faults.inject({ kind: 'tooManyRequests', method: 'sendMessage', bot: token, retryAfter: 1, times: 3 });
    const sent = await patient.sendMessage(chatId, 'waited');
    expect(sent.text).toBe('waited');
    expect(sim.faults.pending()).toBe(0);
    // A wait longer than allowed is the caller's to handle.
    sim.faults.inject({ kind: 'tooManyRequests', method: 'sendMessage', bot: token, retryAfter: 3600 });
    await expect(patient.sendMessage(chatId, 'later')).rejects.toMatchObject({ error_code: 429 });
  });

  it('takes a pop-up refused as too old after its answer was lost as answered', async () => {
    const a = api();
    a.config.use(answeredOnce());
    a.config.use(autoRetry({ maxRetryAttempts: 1, rethrowHttpErrors: false }));
    const ada = sim.user({ firstName: 'Bo' });
    const chat = ada.startPrivateChat(token);
    const offset = ((await a.getUpdates({ offset: -1 })).at(-1)?.update_id ?? 0) + 1;
    await a.sendMessage(chat.id, 'pick', { reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
    const pressed = ada.press(sim.lastMessage(chat)!, 'A');
    const query = (await a.getUpdates({ offset, timeout: 2 })).find((u) => u.callback_query)!.callback_query!;
    sim.faults.inject({ kind: 'drop', method: 'answerCallbackQuery', bot: token, execute: true });
    expect(await a.answerCallbackQuery(query.id, { text: 'Joined' })).toBe(true);
    expect((await pressed)?.text).toBe('Joined');
    const answers = sim.callsOf('answerCallbackQuery', token);
    expect(answers.map((c) => [c.fault ?? null, c.ok])).toEqual([
      ['drop', true],
      [null, false], // "query is too old": taken as the success it was
    ]);
    // Without a lost answer, a second answer is still an error.
    await expect(a.answerCallbackQuery(query.id)).rejects.toMatchObject({ error_code: 400 });
  });
});
