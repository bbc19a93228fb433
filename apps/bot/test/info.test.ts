import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPrivateChats, type SimGroup, type SimUser, startGame, world, type World } from './support';

describe('/rules, /odds and /help', () => {
  let w: World;
  let ada: SimUser;
  let group: SimGroup;
  beforeAll(async () => {
    w = await world(21);
    w.sim.setLimits(false);
    ada = w.sim.user({ firstName: 'Ada' });
    group = w.sim.group({ title: 'Info', admins: [ada], bots: [w.token] });
  });
  afterAll(() => w.close());

  const ask = async (text: string) => {
    const before = w.sim.messages(group).length;
    await ada.send(group, text);
    return w.sim.waitFor(() =>
      w.sim
        .messages(group)
        .slice(before)
        .find((m) => m.from?.is_bot),
    );
  };

  it('/odds prints the documents’ table: 54 is beaten half the time, Mia never', async () => {
    const reply = await ask('/odds@mia_bot');
    expect(reply.text).toContain('Mia          0%');
    expect(reply.text).toContain('54          50%');
    expect(reply.text).toContain('31          94%');
  });

  it('/rules lists the ranking in force, best first', async () => {
    const reply = await ask('/rules@mia_bot');
    expect(reply.text).toContain('the rules of this group');
    expect(reply.text).toContain('Mia › 66 › 55 › 44 › 33 › 22 › 11 › 65 › 64 › 63 › 62 › 61 › 54 › 53 › 52 › 51 › 43 › 42 › 41 › 32 › 31');
  });

  it('/rules and /odds follow the game’s own rules once one is open (meyer: little Mia second)', async () => {
    const bo = w.sim.user({ firstName: 'Bo' });
    await bo.join(group);
    await openPrivateChats(w, [ada, bo]);
    await startGame(w, group, [ada, bo], { settings: { ranking: 'meyer', lives: 3 } });
    const rules = await ask('/rules@mia_bot');
    expect(rules.text).toContain('the rules of this game');
    expect(rules.text).toContain('Mia › little Mia › 66');
    expect(rules.text).toContain('3 lives');
    const odds = await ask('/odds@mia_bot');
    expect(odds.text).toMatch(/little Mia\s+6%/);
  });

  it('/help names the commands', async () => {
    const reply = await ask('/help@mia_bot');
    for (const c of ['/newgame', '/stop', '/rules', '/odds']) expect(reply.text).toContain(c);
    expect(reply.text).toMatch(/Your dice come by private message: press Start in a private chat with me once\.$/);
  });

  it('/help in a group that stays in the group says the dice show there, in pop-ups', async () => {
    await w.games.chats.setPlayMode(BigInt(group.id), 'group');
    const reply = await ask('/help@mia_bot');
    expect(reply.text).toMatch(/In this group your dice show right here, in pop-ups only you see: no private chat needed\.$/);
    expect(reply.text).not.toContain('private message');
    await w.games.chats.setPlayMode(BigInt(group.id), 'private');
  });
});
