import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotDeps } from '../src/context';
import { LOCALES, translator } from '../src/i18n';
import { LocaleResolver } from '../src/locale';
import { setChatPlayMode } from '../src/settings/play-mode';
import { allTexts, buttons, current, startGame, table, tables, type SimGroup, type SimMessage, type SimUser, type World, world } from './support';

/**
 * /settings through the real bot and telegram-sim. The tests run in order and build on each
 * other: the group's settings change step by step, then a game is played by them, the bot
 * restarts, and the old menu messages are pressed again.
 */
describe('/settings', () => {
  let w: World;
  let ada: SimUser; // group admin
  let bo: SimUser; // member
  let group: SimGroup;
  let menu: SimMessage; // the first settings message
  beforeAll(async () => {
    w = await world(31);
    w.sim.setLimits(false);
    const seated = await table(w, ['Ada', 'Bo'], { title: 'House rules' });
    group = seated.group;
    [ada, bo] = seated.players as [SimUser, SimUser];
  });
  afterAll(() => w.close());

  const stored = async () => (await w.games.chats.profile(BigInt(group.id))).settings;

  /** Sends `text` in `chat` and waits for the bot's answer. */
  const ask = async (user: SimUser, chat: SimGroup | ReturnType<SimUser['privateChat']>, text: string) => {
    const before = w.sim.messages(chat).length;
    user.send(chat, text);
    return w.sim.waitFor(() =>
      w.sim
        .messages(chat)
        .slice(before)
        .find((m) => m.from?.is_bot),
    );
  };
  const openSettings = (user: SimUser = ada) => ask(user, group, '/settings@mia_bot');

  /**
   * Presses the button matching `label` on the message as it is now; with `side`, the ➖ or ➕ of
   * the row whose middle button matches (every stepper row has the same two signs).
   */
  const press = async (user: SimUser, message: SimMessage, label: RegExp, side?: '➖' | '➕') => {
    const now = current(w, message);
    const row = now.reply_markup?.inline_keyboard.find((r) => r.some((b) => label.test(b.text)));
    const button = row?.find((b) => (side ? b.text === side : label.test(b.text)));
    if (!button || !('callback_data' in button)) throw new Error(`no ${side ?? ''} ${label} on ${JSON.stringify(buttons(now))}`);
    return user.press(now, button.callback_data!);
  };
  const textOf = (message: SimMessage) => current(w, message).text ?? '';

  it('in a private chat, says it works in groups', async () => {
    const reply = await ask(bo, bo.privateChat(w.token), '/settings');
    expect(reply.text).toContain('send it in the group where you play');
    expect(reply.reply_markup).toBeUndefined();
  });

  it('shows every setting, with a button for each, drawn from the defaults', async () => {
    menu = await openSettings();
    expect(menu.text).toContain('Settings of this group');
    for (const line of [
      'Each player starts with 6 lives',
      'Ranking: classic (66 is the best double, no little Mia, no sum mode)',
      'Each announcement must beat the one before',
      'Passing the cup on unseen: not allowed',
      'Looking at a real Mia costs 2 lives',
      'A false Mia costs its announcer 1 life',
      'Play until one player is left',
      'Time for a turn: 90 s',
      'A player who misses 2 turns in a row leaves the game',
      'Players: 2 to 10',
      'Dice come by private message: I send each player their roll in our private chat',
      'Language: English',
      'Changes apply to the next game.',
    ]) {
      expect(menu.text).toContain(line);
    }
    const labels = buttons(menu);
    for (const label of [
      '❤️ Lives: 6',
      '🎲 Ranking: classic ›',
      '📣 Announce: always higher',
      '🙈 Blind pass: off',
      '👀 Real Mia looked at: −2',
      '🤥 False Mia: −1',
      '🏁 End: last one standing',
      '⏱ Turn: 90 s ›',
      '💤 Missed turns: 2',
      '👥 Min players: 2',
      '👥 Max players: 10',
      '🎲 Dice: by private message',
      '🌐 English ›',
      '✖️ Close',
    ]) {
      expect(labels).toContain(label);
    }
    expect(labels.filter((l) => l === '➕')).toHaveLength(6);
    for (const b of menu.reply_markup!.inline_keyboard.flat()) {
      expect(Buffer.byteLength((b as { callback_data: string }).callback_data)).toBeLessThanOrEqual(64);
    }
  });

  it('an admin adds a life: stored, and the message shows it', async () => {
    const popup = await press(ada, menu, /Lives/, '➕');
    expect(popup?.text).toBe('✅ Saved.');
    expect((await stored()).lives).toBe(7);
    expect(textOf(menu)).toContain('Each player starts with 7 lives');
    expect(buttons(current(w, menu))).toContain('❤️ Lives: 7');
  });

  it('the middle button of a row names the range', async () => {
    const popup = await press(bo, menu, /Lives/);
    expect(popup?.text).toBe('Lives: from 1 to 12. Change it with ➖ and ➕.');
  });

  it('a member who is not an admin is refused, and nothing changes', async () => {
    const before = textOf(menu);
    const popup = await press(bo, menu, /Lives/, '➕');
    expect(popup).toMatchObject({ text: 'Only group admins, or the creator of the game in its lobby, can change the settings.', show_alert: true });
    expect((await stored()).lives).toBe(7);
    expect(textOf(menu)).toBe(before);
  });

  it('a value out of range is refused with the range, and nothing is stored', async () => {
    const before = await stored();
    const low = await press(ada, menu, /False Mia/, '➖');
    expect(low).toMatchObject({ text: 'Lives lost for a false Mia must be from 1 to 2. Nothing was changed.', show_alert: true });
    const high = await press(ada, menu, /Real Mia looked at/, '➕');
    expect(high?.text).toBe('Lives lost for looking at a real Mia must be from 1 to 2. Nothing was changed.');
    expect(await stored()).toEqual(before);
    expect(textOf(menu)).toContain('A false Mia costs its announcer 1 life');
  });

  it('blind passing needs the strict rule: refused under "at least", allowed under strict', async () => {
    expect((await press(ada, menu, /Announce:/))?.text).toBe('✅ Saved.');
    expect((await stored()).announceRule).toBe('at-least');
    expect(textOf(menu)).toContain('An announcement may equal the one before');
    const refused = await press(ada, menu, /Blind pass/);
    expect(refused?.text).toContain('needs the strict rule');
    expect((await stored()).blindPass).toBe(false);
    await press(ada, menu, /Announce:/);
    await press(ada, menu, /Blind pass/);
    expect(await stored()).toMatchObject({ announceRule: 'strict', blindPass: true });
    expect(buttons(current(w, menu))).toContain('🙈 Blind pass: on');
    // Back off: the game below plays without it.
    await press(ada, menu, /Blind pass/);
    expect((await stored()).blindPass).toBe(false);
  });

  it('the minimum number of players cannot pass the maximum', async () => {
    for (let i = 0; i < 7; i++) await press(ada, menu, /Max players/, '➖');
    expect((await stored()).maxPlayers).toBe(3);
    await press(ada, menu, /Min players/, '➕');
    const refused = await press(ada, menu, /Max players/, '➖');
    expect(refused?.text).toBe('There must be at least 3 and at most 2 players: the minimum can’t be above the maximum. Nothing was changed.');
    expect(await stored()).toMatchObject({ minPlayers: 3, maxPlayers: 3 });
    await press(ada, menu, /Min players/, '➖');
    expect(textOf(menu)).toContain('Players: 2 to 3');
  });

  it('ranking: a preset, then each option on its own', async () => {
    await press(ada, menu, /Ranking:/);
    expect(buttons(current(w, menu))).toEqual(['✅ classic', 'rules site', 'Meyer', 'Doubles: 66 best', 'Little Mia (31): off', 'Sum mode: off', '⬅️ Back']);
    await press(ada, menu, /Little Mia/);
    expect((await stored()).ranking).toEqual({ doubles: '66-high', littleMia: true, sum: false });
    expect(buttons(current(w, menu))).toContain('✅ Meyer'); // classic + little Mia is the Meyer preset
    await press(ada, menu, /Sum mode/);
    expect((await stored()).ranking.sum).toBe(true);
    expect(textOf(menu)).toContain('Ranking: custom (66 is the best double, little Mia (31) second best, other rolls count by their sum)');
    await press(ada, menu, /rules site/);
    expect((await stored()).ranking).toEqual({ doubles: '11-high', littleMia: false, sum: false });
    expect(buttons(current(w, menu))).toContain('Doubles: 11 best');
    await press(ada, menu, /Little Mia/);
    expect((await stored()).ranking).toEqual({ doubles: '11-high', littleMia: true, sum: false });
    await press(ada, menu, /Back/);
    expect(buttons(current(w, menu))).toContain('🎲 Ranking: custom ›');
  });

  it('turn deadline: every choice from 15 s to 10 min, in rows; 15 s is stored as 15', async () => {
    await press(ada, menu, /Turn:/);
    expect(current(w, menu).reply_markup!.inline_keyboard.map((row) => row.map((b) => b.text))).toEqual([
      ['15 s', '20 s', '30 s', '45 s'],
      ['60 s', '✅ 90 s', '2 min'],
      ['3 min', '5 min', '10 min'],
      ['no limit'],
      ['⬅️ Back'],
    ]);
    expect((await press(ada, menu, /^15 s$/))?.text).toBe('✅ Saved.');
    expect((await stored()).turnSeconds).toBe(15);
    expect(buttons(current(w, menu))).toContain('✅ 15 s');
    expect(textOf(menu)).toContain('Time for a turn: 15 s');
    expect((await press(ada, menu, /^10 min$/))?.text).toBe('✅ Saved.');
    expect((await stored()).turnSeconds).toBe(600);
    expect(textOf(menu)).toContain('Time for a turn: 10 min');
  });

  it('turn deadline: off', async () => {
    expect((await press(ada, menu, /no limit/))?.text).toBe('✅ Saved.');
    expect((await stored()).turnSeconds).toBeNull();
    expect(buttons(current(w, menu))).toContain('✅ no limit');
    expect(textOf(menu)).toContain('No time limit for a turn');
    await press(ada, menu, /Back/);
    expect(buttons(current(w, menu))).toContain('⏱ Turn: no limit ›');
  });

  it('the next /newgame is opened and played with them', async () => {
    const game = await startGame(w, group, [ada, bo]);
    const lobbyRules = allTexts(w.sim.messages(group)).find((t) => t.includes('Rules: '));
    expect(lobbyRules).toContain('7 lives · 11-high doubles, little Mia · each announcement higher · ');
    expect(lobbyRules).toContain(' · no turn limit · ');
    expect(game.state.settings).toMatchObject({ lives: 7, turnSeconds: null, ranking: { doubles: '11-high', littleMia: true, sum: false } });
    expect(game.state.seats.map((s) => s.lives)).toEqual([7, 7]);
    expect(game.deadlineAt).toBeNull();
    await w.settle();
    // The starter's prompt: everyone's 7 lives, and no deadline.
    const starter = [ada, bo].find((p) => String(p.id) === game.state.round!.actor)!;
    const other = starter === ada ? bo : ada;
    const prompt = w.sim.botMessages(starter.privateChat(w.token)).at(-1)!;
    expect(prompt.text).toContain(starter === ada ? 'you ❤️7 · Bo ❤️7' : 'Ada ❤️7 · you ❤️7');
    expect(prompt.text).not.toMatch(/⏱|left \(until/);
    // Its first announcement brings the round's message: the lives, and a turn without a deadline.
    await starter.press(prompt, buttons(prompt).find((b) => b.startsWith('🎯 '))!);
    await w.settle();
    const round = tables(w, group).at(-1)!.text!;
    expect(round).toMatch(/^🎲 Mia — round 1\n/);
    expect(round).toMatch(/Ada ❤️7 · .*Bo.* ❤️7/);
    const turn = round.split('\n').at(-1)!;
    expect(turn).toMatch(new RegExp(`^⏳ ${other.firstName}: .*\\?$`));
    expect(turn).not.toMatch(/until|UTC/);
  });

  let second: SimMessage;
  it('with a game open, changes wait for the next game; the game keeps its own', async () => {
    second = await openSettings();
    expect(second.text).toContain('A game is open: changes apply to the next game, not to this one.');
    expect((await press(ada, second, /Lives/, '➕'))?.text).toBe('✅ Saved: it applies to the next game.');
    expect((await stored()).lives).toBe(8);
    expect((await w.games.currentGame(BigInt(group.id)))!.state.settings.lives).toBe(7);
  });

  it('the creator of a game in its lobby may change them too, and no longer once it is stopped', async () => {
    await ask(ada, group, '/stop@mia_bot');
    await ask(bo, group, '/newgame@mia_bot');
    expect((await w.games.currentGame(BigInt(group.id)))!.status).toBe('LOBBY');
    expect((await press(bo, second, /Missed turns/, '➕'))?.text).toBe('✅ Saved: it applies to the next game.');
    expect((await stored()).idleLimit).toBe(3);
    await ask(bo, group, '/stop@mia_bot');
    expect((await press(bo, second, /Missed turns/, '➕'))?.text).toContain('Only group admins');
    expect((await stored()).idleLimit).toBe(3);
  });

  let russian: SimMessage;
  it('the group language from the menu: the message and the group switch at once', async () => {
    russian = await openSettings();
    await press(ada, russian, /English ›/);
    expect(buttons(current(w, russian))).toEqual(['✅ English', 'Русский', 'Slovenčina', 'Afrikaans', 'हिन्दी', '⬅️ Back']);
    const popup = await press(ada, russian, /Русский/);
    expect(popup?.text).toBe('🌐 Group language: Русский');
    expect((await w.games.chats.profile(BigInt(group.id))).language).toBe('ru');
    expect(textOf(russian)).toContain('Настройки этой группы');
    expect(textOf(russian)).toContain('У каждого игрока в начале 8 жизней');
    expect(buttons(current(w, russian))).toEqual(['English', '✅ Русский', 'Slovenčina', 'Afrikaans', 'हिन्दी', '⬅️ Назад']);
    await press(ada, russian, /Назад/);
    expect(buttons(current(w, russian))).toContain('❤️ Жизни: 8');
    // The next message in the group speaks Russian, and so do pop-ups for people without a language of their own.
    const again = await openSettings(bo);
    expect(again.text).toContain('Время на ход не ограничено');
    expect((await press(bo, again, /Жизни/, '➕'))?.text).toBe('Менять настройки могут только администраторы группы или создатель игры, пока она не началась.');
  });

  it('survive a restart: stored settings stay, old buttons still work, a stale menu is refreshed with a pop-up', async () => {
    const before = await stored();
    await w.restart();
    expect(await stored()).toEqual(before);
    expect((await w.games.chats.profile(BigInt(group.id))).language).toBe('ru');
    expect((await press(ada, russian, /Жизни/, '➕'))?.text).toBe('✅ Сохранено.');
    expect((await stored()).lives).toBe(9);
    expect(textOf(russian)).toContain('У каждого игрока в начале 9 жизней');
    // The first menu was drawn with 7 lives: its press is not carried out, the message is redrawn.
    const stale = await press(ada, menu, /Жизни|Lives/, '➕');
    expect(stale).toMatchObject({ text: 'Настройки успели измениться: сообщение теперь показывает текущие. Попробуйте ещё раз.', show_alert: true });
    expect((await stored()).lives).toBe(9);
    expect(textOf(menu)).toContain('У каждого игрока в начале 9 жизней');
    // Redrawn, it works again.
    expect((await press(ada, menu, /Жизни/, '➖'))?.text).toBe('✅ Сохранено.');
    expect((await stored()).lives).toBe(8);
  });

  it('close removes the buttons (admins only)', async () => {
    expect((await press(bo, menu, /Закрыть/))?.text).toContain('Менять настройки могут только');
    expect(buttons(current(w, menu))).toContain('✖️ Закрыть');
    await press(ada, menu, /Закрыть/);
    expect(current(w, menu).reply_markup).toBeUndefined();
    expect(textOf(menu)).toContain('У каждого игрока в начале 8 жизней');
  });
});

/**
 * The play mode: how dice reach the players (by private message, or in pop-ups and buttons in the
 * group). A chat setting beside the engine's house rules, changed from the same menu under the
 * same rules.
 */
describe('/settings: play mode', () => {
  let w: World;
  let ada: SimUser; // group admin
  let bo: SimUser; // member
  let group: SimGroup;
  beforeAll(async () => {
    w = await world(37);
    w.sim.setLimits(false);
    const seated = await table(w, ['Ada', 'Bo'], { title: 'Pop-up table' });
    group = seated.group;
    [ada, bo] = seated.players as [SimUser, SimUser];
  });
  afterAll(() => w.close());

  const mode = async () => (await w.games.chats.profile(BigInt(group.id))).playMode;
  const ask = async (user: SimUser, text: string) => {
    const before = w.sim.messages(group).length;
    user.send(group, text);
    return w.sim.waitFor(() =>
      w.sim
        .messages(group)
        .slice(before)
        .find((m) => m.from?.is_bot),
    );
  };
  const openSettings = (user: SimUser = ada) => ask(user, '/settings@mia_bot');
  const toggleOf = (message: SimMessage) => {
    const button = current(w, message)
      .reply_markup?.inline_keyboard.flat()
      .find((b) => /^🎲 Dice:/.test(b.text));
    if (!button || !('callback_data' in button)) throw new Error(`no play mode button on ${JSON.stringify(buttons(current(w, message)))}`);
    return button as { text: string; callback_data: string };
  };
  const pressToggle = (user: SimUser, message: SimMessage) => user.press(current(w, message), toggleOf(message).callback_data);
  const textOf = (message: SimMessage) => current(w, message).text ?? '';

  let menu: SimMessage;
  let stale: SimMessage;
  it('is "by private message" until changed, in the text and on its button', async () => {
    menu = await openSettings();
    stale = await openSettings();
    expect(await mode()).toBe('private');
    expect(menu.text).toContain('🎲 Dice come by private message: I send each player their roll in our private chat');
    expect(toggleOf(menu).text).toBe('🎲 Dice: by private message');
    // Its own row, just above the language.
    const rows = menu.reply_markup!.inline_keyboard.map((row) => row.map((b) => b.text));
    expect(rows.at(-2)).toEqual(['🎲 Dice: by private message']);
  });

  it('a member who is not an admin is refused with a pop-up, and nothing changes', async () => {
    const before = textOf(menu);
    const popup = await pressToggle(bo, menu);
    expect(popup).toMatchObject({ text: 'Only group admins, or the creator of the game in its lobby, can change the settings.', show_alert: true });
    expect(await mode()).toBe('private');
    expect(textOf(menu)).toBe(before);
  });

  it('an admin switches it to the group: stored, and the message says what it means', async () => {
    expect((await pressToggle(ada, menu))?.text).toBe('✅ Saved.');
    expect(await mode()).toBe('group');
    expect(await w.games.chats.playMode(BigInt(group.id))).toBe('group');
    expect(textOf(menu)).toContain(
      '🎲 Dice stay in the group: each player sees their roll in a pop-up only they can see, and announces with the buttons on the table. No private chat needed.',
    );
    expect(textOf(menu)).not.toContain('Dice come by private message');
    expect(toggleOf(menu).text).toBe('🎲 Dice: pop-ups in the group');
    // Nothing else moved: the house rules are the defaults still.
    expect((await w.games.chats.profile(BigInt(group.id))).settings.lives).toBe(6);
  });

  it('a stale menu (drawn before the switch) is refreshed with a pop-up instead of switching it back', async () => {
    expect(toggleOf(stale).text).toBe('🎲 Dice: by private message');
    const popup = await pressToggle(ada, stale);
    expect(popup).toMatchObject({ text: 'The settings changed in the meantime: the message now shows them as they are. Please try again.', show_alert: true });
    expect(await mode()).toBe('group');
    expect(toggleOf(stale).text).toBe('🎲 Dice: pop-ups in the group');
    expect(textOf(stale)).toContain('Dice stay in the group');
  });

  it('forged presses change nothing: a made-up fingerprint, and the right data from a member', async () => {
    const data = toggleOf(menu).callback_data;
    const hash = data.slice(data.lastIndexOf('/f') + 2);
    const forged = `${data.slice(0, data.length - hash.length)}${hash === 'zz' ? 'yy' : 'zz'}`;
    expect((await ada.pressForged(current(w, menu), forged))?.show_alert).toBe(true);
    expect(await mode()).toBe('group');
    // The real data, sent by a member from another of the bot's messages in the group.
    const other = await ask(bo, '/rules@mia_bot');
    const popup = await bo.pressForged(other, toggleOf(menu).callback_data);
    expect(popup).toMatchObject({ text: 'Only group admins, or the creator of the game in its lobby, can change the settings.', show_alert: true });
    expect(await mode()).toBe('group');
  });

  it('with a lobby open, its creator may switch it, and it applies to the next game', async () => {
    await ask(bo, '/newgame@mia_bot');
    expect((await w.games.currentGame(BigInt(group.id)))!.status).toBe('LOBBY');
    const during = await openSettings(bo);
    expect(during.text).toContain('A game is open: changes apply to the next game, not to this one.');
    expect((await pressToggle(bo, during))?.text).toBe('✅ Saved: it applies to the next game.');
    expect(await mode()).toBe('private');
    expect(toggleOf(during).text).toBe('🎲 Dice: by private message');
    await ask(bo, '/stop@mia_bot');
    expect((await pressToggle(bo, during))?.text).toContain('Only group admins');
    expect(await mode()).toBe('private');
  });

  it('the menu is drawn in the group language: each language names both modes', async () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      const [inPrivate, inGroup] = (['private', 'group'] as const).map((m) => [
        t('settings-btn-play-mode', { mode: m }),
        t('settings-line-play-mode', { mode: m }),
      ]);
      expect(inPrivate![0], locale).not.toBe(inGroup![0]);
      expect(inPrivate![1], locale).not.toBe(inGroup![1]);
      expect(inGroup![0]!.length, locale).toBeLessThanOrEqual(40);
    }
  });

  it('the locale resolver caches the mode and forgets it when the setter stores a new one', async () => {
    const locales = new LocaleResolver(w.games);
    const chatId = BigInt(group.id);
    expect(await locales.playModeOf(chatId)).toBe('private');
    // Stored behind its back (another process): the cached answer stands for a few seconds...
    await w.games.chats.setPlayMode(chatId, 'group');
    expect(await locales.playModeOf(chatId)).toBe('private');
    // ...while the bot's own setter drops it at once.
    await setChatPlayMode({ games: w.games, locales } as unknown as BotDeps, chatId, 'group');
    expect(await locales.playModeOf(chatId)).toBe('group');
    await setChatPlayMode({ games: w.games, locales } as unknown as BotDeps, chatId, 'private');
    expect(await locales.playModeOf(chatId)).toBe('private');
    expect(await locales.playModeOf(-424242)).toBe('private');
  });
});

