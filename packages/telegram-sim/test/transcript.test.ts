/**
 * sim.transcript: a chat as a person scrolling it reads it now, and (history) everything the
 * simulator kept about it.
 */
import { Bot, InlineKeyboard } from 'grammy';
import { describe, expect, it } from 'vitest';
import { markedText } from '../src/index';
import { call, useSim } from './support';

const start = useSim();

describe('transcript', () => {
  it('renders a group as it looks now: senders, current texts, buttons with their style, edits; no deleted messages', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_bot', firstName: 'Mia' });
    const ada = sim.user({ firstName: 'Ada', lastName: 'Lovelace' });
    const bob = sim.user({ firstName: 'Bob' });
    const group = sim.group({ title: 'Dice night', admins: [ada], bots: [{ bot: token, admin: true }] });
    const bot = new Bot(token, { client: { apiRoot: sim.apiRoot } });

    ada.send(group, '/newgame@mia_bot');
    const board = await bot.api.sendMessage(group.id, '<b>New game</b>\nPlayers: Ada', {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard().text('Join', 'join').success().row().url('Rules', 'https://example.org/rules'),
    });
    bob.join(group);
    await bot.api.editMessageText(group.id, board.message_id, '<b>New game</b>\nPlayers: Ada, Bob', {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard().text('Join', 'join').success().text('Start', 'start').primary(),
    });
    const oops = bob.send(group, 'oops, wrong chat');
    await bot.api.deleteMessage(group.id, oops.message_id);
    const claim = bob.send(group, 'I roll 42');
    await bot.api.sendMessage(group.id, 'Ada, Bob says 42.', {
      reply_parameters: { message_id: claim.message_id },
      reply_markup: new InlineKeyboard().text('✅ Believe & roll', 'believe').text('❗ Liar!', 'liar').danger(),
    });
    await bot.api.sendDice(group.id, '🎲');

    const dice = sim.lastMessage(group)!.dice as { value: number };
    expect(sim.transcript(group)).toBe(
      [
        'Ada: /newgame@mia_bot',
        'Mia: New game',
        '  Players: Ada, Bob (edited)',
        '  [Join]{success} [Start]{primary}',
        '— Bob joined the group',
        'Bob: I roll 42',
        'Mia (reply to Bob): Ada, Bob says 42.',
        '  [✅ Believe & roll] [❗ Liar!]{danger}',
        `Mia: 🎲 ${dice.value}`,
      ].join('\n'),
    );
    // what each member sees is the same chat
    expect(sim.transcript(group.id)).toBe(sim.transcript(group));
    // the history shows the first board (its link button marked ↗) and the deleted message
    const history = sim.transcript(group, { history: true }).split('\n');
    expect(history.slice(1, 8)).toEqual([
      '#2 Mia: New game',
      '  Players: Ada, Bob (edited)',
      '  [Join]{success} [Start]{primary}',
      '  · version 1: New game',
      '    Players: Ada',
      '    [Join]{success}',
      '    [Rules ↗]',
    ]);
    expect(history).toContain(`#${oops.message_id} Bob: oops, wrong chat (deleted)`);
  });

  it('renders the whole history for debugging: ids, deleted messages, earlier versions', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_bot', firstName: 'Mia' });
    const ada = sim.user({ firstName: 'Ada' });
    const dm = ada.startPrivateChat(token);
    const keyboard = (style: string) => ({ inline_keyboard: [[{ text: 'Roll', callback_data: 'roll', style }]] });
    const turn = (await call(sim, token, 'sendMessage', { chat_id: ada.id, text: 'Turn 1', reply_markup: keyboard('primary') })).body.result;
    await call(sim, token, 'editMessageText', { chat_id: ada.id, message_id: turn.message_id, text: 'Turn 2', reply_markup: keyboard('danger') });
    await call(sim, token, 'editMessageText', { chat_id: ada.id, message_id: turn.message_id, text: 'Game over' });
    const gone = (await call(sim, token, 'sendMessage', { chat_id: ada.id, text: 'temporary' })).body.result;
    await call(sim, token, 'deleteMessage', { chat_id: ada.id, message_id: gone.message_id });
    await call(sim, token, 'pinChatMessage', { chat_id: ada.id, message_id: turn.message_id });

    expect(sim.transcript(dm)).toBe(['Ada: /start', 'Mia: Game over (edited)', '— Mia pinned "Game over"'].join('\n'));
    expect(sim.transcript(dm, { history: true })).toBe(
      [
        '#1 Ada: /start',
        '#2 Mia: Game over (edited)',
        '  · version 1: Turn 1',
        '    [Roll]{primary}',
        '  · version 2: Turn 2',
        '    [Roll]{danger}',
        '#3 Mia: temporary (deleted)',
        '#4 — Mia pinned "Game over"',
      ].join('\n'),
    );
    expect(sim.transcript(ada.privateChat('@mia_bot'))).toBe(sim.transcript(dm));
  });

  it('shows formatting as marks when asked, media and service messages in words', async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_bot', firstName: 'Mia' });
    const ada = sim.user({ firstName: 'Ada' });
    const bob = sim.user({ firstName: 'Bob' });
    const group = sim.group({ title: 'G', admins: [ada], bots: [token] });
    await call(sim, token, 'sendMessage', {
      chat_id: group.id,
      text: `<b>Bold <i>both</i></b> <code>x</code> <a href="https://example.org">site</a> <a href="tg://user?id=${ada.id}">Ada</a>`,
      parse_mode: 'HTML',
    });
    await call(sim, token, 'sendPhoto', { chat_id: group.id, photo: 'AgACphoto', caption: 'the table' });
    sim.addBotToGroup(sim.createBot({ username: 'other_bot', firstName: 'Other' }), group, { by: ada });
    bob.join(group);
    bob.leave(group);
    expect(sim.transcript(group, { marks: true })).toBe(
      [
        `Mia: *Bold _both_* \`x\` [site](https://example.org) [Ada](tg://user?id=${ada.id})`,
        'Mia: [photo] the table',
        '— Ada added Other',
        '— Bob joined the group',
        '— Bob left the group',
      ].join('\n'),
    );
    expect(sim.transcript(group).split('\n')[0]).toBe('Mia: Bold both x site Ada');
  });

  it('marks nested and adjacent entities in UTF-16 offsets', () => {
    const text = '🎲 roll now';
    expect(
      markedText(text, [
        { type: 'bold', offset: 0, length: 7 },
        { type: 'italic', offset: 3, length: 4 },
        { type: 'code', offset: 7, length: 4 },
      ]),
    ).toBe('*🎲 _roll_*` now`');
    expect(markedText('plain', [{ type: 'mention', offset: 0, length: 5 }])).toBe('plain');
  });
});
