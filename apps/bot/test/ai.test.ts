import { aiStrategyOf, type GameRecord } from '@mia/game';
import type { GameEvent } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { current, expectNoDiceLeak, lastWithButton, playTurn, table, world, type SimGroup, type SimMessage, type SimUser, type World } from './support';

/** Polls the database (which tells the sim nothing) until `check` holds. */
async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sends `text` and returns the bot's first new message in that chat: its answer. */
async function ask(w: World, user: SimUser, chat: SimGroup | ReturnType<SimUser['privateChat']>, text: string): Promise<string> {
  const sent = user.send(chat, text);
  const answer = await w.sim.waitFor(() => w.sim.botMessages(chat).find((m) => m.message_id > sent.message_id));
  return answer.text ?? '';
}

/** /newgame by `creator`; resolves with the lobby message. */
async function openLobby(w: World, group: SimGroup, creator: SimUser): Promise<SimMessage> {
  creator.send(group, '/newgame@mia_bot');
  return w.sim.waitFor(() => lastWithButton(w.sim.messages(group), /Join/));
}

async function joinAndStart(w: World, lobby: SimMessage, people: SimUser[]): Promise<GameRecord> {
  for (const p of people) expect((await p.press(current(w, lobby), '✋ Join'))?.text).toBe('✋ You joined the game.');
  await w.settle();
  await people[0]!.press(current(w, lobby), '▶️ Start');
  await w.settle();
  const game = await w.games.currentGame(BigInt(lobby.chat.id));
  if (game?.state.phase !== 'playing') throw new Error('the game did not start');
  return game;
}

/**
 * Plays the game to its end: people press buttons on their turns (as `playTurn` does), computer
 * players act by themselves. Before each person's turn, whatever the AI did has reached Telegram.
 */
async function playWithAi(w: World, group: SimGroup, people: SimUser[], maxTurns = 400): Promise<GameRecord> {
  const chatId = BigInt(group.id);
  const ids = new Set(people.map((p) => String(p.id)));
  let gameId = (await w.games.currentGame(chatId))!.id;
  for (let turn = 0; turn < maxTurns; turn++) {
    const game = await until(async () => {
      const g = await w.games.game(gameId);
      if (!g || w.ai.busy > 0) return null;
      return g.status !== 'PLAYING' || ids.has(g.state.round!.actor) ? g : null;
    });
    await w.settle();
    if (game.status !== 'PLAYING') return game;
    gameId = game.id;
    await playTurn(w, group, people);
  }
  throw new Error('the game did not finish');
}

/** Who did something in the game: rolled, announced, believed, called or looked, gave up. */
const actors = (events: GameEvent[]) =>
  new Set(
    events.flatMap((e) =>
      e.type === 'diceRolled' || e.type === 'announced' || e.type === 'believed' || e.type === 'miaGivenUp' ? [e.player] : e.type === 'revealed' ? [e.by] : [],
    ),
  );

