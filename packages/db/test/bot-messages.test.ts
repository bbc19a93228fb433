// The bot's message references: saved per game, replaced on save, read back by a new client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botMessageStore } from '../src/bot-messages';
import { openTestDatabase, type TestDatabase } from '../src/testing';

describe('botMessageStore', () => {
  let db: TestDatabase;
  const gameId = 'game-with-messages';

  beforeAll(async () => {
    db = await openTestDatabase();
    await db.prisma.chat.create({ data: { id: -1n, type: 'group', dashboardToken: 'bot-messages-test' } });
    await db.prisma.user.create({ data: { id: 1n, firstName: 'Ada' } });
    await db.prisma.game.create({ data: { id: gameId, chatId: -1n, createdById: 1n, settings: {}, state: {} } });
  });
  afterAll(() => db?.destroy());

  it('gets null before any save, then the last refs saved; a game that does not exist is left alone', async () => {
    const store = botMessageStore(db.prisma);
    expect(await store.get(gameId)).toBeNull();
    await store.save(gameId, { lobby: { chatId: -1, messageId: 7 } });
    await store.save(gameId, { lobby: { chatId: -1, messageId: 8 }, sent: 3 });
    expect(await store.get(gameId)).toEqual({ lobby: { chatId: -1, messageId: 8 }, sent: 3 });
    await store.save('no-such-game', { sent: 1 });
    expect(await store.get('no-such-game')).toBeNull();
    expect(await db.prisma.botMessages.count()).toBe(1);
  });

  it('goes with its game', async () => {
    await db.prisma.game.delete({ where: { id: gameId } });
    expect(await botMessageStore(db.prisma).get(gameId)).toBeNull();
  });
});
