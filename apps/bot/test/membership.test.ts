import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastWithButton, world, type SimUser, type World } from './support';

describe('the group itself changes under a game', () => {
  let w: World;
  let ada: SimUser;
  let bo: SimUser;
  beforeAll(async () => {
    w = await world(3);
    w.sim.setLimits(false);
    ada = w.sim.user({ firstName: 'Ada' });
    bo = w.sim.user({ firstName: 'Bo' });
    for (const p of [ada, bo]) await p.startPrivateChat(w.token);
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
    expect(await w.db.prisma.gameEvent.count({ where: { gameId: game.id } })).toBe(game.version);
  });

  it('follows a group upgraded to a supergroup: the game goes on under the new id', async () => {
    const group = await startedGame('Growing');
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    const supergroup = await w.sim.migrateGroup(group, { by: ada });
    const moved = await w.sim.waitFor(async () => {
      const g = await w.games.currentGame(BigInt(supergroup.id));
      return g?.id === game.id ? g : undefined;
    });
    expect(moved.chatId).toBe(BigInt(supergroup.id));
    // The table is drawn again in the supergroup, and play continues there.
    const table = await w.sim.waitFor(() => w.sim.messages(supergroup).find((m) => m.text?.startsWith('🎲 Mia — round')));
    expect(table.text).toContain('Ada');
    const chat = await w.db.prisma.chat.findUniqueOrThrow({ where: { id: BigInt(group.id) } });
    expect(chat.migratedTo).toBe(BigInt(supergroup.id));
  });
});
