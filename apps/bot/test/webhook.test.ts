import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoDiceLeak, lastWithButton, playToEnd, playTurn, startGame, table, tables, world, type SimGroup, type SimUser, type World } from './support';

/**
 * Webhook mode as main.ts runs it: grammY's webhookCallback on Fastify with a secret token, the
 * webhook registered with the sim, every update delivered by POST. Forged POSTs are refused.
 */
describe('the bot by webhook', () => {
  let w: World;
  let group: SimGroup;
  let players: SimUser[];
  let ada: SimUser, bo: SimUser;

  beforeAll(async () => {
    // A scripted game moves far faster than people: the bot still paces its new messages (18 a
    // minute into a group), but on a clock that moves on when it waits instead of waiting in
    // real time; the sim's flood limits are tested on their own.
    let offset = 0;
    const pacing = { clock: { now: () => Date.now() + offset, sleep: async (ms: number) => void (offset += ms) } };
    w = await world({ seed: 11, mode: 'webhook', webhookSecret: 'mia-webhook-secret_42', pacing });
    w.sim.setLimits(false);
    ({ group, players } = await table(w, ['Ada', 'Bo', 'Cleo'], { title: 'Webhook night' }));
    [ada, bo] = players as [SimUser, SimUser];
  });
  afterAll(() => w.close());

  it('is registered with the secret and receives every update by POST, never by getUpdates', async () => {
    const info = await w.bot.api.getWebhookInfo();
    expect(info.url).toBe(w.webhook!.url);
    expect(info.allowed_updates).toEqual(['message', 'callback_query', 'my_chat_member']);
    // The /start of each player came by webhook and was answered.
    for (const p of players) expect(w.sim.botMessages(p.privateChat(w.token)).at(-1)?.text).toMatch(/^🎲 Hi!/);
    expect(w.sim.callsOf('getUpdates')).toHaveLength(0);
  });

  it('opens a lobby, seats the players, starts and plays a few turns', async () => {
    const game = await startGame(w, group, players);
    const lobby = w.sim.messages(group).find((m) => m.text?.includes('a new game by Ada'))!;
    expect(lobby.text).toMatch(/Players \(3\/10\)[\s\S]*Ada[\s\S]*Bo[\s\S]*Cleo[\s\S]*The game has started/);
    expect(lobby.reply_markup).toBeUndefined();
    expect(game.state.round?.number).toBe(1);

    const turns = [];
    for (let i = 0; i < 6; i++) turns.push(await playTurn(w, group, players));
    // Private and table buttons both worked through webhook delivery.
    expect(turns.some((t) => t.message.chat.type === 'private')).toBe(true);
    expect(turns.some((t) => t.message.chat.type === 'group')).toBe(true);
    for (const t of turns) expect(t.popup ?? '').not.toMatch(/out of date|not your turn|not possible/);
    const now = (await w.games.currentGame(BigInt(group.id)))!;
    expect(now.version).toBeGreaterThan(game.version);
    // One message per round, the round in play's from its first announcement.
    expect(tables(w, group).length).toBe(now.state.round!.number - (now.state.round!.announcements.length === 0 ? 1 : 0));
  });

  it('refuses a POST with a wrong or missing secret token (401) and changes nothing', async () => {
    // Until a receiver must decide: then the round's message in the group has their buttons.
    for (let i = 0; i < 20 && (await w.games.currentGame(BigInt(group.id)))!.state.round!.stage !== 'respond'; i++) await playTurn(w, group, players);
    await w.settle();
    const before = (await w.games.currentGame(BigInt(group.id)))!;
    expect(before.state.round!.stage).toBe('respond');
    const receiver = players.find((p) => String(p.id) === before.state.round!.actor)!;
    const calls = w.sim.calls.length;
    const messages = w.sim.messages(group).length;
    const liar = lastWithButton(w.sim.messages(group), /Liar/)!;
    // Its first button, "Believe & roll": pressed by the receiver it would change the game.
    const data = liar.reply_markup!.inline_keyboard.flat()[0]!.callback_data!;
    const date = Math.floor(Date.now() / 1000);
    const chat = { id: group.id, type: 'group', title: 'Webhook night' };
    const from = (u: SimUser) => ({ id: u.id, is_bot: false, first_name: u.firstName });
    // /stop from the creator: accepted, it would abort the game.
    const stop = {
      update_id: 900_001,
      message: { message_id: 90_001, date, chat, from: from(ada), text: '/stop', entities: [{ type: 'bot_command', offset: 0, length: 5 }] },
    };
    // A press of the table's first button by the receiver.
    const press = {
      update_id: 900_002,
      callback_query: { id: 'forged-1', from: from(receiver), chat_instance: '1', data, message: { message_id: liar.message_id, date, chat, text: liar.text } },
    };
    const post = (body: unknown, secret?: string) =>
      fetch(w.webhook!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret }) },
        body: JSON.stringify(body),
      });

    for (const body of [stop, press]) {
      expect((await post(body, 'wrong-secret_000000000000')).status).toBe(401);
      expect((await post(body)).status).toBe(401);
      expect((await post(body, 'mia-webhook-secret_4')).status).toBe(401); // a prefix is not the secret
    }
    await w.settle();
    const after = (await w.games.currentGame(BigInt(group.id)))!;
    expect(after.status).toBe('PLAYING');
    expect(after.version).toBe(before.version);
    expect(w.sim.calls.length).toBe(calls); // the bot did not call Telegram at all
    expect(w.sim.messages(group).length).toBe(messages);

    // The same POST with the right secret is handled: an ordinary group message, which the bot ignores.
    const chatter = { update_id: 900_003, message: { message_id: 90_003, date, chat, from: from(bo), text: 'good luck all' } };
    expect((await post(chatter, 'mia-webhook-secret_42')).status).toBe(200);
  });

  it('plays on to a winner by webhook; the sim never had to retry a delivery', async () => {
    await playToEnd(w, group, players);
    const final = await w.db.prisma.game.findFirstOrThrow({ where: { chatId: BigInt(group.id) }, orderBy: { createdAt: 'desc' } });
    expect(final.status).toBe('FINISHED');
    const winner = players.find((p) => BigInt(p.id) === final.winnerId)!;
    const rounds = await w.db.prisma.round.count({ where: { game: { id: final.id } } });
    // The game's end: one message with the winner, the ranking and the rounds played.
    const end = w.sim.lastMessage(group)!.text!.split('\n');
    expect(end[0]).toBe(`🏆 ${winner.firstName} wins the game of Mia!`);
    expect(end.slice(1, -1)).toHaveLength(players.length);
    expect(end[1]).toMatch(new RegExp(`^1\\. ${winner.firstName} ❤️\\d$`));
    expect(end.at(-1)).toBe(`${rounds} rounds played.`);
    expect(tables(w, group).map((m) => Number(/round (\d+)/.exec(m.text!)![1]))).toEqual(Array.from({ length: rounds }, (_, i) => i + 1));
    const info = await w.bot.api.getWebhookInfo();
    expect(info.pending_update_count).toBe(0);
    expect(info.last_error_message).toBeUndefined();
    expect(w.sim.callsOf('getUpdates')).toHaveLength(0);
  });

  it('never shows dice in the group before they are revealed', () => {
    expect(expectNoDiceLeak(w.sim.messages(group))).toBeGreaterThan(0);
  });
});
