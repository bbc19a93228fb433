// The group's running of the table through the real bot: /dashboard (link, rotate, public),
// /extend and a lobby closing when nobody starts it, /kick; each in English and in a group whose
// language is Russian (set before the group's first message: languages are cached 10 s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import {
  escapeRegExp,
  groupLocale,
  buttons,
  current,
  lastWithButton,
  shiftedClock,
  startGame,
  world,
  type SimGroup,
  type SimMessage,
  type SimUser,
  type World,
  tables,
} from './support';

/** The bot's first message in `group` after `user` sent `text` there. */
async function ask(w: World, user: SimUser, group: SimGroup, text: string, options: { replyTo?: SimMessage } = {}) {
  const before = w.sim.messages(group).length;
  user.send(group, text, options);
  const reply = await w.sim.waitFor(() =>
    w.sim
      .messages(group)
      .slice(before)
      .find((m) => m.from?.is_bot),
  );
  return reply.text ?? '';
}

/** A group of `names` (the first is its admin), all with the bot started privately, in `language`. */
async function groupOf(w: World, names: string[], language = 'en', title = 'Admin night') {
  const players = names.map((firstName) => w.sim.user({ firstName, username: firstName.toLowerCase() }));
  const group = w.sim.group({ title, admins: [players[0]!], members: players.slice(1), bots: [w.token] });
  if (language !== 'en') await w.games.chats.setLanguage(BigInt(group.id), language);
  for (const p of players) {
    p.startPrivateChat(w.token);
    await w.sim.waitFor(() => w.sim.botMessages(p.privateChat(w.token)).length > 0);
  }
  return { group, players };
}

/** /newgame by `creator`, then `joiners` press Join; returns the lobby message. */
async function openLobby(w: World, group: SimGroup, creator: SimUser, joiners: SimUser[]) {
  creator.send(group, '/newgame@mia_bot');
  const join = translator(await groupLocale(w, group))('button-join');
  const lobby = await w.sim.waitFor(() => lastWithButton(w.sim.messages(group), new RegExp(escapeRegExp(join))));
  for (const p of joiners) await p.press(current(w, lobby), join);
  await w.settle();
  return lobby;
}

