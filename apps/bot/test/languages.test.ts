import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { current, lastWithButton, world, type SimGroup, type SimUser, type World } from './support';

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
    for (const p of [ada, bo, cy]) await p.startPrivateChat(w.token);
  });
  afterAll(() => w.close());

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

  it('sends the table in Russian and the starter’s dice in the starter’s language', async () => {
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    const table = w.sim.messages(group).at(-1)!;
    expect(table.text).toContain(ru('table-title', { round: 1 }).replace(/<\/?b>/g, ''));
    const starter = [ada, bo, cy].find((p) => String(p.id) === game.state.round!.actor)!;
    const t = starter === ada ? sk : starter === bo ? ru : en;
    const prompt = await w.sim.waitFor(() => w.sim.messages(starter.privateChat(w.token)).at(-1));
    expect(prompt.text?.split('\n')[0]).toMatch(new RegExp(`^${t('prompt-dice', { faces: '..', claim: 'X' }).split(':')[0]}`));
  });

  it('answers /rules and /help in the group’s language', async () => {
    const before = w.sim.messages(group).length;
    await cy.send(group, '/rules@mia_bot');
    const rules = await w.sim.waitFor(() => w.sim.messages(group).slice(before).find((m) => m.from?.is_bot));
    expect(rules.text).toContain(ru('rules-title-game').replace(/<\/?b>/g, ''));
    expect(rules.text).toContain(`${ru('claim-mia')} › 66 › 55`);
    const n = w.sim.messages(group).length;
    await cy.send(group, '/help@mia_bot');
    const help = await w.sim.waitFor(() => w.sim.messages(group).slice(n).find((m) => m.from?.is_bot));
    expect(help.text).toBe(ru('help-text').replace(/<\/?b>/g, ''));
  });
});
