/**
 * The Bot API over plain HTTP: every encoding Telegram accepts, and every error the simulator
 * models, with Telegram's status codes, descriptions and parameters.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock, type TelegramSim } from '../src/index';
import { call, useSim, type Encoding } from './support';

const start = useSim();

/** A bot, a user who started it, and a group both are in. */
async function world(options: Parameters<typeof start>[0] = {}) {
  const sim = await start(options);
  const token = sim.createBot({ username: 'mia_errors_bot' });
  const ada = sim.user({ firstName: 'Ada', username: 'ada' });
  const bob = sim.user({ firstName: 'Bob' });
  const dm = ada.startPrivateChat(token);
  const group = sim.group({ title: 'Dice night', admins: [ada], members: [bob], bots: [token] });
  return { sim, token, ada, bob, dm, group };
}

const send = (sim: TelegramSim, token: string, chat_id: number | string, extra: Record<string, unknown> = {}) =>
  call(sim, token, 'sendMessage', { chat_id, text: 'hello', ...extra });

describe('requests', () => {
  it.each<Encoding>(['json', 'form', 'query', 'multipart'])('accepts parameters as %s', async (encoding) => {
    const { sim, token, group } = await world();
    const keyboard = { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] };
    const answer = await call(sim, token, 'sendMessage', { chat_id: group.id, text: `via ${encoding}`, reply_markup: keyboard }, encoding);
    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe(true);
    expect(answer.body.result).toMatchObject({ chat: { id: group.id, type: 'group', title: 'Dice night' }, text: `via ${encoding}`, reply_markup: keyboard });
    expect(sim.lastMessage(group)?.text).toBe(`via ${encoding}`);
  });

  it('accepts an uploaded file in multipart', async () => {
    const { sim, token, group } = await world();
    const answer = await call(
      sim,
      token,
      'sendPhoto',
      { chat_id: group.id, photo: new Blob([new Uint8Array(10)]), caption: '<b>dice</b>', parse_mode: 'HTML' },
      'multipart',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result.photo[0]).toMatchObject({ file_size: 10 });
    expect(answer.body.result).toMatchObject({ caption: 'dice', caption_entities: [{ type: 'bold', offset: 0, length: 4 }] });
  });

  it('answers 401 Unauthorized to an unknown token and 404 Not Found to an unknown method', async () => {
    const { sim, token } = await world();
    expect(await call(sim, '123:nope', 'getMe')).toEqual({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    expect(await call(sim, token, 'sendTelepathy')).toEqual({ status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } });
    // method names are case-insensitive, as in Telegram
    expect((await call(sim, token, 'GETME')).body.result).toMatchObject({ username: 'mia_errors_bot', is_bot: true });
  });

  it('answers getMe with the bot and its capabilities', async () => {
    const { sim, token } = await world();
    const me = (await call(sim, token, 'getMe')).body.result;
    expect(me).toMatchObject({
      is_bot: true,
      username: 'mia_errors_bot',
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    });
    expect(me.id).toBe(Number(token.split(':')[0]));
  });

  it('answers sensible results to methods it does not model', async () => {
    const { sim, token, group } = await world();
    expect((await call(sim, token, 'setChatTitle', { chat_id: group.id, title: 'x' })).body).toEqual({ ok: true, result: true });
    expect((await call(sim, token, 'setMessageReaction', { chat_id: -1, message_id: 1 })).body.description).toBe('Bad Request: chat not found');
  });
});