describe('/dashboard', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ seed: 51, publicUrl: 'https://mia.example.org/' });
    w.sim.setLimits(false);
  });
  afterAll(() => w.close());

  const tokenOf = async (group: SimGroup) => (await w.games.chats.profile(BigInt(group.id))).dashboardToken;

  it('anyone gets the link; admins rotate it (the old one stops working) and list the group publicly', async () => {
    const { group, players } = await groupOf(w, ['Ada', 'Bo']);
    const [ada, bo] = players as [SimUser, SimUser];
    const shown = await ask(w, bo, group, '/dashboard@mia_bot');
    const token = await tokenOf(group);
    expect(token).toMatch(/^[\w-]{24}$/);
    expect(shown).toBe(
      [
        `📺 This group’s tables, live and past: https://mia.example.org/g/${token}`,
        '🔒 The group is not listed publicly: only people with the link see it.',
        'Admins: /dashboard rotate gives a new link (the old one stops working); /dashboard public on|off lists the group publicly or not.',
      ].join('\n'),
    );

    expect(await ask(w, bo, group, '/dashboard@mia_bot rotate')).toBe('Only group admins can change the dashboard link.');
    expect(await ask(w, bo, group, '/dashboard@mia_bot public on')).toBe('Only group admins can change the dashboard link.');
    expect(await tokenOf(group)).toBe(token);

    const rotated = await ask(w, ada, group, '/dashboard@mia_bot rotate');
    const fresh = await tokenOf(group);
    expect(fresh).not.toBe(token);
    expect(rotated).toBe(`🔄 The new link to this group’s tables: https://mia.example.org/g/${fresh}\nThe old link no longer works.`);
    expect(await w.db.prisma.chat.findUnique({ where: { dashboardToken: token } })).toBeNull();

    expect(await ask(w, ada, group, '/dashboard@mia_bot PUBLIC on')).toBe('🌍 The group is now listed on the public dashboard.');
    expect((await w.games.chats.profile(BigInt(group.id))).listedPublicly).toBe(true);
    expect(await ask(w, bo, group, '/dashboard@mia_bot')).toContain('🌍 The group is listed on the public dashboard.');
    expect(await ask(w, ada, group, '/dashboard@mia_bot public off')).toBe('🔒 The group is no longer listed publicly; the link still works.');
    expect((await w.games.chats.profile(BigInt(group.id))).listedPublicly).toBe(false);

    expect(await ask(w, ada, group, '/dashboard@mia_bot public maybe')).toBe('Use /dashboard, /dashboard rotate or /dashboard public on|off.');
    expect(await ask(w, ada, group, '/dashboard@mia_bot rotate now')).toBe('Use /dashboard, /dashboard rotate or /dashboard public on|off.');
    expect(await tokenOf(group)).toBe(fresh);
  });

  it('in Russian; and in a private chat it points to the group', async () => {
    const { group, players } = await groupOf(w, ['Vera', 'Gleb'], 'ru', 'Кости');
    const [vera, gleb] = players as [SimUser, SimUser];
    const token = await tokenOf(group);
    expect(await ask(w, gleb, group, '/dashboard@mia_bot')).toContain(`📺 Столы этой группы — текущие и прошлые: https://mia.example.org/g/${token}`);
    expect(await ask(w, gleb, group, '/dashboard@mia_bot rotate')).toBe('Менять ссылку на дашборд могут только админы группы.');
    const rotated = await ask(w, vera, group, '/dashboard@mia_bot rotate');
    expect(rotated).toBe(`🔄 Новая ссылка на столы группы: https://mia.example.org/g/${await tokenOf(group)}\nСтарая ссылка больше не работает.`);
    expect(await tokenOf(group)).not.toBe(token);

    const before = w.sim.messages(vera.privateChat(w.token)).length;
    vera.send(w.token, '/dashboard');
    const reply = await w.sim.waitFor(() =>
      w.sim
        .messages(vera.privateChat(w.token))
        .slice(before)
        .find((m) => m.from?.is_bot),
    );
    expect(reply.text).toBe('/dashboard gives a group’s link: send it in the group.');
  });
});

