import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculator } from '@mia/engine';
import { diceFaces } from '../src/render/html';
import {
  buttons,
  current,
  expectNoDiceLeak,
  lastWithButton,
  playTurn,
  table,
  tables,
  world,
  type SimGroup,
  type SimMessage,
  type SimUser,
  type World,
} from './support';

const unreachable = (name: string) =>
  `⚠️ I can’t write to ${name} privately. ${name}: open @mia_bot and press Start — until then, play here with the buttons below.`;
const CLAIM = / · \d+%$/;

/**
 * Players the bot cannot write to: one who never started it (Join sends them to the private chat
 * and joins them in the same tap) and one who blocked it mid-game: he plays from the group's
 * table (the round's message mentions him, says why and carries his controls; his dice come in
 * pop-ups only he sees), and after /start his turn moves back to his private chat.
 */
describe('players the bot cannot message privately', () => {
  let w: World;
  let group: SimGroup;
  let ada: SimUser, bo: SimUser, dan: SimUser;
  let players: SimUser[];
  let gameId: string;
  let lobby: SimMessage;
  const strategy = calculator();

  beforeAll(async () => {
    w = await world({ seed: 21, pacing: { limits: false } });
    w.sim.setLimits(false);
    const t = await table(w, ['Ada', 'Bo', 'Dan'], { started: false });
    group = t.group;
    players = t.players;
    [ada, bo, dan] = t.players as [SimUser, SimUser, SimUser];
    for (const p of [ada, bo]) {
      const chat = p.startPrivateChat(w.token);
      await w.sim.waitFor(() => w.sim.botMessages(chat).length > 0);
    }
  });
  afterAll(() => w.close());

  const game = async () => (await w.games.game(gameId))!;
  const byId = (id: string) => players.find((p) => String(p.id) === id)!;
  const privateMessages = (u: SimUser) => w.sim.messages(u.privateChat(w.token));
  /** Group messages that are a notice of their own (the notice now lives in the round's message). */
  const notices = () => w.sim.messages(group).filter((m) => m.text?.startsWith('⚠️'));
  const liveTable = () =>
    tables(w, group)
      .filter((m) => !m.deleted)
      .at(-1)!;
  const mentions = (m: SimMessage, u: SimUser) => (m.entities ?? []).some((e) => e.type === 'text_mention' && e.user?.id === u.id);
  /** Bot API sends to Bo's private chat, and how they went. */
  const sendsToBo = () =>
    w.sim
      .callsOf('sendMessage')
      .filter((c) => String(c.params.chat_id) === String(bo.id))
      .map((c) => c.status);
  /** The lowest announcement on the user's newest private claims keyboard (never a Mia unless forced). */
  const announceLowest = async (u: SimUser) => {
    const prompt = lastWithButton(privateMessages(u), CLAIM)!;
    const popup = await u.press(prompt, buttons(prompt).at(-1)!);
    await w.settle();
    return popup;
  };
  const onTable = async (u: SimUser, label: RegExp) => {
    const message = lastWithButton(
      w.sim.messages(group).filter((m) => !m.deleted),
      label,
    );
    if (!message) throw new Error(`no ${label} on the table: ${JSON.stringify(buttons(liveTable()))}`);
    const popup = await u.press(message, buttons(message).find((b) => label.test(b))!);
    await w.settle();
    return popup;
  };

  it('Join by someone who never started the bot opens the private chat with a join link', async () => {
    ada.send(group, '/newgame@mia_bot');
    lobby = await w.sim.waitFor(() => lastWithButton(w.sim.messages(group), /Join/));
    gameId = (await w.games.currentGame(BigInt(group.id)))!.id;
    for (const p of [ada, bo]) expect((await p.press(current(w, lobby), '✋ Join'))?.text).toBe('✋ You joined the game.');
    const before = (await game()).version;
    const answer = await dan.press(current(w, lobby), '✋ Join');
    expect(answer).toEqual({ show_alert: false, url: `https://t.me/mia_bot?start=j_${gameId}` });
    expect(w.sim.popups(dan).at(-1)?.url).toBe(`https://t.me/mia_bot?start=j_${gameId}`);
    await w.settle();
    expect((await game()).version).toBe(before); // not seated yet
    expect(current(w, lobby).text).not.toContain('Dan');
  });

  it('…and the deep link joins them in one tap: the lobby lists them', async () => {
    const chat = dan.startPrivateChat(w.token, `j_${gameId}`);
    const reply = await w.sim.waitFor(() => w.sim.botMessages(chat).at(-1));
    expect(reply.text).toBe('✋ You joined the game. Your dice will come here when it is your turn.');
    await w.settle();
    expect(current(w, lobby).text).toMatch(/Players \(3\/10\)\n• Ada\n• Bo\n• Dan\n/);
    // The same link again: already seated.
    dan.startPrivateChat(w.token, `j_${gameId}`);
    await w.sim.waitFor(() => w.sim.botMessages(chat).at(-1)?.text === "You're already at the table.");
    expect((await game()).state.seats.map((s) => s.name)).toEqual(['Ada', 'Bo', 'Dan']);
  });

  // Was a bug (apps/bot/src/features/membership.ts), fixed: Telegram tells the bot at once that Bo
  // blocked it (my_chat_member "kicked" in his private chat), and the handler looked at groups only.
  it('Bo blocks the bot after joining: Telegram tells the bot at once', async () => {
    expect((await w.games.user(String(bo.id)))?.blockedBot).toBe(false);
    bo.blockBot(w.token);
    await w.sim.waitFor(async () => (await w.games.user(String(bo.id)))?.blockedBot === true);
  });

  it('the game starts and Ada announces; Bo’s turn: the round’s message comes anew, mentioning him, with the notice in it', async () => {
    await ada.press(current(w, lobby), '▶️ Start');
    await w.settle();
    const g = await game();
    expect(g.state.round).toMatchObject({ number: 1, starter: String(ada.id), actor: String(ada.id), stage: 'announce' });
    const prompt = lastWithButton(privateMessages(ada), /./)!;
    expect(prompt.text).toMatch(/^🎲 Mia — round 1 · you start\n/);
    expect(prompt.text).toContain('🎲 Your dice: ');
    const mark = w.sim.lastSeq;
    await announceLowest(ada);
    expect((await game()).state.round).toMatchObject({ actor: String(bo.id), stage: 'respond' });
    // The bot tried his private chat once; it failed, so he plays here.
    expect(sendsToBo()).toEqual([200, 403]);
    // His prompt is tried first; when it fails the plan is made again with him at the table, so
    // the round's message (sent with Ada's announcement) goes out once, mentioning him: this turn
    // notifies him once (an edit would notify nobody).
    const rounds = tables(w, group);
    expect(rounds.map((m) => m.deleted)).toEqual([false]);
    const live = liveTable();
    expect(mentions(live, bo)).toBe(true);
    expect(w.sim.notifications(bo, { since: mark }).map((n) => n.message_id)).toEqual([live.message_id]);
    expect(live.text).toContain(`⏳ Bo: believe and roll, or call liar? — until `);
    expect(live.text).toContain(unreachable('Bo'));
    expect(buttons(live)).toEqual(['✅ Believe & roll', '🙈 Believe, roll blind', '❗ Liar!']);
    expect(notices()).toHaveLength(0);
  });

  it('Bo believes on the table: his dice come in an alert only he sees, his choices on the table', async () => {
    const version = (await game()).version;
    const live = liveTable();
    const popup = await onTable(bo, /Believe & roll/);
    const g = await game();
    expect(g.version).toBeGreaterThan(version);
    expect(g.state.round).toMatchObject({ actor: String(bo.id), stage: 'announce' });
    const dice = g.state.round!.cup!.dice;
    expect(popup?.text).toMatch(new RegExp(`^🎲 Your dice: ${diceFaces(dice)} = ${dice[0]}${dice[1]}\\. `));
    expect(w.sim.popups(bo).at(-1)?.show_alert).toBe(true);
    // The same message, edited (within his turn), now with his dice button and every claim.
    expect(liveTable().message_id).toBe(live.message_id);
    const now = liveTable();
    expect(now.text).toContain('⏳ Bo, your turn: 🎲 shows your dice (only to you), then announce below');
    expect(now.text).toContain(unreachable('Bo'));
    expect(buttons(now)[0]).toBe('🎲 My dice');
    expect(
      buttons(now)
        .slice(1)
        .every((b) => CLAIM.test(b) && !b.startsWith('🎯')),
    ).toBe(true);
    expect(buttons(now).length).toBeGreaterThan(1);
    expect(sendsToBo()).toEqual([200, 403]);
  });

  it('"🎲 My dice" gives Bo his dice in an alert only he sees; anyone else is told it is not their turn', async () => {
    const g = await game();
    const dice = g.state.round!.cup!.dice;
    const alerts = w.sim.popups(bo).filter((p) => p.show_alert).length;
    const popup = await bo.press(liveTable(), '🎲 My dice');
    expect(popup?.show_alert).toBe(true);
    expect(popup?.text).toMatch(new RegExp(`^🎲 Your dice: ${diceFaces(dice)} = `));
    for (const other of [ada, dan]) {
      expect(await other.press(liveTable(), '🎲 My dice')).toEqual({ text: "It's Bo's turn, not yours.", show_alert: false });
    }
    // Looking again shows the same dice and changes nothing.
    expect((await bo.press(liveTable(), '🎲 My dice'))?.text).toBe(popup!.text);
    await w.settle();
    expect((await game()).version).toBe(g.version);
    expect(w.sim.popups(bo).filter((p) => p.show_alert).length).toBe(alerts + 2);
  });

  it('the game does not stall: Bo announces from the table, the cup goes to Dan privately', async () => {
    const live = liveTable();
    const label = buttons(live).at(-1)!;
    await bo.press(live, label);
    await w.settle();
    const g = await game();
    expect(g.state.round!.announcements.at(-1)).toMatchObject({ player: String(bo.id) });
    expect(g.state.round).toMatchObject({ actor: String(dan.id), stage: 'respond' });
    // Dan plays privately: the table is edited for his turn, without Bo's controls or the notice.
    const now = liveTable();
    expect(now.message_id).toBe(live.message_id);
    expect(now.text).toContain(`📣 Bo: ${label.replace(CLAIM, '')}`);
    expect(now.text).not.toContain('⚠️');
    expect(buttons(now)).toEqual(['✅ Believe & roll', '🙈 Believe, roll blind', '❗ Liar!']);
    expect(lastWithButton(privateMessages(dan), /./)?.text).toMatch(/^🎲 Mia — round 1 · your turn\n📣 Bo passed you the cup: /);
  });

  let turnMark: number;
  it('Bo blocked still: each turn of his moves the round’s message down, mentioning him; no private send is tried', async () => {
    // Play on until Bo's next turn.
    let mark = w.sim.lastSeq;
    for (let i = 0; i < 20; i++) {
      const g = await game();
      if (g.state.round!.actor === String(bo.id)) break;
      mark = w.sim.lastSeq;
      await playTurn(w, group, players, strategy);
    }
    turnMark = mark;
    const g = await game();
    expect(g.state.round!.actor).toBe(String(bo.id));
    const live = liveTable();
    expect(live.text).toMatch(new RegExp(`^🎲 Mia — round ${g.state.round!.number}\n`));
    expect(mentions(live, bo)).toBe(true);
    expect(live.text).toContain(unreachable('Bo'));
    expect(w.sim.notifications(bo, { since: mark }).map((n) => n.message_id)).toEqual([live.message_id]);
    // Only the live round's message has buttons; no separate notice; no second try of his chat.
    expect(
      w.sim
        .botMessages(group)
        .filter((m) => !m.deleted && buttons(m).length > 0)
        .map((m) => m.message_id),
    ).toEqual([live.message_id]);
    expect(notices()).toHaveLength(0);
    expect(sendsToBo()).toEqual([200, 403]);
  });

  it('after unblocking and /start, the bot knows it may write to Bo again', async () => {
    const sent = w.sim.botMessages(bo.privateChat(w.token)).length;
    const chat = bo.startPrivateChat(w.token);
    const hi = await w.sim.waitFor(() => w.sim.botMessages(chat)[sent]);
    expect(hi.text).toMatch(/^🎲 Hi! I run games of Mia in groups/);
    expect((await w.games.user(String(bo.id)))?.blockedBot).toBe(false);
  });

  // Was a bug (apps/bot/src/features/lobby.ts, /start handler), fixed: /start during one's own turn
  // restored private messages but did not send the turn's prompt.
  it('…and the turn in play moves to a new private prompt at once; the table drops the notice', async () => {
    const prompt = await w.sim.waitFor(() => lastWithButton(privateMessages(bo), /./), 2000);
    await w.settle();
    const g = await game();
    expect(prompt.text).toMatch(new RegExp(`^🎲 Mia — round ${g.state.round!.number} · your turn\n`));
    expect(w.sim.notifications(bo, { since: turnMark }).at(-1)?.message_id).toBe(prompt.message_id);
    const live = liveTable();
    expect(live.text).not.toContain('⚠️');
    expect(live.text).toContain('⏳ Bo: ');
    // The receiver's choices stay on both (either works); nothing of his dice is on the table.
    expect(buttons(live).some((b) => CLAIM.test(b) || b === '🎲 My dice')).toBe(false);
    expect(notices()).toHaveLength(0);
  });

  it('private messages resume: Bo believes, his dice come in his prompt, and he announces there', async () => {
    const g0 = await game();
    expect(g0.state.round).toMatchObject({ actor: String(bo.id), stage: 'respond' });
    const prompt = lastWithButton(privateMessages(bo), /./)!;
    const popup = await onTable(bo, /Believe & roll/);
    expect(popup?.text).toBe('🎲 Rolled: your dice are in our private chat.');
    const dice = (await game()).state.round!.cup!.dice;
    // The same prompt, edited: his dice and the claims.
    expect(current(w, prompt).text).toContain(`🎲 Your dice: ${diceFaces(dice)}`);
    expect(buttons(current(w, prompt)).every((b) => CLAIM.test(b))).toBe(true);
    expect(buttons(liveTable())).toEqual([]);
    const before = (await game()).version;
    await announceLowest(bo);
    const g = await game();
    expect(g.version).toBeGreaterThan(before);
    const next = byId(g.state.round!.actor);
    expect(g.state.round).toMatchObject({ stage: 'respond' });
    expect(current(w, prompt).text).toMatch(new RegExp(`^📣 Round ${g.state.round!.number}: you announced .+; the cup went to ${next.firstName}\\.$`));
    expect(buttons(current(w, prompt))).toEqual([]);
    expect(notices()).toHaveLength(0);
    expect(liveTable().text).toMatch(new RegExp(`▶️ ${next.firstName}`));
    expect(sendsToBo().filter((s) => s !== 200)).toEqual([403]);
  });

  it('never shows dice in the group before they are revealed', () => {
    expectNoDiceLeak(w.sim.messages(group));
  });

  it('a starter playing at the table who presses Start: the round’s message drops his controls and the notice', async () => {
    // Both block the bot, so whoever starts round 1 starts it from the table.
    const t = await table(w, ['Cy', 'Di'], { title: 'Both blocked' });
    const [cy] = t.players as [SimUser, SimUser];
    cy.send(t.group, '/newgame@mia_bot');
    const open = await w.sim.waitFor(() => lastWithButton(w.sim.messages(t.group), /Join/));
    for (const p of t.players) expect((await p.press(current(w, open), '✋ Join'))?.text).toBe('✋ You joined the game.');
    await w.settle();
    for (const p of t.players) p.blockBot(w.token);
    await cy.press(current(w, open), '▶️ Start');
    await w.settle();
    const g = (await w.games.currentGame(BigInt(t.group.id)))!;
    const starter = t.players.find((p) => String(p.id) === g.state.round!.actor)!;
    const [first] = tables(w, t.group);
    expect(first!.text).toContain(unreachable(starter.firstName));
    expect(buttons(first!)[0]).toBe('🎲 My dice');
    starter.unblockBot(w.token);
    starter.startPrivateChat(w.token);
    const prompt = await w.sim.waitFor(() => lastWithButton(w.sim.messages(starter.privateChat(w.token)), CLAIM));
    await w.settle();
    expect(prompt.text).toMatch(/^🎲 Mia — round 1 · you start\n/);
    // The table no longer says he cannot be written to, nor offers his dice and claims there.
    expect(current(w, first!).text).not.toContain('⚠️');
    expect(current(w, first!).text).toContain(`⏳ ${starter.firstName} has looked at the dice and is choosing an announcement`);
    expect(buttons(current(w, first!))).toEqual([]);
  });

  it('the join link of a game under way (or over) says so: the engine refuses the join, the bot translates', async () => {
    const seats = (await game()).state.seats.length;
    const chat = ada.startPrivateChat(w.token, `j_${gameId}`);
    await w.sim.waitFor(() => w.sim.botMessages(chat).some((m) => m.text === 'That game has already started or ended.'));
    expect((await game()).state.seats).toHaveLength(seats);
  });
});
