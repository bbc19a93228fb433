/**
 * The scripting side: people, groups and what each of them sees, and the simulator run on its own.
 */
import { Bot, GrammyError } from 'grammy';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { call, useSim } from './support';

const start = useSim();

describe('people and chats', () => {
  it('private chats: chat id is the user id, and only that user sees them', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_script_bot' });
    const ada = sim.user({ firstName: 'Ada', username: 'ada_l', languageCode: 'de' });
    const bob = sim.user({ firstName: 'Bob' });
    const adaChat = ada.startPrivateChat(token, 'join-42');
    const bobChat = bob.startPrivateChat(token);
    expect(adaChat.id).toBe(ada.id);
    const update = sim.pendingUpdates(token)[0]!;
    expect(update.message).toMatchObject({
      chat: { id: ada.id, type: 'private', first_name: 'Ada', username: 'ada_l' },
      from: { id: ada.id, is_bot: false, first_name: 'Ada', username: 'ada_l', language_code: 'de' },
      text: '/start join-42',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    });
    await call(sim, token, 'sendMessage', { chat_id: ada.id, text: 'for Ada' });
    await call(sim, token, 'sendMessage', { chat_id: bob.id, text: 'for Bob' });
    expect(ada.visibleMessages(adaChat).map((m) => m.text)).toEqual(['/start join-42', 'for Ada']);
    expect(ada.visibleMessages(bobChat)).toEqual([]);
    expect(sim.messages(bobChat).map((m) => m.text)).toEqual(['/start', 'for Bob']);
    // a user can write to a bot by its username too
    expect(ada.send('@mia_script_bot', 'hi').chatKey).toBe(adaChat.chatKey);
  });

  it('cannot press what is not there', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_script_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const bob = sim.user({ firstName: 'Bob' });
    const group = sim.group({ title: 'G', admins: [ada], bots: [token] });
    const plain = ada.send(group, 'no buttons here');
    expect(() => ada.press(plain, 'anything')).toThrow(/has no button "anything" \(buttons: none\)/);
    await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'pick', reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
    const pick = sim.lastMessage(group)!;
    expect(() => ada.press(pick, 'B')).toThrow(/no button "B" \(buttons: "A"\)/);
    expect(() => bob.press(pick, 'A')).toThrow(/can't see/);
    await call(sim, token, 'deleteMessage', { chat_id: group.id, message_id: pick.message_id });
    expect(() => ada.press(pick, 'A')).toThrow(/not there/);
  });

  it('resolves a press with undefined when the bot never answers', async () => {
    const sim = await start({ pressTimeoutMs: 100 });
    const token = sim.createBot({ username: 'mia_script_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const chat = ada.startPrivateChat(token);
    await call(sim, token, 'sendMessage', { chat_id: ada.id, text: 'pick', reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
    expect(await ada.press(sim.lastMessage(chat)!, 'a')).toBeUndefined();
    const query = sim.pendingUpdates(token).at(-1)!.callback_query!;
    expect(query).toMatchObject({ data: 'a', message: { text: 'pick' } });
  });

  it('forges a press: any callback_data on a bot message the user sees', async () => {
    const sim = await start({ pressTimeoutMs: 100 });
    const token = sim.createBot({ username: 'mia_script_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const bob = sim.user({ firstName: 'Bob' });
    const group = sim.group({ title: 'G', admins: [ada], bots: [token] });
    await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'pick', reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
    const pick = sim.lastMessage(group)!;
    expect(await ada.pressForged(pick, 'not-a-button')).toBeUndefined();
    expect(sim.pendingUpdates(token).at(-1)!.callback_query).toMatchObject({ data: 'not-a-button', from: { id: ada.id }, message: { text: 'pick' } });
    expect(() => bob.pressForged(pick, 'a')).toThrow(/can't see/);
    expect(() => ada.pressForged(ada.send(group, 'mine'), 'a')).toThrow(/not a bot's/);
  });

  it('announces bots joining and leaving, and people joining, leaving and editing', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_script_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const bob = sim.user({ firstName: 'Bob' });
    const group = sim.group({ title: 'G', admins: [ada] });
    sim.addBotToGroup(token, group, { by: ada, admin: true });
    await call(sim, token, 'getUpdates', { allowed_updates: ['message', 'edited_message', 'my_chat_member', 'chat_member'] });
    bob.join(group);
    const said = bob.send(group, 'hello');
    bob.edit(said, 'hello all');
    bob.leave(group);
    const kinds = sim.pendingUpdates(token).map((u) => {
      if (u.my_chat_member) return `my_chat_member:${u.my_chat_member.new_chat_member.status}`;
      if (u.chat_member) return `chat_member:${u.chat_member.new_chat_member.status}`;
      if (u.edited_message) return `edited:${u.edited_message.text}`;
      const m = u.message!;
      if (m.new_chat_members) return `joined:${(m.new_chat_members as { first_name: string }[]).map((x) => x.first_name).join()}`;
      if (m.left_chat_member) return `left:${(m.left_chat_member as { first_name: string }).first_name}`;
      return `message:${m.text}`;
    });
    expect(kinds).toEqual([
      'my_chat_member:administrator',
      'joined:mia_script',
      'joined:Bob',
      'chat_member:member',
      'message:hello',
      'edited:hello all',
      'left:Bob',
      'chat_member:left',
    ]);
    expect(sim.messages(group).find((m) => m.message_id === said.message_id)?.history).toMatchObject([{ text: 'hello' }]);
    expect(() => bob.send(group, 'still here?')).toThrow(/not a member/);
  });

  it('a grammY bot follows a group to its supergroup', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_script_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const group = sim.group({ title: 'Old', admins: [ada], bots: [token] });
    const bot = new Bot(token, { client: { apiRoot: sim.apiRoot } });
    const supergroup = sim.migrateGroup(group);
    const error = await bot.api.sendMessage(group.id, 'hello').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    const target = (error as GrammyError).parameters.migrate_to_chat_id!;
    expect(target).toBe(supergroup.id);
    await bot.api.sendMessage(target, 'hello again');
    expect(sim.lastMessage(supergroup)?.text).toBe('hello again');
    expect(sim.messages(group).map((m) => m.migrate_to_chat_id)).toEqual([supergroup.id]);
    expect(() => ada.send(group, 'x')).toThrow(/migrated/);
    expect(ada.send(supergroup, 'y').chat).toEqual({ id: supergroup.id, title: 'Old', type: 'supergroup' });
  });

  it('logs every call for counting, and waits for conditions', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_script_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    ada.startPrivateChat(token);
    await call(sim, token, 'sendMessage', { chat_id: ada.id, text: 'one' });
    await call(sim, token, 'sendMessage', { chat_id: ada.id, text: '' });
    await call(sim, 'bad:token', 'getMe');
    expect(sim.calls.map((c) => [c.method, c.status])).toEqual([
      ['sendMessage', 200],
      ['sendMessage', 400],
      ['getMe', 401],
    ]);
    expect(sim.callsOf('sendMessage')[1]).toMatchObject({
      ok: false,
      params: { chat_id: ada.id, text: '' },
      error: { error_code: 400, description: 'Bad Request: message text is empty' },
    });
    expect(sim.callsOf('sendmessage', token)[0]).toMatchObject({ ok: true, bot: 'mia_script_bot', result: { text: 'one' }, via: 'http' });
    await expect(sim.waitFor(() => false, 50)).rejects.toThrow('waitFor: condition not met within 50 ms');
    // waitFor looks at once (nothing yet), then again as the call made after it lands
    const later = sim.waitFor(() => sim.callsOf('sendMessage').find((c) => c.ok && (c.result as { text: string }).text === 'later'));
    await call(sim, token, 'sendMessage', { chat_id: ada.id, text: 'later' });
    expect((await later)?.status).toBe(200);
    sim.resetCalls();
    expect(sim.calls).toEqual([]);
  });
});

describe('standalone', () => {
  it('runs from src/main.ts on PORT and prints its api root and bots', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, PORT: '0', SIM_BOTS: 'mia_demo_bot,other_bot=123456:AAtesttoken' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const { apiRoot, bots } = JSON.parse(line) as { apiRoot: string; bots: { username: string; token: string }[] };
      expect(bots.map((b) => b.username)).toEqual(['mia_demo_bot', 'other_bot']);
      expect(bots[1]!.token).toBe('123456:AAtesttoken');
      const me = await (await fetch(`${apiRoot}/bot${bots[0]!.token}/getMe`)).json();
      expect(me).toMatchObject({ ok: true, result: { username: 'mia_demo_bot' } });
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
