import { ManualClock } from '@mia/telegram-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTexts, buttons, expectNoDiceLeak, openPrivateChats, playToEnd, playTurn, type SimUser, startGame, tables, world, type World } from './support';

describe('Telegram’s limits at a human pace', () => {
  const clock = new ManualClock();
  /** How long the bot's pacing held a new message back, in all (ms). */
  let held = 0;
  let w: World;
  beforeAll(async () => {
    // Telegram's real flood limits; the sim's clock moves 6 s per player action, a brisk table.
    // The bot's pacing reads the same clock, and waiting for a slot moves it on.
    w = await world({
      seed: 11,
      sim: { clock },
      pacing: {
        clock: {
          now: () => clock.now(),
          sleep: async (ms) => {
            held += ms;
            clock.advance(ms);
          },
        },
      },
    });
  });
  afterAll(() => w.close());

  it('a whole game never sends more than 20 group messages in any minute, and is never throttled', async () => {
    const players = ['Ada', 'Bo', 'Cleo', 'Dov'].map((firstName) => w.sim.user({ firstName }));
    const group = w.sim.group({ title: 'Paced', admins: [players[0]!], members: players.slice(1), bots: [w.token] });
    await openPrivateChats(w, players);
    await startGame(w, group, players);
    await playToEnd(w, group, players, { beforeTurn: () => clock.advance(6_000) });
    expect(w.sim.calls.filter((c) => c.status === 429)).toEqual([]);
    const sends = w.sim.calls.filter((c) => c.method === 'sendMessage' && String(c.params.chat_id) === String(group.id)).map((c) => c.at);
    let worst = 0;
    for (const t of sends) worst = Math.max(worst, sends.filter((u) => u >= t && u < t + 60_000).length);
    console.log(`group messages: ${sends.length} in the game, at most ${worst} in any minute; the pacing held them ${held} ms`);
    expect(worst).toBeLessThanOrEqual(20);
    // One group message per round: at a human pace the game stays within the limits by itself,
    // without the pacing ever holding a message back.
    expect(held).toBe(0);
    expectNoDiceLeak(w.sim.messages(group));
  });
});

describe('forum topics', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ seed: 12, pacing: { limits: false } });
    w.sim.setLimits(false);
  });
  afterAll(() => w.close());

  it('answers in the topic the game was started in', async () => {
    const [ada, bo] = ['Ada', 'Bo'].map((firstName) => w.sim.user({ firstName })) as [SimUser, SimUser];
    const forum = w.sim.group({ title: 'Forum', admins: [ada], members: [bo], bots: [w.token], supergroup: true, forum: true });
    const topic = await w.sim.createTopic(forum, 'Mia night', { by: ada });
    await openPrivateChats(w, [ada, bo]);
    await ada.send(forum, '/newgame@mia_bot', { threadId: topic });
    const lobby = await w.sim.waitFor(() => w.sim.messages(forum).find((m) => m.text?.includes('a new game by Ada')));
    expect(lobby.message_thread_id).toBe(topic);
    for (const p of [ada, bo]) await p.press(lobby, '✋ Join');
    await w.settle();
    await ada.press(w.sim.messages(forum).find((m) => m.message_id === lobby.message_id)!, '▶️ Start');
    await w.settle();
    // Round 1's message comes with its first announcement, made from the starter's private prompt.
    await playTurn(w, forum, [ada, bo]);
    const table = await w.sim.waitFor(() => w.sim.messages(forum).find((m) => m.text?.startsWith('🎲 Mia — round 1')));
    expect(table.message_thread_id).toBe(topic);
    // Every message of the game, up to the winner's, goes to the topic.
    await playToEnd(w, forum, [ada, bo]);
    const mine = w.sim.botMessages(forum);
    expect(mine.some((m) => m.text?.startsWith('🏆'))).toBe(true);
    expect(tables(w, forum).length).toBeGreaterThan(1);
    expect(mine.filter((m) => m.message_thread_id !== topic).map((m) => m.text)).toEqual([]);
  });
});

