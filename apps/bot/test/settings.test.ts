import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, translator } from '../src/i18n';
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
    return w.sim.waitFor(() => w.sim.messages(chat).slice(before).find((m) => m.from?.is_bot));
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
    expect(buttons(current(w, menu))).toEqual([
      '✅ classic',
      'rules site',
      'Meyer',
      'Doubles: 66 best',
      'Little Mia (31): off',
      'Sum mode: off',
      '⬅️ Back',
    ]);
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

  it('turn deadline: off', async () => {
    await press(ada, menu, /Turn:/);
    expect(buttons(current(w, menu))).toEqual(['30 s', '60 s', '✅ 90 s', '2 min', '5 min', '10 min', 'no limit', '⬅️ Back']);
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
    expect(tables(w, group).at(-1)!.text).toContain('7♥');
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
    expect((await press(bo, again, /Жизни/, '➕'))?.text).toBe(
      'Менять настройки могут только администраторы группы или создатель игры, пока она не началась.',
    );
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

describe('settings translations', () => {
  const dir = fileURLToPath(new URL('../locales', import.meta.url));
  const keys = (locale: string) => [...readFileSync(`${dir}/${locale}/settings.ftl`, 'utf8').matchAll(/^([a-z][a-zA-Z0-9-]*) =/gm)].map((m) => m[1]!);
  const english = keys('en');
  // Long values on purpose: the longest pop-up any press can produce.
  const vars = { n: 12, min: 10, max: 10, setting: 'X', name: 'Slovenčina', rule: 'at-least', on: 'off', best: 'ones', preset: 'p', options: 'o', time: 't', given: 'g', choices: 'c', reason: 'r' };

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
    for (const key of ['settings-not-allowed', 'settings-refused-players', 'settings-refused-blind-pass', 'settings-outdated', 'lang-admins-only', 'lang-outdated']) {
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
