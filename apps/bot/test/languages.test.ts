import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { buttons, current, DICE_PAIR, lastWithButton, openPrivateChats, type SimGroup, type SimUser, world, type World } from './support';

/**
 * A Russian group with a Slovak, an unknown-language and an English player: the group sees
 * Russian; each person's pop-ups and private messages follow their Telegram language when it is
 * one of the five, else the group's.
 */
describe('languages', () => {
  const ru = translator('ru');
  const sk = translator('sk');
  const en = translator('en');
  let w: World;
  let ada: SimUser; // sk
  let bo: SimUser; // xx: not one of ours → the group's (ru)
  let cy: SimUser; // en
  let group: SimGroup;

  beforeAll(async () => {
    w = await world(77);
    w.sim.setLimits(false);
    ada = w.sim.user({ firstName: 'Ada', languageCode: 'sk' });
    bo = w.sim.user({ firstName: 'Bo', languageCode: 'xx' });
    cy = w.sim.user({ firstName: 'Cy', languageCode: 'en-GB' });
    group = w.sim.group({ title: 'Skupina', admins: [ada], members: [bo, cy], bots: [w.token] });
    await w.games.chats.setLanguage(BigInt(group.id), 'ru');
    await openPrivateChats(w, [ada, bo, cy]);
  });
  afterAll(() => w.close());

  /** A text as Telegram shows it: the HTML tags parsed away. */
  const plain = (s: string) => s.replace(/<[^>]+>/g, '');
  const languageOf = (p: SimUser) => (p === ada ? sk : p === bo ? ru : en);
  /** The group's messages for round 1, by their Russian title. */
  const roundOne = () => w.sim.messages(group).filter((m) => m.text?.split('\n')[0] === plain(ru('table-title', { round: 1 })));

  it('greets each person privately in their own language', async () => {
    const hello = (u: SimUser) => w.sim.waitFor(() => w.sim.messages(u.privateChat(w.token)).find((m) => m.from?.is_bot)?.text);
    expect(await hello(ada)).toBe(sk('start-hello'));
    expect(await hello(cy)).toBe(en('start-hello'));
    expect(await hello(bo)).toBe(en('start-hello')); // no group to fall back to in a private chat
  });

  it('shows the lobby and its buttons in the group’s language, pop-ups in the presser’s', async () => {
    await ada.send(group, '/newgame@mia_bot');
    const lobby = await w.sim.waitFor(() => lastWithButton(w.sim.messages(group), new RegExp(ru('button-join'))));
    expect(lobby.text).toContain(ru('lobby-title', { creator: 'Ada' }).replace(/<\/?b>/g, ''));
    expect(lobby.text).toMatch(/[а-я]/);
    expect((await ada.press(current(w, lobby), ru('button-join')))?.text).toBe(sk('popup-joined'));
    expect((await bo.press(current(w, lobby), ru('button-join')))?.text).toBe(ru('popup-joined'));
    expect((await cy.press(current(w, lobby), ru('button-join')))?.text).toBe(en('popup-joined'));
    expect((await cy.press(current(w, lobby), ru('button-join')))?.text).toBe(en('reject-already-joined'));
    await w.settle();
    expect((await bo.press(current(w, lobby), ru('button-start')))?.text).toBe(ru('popup-start-not-allowed'));
    await ada.press(current(w, lobby), ru('button-start'));
    await w.settle();
  });

  it('says in Russian who starts, and shows the starter their dice in the starter’s language', async () => {
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    const starter = [ada, bo, cy].find((p) => String(p.id) === game.state.round!.actor)!;
    const t = languageOf(starter);
    // No round message before the first announcement: the lobby, closed, says who starts.
    const lobby = w.sim.botMessages(group).find((m) => m.text?.startsWith(plain(ru('lobby-title', { creator: 'Ada' }))))!;
    expect(lobby.text).toContain(plain(ru('lobby-started-by', { name: starter.firstName })));
    expect(lobby.reply_markup).toBeUndefined();
    expect(roundOne()).toHaveLength(0);
    // The starter has rolled and looked: their one prompt, in their language, shows the dice.
    const prompt = await w.sim.waitFor(() => lastWithButton(w.sim.messages(starter.privateChat(w.token)), /^🎯 /));
    const [title, dice] = prompt.text!.split('\n');
    expect(title).toBe(plain(t('prompt-title-start', { round: 1 })));
    const dicePrefix = plain(t('prompt-your-dice', { faces: '\u0000', claim: '', percent: 0 })).split('\u0000')[0]!;
    expect(dice!.startsWith(dicePrefix), `${dice} starts with ${dicePrefix}`).toBe(true);
    expect(dice).toMatch(DICE_PAIR);
  });

  it('sends the round’s message in Russian with the first announcement, the receiver’s prompt in theirs', async () => {
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    const starter = [ada, bo, cy].find((p) => String(p.id) === game.state.round!.actor)!;
    const prompt = lastWithButton(w.sim.messages(starter.privateChat(w.token)), /^🎯 /)!;
    await starter.press(prompt, buttons(prompt).find((b) => b.startsWith('🎯 '))!);
    await w.settle();
    expect(roundOne()).toHaveLength(1);
    const table = roundOne()[0]!;
    expect(table.text).toMatch(/[а-я]/);
    expect(buttons(table)).toEqual(expect.arrayContaining([ru('button-believe'), ru('button-call')]));
    const after = (await w.games.currentGame(BigInt(group.id)))!;
    const receiver = [ada, bo, cy].find((p) => String(p.id) === after.state.round!.actor)!;
    const tr = languageOf(receiver);
    const theirs = lastWithButton(w.sim.messages(receiver.privateChat(w.token)), /./)!;
    expect(theirs.text!.split('\n')[0]).toBe(plain(tr('prompt-title', { round: 1 })));
    expect(buttons(theirs)).toEqual(expect.arrayContaining([tr('button-believe'), tr('button-call')]));
  });

  it('answers /rules and /help in the group’s language', async () => {
    const before = w.sim.messages(group).length;
    await cy.send(group, '/rules@mia_bot');
    const rules = await w.sim.waitFor(() =>
      w.sim
        .messages(group)
        .slice(before)
        .find((m) => m.from?.is_bot),
    );
    expect(rules.text).toContain(ru('rules-title-game').replace(/<\/?b>/g, ''));
    expect(rules.text).toContain(`${ru('claim-mia')} › 66 › 55`);
    const n = w.sim.messages(group).length;
    await cy.send(group, '/help@mia_bot');
    const help = await w.sim.waitFor(() =>
      w.sim
        .messages(group)
        .slice(n)
        .find((m) => m.from?.is_bot),
    );
    expect(help.text).toBe(`${ru('help-text')}\n${ru('help-dice-private')}`.replace(/<\/?b>/g, ''));
  });
});