describe('sendMessage', () => {
  it('needs a chat and a text', async () => {
    const { sim, token, group } = await world();
    expect((await call(sim, token, 'sendMessage', { text: 'x' })).body).toEqual({ ok: false, error_code: 400, description: 'Bad Request: chat_id is empty' });
    expect((await call(sim, token, 'sendMessage', { chat_id: group.id })).body.description).toBe('Bad Request: message text is empty');
    expect((await send(sim, token, group.id, { text: '  \n ' })).body.description).toBe('Bad Request: message text is empty');
    expect((await send(sim, token, -999)).body).toEqual({ ok: false, error_code: 400, description: 'Bad Request: chat not found' });
  });

  it('allows 4096 characters after entity parsing and refuses 4097', async () => {
    const { sim, token, group } = await world();
    const ok = await send(sim, token, group.id, { text: `<b>${'x'.repeat(4096)}</b>`, parse_mode: 'HTML' });
    expect(ok.status).toBe(200);
    expect(ok.body.result.text).toHaveLength(4096);
    expect(ok.body.result.entities).toEqual([{ type: 'bold', offset: 0, length: 4096 }]);
    const long = await send(sim, token, group.id, { text: 'x'.repeat(4097) });
    expect(long).toEqual({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: message is too long' } });
  });

  it("refuses unbalanced HTML and broken MarkdownV2 with Telegram's parser errors", async () => {
    const { sim, token, group } = await world();
    const html = async (text: string) => (await send(sim, token, group.id, { text, parse_mode: 'HTML' })).body.description;
    expect(await html('<b>bold')).toBe(`Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`);
    expect(await html('<b>x</i>')).toBe(`Bad Request: can't parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"`);
    expect(await html('1 < 2 <3')).toBe(`Bad Request: can't parse entities: Unsupported start tag "" at byte offset 2`);
    expect(await html('hi</b>')).toBe(`Bad Request: can't parse entities: Unexpected end tag at byte offset 2`);
    expect(await html('<blink>x</blink>')).toBe(`Bad Request: can't parse entities: Unsupported start tag "blink" at byte offset 0`);
    const md = async (text: string) => (await send(sim, token, group.id, { text, parse_mode: 'MarkdownV2' })).body.description;
    expect(await md('*bold')).toBe(`Bad Request: can't parse entities: Can't find end of Bold entity at byte offset 0`);
    expect(await md('Game over.')).toBe(`Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'`);
    expect((await send(sim, token, group.id, { text: 'x', parse_mode: 'BBCode' })).body.description).toBe('Bad Request: unsupported parse_mode');
    const good = await send(sim, token, group.id, { text: '*Mia\\!* 🎲 _21_', parse_mode: 'MarkdownV2' });
    expect(good.body.result).toMatchObject({
      text: 'Mia! 🎲 21',
      entities: [
        { type: 'bold', offset: 0, length: 4 },
        { type: 'italic', offset: 8, length: 2 },
      ],
    });
  });

  it('checks inline keyboards: callback_data is 1-64 bytes, url buttons need a URL', async () => {
    const { sim, token, group } = await world();
    const keyboard = (button: Record<string, unknown>) => ({ reply_markup: { inline_keyboard: [[{ text: 'b', ...button }]] } });
    expect((await send(sim, token, group.id, keyboard({ callback_data: 'x'.repeat(64) }))).status).toBe(200);
    // 32 × "é" is 64 bytes in 32 characters, 33 × "é" is 66: the limit is in bytes
    expect((await send(sim, token, group.id, keyboard({ callback_data: 'é'.repeat(32) }))).status).toBe(200);
    for (const data of ['x'.repeat(65), 'é'.repeat(33), '']) {
      expect((await send(sim, token, group.id, keyboard({ callback_data: data }))).body).toEqual({
        ok: false,
        error_code: 400,
        description: 'Bad Request: BUTTON_DATA_INVALID',
      });
    }
    const url = await send(sim, token, group.id, keyboard({ url: 'https://example.org/rules' }));
    expect(url.body.result.reply_markup).toEqual({ inline_keyboard: [[{ text: 'b', url: 'https://example.org/rules' }]] });
    expect((await send(sim, token, group.id, keyboard({ url: 'not a url' }))).body.description).toBe(
      "Bad Request: inline keyboard button URL 'not a url' is invalid: Wrong HTTP URL",
    );
    expect((await send(sim, token, group.id, keyboard({}))).body.description).toBe(
      "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    );
    expect((await send(sim, token, group.id, { reply_markup: '{oops' })).body.description).toBe("Bad Request: can't parse reply keyboard markup JSON object");
  });

  it('replies, threads and notification flags', async () => {
    const { sim, token, ada, group } = await world();
    const question = ada.send(group, 'who starts?');
    const reply = await send(sim, token, group.id, {
      reply_parameters: { message_id: question.message_id },
      disable_notification: true,
      link_preview_options: { is_disabled: true },
    });
    expect(reply.body.result).toMatchObject({
      reply_to_message: { message_id: question.message_id, text: 'who starts?' },
      link_preview_options: { is_disabled: true },
    });
    expect(sim.lastMessage(group)).toMatchObject({ silent: true });
    expect((await send(sim, token, group.id, { reply_to_message_id: 999 })).body.description).toBe('Bad Request: message to be replied not found');
    expect((await send(sim, token, group.id, { reply_parameters: { message_id: 999, allow_sending_without_reply: true } })).status).toBe(200);
    expect((await send(sim, token, group.id, { message_thread_id: 5 })).body.description).toBe('Bad Request: message thread not found');
  });
});

describe('who the bot may write to', () => {
  it('403s a user who never started the bot, and one who blocked it; 400s a stranger', async () => {
    const { sim, token, ada, bob } = await world();
    // Bob shares a group with the bot but never started it
    expect(await send(sim, token, bob.id)).toEqual({
      status: 403,
      body: { ok: false, error_code: 403, description: "Forbidden: bot can't initiate conversation with a user" },
    });
    expect((await send(sim, token, ada.id)).status).toBe(200);
    ada.blockBot(token);
    expect(await send(sim, token, ada.id)).toEqual({
      status: 403,
      body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
    });
    ada.unblockBot(token);
    expect((await send(sim, token, ada.id)).status).toBe(200);
    const stranger = sim.user({ firstName: 'Eve' });
    expect((await send(sim, token, stranger.id)).body.description).toBe('Bad Request: chat not found');
    // the block and unblock reached the bot as my_chat_member updates
    const statuses = sim.pendingUpdates(token).flatMap((u) => (u.my_chat_member ? [u.my_chat_member.new_chat_member.status] : []));
    expect(statuses).toEqual(['kicked', 'member']);
  });

  it('403s edits in a chat whose user blocked the bot, and reads still work', async () => {
    const { sim, token, ada } = await world();
    const sent = (await send(sim, token, ada.id)).body.result;
    ada.blockBot(token);
    expect((await call(sim, token, 'editMessageText', { chat_id: ada.id, message_id: sent.message_id, text: 'x' })).body.description).toBe(
      'Forbidden: bot was blocked by the user',
    );
    expect((await call(sim, token, 'getChat', { chat_id: ada.id })).status).toBe(200);
  });

  it('403s after the bot was removed from a group or left it', async () => {
    const { sim, token, ada, group } = await world();
    sim.removeBotFromGroup(token, group, { by: ada });
    expect(await send(sim, token, group.id)).toEqual({
      status: 403,
      body: { ok: false, error_code: 403, description: 'Forbidden: bot was kicked from the group chat' },
    });
    const update = sim.pendingUpdates(token).at(-1)!;
    expect(update.my_chat_member).toMatchObject({
      chat: { id: group.id },
      from: { id: ada.id },
      old_chat_member: { status: 'member' },
      new_chat_member: { status: 'kicked' },
    });

    const club = sim.group({ title: 'Club', admins: [ada], supergroup: true, bots: [token] });
    expect((await call(sim, token, 'leaveChat', { chat_id: club.id })).body.result).toBe(true);
    expect((await send(sim, token, club.id)).body.description).toBe('Forbidden: bot is not a member of the supergroup chat');
  });

  it('400s a migrated group with migrate_to_chat_id', async () => {
    const { sim, token, group } = await world();
    const supergroup = sim.migrateGroup(group);
    expect(supergroup.id).toBeLessThan(-1_000_000_000_000);
    expect(await send(sim, token, group.id)).toEqual({
      status: 400,
      body: {
        ok: false,
        error_code: 400,
        description: 'Bad Request: group chat was upgraded to a supergroup chat',
        parameters: { migrate_to_chat_id: supergroup.id },
      },
    });
    expect((await send(sim, token, supergroup.id)).body.result.chat).toEqual({ id: supergroup.id, title: 'Dice night', type: 'supergroup' });
    const service = sim
      .pendingUpdates(token)
      .map((u) => u.message)
      .filter((m) => m?.migrate_to_chat_id || m?.migrate_from_chat_id);
    expect(service).toMatchObject([
      { chat: { id: group.id }, migrate_to_chat_id: supergroup.id },
      { chat: { id: supergroup.id }, migrate_from_chat_id: group.id },
    ]);
  });
});

describe('editing and deleting', () => {
  it('edits the bot’s own messages and says when nothing changed', async () => {
    const { sim, token, ada, group } = await world();
    const keyboard = { inline_keyboard: [[{ text: 'Roll', callback_data: 'roll' }]] };
    const sent = (await send(sim, token, group.id, { text: 'Turn 1', reply_markup: keyboard })).body.result;
    const edit = (params: Record<string, unknown>) => call(sim, token, 'editMessageText', { chat_id: group.id, message_id: sent.message_id, ...params });

    expect(await edit({ text: 'Turn 1', reply_markup: keyboard })).toEqual({
      status: 400,
      body: {
        ok: false,
        error_code: 400,
        description:
          'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      },
    });
    const edited = await edit({ text: 'Turn 2', reply_markup: keyboard });
    expect(edited.body.result).toMatchObject({ message_id: sent.message_id, text: 'Turn 2', reply_markup: keyboard, edit_date: expect.any(Number) });
    // without reply_markup the keyboard goes away (as in Telegram), which is a change
    expect((await edit({ text: 'Turn 2' })).body.result.reply_markup).toBeUndefined();
    expect((await call(sim, token, 'editMessageReplyMarkup', { chat_id: group.id, message_id: sent.message_id })).body.description).toMatch(
      /^Bad Request: message is not modified/,
    );
    expect(
      (await call(sim, token, 'editMessageReplyMarkup', { chat_id: group.id, message_id: sent.message_id, reply_markup: keyboard })).body.result.reply_markup,
    ).toEqual(keyboard);

    const stored = sim.messages(group).find((m) => m.message_id === sent.message_id)!;
    expect(stored.history.map((v) => [v.text, v.reply_markup ? 'keyboard' : 'none'])).toEqual([
      ['Turn 1', 'keyboard'],
      ['Turn 2', 'keyboard'],
      ['Turn 2', 'none'],
    ]);

    expect((await call(sim, token, 'editMessageText', { chat_id: group.id, message_id: 999, text: 'x' })).body.description).toBe(
      'Bad Request: message to edit not found',
    );
    const human = ada.send(group, 'my message');
    expect((await call(sim, token, 'editMessageText', { chat_id: group.id, message_id: human.message_id, text: 'x' })).body.description).toBe(
      "Bad Request: message can't be edited",
    );
    expect((await edit({ text: 'y'.repeat(4097) })).body.description).toBe('Bad Request: MESSAGE_TOO_LONG');
  });

  it('deletes messages it may delete and flags them', async () => {
    const { sim, token, ada, group } = await world();
    const sent = (await send(sim, token, group.id)).body.result;
    const del = (message_id: number) => call(sim, token, 'deleteMessage', { chat_id: group.id, message_id });
    expect((await del(sent.message_id)).body).toEqual({ ok: true, result: true });
    expect((await del(sent.message_id)).body.description).toBe('Bad Request: message to delete not found');
    expect(sim.messages(group).find((m) => m.message_id === sent.message_id)?.deleted).toBe(true);
    expect(ada.visibleMessages(group).some((m) => m.message_id === sent.message_id)).toBe(false);
    const human = ada.send(group, 'mine');
    expect((await del(human.message_id)).body.description).toBe("Bad Request: message can't be deleted");
    expect((await call(sim, token, 'editMessageText', { chat_id: group.id, message_id: sent.message_id, text: 'x' })).body.description).toBe(
      'Bad Request: message to edit not found',
    );
  });

  it('pins with rights and unpins', async () => {
    const { sim, token, ada, dm, group } = await world();
    const sent = (await send(sim, token, group.id)).body.result;
    expect((await call(sim, token, 'pinChatMessage', { chat_id: group.id, message_id: sent.message_id })).body.description).toBe(
      'Bad Request: not enough rights to manage pinned messages in the chat',
    );
    sim.addBotToGroup(token, group, { by: ada, admin: true });
    expect((await call(sim, token, 'pinChatMessage', { chat_id: group.id, message_id: sent.message_id })).body.result).toBe(true);
    expect((await call(sim, token, 'getChat', { chat_id: group.id })).body.result.pinned_message).toMatchObject({ message_id: sent.message_id });
    expect(sim.lastMessage(group)?.pinned_message).toMatchObject({ message_id: sent.message_id });
    expect((await call(sim, token, 'pinChatMessage', { chat_id: group.id, message_id: 999 })).body.description).toBe('Bad Request: message to pin not found');
    expect((await call(sim, token, 'unpinChatMessage', { chat_id: group.id })).body.result).toBe(true);
    expect((await call(sim, token, 'unpinChatMessage', { chat_id: group.id })).body.description).toBe('Bad Request: message to unpin not found');
    const private1 = (await send(sim, token, dm.id)).body.result;
    expect((await call(sim, token, 'pinChatMessage', { chat_id: dm.id, message_id: private1.message_id })).body.result).toBe(true);
  });
});

describe('callback queries', () => {
  async function pressed(options: Parameters<typeof start>[0] = {}) {
    const w = await world(options);
    const keyboard = { inline_keyboard: [[{ text: 'Roll', callback_data: 'roll' }]] };
    const sent = (await send(w.sim, w.token, w.group.id, { reply_markup: keyboard })).body.result;
    const answer = w.ada.press(w.sim.lastMessage(w.group)!, 'roll', { timeoutMs: 500 });
    const query = w.sim.pendingUpdates(w.token).at(-1)!.callback_query!;
    return { ...w, sent, answer, query };
  }

  it('answers once; the second answer is too old', async () => {
    const { sim, token, ada, answer, query } = await pressed();
    expect(query).toMatchObject({
      from: { id: ada.id },
      data: 'roll',
      message: { text: 'hello', reply_markup: { inline_keyboard: [[{ callback_data: 'roll' }]] } },
      chat_instance: expect.stringMatching(/^-?\d+$/),
    });
    const first = await call(sim, token, 'answerCallbackQuery', { callback_query_id: query.id, text: 'Rolled!', show_alert: true });
    expect(first.body).toEqual({ ok: true, result: true });
    expect(await answer).toEqual({ text: 'Rolled!', show_alert: true });
    expect(await call(sim, token, 'answerCallbackQuery', { callback_query_id: query.id })).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: 'Bad Request: query is too old and response timeout expired or query ID is invalid' },
    });
    expect(sim.popups(ada)).toMatchObject([{ text: 'Rolled!', show_alert: true, data: 'roll', bot: 'mia_errors_bot' }]);
  });

  it('refuses a popup over 200 characters, and keeps the query answerable', async () => {
    const { sim, token, query, answer } = await pressed();
    expect((await call(sim, token, 'answerCallbackQuery', { callback_query_id: query.id, text: 'x'.repeat(201) })).body).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: MESSAGE_TOO_LONG',
    });
    expect((await call(sim, token, 'answerCallbackQuery', { callback_query_id: query.id, text: 'x'.repeat(200) })).body.ok).toBe(true);
    expect((await answer)?.text).toHaveLength(200);
  });

  it('expires a query after 15 minutes', async () => {
    const clock = new ManualClock();
    const { sim, token, query, answer } = await pressed({ clock });
    clock.advance(15 * 60_000 + 1);
    expect((await call(sim, token, 'answerCallbackQuery', { callback_query_id: query.id })).body.description).toBe(
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
    expect(await answer).toBeUndefined();
  });
});