describe('deadline reminders', () => {
  /** How far the game's clock runs behind real time (ms). */
  let lag = 9_800;
  let w: World;
  beforeAll(async () => {
    // With the game's clock 9.8 s behind, a 15 s turn's deadline is 5.2 s away in real time, so
    // the reminder (5 s before it) comes after about 0.2 s.
    w = await world({ seed: 13, now: () => new Date(Date.now() - lag), pacing: { limits: false } });
    w.sim.setLimits(false);
  });
  afterAll(() => w.close());

  const privateTexts = (p: SimUser) => allTexts(w.sim.botMessages(p.privateChat(w.token)));

  it('reminds the player by editing their live prompt, once: no new message', async () => {
    const [ada, bo] = ['Ada', 'Bo'].map((firstName) => w.sim.user({ firstName })) as [SimUser, SimUser];
    const group = w.sim.group({ title: 'Reminders', admins: [ada], members: [bo], bots: [w.token] });
    await openPrivateChats(w, [ada, bo]);
    const game = await startGame(w, group, [ada, bo], { settings: { turnSeconds: 15 } });
    const actor = [ada, bo].find((p) => String(p.id) === game.state.round!.actor)!;
    const other = [ada, bo].find((p) => p !== actor)!;
    const chat = actor.privateChat(w.token);
    const prompt = w.sim.botMessages(chat).at(-1)!;
    expect(prompt.text).toMatch(/^🎲 Mia — round 1 · you start/);
    const count = w.sim.botMessages(chat).length;
    const reminded = await w.sim.waitFor(() => w.sim.botMessages(chat).find((m) => m.message_id === prompt.message_id && m.text?.startsWith('⏰')), 3_000);
    await w.settle();
    // The live prompt itself, redrawn with the hurry on top and its claim buttons kept.
    expect(reminded.text!.split('\n')[0]).toBe('⏰ Hurry: 5 seconds left!');
    expect(reminded.text).toContain('🎲 Mia — round 1 · you start');
    expect(buttons(reminded).some((b) => / · \d+%$/.test(b))).toBe(true);
    expect(w.sim.botMessages(chat)).toHaveLength(count);
    expect(allTexts([reminded]).filter((t) => t.startsWith('⏰'))).toHaveLength(1);
    expect(privateTexts(other).some((t) => t.includes('⏰'))).toBe(false);
    expect(expectNoDiceLeak(w.sim.messages(group))).toBe(0);
  });

  it('only while it is still their turn: a turn played in time is never hurried, the next one is', async () => {
    // The reminder now comes 2 s into a turn (the deadline 7 s away in real time).
    lag = 8_000;
    const [cy, di] = ['Cy', 'Di'].map((firstName) => w.sim.user({ firstName })) as [SimUser, SimUser];
    const group = w.sim.group({ title: 'Quick hands', admins: [cy], members: [di], bots: [w.token] });
    await openPrivateChats(w, [cy, di]);
    await startGame(w, group, [cy, di], { settings: { turnSeconds: 15 } });
    // The starter announces at once, long before their reminder was due.
    const opening = await playTurn(w, group, [cy, di]);
    expect(opening.action.type).toBe('announce');
    const receiver = opening.actor === cy ? di : cy;
    const chat = receiver.privateChat(w.token);
    const prompt = await w.sim.waitFor(() => w.sim.botMessages(chat).find((m) => m.text?.startsWith('🎲 Mia — round 1 · your turn')));
    const reminded = await w.sim.waitFor(
      () => w.sim.botMessages(chat).find((m) => m.message_id === prompt.message_id && m.text?.startsWith('⏰ Hurry: 5 seconds left!')),
      6_000,
    );
    expect(reminded.text).toContain('Believe and roll, or call liar?');
    expect(buttons(reminded)).toEqual(expect.arrayContaining(['✅ Believe & roll', '❗ Liar!']));
    await w.settle();
    // The starter's turn was over before its reminder: their prompt was closed, never hurried.
    expect(privateTexts(opening.actor).some((t) => t.includes('⏰'))).toBe(false);
    expect(w.sim.botMessages(opening.actor.privateChat(w.token)).at(-1)!.text).toMatch(/^📣 Round 1: you announced .+; the cup went to /);
  });
});