describe('settings translations', () => {
  const dir = fileURLToPath(new URL('../locales', import.meta.url));
  const keys = (locale: string) => [...readFileSync(`${dir}/${locale}/settings.ftl`, 'utf8').matchAll(/^([a-z][a-zA-Z0-9-]*) =/gm)].map((m) => m[1]!);
  const english = keys('en');
  // Long values on purpose: the longest pop-up any press can produce.
  const vars = {
    n: 12,
    min: 10,
    max: 10,
    setting: 'X',
    name: 'Slovenčina',
    rule: 'at-least',
    on: 'off',
    best: 'ones',
    preset: 'p',
    options: 'o',
    time: 't',
    given: 'g',
    choices: 'c',
    reason: 'r',
    mode: 'group',
  };

  it.each(LOCALES)('%s has every message, each formats, and pop-ups fit in 200 characters', (locale) => {
    expect(keys(locale).sort()).toEqual([...english].sort());
    const t = translator(locale);
    for (const key of english) {
      const text = t(key, vars);
      expect(text, key).not.toContain('{');
      expect(text.length, key).toBeGreaterThan(0);
    }
    const names = ['lives', 'miaLookedPenalty', 'miaFalsePenalty', 'turnSeconds', 'idleLimit', 'minPlayers', 'maxPlayers'].map((k) => t(`settings-name-${k}`));
    for (const setting of names) {
      expect(t('settings-refused-range', { setting, min: 15, max: 600 }).length).toBeLessThanOrEqual(200);
      expect(t('settings-range', { setting, min: 15, max: 600 }).length).toBeLessThanOrEqual(200);
    }
    for (const key of [
      'settings-not-allowed',
      'settings-refused-players',
      'settings-refused-blind-pass',
      'settings-outdated',
      'lang-admins-only',
      'lang-outdated',
    ]) {
      expect(t(key, vars).length, key).toBeLessThanOrEqual(200);
    }
  });

  it('counts take the plural forms of each language', () => {
    expect(translator('ru')('settings-line-lives', { n: 1 })).toContain('1 жизнь');
    expect(translator('ru')('settings-line-lives', { n: 3 })).toContain('3 жизни');
    expect(translator('ru')('settings-line-lives', { n: 5 })).toContain('5 жизней');
    expect(translator('sk')('settings-line-mia-looked', { n: 1 })).toContain('1 život');
    expect(translator('sk')('settings-line-mia-looked', { n: 2 })).toContain('2 životy');
    expect(translator('sk')('settings-line-idle', { n: 5 })).toContain('5 ťahov');
    expect(translator('af')('settings-line-lives', { n: 1 })).toContain('1 lewe');
    expect(translator('af')('settings-line-lives', { n: 6 })).toContain('6 lewens');
    expect(translator('hi')('settings-line-mia-looked', { n: 2 })).toContain('2 जानें');
  });
});