describe('/extend and a lobby that nobody starts', () => {
  const clock = shiftedClock();
  let w: World;
  beforeAll(async () => {
    w = await world({ seed: 52, now: clock.now });
    w.sim.setLimits(false);
  });
  afterAll(() => w.close());

  it('players, the creator and admins extend the lobby by 5 minutes, up to 30; others may not', async () => {
    const { group, players } = await groupOf(w, ['Ada', 'Bo', 'Cleo', 'Dov']);
    const [ada, bo, cleo, dov] = players as [SimUser, SimUser, SimUser, SimUser];
    expect(await ask(w, bo, group, '/extend@mia_bot')).toBe('There is no open lobby to extend. Open one with /newgame.');
    // Bo opens the lobby; Cleo joins.
    await openLobby(w, group, bo, [cleo]);
    expect(await ask(w, cleo, group, '/extend@mia_bot')).toBe('⏳ The lobby stays open 15 more minutes.');
    expect(await ask(w, dov, group, '/extend@mia_bot')).toBe('Only players in the lobby, its creator or a group admin can extend it.');
    expect(await ask(w, bo, group, '/extend@mia_bot')).toBe('⏳ The lobby stays open 20 more minutes.'); // the creator, not seated
    expect(await ask(w, ada, group, '/extend@mia_bot')).toBe('⏳ The lobby stays open 25 more minutes.'); // an admin
    expect(await ask(w, cleo, group, '/extend@mia_bot')).toBe('⏳ The lobby stays open 30 more minutes.');
    expect(await ask(w, cleo, group, '/extend@mia_bot')).toBe('The lobby already stays open 30 more minutes, as long as it can.');
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    expect(game.deadlineAt!.getTime() - clock.now().getTime()).toBeGreaterThan(29 * 60_000);

    // Ten minutes on, there is room for five more.
    clock.advance(10 * 60);
    expect(await w.games.fireOverdue()).toBe(0);
    expect(await ask(w, cleo, group, '/extend@mia_bot')).toBe('⏳ The lobby stays open 25 more minutes.');

    // Started: nothing to extend.
    const lobby = lastWithButton(w.sim.messages(group), /Start/)!;
    await ada.press(current(w, lobby), '✋ Join');
    await w.settle();
    await bo.press(current(w, lobby), '▶️ Start');
    await w.settle();
    expect((await w.games.currentGame(BigInt(group.id)))?.status).toBe('PLAYING');
    expect(await ask(w, cleo, group, '/extend@mia_bot')).toBe('The game has already started.');
    await w.games.abort(BigInt(group.id), game.id);
  });

  it('a lobby not started within 10 minutes closes: its buttons go, the group is told, a new game can open', async () => {
    const { group, players } = await groupOf(w, ['Eve', 'Finn']);
    const [eve, finn] = players as [SimUser, SimUser];
    const lobby = await openLobby(w, group, eve, [eve, finn]);
    const gameId = (await w.games.currentGame(BigInt(group.id)))!.id;
    clock.advance(9 * 60);
    expect(await w.games.fireOverdue()).toBe(0);
    clock.advance(61);
    expect(await w.games.fireOverdue()).toBe(1);
    const notice = await w.sim.waitFor(() => w.sim.messages(group).find((m) => m.text?.startsWith('⌛')));
    expect(notice.text).toBe('⌛ The lobby has closed: nobody started the game in time. Open a new one with /newgame.');
    await w.sim.waitFor(() => buttons(current(w, lobby)).length === 0);
    expect(await w.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'ABORTED' });
    expect(await w.games.currentGame(BigInt(group.id))).toBeNull();
    // Once: another sweep finds nothing.
    expect(await w.games.fireOverdue()).toBe(0);
    expect(w.sim.messages(group).filter((m) => m.text?.startsWith('⌛'))).toHaveLength(1);
    // The group can open a new game.
    await openLobby(w, group, finn, [finn]);
    expect((await w.games.currentGame(BigInt(group.id)))?.status).toBe('LOBBY');
  });

  it('in Russian: /extend, and the lobby closing after a restart of the bot', async () => {
    const { group, players } = await groupOf(w, ['Vera', 'Gleb', 'Dasha'], 'ru', 'Кости');
    const [vera, gleb, dasha] = players as [SimUser, SimUser, SimUser];
    expect(await ask(w, gleb, group, '/extend@mia_bot')).toBe('Нет открытого лобби, которое можно продлить. Откройте новое через /newgame.');
    await openLobby(w, group, vera, [vera, gleb]);
    expect(await ask(w, gleb, group, '/extend@mia_bot')).toBe('⏳ Лобби будет открыто ещё 15 минут.');
    expect(await ask(w, dasha, group, '/extend@mia_bot')).toBe('Продлить лобби могут только его игроки, создатель или админ группы.');
    const gameId = (await w.games.currentGame(BigInt(group.id)))!.id;

    // The bot is down past the lobby's time; the next process closes it and tells the group.
    clock.advance(16 * 60);
    await w.restart();
    expect(await w.games.fireOverdue()).toBeGreaterThanOrEqual(1);
    const notice = await w.sim.waitFor(() => w.sim.messages(group).find((m) => m.text?.startsWith('⌛')));
    expect(notice.text).toBe('⌛ Лобби закрыто: игру так никто и не начал. Откройте новую через /newgame.');
    expect(await w.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).toMatchObject({ status: 'ABORTED' });
  });
});