describe('computer players at a group table, through the real bot and telegram-sim', () => {
  let w: World;
  beforeAll(async () => {
    // Computer players act at once, far faster than people: the bot still paces its new messages
    // (18 a minute into a group), on a clock that moves on when it waits instead of in real time.
    let offset = 0;
    const pacing = { clock: { now: () => Date.now() + offset, sleep: async (ms: number) => void (offset += ms) } };
    w = await world({ seed: 61, pacing });
    w.sim.setLimits(false);
  });
  afterAll(() => w.close());

  it('two people and two computer players play a whole game; the AI acts by itself, no dice leak', async () => {
    const { group, players } = await table(w, ['Ada', 'Bo'], { title: 'Robots welcome' });
    const [ada, bo] = players as [SimUser, SimUser];
    const lobby = await openLobby(w, group, ada);
    // Named unlike the person asking: not "Ada".
    expect(await ask(w, ada, group, '/addai@mia_bot')).toBe('🤖 Alan (calculator) takes a seat: 1 of 10 seats taken.');
    expect(await ask(w, ada, group, '/addai@mia_bot Bluffer')).toBe('🤖 Grace (bluffer) takes a seat: 2 of 10 seats taken.');
    await w.settle();
    expect(current(w, lobby).text).toMatch(/Players \(2\/10\)\n• Alan 🤖\n• Grace 🤖/);

    const started = await joinAndStart(w, lobby, [ada, bo]);
    const aiSeats = started.state.seats.filter((s) => s.ai);
    expect(aiSeats.map((s) => [s.name, aiStrategyOf(s.id)])).toEqual([
      ['Alan', 'calculator'],
      ['Grace', 'bluffer'],
    ]);

    const game = await playWithAi(w, group, players);
    expect(game.status).toBe('FINISHED');
    expect(w.sim.botMessages(group).some((m) => /wins the game of Mia|game of Mia is over/.test(m.text ?? ''))).toBe(true);

    // Both computer players played, and everything is in the database.
    const events = (await w.games.events(game.id)).map((e) => e.event);
    for (const seat of aiSeats) expect(actors(events).has(seat.id)).toBe(true);
    const row = await w.db.prisma.game.findUniqueOrThrow({ where: { id: game.id }, include: { seats: true, rounds: true } });
    expect(row.status).toBe('FINISHED');
    expect(row.seats).toHaveLength(4);
    expect(row.rounds.length).toBeGreaterThan(1);
    const users = await w.db.prisma.user.findMany({ where: { id: { in: row.seats.map((s) => s.userId) } } });
    expect(
      users
        .filter((u) => u.isAi)
        .map((u) => u.firstName)
        .sort(),
    ).toEqual(['Alan', 'Grace']);

    // Rated: the people on the board, the strategies apart on a ladder of their own.
    const top = await ask(w, bo, group, '/top@mia_bot');
    expect(top).toMatch(
      /^🏆 Ratings — Robots welcome\n🥇 (Ada|Bo) — \d+\* · 1 game, [01] wins? \((100|0)%\) · bluffs (\d+%|—)\n🥈 (Ada|Bo) — \d+\* · 1 game, 0 wins/,
    );
    expect(top).toMatch(/\n\n🤖 Computer players \(rated apart, by strategy\)\n(Calculator|Bluffer) — \d+\* · 1 game\n(Calculator|Bluffer) — \d+\* · 1 game\n/);
    expect(top).not.toMatch(/Alan|Grace/);

    // The group saw dice only where a call or a look revealed them.
    expect(expectNoDiceLeak(w.sim.messages(group))).toBeGreaterThan(0);
    // Nothing of the computer players' hands went to any chat that exists: only the group and
    // the people's private chats ever received a message.
    const known = new Set([String(group.id), ...players.map((p) => String(p.id))]);
    const delivered = w.sim.callsOf('sendMessage').filter((c) => c.status === 200);
    for (const call of delivered) expect(known.has(String(call.params.chat_id))).toBe(true);
  });

  it('refuses /addai outside a group, without a game, after the start, to others than creator and admins', async () => {
    const [bo, cleo, dan] = ['Bo', 'Cleo', 'Dan'].map((firstName) => w.sim.user({ firstName })) as [SimUser, SimUser, SimUser];
    const group = w.sim.group({ title: 'Rules night', admins: [cleo], members: [bo, dan], bots: [w.token] });
    for (const p of [bo, cleo, dan]) {
      const chat = p.startPrivateChat(w.token);
      await w.sim.waitFor(() => w.sim.botMessages(chat).length > 0);
    }

    expect(await ask(w, bo, bo.privateChat(w.token), '/addai')).toMatch(/^Computer players sit at group tables/);
    expect(await ask(w, bo, group, '/addai@mia_bot')).toMatch(/^There is no game here/);

    const lobby = await openLobby(w, group, bo);
    expect(await ask(w, dan, group, '/addai@mia_bot')).toBe('Only the game’s creator or a group admin can add computer players.');
    expect(await ask(w, bo, group, '/addai@mia_bot honest')).toMatch(/^🤖 \w+ \(honest\) takes a seat/); // the creator
    expect(await ask(w, cleo, group, '/addai@mia_bot random')).toMatch(/^🤖 \w+ \(random\) takes a seat/); // an admin

    const unknown = await ask(w, bo, group, '/addai@mia_bot oracle');
    expect(unknown).toMatch(/^I don’t know the strategy “oracle”/);
    for (const name of ['honest', 'calculator', 'bluffer', 'random']) expect(unknown).toContain(`• ${name} — `);

    const started = await joinAndStart(w, lobby, [bo]);
    // The computer players act by themselves from the start (a round's message comes with its
    // first announcement): once they wait for Bo, the next message here is the answer.
    await until(async () => {
      const g = await w.games.game(started.id);
      return w.ai.busy === 0 && g && !g.state.seats.find((s) => s.id === g.state.round!.actor)!.ai;
    });
    await w.settle();
    expect(await ask(w, bo, group, '/addai@mia_bot')).toBe('The game has already started: computer players can only sit down before the start.');
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    expect(game.state.seats).toHaveLength(3);
    await w.games.abort(game.chatId, game.id);
  });

  it('refuses a computer player at a full table', async () => {
    const [eve] = ['Eve'].map((firstName) => w.sim.user({ firstName })) as [SimUser];
    const group = w.sim.group({ title: 'Small table', admins: [eve], bots: [w.token] });
    // A table for three (house rules have no command yet: opened through the service).
    const opened = await w.games.act({
      chatId: BigInt(group.id),
      user: { id: String(eve.id), name: eve.firstName },
      chat: { title: group.title, type: group.type },
      action: { type: 'create', creator: String(eve.id), settings: { maxPlayers: 3 } },
    });
    expect(opened.status).toBe('applied');
    await w.sim.waitFor(() => lastWithButton(w.sim.messages(group), /Join/));
    for (let seat = 1; seat <= 3; seat++) {
      expect(await ask(w, eve, group, '/addai@mia_bot')).toMatch(new RegExp(`takes a seat: ${seat} of 3 seats taken\\.$`));
    }
    expect(await ask(w, eve, group, '/addai@mia_bot')).toBe('The table is full: 3 players at most. Nobody else can sit down.');
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    expect(game.state.seats).toHaveLength(3);
    await w.games.abort(game.chatId, game.id);
  });
});

