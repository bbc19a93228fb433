/**
 * Who was notified: a person's private chat with a bot notifies them of every new message not
 * sent with disable_notification; a group message only those it mentions (or replies to); edits
 * nobody.
 */
import { Bot } from 'grammy';
import { describe, expect, it } from 'vitest';
import { call, useSim } from './support';

const start = useSim();

async function world() {
  const sim = await start();
  const token = sim.createBot({ username: 'mia_notify_bot' });
  const ada = sim.user({ firstName: 'Ada', username: 'ada_l' });
  const bob = sim.user({ firstName: 'Bob', username: 'bobby' });
  const cyd = sim.user({ firstName: 'Cyd' });
  const dm = ada.startPrivateChat(token);
  const group = sim.group({ title: 'Dice night', admins: [ada], members: [bob, cyd], bots: [token] });
  return { sim, token, ada, bob, cyd, dm, group };
}

describe('notifications', () => {
  it('a private send notifies; an edit and a silent send do not; the user’s own messages never', async () => {
    const { sim, token, ada, dm } = await world();
    expect(ada.notifications()).toEqual([]); // her /start is hers
    const sent = (await call(sim, token, 'sendMessage', { chat_id: ada.id, text: '<b>Welcome</b>, Ada', parse_mode: 'HTML' })).body.result;
    await call(sim, token, 'editMessageText', { chat_id: ada.id, message_id: sent.message_id, text: 'Welcome back' });
    await call(sim, token, 'sendMessage', { chat_id: ada.id, text: 'psst', disable_notification: true });
    ada.send(dm, 'thanks');

    const notes = sim.notifications(ada);
    expect(notes).toEqual([
      {
        seq: sim.messages(dm)[1]!.seq,
        chatKey: dm.chatKey,
        chat: { id: ada.id, type: 'private', first_name: 'Ada', username: 'ada_l' },
        message_id: sent.message_id,
        date: sent.date,
        at: expect.any(Number),
        from: expect.objectContaining({ username: 'mia_notify_bot', is_bot: true }),
        text: 'Welcome, Ada', // as first sent, not as edited
        reason: 'private',
      },
    ]);
    expect(ada.notifications()).toEqual(notes);
    expect(sim.lastMessage(dm)!.text).toBe('thanks');
    expect(sim.messages(dm).find((m) => m.text === 'psst')!.silent).toBe(true);
  });

  it('a group text_mention notifies only the mentioned user; a plain group message nobody', async () => {
    const { sim, token, ada, bob, cyd, group } = await world();
    const mark = sim.lastSeq;
    await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'New round: everyone roll!' });
    await call(sim, token, 'sendMessage', { chat_id: group.id, text: `Your turn, <a href="tg://user?id=${bob.id}">Bob</a>`, parse_mode: 'HTML' });
    expect(sim.notifications(ada, { since: mark })).toEqual([]);
    expect(sim.notifications(cyd, { since: mark })).toEqual([]);
    expect(bob.notifications({ since: mark })).toMatchObject([
      { chat: { id: group.id, type: 'group', title: 'Dice night' }, chatKey: group.chatKey, text: 'Your turn, Bob', reason: 'mention' },
    ]);
    // entities given as JSON work the same
    await call(sim, token, 'sendMessage', {
      chat_id: group.id,
      text: 'Cyd, you lost',
      entities: [{ type: 'text_mention', offset: 0, length: 3, user: { id: cyd.id, is_bot: false, first_name: 'Cyd' } }],
    });
    expect(cyd.notifications().map((n) => n.text)).toEqual(['Cyd, you lost']);
    expect(bob.notifications()).toHaveLength(1);
  });

  it('@username mentions and replies notify, from the bot or from people; not non-members, not silently, not edits', async () => {
    const { sim, token, ada, bob, cyd, group } = await world();
    const outsider = sim.user({ firstName: 'Eve', username: 'eve_x' });
    await call(sim, token, 'sendMessage', { chat_id: group.id, text: '@BOBBY and @eve_x: roll' }); // case-insensitive; Eve is not in the group
    const cydSaid = cyd.send(group, 'I roll 42');
    const reply = (await call(sim, token, 'sendMessage', { chat_id: group.id, text: 'Believed.', reply_parameters: { message_id: cydSaid.message_id } })).body
      .result;
    await call(sim, token, 'sendMessage', { chat_id: group.id, text: '@ada_l quietly', disable_notification: true });
    const adaSaid = ada.send(group, 'good one @bobby');
    ada.edit(adaSaid, 'good one @bobby and @cyd');
    await call(sim, token, 'editMessageText', { chat_id: group.id, message_id: reply.message_id, text: 'Believed, @ada_l' });

    expect(bob.notifications().map((n) => [n.text, n.reason, n.from.first_name])).toEqual([
      ['@BOBBY and @eve_x: roll', 'mention', 'mia_notify'],
      ['good one @bobby', 'mention', 'Ada'],
    ]);
    expect(cyd.notifications().map((n) => [n.text, n.reason])).toEqual([['Believed.', 'reply']]);
    expect(ada.notifications()).toEqual([]);
    expect(outsider.notifications()).toEqual([]);
  });

  it('lists notifications in order across chats, and since a mark', async () => {
    const { sim, token, ada, bob, group } = await world();
    const bot = new Bot(token, { client: { apiRoot: sim.apiRoot } });
    await bot.api.sendMessage(ada.id, 'one');
    const mark = sim.lastSeq;
    const two = await bot.api.sendMessage(group.id, '@ada_l two');
    await bot.api.sendMessage(ada.id, 'three');
    await bot.api.sendMessage(group.id, `<a href="tg://user?id=${bob.id}">Bob</a> four`, { parse_mode: 'HTML' });
    const notes = ada.notifications();
    expect(notes.map((n) => [n.text, n.chat.type])).toEqual([
      ['one', 'private'],
      ['@ada_l two', 'group'],
      ['three', 'private'],
    ]);
    expect(notes.map((n) => n.seq)).toEqual([...notes.map((n) => n.seq)].sort((a, b) => a - b));
    expect(ada.notifications({ since: mark }).map((n) => n.text)).toEqual(['@ada_l two', 'three']);
    // since a message or a notification: what came after it
    const twoShown = sim.messages(group).find((m) => m.message_id === two.message_id)!;
    expect(ada.notifications({ since: twoShown }).map((n) => n.text)).toEqual(['three']);
    expect(ada.notifications({ since: notes[0]! }).map((n) => n.text)).toEqual(['@ada_l two', 'three']);
    expect(sim.lastSeq).toBe(sim.lastMessage(group)!.seq);
  });
});
