// Endings from outside play and a chat's migration go through `act` like every other change: a
// new version, the engine's events appended, the rows projected (ABORTED, finishedAt, the open
// round closed), the chat freed or moved, local listeners told; on PostgreSQL the NOTIFY of the
// same transaction reaches another process (games and chat notices both). Aborted games never
// count in statistics.
import { openDatabase, playerStats, ratingBoard, type Database } from '@mia/db';
import { createServerDatabase } from '@mia/db/testing';
import { seededRng } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService, LOBBY_TIMES, LocalBus, PgNotifyBus, type ChatChanged, type CommittedBatch, type GameRecord } from '../src';
import { toUserId } from '../src/ids';
import { applied, harness, nextAiAction, PLAYERS, quietLog, startGame, type Harness } from './support';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;

/** Everything a service tells its listeners. */
function listen(service: GameService) {
  const batches: CommittedBatch[] = [];
  const chats: ChatChanged[] = [];
  service.subscribe((b) => batches.push(b));
  service.subscribeChats((c) => chats.push(c));
  return { batches, chats };
}

const typesOf = (b: CommittedBatch) => b.events.map((e) => e.event.type);

describe('endings and migrations through act', () => {
  let h: Harness;
  let heard: ReturnType<typeof listen>;
  beforeAll(async () => {
    h = await harness({ timers: false, bus: new LocalBus() });
    heard = listen(h.service);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('/stop in the middle of a round: a new version with gameAborted, ABORTED, the round closed, the chat free', async () => {
    const chatId = -500_001n;
    let game = await startGame(h.service, chatId);
    game = applied(await h.service.act({ chatId, gameId: game.id, action: nextAiAction(game.state, 'honest') })).game;
    const from = heard.batches.length;
    const stopped = await h.service.abort(chatId, game.id, { by: PLAYERS[0]!.id });
    expect(stopped).toMatchObject({ id: game.id, status: 'ABORTED', version: game.version + 1, chatId, deadlineAt: null });
    expect(stopped!.state).toMatchObject({ phase: 'over', result: null, aborted: { reason: 'stopped', by: PLAYERS[0]!.id } });
    // One batch, its one event the engine's, as stored.
    const batch = heard.batches.slice(from);
    expect(batch.map((b) => [b.origin, b.game.version, typesOf(b)])).toEqual([['local', game.version + 1, ['gameAborted']]]);
    expect((await h.service.events(game.id, game.version)).map((e) => e.event)).toEqual([{ type: 'gameAborted', reason: 'stopped', by: PLAYERS[0]!.id }]);
    const row = await h.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(row).toMatchObject({ status: 'ABORTED', version: game.version + 1, winnerId: null, deadlineAt: null, turnStartedAt: null });
    expect(row.finishedAt).not.toBeNull();
    const round = await h.db.prisma.round.findFirstOrThrow({ where: { game: { id: game.id }, number: 1 } });
    expect(round).toMatchObject({ end: 'ABORTED' });
    expect(round.endedAt).toEqual(row.finishedAt);
    expect(await h.db.prisma.seat.count({ where: { gameId: game.id, place: { not: null } } })).toBe(0);
    expect(await h.service.currentGame(chatId)).toBeNull();

    // Over: stopping again, or any move, is refused and writes nothing.
    expect(await h.service.abort(chatId, game.id)).toBeNull();
    const late = await h.service.act({ chatId, gameId: game.id, action: { type: 'abort', reason: 'bot-removed' } });
    expect(late).toMatchObject({ status: 'rejected', rejection: { code: 'other-game' } });
    expect((await h.service.game(game.id))!.version).toBe(game.version + 1);
  });

  it('the bot removed: the same path, with its reason; a lobby stopped has no round to close', async () => {
    const chatId = -500_002n;
    const game = applied(await h.service.act({ chatId, user: PLAYERS[0]!, action: { type: 'create', creator: PLAYERS[0]!.id } })).game;
    const removed = await h.service.abort(chatId, game.id, { reason: 'bot-removed' });
    expect(removed!.state.aborted).toEqual({ reason: 'bot-removed', by: null });
    expect(await h.db.prisma.round.count({ where: { game: { id: game.id } } })).toBe(0);
    expect(await h.service.currentGame(chatId)).toBeNull();
  });

  it('an aborted game never counts in statistics, even with rounds lost and bluffs told', async () => {
    const chatId = -500_003n;
    let game = await startGame(h.service, chatId, PLAYERS.slice(0, 2), { lives: 3 });
    for (let i = 0; i < 12 && game.state.phase === 'playing' && game.state.round!.number < 3; i++) {
      game = applied(await h.service.act({ chatId, gameId: game.id, action: nextAiAction(game.state, 'bluffer', i) })).game;
    }
    expect(await h.db.prisma.round.count({ where: { game: { id: game.id }, loserId: { not: null } } })).toBeGreaterThan(0);
    await h.service.abort(chatId, game.id);
    expect(await ratingBoard(h.db.prisma, { chatId })).toEqual([]);
    expect(await ratingBoard(h.db.prisma, { chatId, kind: 'computers' })).toEqual([]);
    const stats = await playerStats(h.db.prisma, toUserId(PLAYERS[0]!.id), { chatId });
    expect([stats.games, stats.announcements.total, stats.livesLost.total, stats.recent]).toEqual([0, 0, 0, []]);
  });

  it('a chat’s migration with a game in play: chatMoved in a new version, notified under the new id, the group moved whole', async () => {
    const from = -500_004n;
    const to = -1_000_000_500_004n;
    await h.service.chats.updateSettings(from, { lives: 4 });
    await h.service.chats.setPlayMode(from, 'group');
    const token = (await h.service.chats.profile(from)).dashboardToken;
    const game = await startGame(h.service, from);
    const since = { batches: heard.batches.length, chats: heard.chats.length };
    const moved = await h.service.migrateChat(from, to);
    expect(moved).toMatchObject({ id: game.id, chatId: to, version: game.version + 1, status: 'PLAYING' });
    expect(moved!.state).toEqual(game.state);
    expect(heard.batches.slice(since.batches).map((b) => [b.game.chatId, typesOf(b)])).toEqual([[to, ['chatMoved']]]);
    expect((await h.service.events(game.id, game.version)).map((e) => e.event)).toEqual([{ type: 'chatMoved', from: String(from), to: String(to) }]);
    expect(heard.chats.slice(since.chats)).toEqual([{ chatId: from, change: { type: 'migrated', to: String(to) }, origin: 'local' }]);
    // The group is the same group under its new id: game, link, rules, mode.
    expect((await h.service.currentGame(to))?.id).toBe(game.id);
    expect(await h.service.currentGame(from)).toBeNull();
    const profile = await h.service.chats.profile(to);
    expect(profile).toMatchObject({ dashboardToken: token, playMode: 'group', type: 'supergroup' });
    expect(profile.settings.lives).toBe(4);
    expect(await h.db.prisma.chat.findUniqueOrThrow({ where: { id: from } })).toMatchObject({ migratedTo: to, dashboardToken: `${token}.migrated` });
    // Play goes on there; the same migration heard again changes nothing.
    const next = applied(await h.service.act({ chatId: to, gameId: game.id, action: nextAiAction(moved!.state) })).game;
    expect(await h.service.migrateChat(from, to)).toMatchObject({ id: game.id, version: next.version });
    expect(heard.chats.length).toBe(since.chats + 1);
  });

  it('a chat’s migration without a game: its rows and finished games move, the chat notice alone tells it', async () => {
    const from = -500_005n;
    const to = -1_000_000_500_005n;
    const finished = await startGame(h.service, from);
    await h.service.abort(from, finished.id);
    const since = { batches: heard.batches.length, chats: heard.chats.length };
    expect(await h.service.migrateChat(from, to)).toBeNull();
    expect(heard.batches.length).toBe(since.batches); // a finished game's log is closed
    expect(heard.chats.slice(since.chats)).toEqual([{ chatId: from, change: { type: 'migrated', to: String(to) }, origin: 'local' }]);
    expect(await h.db.prisma.game.findUniqueOrThrow({ where: { id: finished.id } })).toMatchObject({ chatId: to, version: finished.version + 1 });
  });

  it('a rotated dashboard token is told to the listeners (after its commit)', async () => {
    const chatId = -500_006n;
    const old = (await h.service.chats.profile(chatId)).dashboardToken;
    const since = heard.chats.length;
    const fresh = await h.service.chats.rotateDashboardToken(chatId);
    expect(fresh).not.toBe(old);
    expect(heard.chats.slice(since)).toEqual([{ chatId, change: { type: 'token-rotated' }, origin: 'local' }]);
    expect((await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).dashboardToken).toBe(fresh);
  });
});

// The bot and the dashboard are separate processes: each ending must reach the other through
// LISTEN/NOTIFY, committed in the same transaction as the change.
describe.skipIf(!serverUrl)('endings between processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let drop: () => Promise<void>;
  let dbA: Database;
  let dbB: Database;
  let a: GameService;
  let b: GameService;
  let now = Date.now();
  let heardByB: ReturnType<typeof listen>;

  /** What B has heard, once it has: batches and chat notices arrive within a second. */
  async function untilB<T>(find: () => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + 1000;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`B did not hear ${what} within a second`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const batchOf = (game: GameRecord, version: number) => () =>
    heardByB.batches.find((x) => x.game.id === game.id && x.game.version >= version && x.events.at(-1)?.seq === version);

  beforeAll(async () => {
    const created = await createServerDatabase(serverUrl!);
    drop = created.drop;
    dbA = await openDatabase({ databaseUrl: created.url });
    dbB = await openDatabase({ databaseUrl: created.url });
    const busA = new PgNotifyBus(created.url, quietLog);
    const busB = new PgNotifyBus(created.url, quietLog);
    await Promise.all([busA.whenReady(), busB.whenReady()]);
    a = new GameService({ db: dbA, bus: busA, rng: seededRng(1), timers: false, log: quietLog, now: () => new Date(now) });
    b = new GameService({ db: dbB, bus: busB, rng: seededRng(2), timers: false, log: quietLog });
    heardByB = listen(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dbA?.close();
    await dbB?.close();
    await drop?.();
  });

  it('a /stop, a bot removal and a lobby expiry committed by A reach B as batches with their gameAborted', async () => {
    const stoppedGame = await startGame(a, -510_001n);
    await a.abort(-510_001n, stoppedGame.id, { by: PLAYERS[1]!.id });
    const stopped = await untilB(batchOf(stoppedGame, stoppedGame.version + 1), 'the stop');
    expect(stopped).toMatchObject({ origin: 'remote', game: { status: 'ABORTED', chatId: -510_001n } });
    expect(stopped.events.map((e) => e.event)).toEqual([{ type: 'gameAborted', reason: 'stopped', by: PLAYERS[1]!.id }]);

    const removedGame = await startGame(a, -510_002n);
    await a.abort(-510_002n, removedGame.id, { reason: 'bot-removed' });
    const removed = await untilB(batchOf(removedGame, removedGame.version + 1), 'the removal');
    expect(removed.events.map((e) => e.event)).toEqual([{ type: 'gameAborted', reason: 'bot-removed', by: null }]);

    const lobby = applied(await a.act({ chatId: -510_003n, user: PLAYERS[0]!, action: { type: 'create', creator: PLAYERS[0]!.id } })).game;
    now += LOBBY_TIMES.openMs;
    expect(await a.fireOverdue()).toBe(1);
    const expired = await untilB(batchOf(lobby, lobby.version + 1), 'the expiry');
    expect(expired.game.status).toBe('ABORTED');
    expect(expired.events.map((e) => e.event)).toEqual([{ type: 'gameAborted', reason: 'lobby-expired', by: null }]);
  });

  it('a migration reaches B as the game’s batch under the new id and as a chat notice; a rotation as a chat notice', async () => {
    const from = -510_004n;
    const to = -1_000_000_510_004n;
    const game = await startGame(a, from);
    await a.migrateChat(from, to);
    const moved = await untilB(batchOf(game, game.version + 1), 'the migration');
    expect(moved.game.chatId).toBe(to);
    expect(moved.events.map((e) => e.event.type)).toEqual(['chatMoved']);
    await untilB(() => heardByB.chats.find((c) => c.chatId === from), 'the migration notice');
    expect(heardByB.chats.filter((c) => c.chatId === from)).toEqual([{ chatId: from, change: { type: 'migrated', to: String(to) }, origin: 'remote' }]);

    await a.chats.rotateDashboardToken(to);
    const rotated = await untilB(() => heardByB.chats.find((c) => c.chatId === to), 'the rotation');
    expect(rotated).toEqual({ chatId: to, change: { type: 'token-rotated' }, origin: 'remote' });
  });
});