describe('/kick', () => {
  let w: World;
  beforeAll(async () => {
    w = await world(53);
    w.sim.setLimits(false);
  });
  afterAll(() => w.close());

  it('admins remove a player, by reply, @username or name; clear answers otherwise', async () => {
    const { group, players } = await groupOf(w, ['Ada', 'Bo', 'Cleo', 'Dov']);
    const [ada, bo, cleo, dov] = players as [SimUser, SimUser, SimUser, SimUser];
    expect(await ask(w, ada, group, '/kick@mia_bot Bo')).toBe('There is no game here.');
    // Dov sits in the lobby, then is removed from it: his seat goes.
    await openLobby(w, group, ada, [ada, bo, cleo, dov]);
    expect(await ask(w, ada, group, '/kick@mia_bot @DOV')).toBe('👢 Dov was removed from the game.');
    let game = (await w.games.currentGame(BigInt(group.id)))!;
    expect(game.state.seats.map((s) => s.name)).toEqual(['Ada', 'Bo', 'Cleo']);
    await w.settle();
    expect(current(w, lastWithButton(w.sim.messages(group), /Join/)!).text).not.toContain('Dov');

    const lobby = lastWithButton(w.sim.messages(group), /Start/)!;
    await ada.press(current(w, lobby), '▶️ Start');
    await w.settle();

    const said = cleo.send(group, 'brb');
    expect(await ask(w, bo, group, '/kick@mia_bot', { replyTo: said })).toBe('Only group admins can remove players.');
    expect(await ask(w, ada, group, '/kick@mia_bot')).toBe('Reply to a message of the player with /kick, or send /kick @username or /kick Name.');
    expect(await ask(w, ada, group, '/kick@mia_bot Zed')).toBe('Zed is not playing in this game.');
    expect(await ask(w, ada, group, '/kick@mia_bot', { replyTo: dov.send(group, 'hi') })).toBe('Dov is not playing in this game.');

    expect(await ask(w, ada, group, '/kick@mia_bot', { replyTo: said })).toBe('👢 Cleo was removed from the game.');
    game = (await w.games.currentGame(BigInt(group.id)))!;
    expect(game.state.seats.find((s) => s.name === 'Cleo')!.out).toMatchObject({ reason: 'kicked' });
    expect(game.state.phase).toBe('playing');
    // Cleo was to act, so her round is void; the group is told in that round's own message.
    await w.settle();
    expect(game.state.lastRound?.ended).toBe('aborted');
    expect(tables(w, group).at(-1)?.text).toContain('🚫 The round is void: a player left.');
    expect(await ask(w, ada, group, '/kick@mia_bot cleo')).toBe('Cleo is already out of this game.');

    // Bo removed: Ada is the last one at the table and wins.
    expect(await ask(w, ada, group, '/kick@mia_bot bo')).toBe('👢 Bo was removed from the game.');
    await w.settle();
    expect(await w.games.currentGame(BigInt(group.id))).toBeNull();
    const row = await w.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(row).toMatchObject({ status: 'FINISHED', winnerId: BigInt(ada.id) });
    expect(await ask(w, ada, group, '/kick@mia_bot bo')).toBe('There is no game here.');
  });

  it('in Russian, and two players of the same name need a reply', async () => {
    const { group, players } = await groupOf(w, ['Vera', 'Gleb'], 'ru', 'Кости');
    const [vera, gleb] = players as [SimUser, SimUser];
    const twin = w.sim.user({ firstName: 'Gleb' });
    await twin.join(group);
    twin.startPrivateChat(w.token);
    await w.sim.waitFor(() => w.sim.botMessages(twin.privateChat(w.token)).length > 0);
    expect(await ask(w, gleb, group, '/kick@mia_bot Vera')).toBe('Убирать игроков могут только админы группы.');
    expect(await ask(w, vera, group, '/kick@mia_bot Vera')).toBe('Здесь нет игры.');
    await startGame(w, group, [vera, gleb, twin]);
    expect(await ask(w, vera, group, '/kick@mia_bot gleb')).toBe('Игроков с именем gleb несколько: ответьте /kick на сообщение того, кого нужно убрать.');
    expect(await ask(w, vera, group, '/kick@mia_bot Зоя')).toBe('Зоя не участвует в этой игре.');
    expect(await ask(w, vera, group, '/kick@mia_bot', { replyTo: twin.send(group, 'я тут') })).toBe('👢 Игрок Gleb убран из игры.');
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    expect(game.state.seats.filter((s) => s.out).map((s) => s.id)).toEqual([String(twin.id)]);
    expect(await ask(w, vera, group, '/kick@mia_bot', { replyTo: twin.send(group, 'эй') })).toBe('Gleb уже выбыл(а) из этой игры.');
  });
});
