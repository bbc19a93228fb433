/**
 * InlineKeyboardButton.style (Bot API 9.4), checked as the Bot API server checks it
 * (tdlib/telegram-bot-api Client::get_button_style): kept on the message and through edits,
 * refused with Telegram's 400 otherwise.
 */
import { Bot, InlineKeyboard } from 'grammy';
import { describe, expect, it } from 'vitest';
import { call, useSim } from './support';

const start = useSim();

async function world() {
  const sim = await start();
  const token = sim.createBot({ username: 'mia_style_bot' });
  const ada = sim.user({ firstName: 'Ada' });
  const group = sim.group({ title: 'Dice night', admins: [ada], bots: [token] });
  return { sim, token, ada, group };
}

const keyboard = (...buttons: Record<string, unknown>[]) => ({ inline_keyboard: [buttons.map((b) => ({ text: 'b', callback_data: 'b', ...b }))] });

describe('InlineKeyboardButton.style', () => {
  it('keeps danger, success and primary on the stored message', async () => {
    const { sim, token, group } = await world();
    const markup = {
      inline_keyboard: [
        [
          { text: '✅ Believe & roll', callback_data: 'believe', style: 'success' },
          { text: '❗ Liar!', callback_data: 'liar', style: 'danger' },
        ],
        [
          { text: 'Rules', url: 'https://example.org/rules', style: 'primary' },
          { text: 'Plain', callback_data: 'plain' },
        ],
      ],
    };
    const answer = await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'Ada says 42', reply_markup: markup });
    expect(answer.status).toBe(200);
    expect(answer.body.result.reply_markup).toEqual(markup);
    expect(sim.lastMessage(group)!.reply_markup).toEqual(markup);
    // form-encoded, as a JSON string, the same
    const form = await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'again', reply_markup: markup }, 'form');
    expect(form.body.result.reply_markup).toEqual(markup);
  });

  it('takes the style case-insensitively and drops "default" and "" (the app’s style), as the Bot API server does', async () => {
    const { sim, token, group } = await world();
    const answer = await call(sim, token, 'sendMessage', {
      chat_id: group.id,
      text: 'styles',
      reply_markup: keyboard({ style: 'DANGER' }, { style: 'Success' }, { style: 'default' }, { style: '' }),
    });
    expect(answer.status).toBe(200);
    expect(sim.lastMessage(group)!.reply_markup!.inline_keyboard[0]!.map((b) => b.style)).toEqual(['danger', 'success', undefined, undefined]);
    expect(sim.lastMessage(group)!.reply_markup!.inline_keyboard[0]![2]).not.toHaveProperty('style');
  });

  it('refuses any other value with 400 and sends nothing', async () => {
    const { sim, token, group } = await world();
    const invalid = "Bad Request: can't parse inline keyboard button: invalid button style specified";
    const notString = 'Bad Request: can\'t parse inline keyboard button: Field "style" must be of type String';
    const cases: [unknown, string][] = [
      ['warning', invalid],
      ['red', invalid],
      ['link', invalid],
      [' danger', invalid],
      // a JSON number is read as its digits, like every string field of the Bot API server
      [5, invalid],
      [true, notString],
      [null, notString],
      [{ color: 'red' }, notString],
      [['danger'], notString],
    ];
    for (const [style, description] of cases) {
      const answer = await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'x', reply_markup: keyboard({ style }) });
      expect({ style, answer }).toEqual({ style, answer: { status: 400, body: { ok: false, error_code: 400, description } } });
    }
    // the style is checked before the button's type, as in the server
    expect(
      (await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'x', reply_markup: { inline_keyboard: [[{ text: 'b', style: 'pink' }]] } })).body
        .description,
    ).toBe(invalid);
    expect(sim.messages(group)).toEqual([]);
  });

  it('checks the style of reply keyboard buttons too', async () => {
    const { sim, token, group } = await world();
    const ok = await call(sim, token, 'sendMessage', {
      chat_id: group.id,
      text: 'x',
      reply_markup: { keyboard: [[{ text: 'Roll', style: 'primary' }, 'Pass']] },
    });
    expect(ok.status).toBe(200);
    expect(
      (await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'x', reply_markup: { keyboard: [[{ text: 'Roll', style: 'blue' }]] } })).body
        .description,
    ).toBe("Bad Request: can't parse keyboard button: invalid button style specified");
  });

  it('keeps the style through edits, and a changed style is a change', async () => {
    const { sim, token, group } = await world();
    const danger = keyboard({ text: '❗ Liar!', callback_data: 'liar', style: 'danger' });
    const sent = (await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'Turn 1', reply_markup: danger })).body.result;
    const target = { chat_id: group.id, message_id: sent.message_id };

    expect((await call(sim, token, 'editMessageText', { ...target, text: 'Turn 2', reply_markup: danger })).body.result.reply_markup).toEqual(danger);
    expect(sim.lastMessage(group)!.reply_markup).toEqual(danger);
    expect((await call(sim, token, 'editMessageReplyMarkup', { ...target, reply_markup: danger })).body.description).toMatch(
      /^Bad Request: message is not modified/,
    );

    const success = keyboard({ text: '❗ Liar!', callback_data: 'liar', style: 'success' });
    expect((await call(sim, token, 'editMessageReplyMarkup', { ...target, reply_markup: success })).status).toBe(200);
    expect(sim.lastMessage(group)!.reply_markup!.inline_keyboard[0]![0]!.style).toBe('success');

    const refused = await call(sim, token, 'editMessageReplyMarkup', { ...target, reply_markup: keyboard({ style: 'purple' }) });
    expect(refused.body.description).toBe("Bad Request: can't parse inline keyboard button: invalid button style specified");
    expect(sim.lastMessage(group)!.reply_markup).toEqual(success);
    expect(sim.lastMessage(group)!.history.map((v) => v.reply_markup?.inline_keyboard[0]?.[0]?.style)).toEqual(['danger', 'danger']);
  });

  it('works with grammY’s InlineKeyboard .style() / .danger(), and the press carries the styled markup', async () => {
    const { sim, token, ada, group } = await world();
    const bot = new Bot(token, { client: { apiRoot: sim.apiRoot } });
    const markup = new InlineKeyboard()
      .text('✅ Believe & roll', 'believe')
      .success()
      .text('❗ Liar!', 'liar')
      .danger()
      .row()
      .text('Join', 'join')
      .style('primary');
    const sent = await bot.api.sendMessage(group.id, 'Ada says 42', { reply_markup: markup });
    expect(sent.reply_markup?.inline_keyboard.flat().map((b) => [b.text, b.style])).toEqual([
      ['✅ Believe & roll', 'success'],
      ['❗ Liar!', 'danger'],
      ['Join', 'primary'],
    ]);
    const pending = ada.press(sim.lastMessage(group)!, '❗ Liar!', { timeoutMs: 50 });
    const query = sim.pendingUpdates(token).at(-1)!.callback_query!;
    expect(query.data).toBe('liar');
    expect(query.message!.reply_markup!.inline_keyboard[0]![1]).toEqual({ text: '❗ Liar!', callback_data: 'liar', style: 'danger' });
    await pending;
  });
});