describe('flood limits', () => {
  it('429s the 21st message into a group within a minute, with retry_after', async () => {
    const clock = new ManualClock();
    const { sim, token, group, ada } = await world({ clock });
    for (let i = 0; i < 20; i++) {
      expect((await send(sim, token, group.id, { text: `m${i}` })).status).toBe(200);
      clock.advance(1000);
    }
    expect(await send(sim, token, group.id)).toEqual({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 40', parameters: { retry_after: 40 } },
    });
    // other chats and edits are counted apart
    expect((await send(sim, token, ada.id)).status).toBe(200);
    const last = sim.lastMessage(group)!;
    expect((await call(sim, token, 'editMessageText', { chat_id: group.id, message_id: last.message_id, text: 'edited' })).status).toBe(200);
    clock.advance(40_000);
    expect((await send(sim, token, group.id)).status).toBe(200);
  });

  it('429s the 31st message of a second over all chats', async () => {
    const clock = new ManualClock();
    const sim = await start({ clock, limits: { groupPerMinute: null } });
    const token = sim.createBot({ username: 'mia_flood_bot' });
    const users = Array.from({ length: 31 }, (_, i) => sim.user({ firstName: `P${i}` }));
    for (const user of users) user.startPrivateChat(token);
    for (const user of users.slice(0, 30)) expect((await send(sim, token, user.id)).status).toBe(200);
    expect((await send(sim, token, users[30]!.id)).body).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    clock.advance(1000);
    expect((await send(sim, token, users[30]!.id)).status).toBe(200);
  });

  it('limits can be changed or turned off per test', async () => {
    const { sim, token, group } = await world({ limits: { groupPerMinute: 2 } });
    expect((await send(sim, token, group.id)).status).toBe(200);
    expect((await send(sim, token, group.id)).status).toBe(200);
    expect((await send(sim, token, group.id)).status).toBe(429);
    sim.setLimits(false);
    for (let i = 0; i < 40; i++) expect((await send(sim, token, group.id)).status).toBe(200);
  });
});

