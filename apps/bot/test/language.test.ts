import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeArgument } from '../src/features/language';
import { buttons, current, table, type SimGroup, type SimMessage, type SimUser, type World, world } from './support';

/** /lang through the real bot and telegram-sim: the group's language, and each person's own. */
describe('/lang', () => {
  let w: World;
  let ada: SimUser; // group admin
  let bo: SimUser; // member
  let group: SimGroup;
  beforeAll(async () => {
    w = await world(32);
    w.sim.setLimits(false);
    const seated = await table(w, ['Ada', 'Bo'], { title: 'Languages' });
    group = seated.group;
    [ada, bo] = seated.players as [SimUser, SimUser];
  });
  afterAll(() => w.close());

  type Chat = SimGroup | ReturnType<SimUser['privateChat']>;
  const ask = async (user: SimUser, chat: Chat, text: string): Promise<SimMessage> => {
    const before = w.sim.messages(chat).length;
    user.send(chat, text);
    return w.sim.waitFor(() =>
      w.sim
        .messages(chat)
        .slice(before)
        .find((m) => m.from?.is_bot),
    );
  };
  const groupLanguage = async () => (await w.games.chats.profile(BigInt(group.id))).language;
  const ownLanguage = async (user: SimUser) => (await w.games.user(String(user.id)))?.language ?? null;
  const textOf = (m: SimMessage) => current(w, m).text ?? '';

  describe('in a group', () => {
    it('an admin sets it by code: stored, and the answer is already in Russian', async () => {
      const reply = await ask(ada, group, '/lang@mia_bot ru');
      expect(reply.text).toBe('🌐 Теперь в этой группе я говорю по-русски.');
      expect(await groupLanguage()).toBe('ru');
      const settings = await ask(ada, group, '/settings@mia_bot');
      expect(settings.text).toContain('Настройки этой группы');
    });

    it('a member who is not an admin is refused, in the group’s language', async () => {
      const reply = await ask(bo, group, '/lang@mia_bot en');
      expect(reply.text).toBe('Менять язык группы могут только администраторы группы.');
      expect(await groupLanguage()).toBe('ru');
    });

    it('an unknown language is refused, naming the five (user text escaped)', async () => {
      const reply = await ask(ada, group, '/lang@mia_bot x<b>y');
      expect(reply.text).toBe('Я не знаю языка «x<b>y». Выберите один из: en (English), ru (Русский), sk (Slovenčina), af (Afrikaans), hi (हिन्दी)');
      expect(await groupLanguage()).toBe('ru');
    });

    it('a language’s own name works as well as its code', async () => {
      expect((await ask(ada, group, '/lang@mia_bot Slovenčina')).text).toBe('🌐 Odteraz v tejto skupine hovorím po slovensky.');
      expect(await groupLanguage()).toBe('sk');
      expect((await ask(ada, group, '/lang@mia_bot RU')).text).toBe('🌐 Теперь в этой группе я говорю по-русски.');
    });

    it('/lang alone shows the five languages; only an admin’s press switches', async () => {
      const prompt = await ask(ada, group, '/lang@mia_bot');
      expect(prompt.text).toBe('🌐 В этой группе я говорю на языке: Русский. Выберите язык группы:');
      expect(buttons(prompt)).toEqual(['English', '✅ Русский', 'Slovenčina', 'Afrikaans', 'हिन्दी']);

      const refused = await bo.press(current(w, prompt), 'English');
      expect(refused).toMatchObject({ text: 'Менять язык группы могут только администраторы группы.', show_alert: true });
      expect(await groupLanguage()).toBe('ru');

      await ada.press(current(w, prompt), 'English');
      expect(await groupLanguage()).toBe('en');
      expect(textOf(prompt)).toBe('🌐 From now on I speak English in this group.');
      expect(buttons(current(w, prompt))).toEqual(['✅ English', 'Русский', 'Slovenčina', 'Afrikaans', 'हिन्दी']);

      await ada.press(current(w, prompt), 'हिन्दी');
      expect(await groupLanguage()).toBe('hi');
      expect(textOf(prompt)).toBe('🌐 अब से मैं इस समूह में हिन्दी में बात करूँगा।');
      expect((await ask(ada, group, '/lang@mia_bot en')).text).toBe('🌐 From now on I speak English in this group.');
    });

    it('a prompt drawn before the language changed refreshes instead of acting', async () => {
      const prompt = await ask(ada, group, '/lang@mia_bot');
      expect(buttons(prompt)).toContain('✅ English');
      await ask(ada, group, '/lang@mia_bot af');
      // "Afrikaans" is now the ticked one: the old prompt's button no longer matches the menu.
      const popup = await ada.press(current(w, prompt), 'Русский');
      expect(popup?.text).toBe('Die taal het intussen verander: hier is die huidige keuse.');
      expect(await groupLanguage()).toBe('af');
      expect(textOf(prompt)).toBe('🌐 Ek praat Afrikaans in hierdie groep. Kies die groep se taal:');
      expect(buttons(current(w, prompt))).toContain('✅ Afrikaans');
      await ask(ada, group, '/lang@mia_bot en');
    });
  });

  describe('in a private chat', () => {
    it('sets the person’s own language, and only theirs', async () => {
      const chat = bo.privateChat(w.token);
      expect((await ask(bo, chat, '/lang ru')).text).toBe('🌐 Теперь я говорю с вами по-русски.');
      expect(await ownLanguage(bo)).toBe('ru');
      expect(await groupLanguage()).toBe('en');
      // The private chat speaks Russian from now on…
      expect((await ask(bo, chat, '/settings')).text).toContain('/settings меняет правила игры в группе');
      // …and so do Bo's pop-ups in the group, whose messages stay in English.
      const menu = await ask(ada, group, '/settings@mia_bot');
      expect(menu.text).toContain('Settings of this group');
      const row = current(w, menu).reply_markup!.inline_keyboard.find((r) => r.some((b) => /Lives/.test(b.text)))!;
      const popup = await bo.press(current(w, menu), (row.find((b) => b.text === '➕') as { callback_data: string }).callback_data);
      expect(popup?.text).toBe('Менять настройки могут только администраторы группы или создатель игры, пока она не началась.');
    });

    it('/lang alone offers the five; a press switches, answered in the new language', async () => {
      const chat = bo.privateChat(w.token);
      const prompt = await ask(bo, chat, '/lang');
      expect(prompt.text).toBe('🌐 С вами я говорю на языке: Русский. Выберите свой язык:');
      const popup = await bo.press(current(w, prompt), 'Slovenčina');
      expect(popup?.text).toBe('🌐 Slovenčina');
      expect(await ownLanguage(bo)).toBe('sk');
      expect(textOf(prompt)).toBe('🌐 Odteraz s vami hovorím po slovensky.');
      expect(buttons(current(w, prompt))).toContain('✅ Slovenčina');
      expect((await ask(bo, chat, '/lang en')).text).toBe('🌐 From now on I speak English with you.');
      expect(await ownLanguage(bo)).toBe('en');
    });

    it('without a choice of one’s own, Telegram’s language is the one in force', async () => {
      const carl = w.sim.user({ firstName: 'Carl', languageCode: 'ru-RU' });
      const chat = carl.startPrivateChat(w.token);
      await w.sim.waitFor(() => w.sim.botMessages(chat).length > 0);
      const prompt = await ask(carl, chat, '/lang');
      expect(prompt.text).toBe('🌐 С вами я говорю на языке: Русский. Выберите свой язык:');
      expect(buttons(prompt)).toContain('✅ Русский');
      expect((await ask(carl, chat, '/lang hi')).text).toBe('🌐 अब से मैं आपसे हिन्दी में बात करूँगा।');
      expect(await ownLanguage(carl)).toBe('hi');
    });
  });

  it('the argument is parsed as a code or a name, any case, nothing else', () => {
    expect(localeArgument.parse(' RU ')).toBe('ru');
    expect(localeArgument.parse('afrikaans')).toBe('af');
    expect(localeArgument.parse('हिन्दी')).toBe('hi');
    expect(localeArgument.safeParse('de').success).toBe(false);
    expect(localeArgument.safeParse('').success).toBe(false);
  });
});