describe('a restart while a computer player is thinking', () => {
  let w: World;
  beforeAll(async () => {
    // The computer players take a minute to think: the restart comes first.
    w = await world({ seed: 62, aiDelayMs: 60_000 });
    w.sim.setLimits(false);
  });
  afterAll(() => w.close());

  it('resumes the AI turn in the new process, and the game plays on to its end', async () => {
    const { group, players } = await table(w, ['Ada', 'Bo'], { title: 'Restart with robots' });
    const [ada] = players as [SimUser];
    const lobby = await openLobby(w, group, ada);
    expect(await ask(w, ada, group, '/addai@mia_bot honest')).toMatch(/takes a seat/);
    await joinAndStart(w, lobby, players);

    // People play until it is the computer player's turn.
    const chatId = BigInt(group.id);
    let game = (await w.games.currentGame(chatId))!;
    for (let i = 0; i < 100 && !game.state.seats.find((s) => s.id === game.state.round!.actor)!.ai; i++) {
      await playTurn(w, group, players);
      game = (await w.games.currentGame(chatId))!;
    }
    expect(game.state.seats.find((s) => s.id === game.state.round!.actor)!.ai).toBe(true);
    expect(w.ai.busy).toBe(1); // in its pause (the world's AI delay outlasts the test)
    expect((await w.games.game(game.id))!.version).toBe(game.version); // still thinking

    const recovered = await w.restart({ aiDelayMs: 0 });
    expect(recovered.running).toBe(1);
    const moved = await until(async () => {
      const g = await w.games.game(game.id);
      return g && g.state.move > game.state.move ? g : null;
    });
    expect(moved.version).toBeGreaterThan(game.version);

    const done = await playWithAi(w, group, players);
    expect(done.status).toBe('FINISHED');
    expectNoDiceLeak(w.sim.messages(group));
  });
});