describe('faults', () => {
  it('answers the next calls with 429, 500 or 502 as injected', async () => {
    const { sim, token, group } = await world();
    sim.faults.inject({ kind: 'tooManyRequests', retryAfter: 7, method: 'sendMessage' });
    sim.faults.inject({ kind: 'internalServerError', times: 2 });
    sim.faults.inject({ kind: 'badGateway' });
    expect((await call(sim, token, 'getMe')).body).toEqual({ ok: false, error_code: 500, description: 'Internal Server Error' });
    expect((await send(sim, token, group.id)).body).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    });
    expect((await send(sim, token, group.id)).status).toBe(500);
    expect(await send(sim, token, group.id)).toEqual({ status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } });
    expect((await send(sim, token, group.id)).status).toBe(200);
    expect(sim.faults.pending()).toBe(0);
    // faulty calls never reached the chat
    expect(sim.messages(group)).toHaveLength(1);
    expect(sim.callsOf('sendMessage').map((c) => c.fault ?? c.status)).toEqual(['tooManyRequests', 'internalServerError', 'badGateway', 200]);
  });

  it('drops the connection, before or after the call took effect', async () => {
    const { sim, token, group } = await world();
    sim.faults.inject({ kind: 'drop', method: 'sendMessage' });
    await expect(send(sim, token, group.id, { text: 'lost' })).rejects.toThrow(/fetch failed/);
    expect(sim.messages(group)).toHaveLength(0);
    sim.faults.inject({ kind: 'drop', method: 'sendMessage', execute: true });
    await expect(send(sim, token, group.id, { text: 'sent but unheard' })).rejects.toThrow(/fetch failed/);
    expect(sim.lastMessage(group)?.text).toBe('sent but unheard');
  });

  it('hangs past the client timeout', async () => {
    const { sim, token, group } = await world();
    sim.faults.inject({ kind: 'hang', method: 'sendMessage' });
    const started = Date.now();
    await expect(fetch(`${sim.apiRoot}/bot${token}/sendMessage?chat_id=${group.id}&text=x`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(sim.messages(group)).toHaveLength(0);
    // a hang with ms answers late, and the call happens even when the client gave up
    sim.faults.inject({ kind: 'hang', ms: 200 });
    const slow = await send(sim, token, group.id, { text: 'slow' });
    expect(slow.status).toBe(200);
    expect(sim.lastMessage(group)?.text).toBe('slow');
  });
});

