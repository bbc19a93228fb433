import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttons, lastWithButton, openPrivateChats, playTurn, type SimUser, tables, world, type World } from './support';

describe('the group itself changes under a game', () => {
  let w: World;
  let ada: SimUser;
  let bo: SimUser;
  beforeAll(async () => {
    w = await world(3);
    w.sim.setLimits(false);
    ada = w.sim.user({ firstName: 'Ada' });
    bo = w.sim.user({ firstName: 'Bo' });
    await openPrivateChats(w, [ada, bo]);
  });
  afterAll(() => w.close());

  async function startedGame(title: string) {
    const group = w.sim.group({ title, admins: [ada], members: [bo], bots: [w.token] });
    await ada.send(group, '/newgame@mia_bot');
    const lobby = await w.sim.waitFor(() => lastWithButton(w.sim.messages(group), /Join/));
    for (const p of [ada, bo]) await p.press(lobby, '✋ Join');
    await w.settle();
    await ada.press(w.sim.messages(group).find((m) => m.message_id === lobby.message_id)!, '▶️ Start');
    await w.settle();
    return group;
  }

  it('aborts and records the game when the bot is removed from the group', async () => {
    const group = await startedGame('Kicked');
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    await w.sim.removeBotFromGroup(w.token, group, { by: ada });
    await w.sim.waitFor(async () => (await w.games.game(game.id))?.status === 'ABORTED');
    expect(await w.games.currentGame(BigInt(group.id))).toBeNull();
    // Recorded as the engine's abort: one event more, with who removed the bot.
    expect(await w.db.prisma.gameEvent.count({ where: { gameId: game.id } })).toBe(game.version + 1);
    expect((await w.games.events(game.id, game.version)).map((e) => e.event)).toEqual([{ type: 'gameAborted', reason: 'bot-removed', by: String(ada.id) }]);
    // The players' private prompts lose their buttons (the group itself is out of the bot's reach).
    await w.settle();
    for (const p of [ada, bo]) expect(w.sim.botMessages(p.privateChat(w.token)).filter((m) => buttons(m).length > 0)).toEqual([]);
  });

  it('follows a group upgraded to a supergroup: the game goes on under the new id', async () => {
    const group = await startedGame('Growing');
    // The starter announces (from the private prompt): round 1's message is now in the group.
    const opening = await playTurn(w, group, [ada, bo]);
    expect(opening.action.type).toBe('announce');
    await w.sim.waitFor(() => tables(w, group)[0]);
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    const receiver = [ada, bo].find((p) => String(p.id) === game.state.round!.actor)!;
    const supergroup = w.sim.migrateGroup(group, { by: ada });
    const moved = await w.sim.waitFor(async () => {
      const g = await w.games.currentGame(BigInt(supergroup.id));
      return g?.id === game.id ? g : undefined;
    });
    expect(moved.chatId).toBe(BigInt(supergroup.id));
    // The round's message is drawn again in the supergroup (the old group's cannot be edited
    // there), with the announcement so far and the receiver's choices, and play continues there.
    await w.sim.waitFor(() => tables(w, supergroup)[0]);
    await w.settle();
    const [table] = tables(w, supergroup);
    expect(tables(w, supergroup)).toHaveLength(1);
    expect(table!.text).toContain(`📣 ${opening.actor.firstName}:`);
    expect(table!.text).toContain(`⏳ ${receiver.firstName}: believe and roll, or call liar?`);
    expect(buttons(table!)).toEqual(expect.arrayContaining(['✅ Believe & roll', '❗ Liar!']));
    const response = await playTurn(w, supergroup, [ada, bo]);
    expect(response.actor).toBe(receiver);
    expect(response.message.chatKey).toBe(table!.chatKey);
    expect((await w.games.game(game.id))!.version).toBeGreaterThan(moved.version);
    const chat = await w.db.prisma.chat.findUniqueOrThrow({ where: { id: BigInt(group.id) } });
    expect(chat.migratedTo).toBe(BigInt(supergroup.id));
  });
  it('a group upgraded before the first announcement: the round’s first message goes to the supergroup', async () => {
    const group = await startedGame('Sprouting');
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    expect(game.state.round!.announcements).toHaveLength(0);
    const supergroup = w.sim.migrateGroup(group, { by: ada });
    await w.sim.waitFor(async () => (await w.games.currentGame(BigInt(supergroup.id)))?.id === game.id);
    await w.settle();
    // Until the starter announces, a round has no message (the lobby said who starts).
    expect(tables(w, supergroup)).toHaveLength(0);
    const opening = await playTurn(w, supergroup, [ada, bo]);
    expect(opening.action.type).toBe('announce');
    await w.sim.waitFor(() => tables(w, supergroup)[0]);
    expect(tables(w, supergroup)[0]!.text).toContain(`📣 ${opening.actor.firstName}:`);
    const response = await playTurn(w, supergroup, [ada, bo]);
    expect(response.message.chatKey).toBe(tables(w, supergroup)[0]!.chatKey);
  });
});
