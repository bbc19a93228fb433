// The chat directory's play mode: how dice reach a group's players (a chat setting, not a game
// rule). Stored on the Chat row; anything unknown there reads as the default, 'private'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAY_MODE, playModeOf, type PlayMode } from '../src';
import { harness, type Harness } from './support';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h?.close();
});

describe('play mode', () => {
  it('is private until set, for a new chat and for one the bot has not met', async () => {
    expect(DEFAULT_PLAY_MODE).toBe('private');
    expect((await h.service.chats.profile(-100n)).playMode).toBe('private');
    expect(await h.service.chats.playMode(-100n)).toBe('private');
    // Reading the mode alone records no chat.
    expect(await h.service.chats.playMode(-101n)).toBe('private');
    expect(await h.db.prisma.chat.findUnique({ where: { id: -101n } })).toBeNull();
  });

  it('the setter stores it, and the profile and the plain read give it back', async () => {
    await h.service.chats.setPlayMode(-100n, 'group');
    expect((await h.service.chats.profile(-100n)).playMode).toBe('group');
    expect(await h.service.chats.playMode(-100n)).toBe('group');
    expect((await h.db.prisma.chat.findUniqueOrThrow({ where: { id: -100n } })).playMode).toBe('group');
    await h.service.chats.setPlayMode(-100n, 'private');
    expect((await h.service.chats.profile(-100n)).playMode).toBe('private');
  });

  it('creates the chat when the first thing set is its mode', async () => {
    await h.service.chats.setPlayMode(-102n, 'group');
    const profile = await h.service.chats.profile(-102n);
    expect(profile).toMatchObject({ playMode: 'group', language: 'en' });
  });

  it('an unknown stored value reads as private; an unknown value is never stored', async () => {
    await h.db.prisma.chat.update({ where: { id: -100n }, data: { playMode: 'carrier-pigeon' } });
    expect((await h.service.chats.profile(-100n)).playMode).toBe('private');
    expect(await h.service.chats.playMode(-100n)).toBe('private');
    await h.service.chats.setPlayMode(-100n, 'group');
    await expect(h.service.chats.setPlayMode(-100n, 'GROUP' as PlayMode)).rejects.toThrow(RangeError);
    expect(await h.service.chats.playMode(-100n)).toBe('group');
    expect([playModeOf('group'), playModeOf('private'), playModeOf(''), playModeOf(null), playModeOf(undefined), playModeOf(1)]).toEqual([
      'group',
      'private',
      'private',
      'private',
      'private',
      'private',
    ]);
  });

  it('moves with a group upgraded to a supergroup', async () => {
    await h.service.chats.setPlayMode(-103n, 'group');
    await h.service.migrateChat(-103n, -1_000_000_000_103n);
    expect(await h.service.chats.playMode(-1_000_000_000_103n)).toBe('group');
  });
});

describe('a chat met for the first time', () => {
  it('by several handlers at once (the bot and a settings change, two processes) gets one row, and every call its profile', async () => {
    // On PostgreSQL the calls run on separate connections: each finds no row, and all but one
    // insert into a unique key that is taken by then (PGlite's one connection never races).
    for (let round = 0; round < 5; round++) {
      const chatId = -7000n - BigInt(round);
      const profiles = await Promise.all(Array.from({ length: 8 }, () => h.service.chats.profile(chatId, { title: 'Late night', type: 'group' })));
      expect(new Set(profiles.map((p) => p.dashboardToken)).size).toBe(1);
      expect(profiles.every((p) => p.id === chatId && p.title === 'Late night')).toBe(true);
    }
  });
});