describe('chats and members', () => {
  it('answers getChat, getChatMember and getChatAdministrators', async () => {
    const { sim, token, ada, bob, dm, group } = await world();
    expect((await call(sim, token, 'getChat', { chat_id: group.id })).body.result).toMatchObject({
      id: group.id,
      type: 'group',
      title: 'Dice night',
      accent_color_id: 0,
    });
    expect((await call(sim, token, 'getChat', { chat_id: dm.id })).body.result).toMatchObject({
      id: ada.id,
      type: 'private',
      first_name: 'Ada',
      username: 'ada',
    });
    expect((await call(sim, token, 'getChatMember', { chat_id: group.id, user_id: ada.id })).body.result).toMatchObject({
      status: 'creator',
      user: { id: ada.id },
    });
    expect((await call(sim, token, 'getChatMember', { chat_id: group.id, user_id: bob.id })).body.result).toMatchObject({ status: 'member' });
    const eve = sim.user({ firstName: 'Eve' });
    expect((await call(sim, token, 'getChatMember', { chat_id: group.id, user_id: eve.id })).body.result).toMatchObject({ status: 'left' });
    expect((await call(sim, token, 'getChatAdministrators', { chat_id: group.id })).body.result.map((m: { user: { id: number } }) => m.user.id)).toEqual([
      ada.id,
    ]);
    expect((await call(sim, token, 'getChatAdministrators', { chat_id: dm.id })).body.description).toBe(
      'Bad Request: there are no administrators in the private chat',
    );
    expect((await call(sim, token, 'getChatMemberCount', { chat_id: group.id })).body.result).toBe(3);
  });

  it('keeps commands per scope and language', async () => {
    const { sim, token, group } = await world();
    const commands = [{ command: 'newgame', description: 'Start a game of Mia' }];
    expect((await call(sim, token, 'setMyCommands', { commands })).body.result).toBe(true);
    expect(
      (await call(sim, token, 'setMyCommands', { commands: [{ command: 'neuesspiel', description: 'Neues Spiel' }], language_code: 'de' })).body.result,
    ).toBe(true);
    expect(
      (await call(sim, token, 'setMyCommands', { commands: [{ command: 'stop', description: 'Stop' }], scope: { type: 'chat', chat_id: group.id } })).body
        .result,
    ).toBe(true);
    expect((await call(sim, token, 'getMyCommands')).body.result).toEqual(commands);
    expect((await call(sim, token, 'getMyCommands', { language_code: 'de' })).body.result).toEqual([{ command: 'neuesspiel', description: 'Neues Spiel' }]);
    expect(sim.commands(token, { scope: { type: 'chat', chat_id: group.id } })).toEqual([{ command: 'stop', description: 'Stop' }]);
    expect((await call(sim, token, 'deleteMyCommands')).body.result).toBe(true);
    expect((await call(sim, token, 'getMyCommands')).body.result).toEqual([]);
    expect((await call(sim, token, 'setMyCommands', { commands: [{ command: 'Bad Command', description: 'x' }] })).body.description).toBe(
      'Bad Request: BOT_COMMAND_INVALID',
    );
  });

  it('keeps menu buttons and checks callback answer URLs', async () => {
    const { sim, token, dm } = await world();
    expect((await call(sim, token, 'getChatMenuButton')).body.result).toEqual({ type: 'commands' });
    expect((await call(sim, token, 'setChatMenuButton', { chat_id: dm.id, menu_button: { type: 'default' } })).body.result).toBe(true);
    expect((await call(sim, token, 'getChatMenuButton', { chat_id: dm.id })).body.result).toEqual({ type: 'default' });
    await send(sim, token, dm.id, { reply_markup: { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] } });
    void dm.user.press(sim.lastMessage(dm)!, 'go', { timeoutMs: 100 });
    const id = sim.pendingUpdates(token).at(-1)!.callback_query!.id;
    expect((await call(sim, token, 'answerCallbackQuery', { callback_query_id: id, url: 'https://example.org' })).body.description).toBe(
      'Bad Request: URL_INVALID',
    );
    expect((await call(sim, token, 'answerCallbackQuery', { callback_query_id: id, url: 'https://t.me/mia_errors_bot?start=x' })).body.result).toBe(true);
  });

  it('rolls dice, forced or seeded', async () => {
    const { sim, token, group } = await world({ seed: 7 });
    sim.forceDice(6, 5);
    const first = (await call(sim, token, 'sendDice', { chat_id: group.id })).body.result;
    const second = (await call(sim, token, 'sendDice', { chat_id: group.id, emoji: '🎲' })).body.result;
    expect([first.dice, second.dice]).toEqual([
      { emoji: '🎲', value: 6 },
      { emoji: '🎲', value: 5 },
    ]);
    const random = (await call(sim, token, 'sendDice', { chat_id: group.id, emoji: '🎯' })).body.result.dice.value;
    expect(random).toBeGreaterThanOrEqual(1);
    expect(random).toBeLessThanOrEqual(6);
  });
});
