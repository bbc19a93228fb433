import { announceableClaims, calculator, type GameState } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buttons,
  current,
  expectNoDiceLeak,
  lastWithButton,
  playTurn,
  tables,
  world,
  type SimGroup,
  type SimMessage,
  type SimUser,
  type World,
} from './support';

const OUT_OF_DATE = 'This button is out of date: the game has moved on.';

/**
 * Presses that come too late, and the commands around a game: a button pressed after the game
 * moved on is refused with a pop-up and changes nothing; /newgame and /stop answer who may do what.
 */
describe('stale presses and game commands', () => {
  let w: World;
  let group: SimGroup;
  let zed: SimUser; // the group's admin, not playing
  let ada: SimUser, bo: SimUser, cleo: SimUser;
  let players: SimUser[];
  let gameId: string;

  beforeAll(async () => {
    w = await world(61);
    w.sim.setLimits(false);
    [zed, ada, bo, cleo] = ['Zed', 'Ada', 'Bo', 'Cleo'].map((firstName) => w.sim.user({ firstName })) as [SimUser, SimUser, SimUser, SimUser];
    players = [ada, bo, cleo];
    group = w.sim.group({ title: 'Late night', admins: [zed], members: players, bots: [w.token] });
    for (const p of players) {
      const chat = p.startPrivateChat(w.token);
      await w.sim.waitFor(() => w.sim.botMessages(chat).length > 0);
    }
  });
  afterAll(() => w.close());

  const game = async () => (await w.games.game(gameId))!;
  const byId = (id: string) => players.find((p) => String(p.id) === id)!;
  const privateMessages = (u: SimUser) => w.sim.messages(u.privateChat(w.token));
  /** Sends a command and returns the bot's reply in that chat. */
  const command = async (u: SimUser, chat: SimGroup | string, text: string) => {
    const where = typeof chat === 'string' ? u.privateChat(chat) : chat;
    const before = w.sim.botMessages(where).length;
    u.send(chat, text);
    const reply = await w.sim.waitFor(() => w.sim.botMessages(where)[before]);
    await w.settle();
    return reply.text;
  };
  /** The next edit is held back for a while: a press lands before the notifier's edit. */
  const holdNextEdit = () => w.sim.faults.inject({ kind: 'hang', method: 'editMessageText', bot: w.token, ms: 400 });

  it('/newgame and /stop in a private chat answer that they work in groups', async () => {
    expect(await command(bo, w.token, '/newgame')).toBe('Start a game of Mia in a group: add me to one and send /newgame there.');
    expect(await command(bo, w.token, '/stop')).toBe('/stop works in the group where the game is.');
    expect(await command(ada, group, '/stop@mia_bot')).toBe('There is no game to stop.');
  });

  it('/newgame twice in a group: the second answers that a game is already open', async () => {
    ada.send(group, '/newgame@mia_bot');
    const lobby = await w.sim.waitFor(() => lastWithButton(w.sim.messages(group), /Join/));
    gameId = (await w.games.currentGame(BigInt(group.id)))!.id;
    const already = 'A game is already open here. Join it with the buttons on its message, or /stop it first.';
    expect(await command(bo, group, '/newgame@mia_bot')).toBe(already);
    expect(await command(cleo, group, '/mia')).toBe(already);
    expect(w.sim.messages(group).filter((m) => m.text?.includes('a new game by'))).toEqual([current(w, lobby)]);
    expect((await w.games.currentGame(BigInt(group.id)))!.id).toBe(gameId);
  });

  it('a private button pressed after the player acted some other way (before the notifier closed it) is refused', async () => {
    const lobby = lastWithButton(w.sim.messages(group), /Join/)!;
    for (const p of players) expect((await p.press(current(w, lobby), '✋ Join'))?.text).toBe('✋ You joined the game.');
    await w.settle();
    await ada.press(current(w, lobby), '▶️ Start'); // the creator, not an admin, may start
    await w.settle();
    const g = await game();
    expect(g.state.round?.stage).toBe('announce');
    const actor = byId(g.state.round!.actor);
    const prompt = lastWithButton(privateMessages(actor), /./)!;
    expect(prompt.text).toMatch(/^🎲 Mia — round 1 · you start\n/);
    expect(prompt.text).toContain('🎲 Your dice: ');
    // The actor announces through the service (another device, the same player a moment earlier)…
    const value = announceableClaims(g.state).at(-1)!;
    holdNextEdit();
    const acted = await w.games.act({
      chatId: g.chatId,
      gameId,
      action: { type: 'announce', player: String(actor.id), move: g.state.move, value, blind: false },
    });
    expect(acted.status).toBe('applied');
    const version = (await game()).version;
    // …and presses a claim on the prompt the notifier has not closed yet.
    expect(buttons(current(w, prompt)).length).toBeGreaterThan(0);
    const popup = await actor.press(current(w, prompt), buttons(current(w, prompt))[0]!);
    expect(popup).toEqual({ text: OUT_OF_DATE, show_alert: false });
    await w.settle();
    expect((await game()).version).toBe(version);
    expect(current(w, prompt).text).toMatch(/^📣 Round 1: you announced .+; the cup went to (Ada|Bo|Cleo)\.$/);
    expect(buttons(current(w, prompt))).toEqual([]);
  });

  it('a table button pressed after the receiver acted (before the table was redrawn) is refused, for anyone', async () => {
    const g = await game();
    expect(g.state.round?.stage).toBe('respond');
    const receiver = byId(g.state.round!.actor);
    const tableMessage = lastWithButton(w.sim.messages(group), /Liar/)!;
    holdNextEdit();
    const acted = await w.games.act({
      chatId: g.chatId,
      gameId,
      action: { type: 'believe', player: String(receiver.id), move: g.state.move },
      followUp: (s: GameState) => (s.round?.stage === 'roll' ? { type: 'roll', player: String(receiver.id), move: s.move } : undefined),
    });
    expect(acted.status).toBe('applied');
    const version = (await game()).version;
    expect(buttons(current(w, tableMessage))).toContain('❗ Liar!');
    expect(await receiver.press(current(w, tableMessage), '❗ Liar!')).toEqual({ text: OUT_OF_DATE, show_alert: false });
    const other = players.find((p) => p !== receiver)!;
    expect((await other.press(current(w, tableMessage), '✅ Believe & roll'))?.text).toMatch(
      /^(This button is out of date: the game has moved on\.|It's \w+'s turn, not yours\.)$/,
    );
    await w.settle();
    expect((await game()).version).toBe(version);
    // The receiver has looked: what is left to press (the announcements) is in their private
    // prompt only, redrawn with their dice; the round's message in the group has no buttons.
    expect(buttons(current(w, tableMessage))).toEqual([]);
    expect(current(w, tableMessage).text).toContain(`⏳ ${receiver.firstName} has looked at the dice and is choosing an announcement`);
    const prompt = lastWithButton(privateMessages(receiver), /./)!;
    expect(prompt.text).toMatch(/^🎲 Mia — round 1 · your turn\n/);
    expect(prompt.text).toContain('🎲 Your dice: ');
    expect(buttons(prompt).every((b) => / · \d+%$/.test(b))).toBe(true);
  });

  it('no old round keeps buttons: its old buttons, forged, are refused and change nothing', async () => {
    const strategy = calculator();
    const round = (await game()).state.round!.number;
    for (let i = 0; i < 30 && (await game()).state.round!.number === round; i++) await playTurn(w, group, players, strategy);
    // The next round's starter announces: its message is sent, the old one stays as its outcome.
    await playTurn(w, group, players, strategy);
    const old = tables(w, group).find((m) => m.text!.startsWith(`🎲 Mia — round ${round}\n`))!;
    expect(tables(w, group).at(-1)!.message_id).not.toBe(old.message_id);
    expect(current(w, old).text).toMatch(/💔 /);
    expect(current(w, old).text).toContain(`➡️ `);
    // Every group message but the live round's has no buttons.
    const live = tables(w, group).at(-1)!;
    expect(w.sim.botMessages(group).filter((m) => m.message_id !== live.message_id && buttons(m).length > 0)).toEqual([]);
    // The buttons the old round's message once had, pressed by anyone as a modified client would.
    const data = [...new Set(current(w, old).history.flatMap((h) => (h.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.callback_data!)))];
    expect(data.length).toBeGreaterThan(0);
    const version = (await game()).version;
    for (const p of [...players, zed]) {
      for (const forged of data) {
        expect((await p.pressForged(current(w, old), forged))?.text).toMatch(
          /^(This button is out of date: the game has moved on\.|It's not your turn\.|It's \w+'s turn, not yours\.|You're not playing in this game\.)$/,
        );
      }
    }
    await w.settle();
    expect((await game()).version).toBe(version);
    expect(buttons(current(w, old))).toEqual([]);
  });

  it('/stop by a player who neither created the game nor is an admin is refused', async () => {
    expect(await command(bo, group, '/stop@mia_bot')).toBe('Only the game’s creator or a group admin can stop it.');
    expect((await game()).status).toBe('PLAYING');
  });

  let lastTable: SimMessage;
  it('/stop by the creator aborts the game: ABORTED, the chat is free, its buttons answer that it is over', async () => {
    lastTable = tables(w, group).at(-1)!;
    expect(buttons(lastTable)).toContain('❗ Liar!');
    const receiverAtStop = byId((await game()).state.round!.actor);
    expect(buttons(lastWithButton(privateMessages(receiverAtStop), /./))).toContain('❗ Liar!');
    const version = (await game()).version;
    expect(await command(ada, group, '/stop@mia_bot')).toBe('🛑 The game was stopped. Start a new one with /newgame.');
    const g = await game();
    expect(g.status).toBe('ABORTED');
    // The engine's abort, committed like any move: one event more, saying who stopped it.
    expect(g.version).toBe(version + 1);
    expect((await w.games.events(gameId, version)).map((e) => e.event)).toEqual([{ type: 'gameAborted', reason: 'stopped', by: String(ada.id) }]);
    expect(await w.games.currentGame(BigInt(group.id))).toBeNull();
    const row = await w.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(row.finishedAt).not.toBeNull();
    expect(row.deadlineAt).toBeNull();
    // The live round's message says it was stopped and loses its buttons, and so does the live
    // prompt: nothing is left to press anywhere.
    await w.settle();
    expect(current(w, lastTable).text).toContain('This game was stopped.');
    expect(buttons(current(w, lastTable))).toEqual([]);
    const chats = [group, ...players.map((p) => p.privateChat(w.token))];
    expect(chats.flatMap((c) => w.sim.botMessages(c)).filter((m) => buttons(m).length > 0)).toEqual([]);
    expect(w.sim.botMessages(receiverAtStop.privateChat(w.token)).at(-1)!.text).toBe('🛑 The game was stopped.');
    // A button of the game pressed anyway (a forged press of the table's last live buttons)
    // answers that the game is over.
    const stale = current(w, lastTable).history.at(-1)!.reply_markup!.inline_keyboard.flat()[0]!.callback_data!;
    expect((await receiverAtStop.pressForged(current(w, lastTable), stale))?.text).toBe('That game is over.');
    expect(await command(ada, group, '/stop@mia_bot')).toBe('There is no game to stop.');
  });

  it('a new /newgame works after /stop, and an admin who is not the creator may stop it', async () => {
    const lobbies = () => w.sim.messages(group).filter((m) => m.text?.includes('a new game by'));
    const before = lobbies().length;
    bo.send(group, '/newgame@mia_bot');
    const lobby = await w.sim.waitFor(() => lobbies()[before]);
    expect(lobby.text).toContain('a new game by Bo');
    expect(buttons(lobby)).toEqual(['✋ Join', '🚪 Leave', '▶️ Start']);
    const second = (await w.games.currentGame(BigInt(group.id)))!;
    expect(second.id).not.toBe(gameId);
    expect(second.status).toBe('LOBBY');
    expect(await command(zed, group, '/stop@mia_bot')).toBe('🛑 The game was stopped. Start a new one with /newgame.');
    expect((await w.games.game(second.id))!.status).toBe('ABORTED');
    expect(await w.db.prisma.game.count({ where: { chatId: BigInt(group.id), status: 'ABORTED' } })).toBe(2);
  });

  it('never shows dice in the group before they are revealed', () => {
    expectNoDiceLeak(w.sim.messages(group));
  });
});
