import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diceFaces } from '../src/render/html';
import {
  buttons,
  current,
  expectNoDiceLeak,
  lastWithButton,
  shiftedClock,
  table,
  tables,
  world,
  type SimGroup,
  type SimMessage,
  type SimUser,
  type World,
} from './support';

/**
 * Players the bot cannot write to: one who never started it (Join sends them to the private chat
 * and joins them in the same tap) and one who blocked it mid-game (the group is told once, the
 * table's "show my dice" answers with a private pop-up, and after /start the messages resume).
 */
describe('players the bot cannot message privately', () => {
  let w: World;
  let group: SimGroup;
  let ada: SimUser, bo: SimUser, dan: SimUser;
  let gameId: string;
  let lobby: SimMessage;
  const clock = shiftedClock();

  beforeAll(async () => {
    w = await world({ seed: 21, now: clock.now });
    w.sim.setLimits(false);
    const t = await table(w, ['Ada', 'Bo', 'Dan'], { started: false });
    group = t.group;
    [ada, bo, dan] = t.players as [SimUser, SimUser, SimUser];
    for (const p of [ada, bo]) {
      const chat = p.startPrivateChat(w.token);
      await w.sim.waitFor(() => w.sim.botMessages(chat).length > 0);
    }
  });
  afterAll(() => w.close());

  const game = async () => (await w.games.game(gameId))!;
  const privateMessages = (u: SimUser) => w.sim.messages(u.privateChat(w.token));
  const notices = () => w.sim.messages(group).filter((m) => m.text?.startsWith('⚠️'));
  const liveTable = () => tables(w, group).at(-1)!;
  /** The lowest announcement on the user's newest private claims keyboard (never a Mia unless forced). */
  const announceLowest = async (u: SimUser) => {
    const prompt = lastWithButton(privateMessages(u), /./)!;
    const label = buttons(prompt).at(-1)!;
    const popup = await u.press(prompt, label);
    await w.settle();
    return popup;
  };
  const onTable = async (u: SimUser, label: RegExp) => {
    const message = lastWithButton(w.sim.messages(group), label);
    if (!message) throw new Error(`no ${label} on the table: ${JSON.stringify(buttons(liveTable()))}`);
    const popup = await u.press(message, buttons(message).find((b) => label.test(b))!);
    await w.settle();
    return popup;
  };
  const rollAndLook = async (u: SimUser) => {
    const prompt = lastWithButton(privateMessages(u), /Roll and look/)!;
    await u.press(prompt, '🎲 Roll and look');
    await w.settle();
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

  it('Bo blocks the bot after joining; the game starts and Ada announces', async () => {
    bo.blockBot(w.token);
    await ada.press(current(w, lobby), '▶️ Start');
    await w.settle();
    const g = await game();
    expect(g.state.round).toMatchObject({ number: 1, starter: String(ada.id), actor: String(ada.id), stage: 'announce' });
    expect(lastWithButton(privateMessages(ada), /./)?.text).toMatch(/^🎲 Your dice: /);
    await announceLowest(ada);
    expect((await game()).state.round).toMatchObject({ actor: String(bo.id), stage: 'respond' });
    expect(notices()).toHaveLength(0);
  });

  it('Bo believes on the table: his dice cannot reach him, so the group is told how to fix it', async () => {
    await onTable(bo, /Believe & roll/);
    expect((await game()).state.round).toMatchObject({ actor: String(bo.id), stage: 'announce' });
    await w.sim.waitFor(() => notices().length > 0);
    expect(notices().map((m) => m.text)).toEqual([
      "⚠️ I can't message Bo privately. Bo: open @mia_bot and press Start (or unblock me). Until then, use “🎲 My turn: show my dice” on the table.",
    ]);
    expect(buttons(liveTable())).toEqual(['🎲 My turn: show my dice']);
    expect((await w.games.user(String(bo.id)))?.blockedBot).toBe(true);
  });

  // Was a bug (apps/bot/src/features/membership.ts), fixed: Telegram told the bot at once that Bo blocked it
  // (my_chat_member "kicked" in his private chat, an update main.ts subscribes to), but the handler
  // only looks at groups, so users.blockedBot stays false until a private send fails: Bo's first
  // Believe pop-up still says "your dice are in our private chat". A private my_chat_member kicked
  // / member should set blockedBot true / false.
  it('the bot learns of the block from Telegram at once: Bo’s first Believe already points him to the table', () => {
    const believed = w.sim.popups(bo).find((p) => p.text?.startsWith('🎲 Rolled'));
    expect(believed?.text).not.toContain('in our private chat');
  });

  it('"show my dice" gives Bo his dice in an alert only he sees; anyone else is told it is not their turn', async () => {
    const g = await game();
    const dice = g.state.round!.cup!.dice;
    const popup = await bo.press(liveTable(), '🎲 My turn: show my dice');
    expect(popup).toEqual({
      text: `Your dice: ${diceFaces(dice)} (${dice[0]}${dice[1]}). Restore private messages to announce: open the bot and press Start.`,
      show_alert: true,
    });
    for (const other of [ada, dan]) {
      expect(await other.press(liveTable(), '🎲 My turn: show my dice')).toEqual({ text: "It's not your turn.", show_alert: false });
    }
    // Looking again shows the same dice and changes nothing.
    expect((await bo.press(liveTable(), '🎲 My turn: show my dice'))?.text).toBe(popup!.text);
    await w.settle();
    expect((await game()).version).toBe(g.version);
    expect(w.sim.popups(bo).filter((p) => p.show_alert).length).toBe(2);
  });

  it('the game does not stall: Bo cannot announce, his deadline passes and Dan starts the next round', async () => {
    clock.advance(91);
    expect(await w.games.fireOverdue()).toBe(1);
    await w.settle();
    const g = await game();
    expect(g.state.round).toMatchObject({ number: 2, starter: String(dan.id), stage: 'roll' });
    expect(liveTable().text).toContain('⌛ Bo missed the turn.\n💔 Bo loses a life (missed the turn)');
    expect(lastWithButton(privateMessages(dan), /Roll and look/)?.text).toMatch(/Your turn to roll/);
  });

  it('Bo blocked still: his next turn is announced to nobody a second time (the group is told once)', async () => {
    await rollAndLook(dan);
    await announceLowest(dan);
    await onTable(ada, /Believe & roll/);
    await announceLowest(ada);
    expect((await game()).state.round).toMatchObject({ actor: String(bo.id), stage: 'respond' });
    await onTable(bo, /Believe & roll/);
    expect((await game()).state.round).toMatchObject({ actor: String(bo.id), stage: 'announce' });
    expect(notices()).toHaveLength(1);
    const dice = (await game()).state.round!.cup!.dice;
    expect((await bo.press(liveTable(), '🎲 My turn: show my dice'))?.text).toContain(`Your dice: ${diceFaces(dice)}`);
  });

  // Was a bug (apps/bot/src/features/play.ts, case 'believe'), fixed: the pop-up always says the dice are in the
  // private chat, even when the bot already knows (users.blockedBot, set by the first failed send)
  // that it cannot write there. It should point to "🎲 My turn: show my dice" instead.
  it('a player known to have blocked the bot is not told "your dice are in our private chat"', () => {
    const believed = w.sim.popups(bo).filter((p) => p.text?.startsWith('🎲 Rolled'));
    expect(believed).toHaveLength(2);
    expect(believed[1]!.text).not.toContain('in our private chat');
  });

  it('after unblocking and /start, the bot knows it may write to Bo again', async () => {
    const sent = w.sim.botMessages(bo.privateChat(w.token)).length;
    const chat = bo.startPrivateChat(w.token);
    const hi = await w.sim.waitFor(() => w.sim.botMessages(chat)[sent]);
    expect(hi.text).toMatch(/^🎲 Hi! I run games of Mia in groups/);
    expect((await w.games.user(String(bo.id)))?.blockedBot).toBe(false);
    // Nothing else was sent to the group about it.
    await w.settle();
    expect(notices()).toHaveLength(1);
  });

  // Was a bug (apps/bot/src/features/lobby.ts, /start handler), fixed: /start during one's own turn restores
  // private messages but does not send the turn's dice and announcement buttons, although the
  // pop-up told Bo "Restore private messages to announce: open the bot and press Start." He still
  // cannot announce, and the turn runs out. /start should (re)send the pending prompt of the
  // player's running game (notifier.sendDice / sendRollPrompt for the turn in play).
  it('…and the turn in play arrives privately at once: his dice with the announcement buttons', async () => {
    const prompt = await w.sim.waitFor(() => lastWithButton(privateMessages(bo), /./), 1000);
    expect(prompt.text).toMatch(/^🎲 Your dice: /);
  });

  it('private messages resume: Bo gets his dice privately on his next turn and announces there', async () => {
    if ((await game()).state.round?.actor === String(bo.id)) {
      clock.advance(91);
      expect(await w.games.fireOverdue()).toBe(1);
      await w.settle();
    }
    await rollAndLook(dan);
    await announceLowest(dan);
    await onTable(ada, /Believe & roll/);
    await announceLowest(ada);
    const popup = await onTable(bo, /Believe & roll/);
    expect(popup?.text).toBe('🎲 Rolled: your dice are in our private chat.');
    const dice = (await game()).state.round!.cup!.dice;
    const prompt = lastWithButton(privateMessages(bo), /./)!;
    expect(prompt.text).toContain(`🎲 Your dice: ${diceFaces(dice)}`);
    const before = (await game()).version;
    await announceLowest(bo);
    expect((await game()).version).toBeGreaterThan(before);
    expect((await game()).state.round).toMatchObject({ actor: String(dan.id), stage: 'respond' });
    expect(current(w, prompt).text).toMatch(/^📣 You announced /);
    expect(notices()).toHaveLength(1);
    expect(liveTable().text).toMatch(/▶️ Dan/);
  });

  it('never shows dice in the group before they are revealed', () => {
    expectNoDiceLeak(w.sim.messages(group));
  });
});
