// /stats and /top through the real bot: numbers from finished games only, scoped to the group
// (all groups in a private chat), someone else's by replying to their message, in the group's
// language (or the person's, in private).
import { playerRating, playerStats, ratingBoard } from '@mia/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playToEnd, startGame, table, world, type SimGroup, type SimMessage, type SimUser, type World } from './support';

/** The bot's first message in `chat` after `user` sent `text` there. */
async function ask(w: World, user: SimUser, chat: SimGroup | string, text: string, options: { replyTo?: SimMessage } = {}) {
  const target = typeof chat === 'string' ? user.privateChat(chat) : chat;
  const before = w.sim.messages(target).length;
  user.send(chat, text, options);
  return w.sim.waitFor(() =>
    w.sim
      .messages(target)
      .slice(before)
      .find((m) => m.from?.is_bot),
  );
}

/** A finished game of `players` in `group` (short: 2 lives each). */
async function playOne(w: World, group: SimGroup, players: SimUser[]) {
  await startGame(w, group, players, { settings: { lives: 2 } });
  await playToEnd(w, group, players);
  await w.settle();
}

describe('/stats and /top', () => {
  let w: World;
  let group: SimGroup;
  let ruGroup: SimGroup;
  let ada: SimUser;
  let bo: SimUser;
  let cleo: SimUser;

  beforeAll(async () => {
    w = await world(41);
    w.sim.setLimits(false);
    const made = await table(w, ['Ada', 'Bo', 'Cleo'], { title: 'Stats night' });
    group = made.group;
    [ada, bo, cleo] = made.players as [SimUser, SimUser, SimUser];
    // The Russian group's language is set before its first message (languages are cached 10 s).
    ruGroup = w.sim.group({ title: 'Кости', admins: [ada], members: [bo], bots: [w.token] });
    await w.games.chats.setLanguage(BigInt(ruGroup.id), 'ru');
  });
  afterAll(() => w.close());

  it('someone without finished games gets a friendly answer; a game in progress does not count', async () => {
    expect((await ask(w, ada, group, '/stats@mia_bot')).text).toBe('You have no finished games in this group. Open one with /newgame!');
    await startGame(w, group, [ada, bo], { settings: { lives: 2 } });
    const reply = await ask(w, bo, group, '/stats@mia_bot');
    expect(reply.text).toBe('You have no finished games in this group. Open one with /newgame!');
    await playToEnd(w, group, [ada, bo]);
    await w.settle();
  });

  it('/stats after two games: games, wins, bluff rate, bluffs called, calls, lives lost', async () => {
    await playOne(w, group, [bo, ada]);
    const s = await playerStats(w.db.prisma, BigInt(ada.id), { chatId: BigInt(group.id) });
    expect(s.games).toBe(2);
    const reply = await ask(w, ada, group, '/stats@mia_bot');
    const lines = reply.text!.split('\n');
    expect(lines[0]).toBe('📊 Statistics: Ada — games in this group');
    expect(reply.entities?.some((e) => e.type === 'bold')).toBe(true);
    const pct = (x: number | null) => Math.round((x ?? 0) * 100);
    const r = (await playerRating(w.db.prisma, ada.id.toString(), { chatId: BigInt(group.id) }))!;
    expect(r).toMatchObject({ games: 2, provisional: true, trendGames: 2 });
    const trend = Math.round(r.trend);
    expect(lines[1]).toBe(
      `📈 Rating: ${Math.round(r.rating)} · #${r.position} of 2 · ${trend > 0 ? `▲ +${trend}` : trend < 0 ? `▼ −${-trend}` : '= 0'} over the last 2 games (provisional: 2 of 10 games)`,
    );
    lines.splice(1, 1);
    expect(lines[1]).toBe(`🎲 Games: 2 · wins: ${s.wins} (${pct(s.winRate)}%)`);
    const looked = s.announcements.truthful + s.announcements.over + s.announcements.under;
    expect(lines[2]).toBe(
      s.bluffRate === null
        ? '🤥 Bluff rate: — (no announcement after looking yet)'
        : `🤥 Bluff rate: ${pct(s.bluffRate)}% (${s.announcements.over} ${s.announcements.over === 1 ? 'bluff' : 'bluffs'} in ${looked} ${looked === 1 ? 'announcement' : 'announcements'} after looking)`,
    );
    const times = (n: number) => (n === 1 ? 'once' : `${n} times`);
    expect(lines[3]).toBe(`🫵 Caught bluffing ${times(s.calledOn.bluffsCalled)} · caught others bluffing ${times(s.calls.bluffsCaught)}`);
    expect(lines[4]).toBe(
      s.calls.total === 0 ? '✅ Right calls: — (no “liar!” calls yet)' : `✅ Right calls: ${s.calls.right} of ${s.calls.total} (${pct(s.calls.accuracy)}%)`,
    );
    // Two games of 2 lives: whoever did not win lost both lives each time.
    expect(s.livesLost.total).toBeGreaterThan(0);
    expect(lines[5]).toMatch(new RegExp(`^💔 Lives lost: ${s.livesLost.total} — `));
    if (s.livesLost.caughtBluffing) expect(lines[5]).toContain(`caught bluffing: ${s.livesLost.caughtBluffing}`);
    if (s.livesLost.wrongCall) expect(lines[5]).toContain(`wrong calls: ${s.livesLost.wrongCall}`);
    expect(lines).toHaveLength(6);

    // Ada and Bo played both games: two wins between them.
    const bos = await playerStats(w.db.prisma, BigInt(bo.id), { chatId: BigInt(group.id) });
    expect(s.wins + bos.wins).toBe(2);
  });

  it('/stats in reply to someone’s message gives theirs; to the bot’s, a polite no', async () => {
    const said = bo.send(group, 'good game!');
    const reply = await ask(w, cleo, group, '/stats@mia_bot', { replyTo: said });
    expect(reply.text!.split('\n')[0]).toBe('📊 Statistics: Bo — games in this group');
    const bos = await playerStats(w.db.prisma, BigInt(bo.id), { chatId: BigInt(group.id) });
    expect(reply.text).toContain(`🎲 Games: 2 · wins: ${bos.wins} (`);
    // Cleo has not played: asked about herself she gets the friendly answer, about Bo his numbers.
    expect((await ask(w, cleo, group, '/stats@mia_bot')).text).toBe('You have no finished games in this group. Open one with /newgame!');
    const aboutCleo = await ask(w, ada, group, '/stats@mia_bot', { replyTo: w.sim.messages(group).findLast((m) => m.from?.id === cleo.id)! });
    expect(aboutCleo.text).toBe('Cleo has no finished games in this group. Open one with /newgame!');
    const botMessage = w.sim.messages(group).findLast((m) => m.from?.is_bot)!;
    expect((await ask(w, ada, group, '/stats@mia_bot', { replyTo: botMessage })).text).toBe('🤖 I keep statistics for people only.');
  });

  it('/top ranks the group’s people by rating, with games, wins, win rate and bluff rate', async () => {
    const reply = await ask(w, cleo, group, '/top@mia_bot');
    const lines = reply.text!.split('\n');
    expect(lines[0]).toBe('🏆 Ratings — Stats night');
    const board = await ratingBoard(w.db.prisma, { chatId: BigInt(group.id) });
    expect(board.map((r) => r.firstName).sort()).toEqual(['Ada', 'Bo']);
    expect(board[0]!.rating).toBeGreaterThanOrEqual(board[1]!.rating);
    const word = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    board.forEach((r, i) => {
      const bluff = r.bluffRate === null ? '—' : `${Math.round(r.bluffRate * 100)}%`;
      expect(lines[1 + i]).toBe(
        `${['🥇', '🥈'][i]} ${r.firstName} — ${Math.round(r.rating)}* · 2 games, ${word(r.wins, 'win', 'wins')} (${Math.round(r.winRate * 100)}%) · bluffs ${bluff}`,
      );
    });
    // The bold rating is markup, not text.
    expect(reply.entities?.filter((e) => e.type === 'bold').length).toBeGreaterThanOrEqual(3);
    expect(lines.at(-1)).toBe(
      'Finished games in this group. The rating is cautious: it rises with good results and with how sure it is of them. * provisional until 10 games.',
    );
    expect(reply.text).not.toContain('Cleo'); // never played here
    expect(reply.text).not.toContain('Computer players'); // no computer played here
  });

  it('in Russian: /stats (own, in reply) and /top in a group whose language is ru', async () => {
    expect((await ask(w, bo, ruGroup, '/top@mia_bot')).text).toBe('В этой группе ещё нет завершённых игр. Начните с /newgame!');
    expect((await ask(w, bo, ruGroup, '/stats@mia_bot')).text).toBe('У вас пока нет завершённых игр в этой группе. Начните с /newgame!');
    await playOne(w, ruGroup, [ada, bo]);
    const s = await playerStats(w.db.prisma, BigInt(bo.id), { chatId: BigInt(ruGroup.id) });
    const own = await ask(w, bo, ruGroup, '/stats@mia_bot');
    const lines = own.text!.split('\n');
    expect(lines[0]).toBe('📊 Статистика: Bo — игры в этой группе');
    expect(lines[2]).toBe(`🎲 Игры: 1 · победы: ${s.wins} (${s.wins * 100}%)`);
    expect(lines[1]).toMatch(/^📈 Рейтинг: \d+ · №[12] из 2 · (▲ \+\d+|▼ −\d+|= 0) за последнюю игру \(предварительный: 1 из 10 игр\)$/);
    expect(lines[3]).toMatch(/^🤥 Доля блефа: /);
    expect(lines[4]).toMatch(/^🫵 Пойман на блефе: \d+ раза? · поймал других на блефе: \d+ раза?$/);
    expect(lines[6]).toMatch(/^💔 Потеряно жизней: \d+/);

    const said = ada.send(ruGroup, 'ещё партию?');
    const theirs = await ask(w, bo, ruGroup, '/stats@mia_bot', { replyTo: said });
    expect(theirs.text!.split('\n')[0]).toBe('📊 Статистика: Ada — игры в этой группе');

    const top = await ask(w, ada, ruGroup, '/top@mia_bot');
    const winner = s.wins === 1 ? 'Bo' : 'Ada';
    const loser = s.wins === 1 ? 'Ada' : 'Bo';
    expect(top.text).toMatch(
      new RegExp(
        `^🏆 Рейтинг — Кости\\n🥇 ${winner} — \\d+\\* · 1 игра, 1 победа \\(100%\\) · блеф (\\d+%|—)\\n🥈 ${loser} — \\d+\\* · 1 игра, 0 побед \\(0%\\) · блеф`,
      ),
    );
    // The group's games only: the English group's two games are not in here.
    expect(top.text).not.toContain('2 игры');
  });

  it('in a private chat /stats covers every group, in the person’s language; /top points to a group', async () => {
    const reply = await ask(w, ada, w.token, '/stats');
    expect(reply.text!.split('\n')[0]).toBe('📊 Statistics: Ada — games in all groups');
    expect(reply.text).toContain('🎲 Games: 3 · wins: ');
    expect((await ask(w, ada, w.token, '/top')).text).toBe('/top shows a group’s ratings: send it in the group.');

    // Telegram says Dana speaks Slovak: her private chat is in Slovak.
    const dana = w.sim.user({ firstName: 'Dana', languageCode: 'sk' });
    dana.startPrivateChat(w.token);
    await w.sim.waitFor(() => w.sim.botMessages(dana.privateChat(w.token)).length > 0);
    expect((await ask(w, dana, w.token, '/stats')).text).toBe('Zatiaľ nemáš žiadnu dohratú hru. Začni jednu cez /newgame!');
    expect((await ask(w, dana, w.token, '/top')).text).toBe('/top ukazuje hodnotenie skupiny: pošli ho v skupine.');
  });
});
