import { ManualClock } from '@mia/telegram-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoDiceLeak, playToEnd, startGame, world, type SimUser, type World } from './support';

describe('Telegram’s limits at a human pace', () => {
  const clock = new ManualClock();
  let w: World;
  beforeAll(async () => {
    // Telegram's real flood limits; the sim's clock moves 6 s per player action, a brisk table.
    w = await world({ seed: 11, sim: { clock } });
  });
  afterAll(() => w.close());

  it('a whole game never sends more than 20 group messages in any minute, and is never throttled', async () => {
    const players = ['Ada', 'Bo', 'Cleo', 'Dov'].map((firstName) => w.sim.user({ firstName }));
    const group = w.sim.group({ title: 'Paced', admins: [players[0]!], members: players.slice(1), bots: [w.token] });
    for (const p of players) await p.startPrivateChat(w.token);
    await startGame(w, group, players);
    await playToEnd(w, group, players, { beforeTurn: () => clock.advance(6_000) });
    expect(w.sim.calls.filter((c) => c.status === 429)).toEqual([]);
    const sends = w.sim.calls
      .filter((c) => c.method === 'sendMessage' && String(c.params.chat_id) === String(group.id))
      .map((c) => c.at);
    let worst = 0;
    for (const t of sends) worst = Math.max(worst, sends.filter((u) => u >= t && u < t + 60_000).length);
    console.log(`group messages: ${sends.length} in the game, at most ${worst} in any minute`);
    expect(worst).toBeLessThanOrEqual(20);
    expectNoDiceLeak(w.sim.messages(group));
  });
});

describe('forum topics', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ seed: 12 });
    w.sim.setLimits(false);
  });
  afterAll(() => w.close());

  it('answers in the topic the game was started in', async () => {
    const [ada, bo] = ['Ada', 'Bo'].map((firstName) => w.sim.user({ firstName })) as [SimUser, SimUser];
    const forum = w.sim.group({ title: 'Forum', admins: [ada], members: [bo], bots: [w.token], supergroup: true, forum: true });
    const topic = await w.sim.createTopic(forum, 'Mia night', { by: ada });
    for (const p of [ada, bo]) await p.startPrivateChat(w.token);
    await ada.send(forum, '/newgame@mia_bot', { threadId: topic });
    const lobby = await w.sim.waitFor(() => w.sim.messages(forum).find((m) => m.text?.includes('a new game by Ada')));
    expect(lobby.message_thread_id).toBe(topic);
    for (const p of [ada, bo]) await p.press(lobby, '✋ Join');
    await w.settle();
    await ada.press(w.sim.messages(forum).find((m) => m.message_id === lobby.message_id)!, '▶️ Start');
    await w.settle();
    const table = await w.sim.waitFor(() => w.sim.messages(forum).find((m) => m.text?.startsWith('🎲 Mia — round 1')));
    expect(table.message_thread_id).toBe(topic);
  });
});

describe('deadline reminders', () => {
  let w: World;
  beforeAll(async () => {
    // The game's clock runs 9.8 s behind: a 15 s turn's deadline is 5.2 s away in real time, so
    // the reminder (5 s before it) comes after about 0.2 s.
    w = await world({ seed: 13, now: () => new Date(Date.now() - 9_800) });
    w.sim.setLimits(false);
  });
  afterAll(() => w.close());

  it('reminds the player privately before the deadline, once, only while it is still their turn', async () => {
    const [ada, bo] = ['Ada', 'Bo'].map((firstName) => w.sim.user({ firstName })) as [SimUser, SimUser];
    const group = w.sim.group({ title: 'Reminders', admins: [ada], members: [bo], bots: [w.token] });
    for (const p of [ada, bo]) await p.startPrivateChat(w.token);
    const game = await startGame(w, group, [ada, bo], { settings: { turnSeconds: 15 } });
    const actor = [ada, bo].find((p) => String(p.id) === game.state.round!.actor)!;
    const reminder = await w.sim.waitFor(
      () => w.sim.messages(actor.privateChat(w.token)).find((m) => m.text?.startsWith('⏰')),
      3_000,
    );
    expect(reminder.text).toBe('⏰ 5 seconds left for your turn in Mia.');
    const other = [ada, bo].find((p) => p !== actor)!;
    expect(w.sim.messages(other.privateChat(w.token)).some((m) => m.text?.startsWith('⏰'))).toBe(false);
  });
});
