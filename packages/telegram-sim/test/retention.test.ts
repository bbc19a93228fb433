/**
 * A sim that runs for days (the demo) keeps a bounded history: the call log, each chat's last
 * messages, each person's last popups and notifications, and no callback query past Telegram's
 * answer window. What it forgot answers as Telegram answers for what it does not have.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/index';
import { call, useSim } from './support';

const start = useSim();

describe('bounded history', () => {
  it('keeps each chat’s last messages; editing a forgotten one is "message to edit not found"', async () => {
    const sim = await start({ maxMessagesPerChat: 3 });
    const token = sim.createBot({ username: 'mia_keep_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const group = sim.group({ title: 'Keep', admins: [ada], bots: [token] });
    const sent: number[] = [];
    for (let i = 1; i <= 5; i++) sent.push((await call(sim, token, 'sendMessage', { chat_id: group.id, text: `m${i}` })).body.result.message_id);
    expect(sim.messages(group).map((m) => m.text)).toEqual(['m3', 'm4', 'm5']);
    expect((await call(sim, token, 'editMessageText', { chat_id: group.id, message_id: sent[0], text: 'late' })).body).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: message to edit not found',
    });
    expect((await call(sim, token, 'editMessageText', { chat_id: group.id, message_id: sent[4], text: 'm5, edited' })).body.ok).toBe(true);
  });

  it('keeps each person’s last popups and notifications, and the last calls', async () => {
    const sim = await start({ maxPerUser: 2, maxCalls: 4 });
    const token = sim.createBot({ username: 'mia_keep_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    ada.startPrivateChat(token);
    for (let i = 1; i <= 3; i++) {
      await call(sim, token, 'sendMessage', { chat_id: ada.id, text: `n${i}`, reply_markup: { inline_keyboard: [[{ text: 'Go', callback_data: `go${i}` }]] } });
      const pressed = ada.press(sim.lastMessage(ada.privateChat(token))!, 'Go', { timeoutMs: 2000 });
      const query = sim.pendingUpdates(token).at(-1)!.callback_query!;
      await call(sim, token, 'answerCallbackQuery', { callback_query_id: query.id, text: `p${i}` });
      await pressed;
    }
    expect(sim.notifications(ada).map((n) => n.text)).toEqual(['n2', 'n3']);
    expect(sim.popups(ada).map((p) => p.text)).toEqual(['p2', 'p3']);
    // Six calls made, the last four kept.
    expect(sim.calls.map((c) => [c.method, c.params.text])).toEqual([
      ['sendMessage', 'n2'],
      ['answerCallbackQuery', 'p2'],
      ['sendMessage', 'n3'],
      ['answerCallbackQuery', 'p3'],
    ]);
  });

  it('counts every call by method, ok and failed apart, however few the log keeps', async () => {
    const sim = await start({ maxCalls: 1 });
    const token = sim.createBot({ username: 'mia_keep_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const group = sim.group({ title: 'Keep', admins: [ada], bots: [token] });
    for (let i = 1; i <= 3; i++) await call(sim, token, 'sendMessage', { chat_id: group.id, text: `m${i}` });
    const missing = await call(sim, token, 'editMessageText', { chat_id: group.id, message_id: 999, text: 'late' });
    expect(missing.body.ok).toBe(false);
    expect(sim.calls.map((c) => c.method)).toEqual(['editMessageText']);
    expect(sim.callCounts()).toEqual({ sendMessage: { ok: 3, failed: 0 }, editMessageText: { ok: 0, failed: 1 } });
    sim.resetCalls();
    expect(sim.callCounts()).toEqual({});
    await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'again' });
    expect(sim.callCounts()).toEqual({ sendMessage: { ok: 1, failed: 0 } });
  });

  it('forgets callback queries past the 15-minute answer window; an old query is "too old" either way', async () => {
    const clock = new ManualClock();
    const sim = await start({ clock });
    const token = sim.createBot({ username: 'mia_keep_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const group = sim.group({ title: 'Keep', admins: [ada], bots: [token] });
    const keyboard = { inline_keyboard: [[{ text: 'Roll', callback_data: 'roll' }]] };
    await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'hello', reply_markup: keyboard });
    void ada.press(sim.lastMessage(group)!, 'Roll', { timeoutMs: 100 });
    const old = sim.pendingUpdates(token).at(-1)!.callback_query!;
    expect(sim.bot(token).queries.size).toBe(1);
    clock.advance(15 * 60_000 + 1);
    void ada.press(sim.lastMessage(group)!, 'Roll', { timeoutMs: 100 });
    expect(sim.bot(token).queries.size).toBe(1); // the old one is gone, the new one kept
    expect((await call(sim, token, 'answerCallbackQuery', { callback_query_id: old.id })).body.description).toBe(
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
  });
});
