import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buttons,
  current,
  expectNoDiceLeak,
  lastWithButton,
  shiftedClock,
  startGame,
  table,
  tables,
  world,
  type SimGroup,
  type SimMessage,
  type SimUser,
  type World,
} from './support';

const hhmmss = (d: Date) => d.toISOString().slice(11, 19);

/**
 * Turn deadlines through the bot (default settings: 90 s a turn, out after 2 missed turns in a
 * row). The game service runs with its timers on and a clock the test moves, so a deadline passes
 * when the test says; `fireOverdue()` (and `recover()` after a restart) fire what is due.
 */
describe('turn deadlines', () => {
  let w: World;
  let group: SimGroup;
  let players: SimUser[];
  let gameId: string;
  const clock = shiftedClock();
  let idler: SimUser; // round 1's starter, who never acts
  let idlerPrompt: SimMessage;

  beforeAll(async () => {
    w = await world({ seed: 31, timers: true, now: clock.now });
    w.sim.setLimits(false);
    ({ group, players } = await table(w, ['Ada', 'Bo', 'Cleo'], { title: 'Slow night' }));
  });
  afterAll(() => w.close());

  const game = async () => (await w.games.game(gameId))!;
  const byId = (id: string) => players.find((p) => String(p.id) === id)!;
  const liveTable = () => tables(w, group).at(-1)!;
  const privateMessages = (u: SimUser) => w.sim.messages(u.privateChat(w.token));
  const announceLowest = async (u: SimUser) => {
    const prompt = lastWithButton(privateMessages(u), /./)!;
    await u.press(prompt, buttons(prompt).at(-1)!);
    await w.settle();
  };
  const onTable = async (u: SimUser, label: RegExp) => {
    const message = lastWithButton(w.sim.messages(group), label)!;
    const popup = await u.press(message, buttons(message).find((b) => label.test(b))!);
    await w.settle();
    return popup;
  };

  const FACES = '⚀⚁⚂⚃⚄⚅';
  const faces = (dice: readonly number[]) => dice.map((d) => FACES[d - 1]).join('');
  /** A message's old buttons' callback data, as a modified client could still send them. */
  const oldData = (m: SimMessage) => [...new Set(m.history.flatMap((h) => (h.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.callback_data!)))];

  it('shows the turn’s deadline in the starter’s private prompt (the round has no group message yet)', async () => {
    const started = clock.now();
    const g = await startGame(w, group, players);
    gameId = g.id;
    idler = byId(g.state.round!.actor);
    expect(g.state.round).toMatchObject({ number: 1, stage: 'announce' });
    expect(g.deadlineAt!.getTime() - started.getTime()).toBeGreaterThanOrEqual(90_000);
    expect(g.deadlineAt!.getTime() - started.getTime()).toBeLessThan(95_000);
    idlerPrompt = lastWithButton(privateMessages(idler), /./)!;
    expect(idlerPrompt.text).toMatch(/^🎲 Mia — round 1 · you start\n/);
    expect(idlerPrompt.text).toContain('🎲 Your dice: ');
    expect(idlerPrompt.text).toMatch(new RegExp(`\n⏱ (89|90) seconds left \\(until ${hhmmss(g.deadlineAt!)} UTC\\)\n`));
    // The group has the lobby, closed, saying who starts; round 1's message comes with its first announcement.
    expect(tables(w, group)).toHaveLength(0);
    expect(w.sim.botMessages(group).at(-1)!.text).toContain(`▶️ The game has started: ${idler.firstName} starts round 1.`);
  });

  it('nothing fires before the deadline', async () => {
    clock.advance(85);
    const before = await game();
    const groupMessages = w.sim.botMessages(group).length;
    expect(await w.games.fireOverdue()).toBe(0);
    await w.settle();
    expect((await game()).version).toBe(before.version);
    expect(w.sim.botMessages(group)).toHaveLength(groupMessages);
    expect(buttons(current(w, idlerPrompt)).length).toBeGreaterThan(0);
  });

  it('a missed turn: a life lost, told in the round’s one message, and the next player starts, dice rolled', async () => {
    clock.advance(6);
    expect(await w.games.fireOverdue()).toBe(1);
    await w.settle();
    const g = await game();
    const next = byId(g.state.round!.actor);
    expect(next).not.toBe(idler);
    // The new round's starter has already rolled and looked, also after a missed deadline.
    expect(g.state.round).toMatchObject({ number: 2, starter: String(next.id), stage: 'announce', announcements: [] });
    expect(g.state.seats.find((s) => s.id === String(idler.id))).toMatchObject({ lives: 5, missedTurns: 1, out: null });
    // Round 1 ended before it had a message: it gets one, its outcome, with no buttons.
    expect(tables(w, group)).toHaveLength(1);
    const outcome = liveTable();
    expect(outcome.text).toMatch(/^🎲 Mia — round 1\n/);
    expect(outcome.text).toContain(`⌛ ${idler.firstName} missed the turn.\n💔 ${idler.firstName} loses a life (missed the turn)`);
    expect(outcome.text).toContain(`${idler.firstName} ❤️5`);
    expect(outcome.text).toContain(`➡️ ${next.firstName} starts round 2.`);
    expect(buttons(outcome)).toEqual([]);
    // The starter is asked privately, with their dice and the turn's deadline.
    const prompt = lastWithButton(privateMessages(next), /./)!;
    expect(prompt.text).toMatch(/^🎲 Mia — round 2 · you start\n/);
    expect(prompt.text).toContain(`🎲 Your dice: ${faces(g.state.round!.cup!.dice)} `);
    expect(prompt.text).toContain(`(until ${hhmmss(g.deadlineAt!)} UTC)`);
    // The same deadline does not fire twice.
    expect(await w.games.fireOverdue()).toBe(0);
  });

  it('the missed turn’s private prompt is closed: it tells how the round ended and has no buttons', () => {
    const shown = current(w, idlerPrompt);
    expect(shown.text).toMatch(/^🏁 Round 1 is over\.\n/);
    // Their own chat says it to them.
    expect(shown.text).toContain('⌛ You missed the turn.');
    expect(shown.text).toMatch(/💔 You lose a life/);
    expect(shown.text).not.toContain(idler.firstName);
    expect(buttons(shown)).toEqual([]);
  });

  it('the missed turn’s announcement buttons, pressed anyway (forged), are refused as out of date', async () => {
    const before = await game();
    const data = oldData(current(w, idlerPrompt));
    expect(data.length).toBeGreaterThan(0);
    for (const forged of data) {
      expect((await idler.pressForged(current(w, idlerPrompt), forged))?.text).toBe('This button is out of date: the game has moved on.');
    }
    await w.settle();
    expect((await game()).version).toBe(before.version);
  });

  it('two missed turns in a row put the player out (idleLimit 2); play goes on without them', async () => {
    // Play round 2 round to the idler's turn: the others act, the idler must respond.
    for (let i = 0; i < 10; i++) {
      const g = await game();
      const r = g.state.round!;
      if (r.actor === String(idler.id)) break;
      const actor = byId(r.actor);
      if (r.stage === 'announce') await announceLowest(actor);
      else if (r.stage === 'respond') await onTable(actor, /Believe & roll/);
      else throw new Error(`unexpected stage ${r.stage}`);
    }
    const before = await game();
    expect(before.state.round).toMatchObject({ number: 2, actor: String(idler.id) });
    expect(['respond', 'mia']).toContain(before.state.round!.stage);
    // The round's message in the group shows whose turn it is and until when.
    const live = liveTable();
    expect(live.text).toMatch(/^🎲 Mia — round 2\n/);
    const waiting = before.state.round!.stage === 'mia' ? 'Mia! Give up or look?' : 'believe and roll, or call liar?';
    expect(live.text).toContain(`⏳ ${idler.firstName}: ${waiting} — until ${hhmmss(before.deadlineAt!)} UTC`);
    expect(live.text).toContain(`▶️ ${idler.firstName} ❤️5`);
    clock.advance(91);
    expect(await w.games.fireOverdue()).toBe(1);
    await w.settle();
    const g = await game();
    expect(g.status).toBe('PLAYING');
    expect(g.state.seats.find((s) => s.id === String(idler.id))).toMatchObject({ lives: 4, out: { reason: 'idle' } });
    expect(g.state.round).toMatchObject({ number: 3, stage: 'announce' });
    // Round 2's message is edited into its outcome (the same message, no buttons left).
    const text = current(w, live).text!;
    expect(liveTable().message_id).toBe(live.message_id);
    expect(text).toContain(`${idler.firstName} ✖ idle`);
    expect(text).toContain(`⌛ ${idler.firstName} missed the turn.\n💔 ${idler.firstName} loses a life (missed the turn)`);
    expect(text).not.toContain('▶️');
    expect(text).toContain(`➡️ ${byId(g.state.round!.starter).firstName} starts round 3.`);
    expect(buttons(current(w, live))).toEqual([]);
    expect(byId(g.state.round!.actor)).not.toBe(idler);
  });

  it('a deadline that passed while the bot was down fires on recover() after a restart, and deadlines end the game', async () => {
    const before = await game();
    const late = byId(before.state.round!.actor);
    clock.advance(91);
    const recovered = await w.restart();
    expect(recovered).toEqual({ running: 1, overdue: 1 });
    // The restarted process fires it by itself (its timer is already due): round 3, which had no
    // message yet, gets one with its outcome.
    await w.sim.waitFor(() => tables(w, group).length === 3);
    await w.settle();
    const g = await game();
    expect(g.state.round).toMatchObject({ number: 4, stage: 'announce' });
    expect(liveTable().text).toMatch(/^🎲 Mia — round 3\n/);
    expect(liveTable().text).toContain(`⌛ ${late.firstName} missed the turn.\n💔 ${late.firstName} loses a life (missed the turn)`);
    // Nobody acts any more: deadline after deadline, the last one left wins.
    for (let i = 0; i < 4 && (await game()).status === 'PLAYING'; i++) {
      clock.advance(91);
      expect(await w.games.fireOverdue()).toBe(1);
      await w.settle();
    }
    const final = await game();
    expect(final.status).toBe('FINISHED');
    const winner = byId(final.state.result!.winner!);
    const last = w.sim.lastMessage(group)!.text!.split('\n');
    expect(last[0]).toBe(`🏆 ${winner.firstName} wins the game of Mia!`);
    expect(last[1]).toMatch(new RegExp(`^1\\. ${winner.firstName} ❤️\\d$`));
    expect(last.at(-1)).toBe(`${final.state.round!.number} rounds played.`);
    expect(final.state.seats.filter((s) => s.out?.reason === 'idle').length).toBe(2);
    // No message of the game keeps a button.
    const chats = [group, ...players.map((p) => p.privateChat(w.token))];
    expect(
      chats
        .flatMap((c) => w.sim.botMessages(c))
        .filter((m) => buttons(m).length > 0)
        .map((m) => m.text),
    ).toEqual([]);
  });

  describe('after a missed turn, that player’s next turn (a second table, same bot)', () => {
    let second: { group: SimGroup; players: SimUser[] };
    let missed: SimUser;
    let oldPrompt: SimMessage;
    let privateBefore: number;
    let g2: string;

    it('the player who missed a turn gets the next turn’s dice privately and announces from them', async () => {
      second = await table(w, ['Eve', 'Finn'], { title: 'Second table' });
      const g = await startGame(w, second.group, second.players);
      g2 = g.id;
      const who = (id: string) => second.players.find((p) => String(p.id) === id)!;
      missed = who(g.state.round!.actor);
      const other = second.players.find((p) => p !== missed)!;
      oldPrompt = lastWithButton(privateMessages(missed), /./)!;
      clock.advance(91);
      expect(await w.games.fireOverdue()).toBe(1);
      await w.settle();
      privateBefore = privateMessages(missed).length;
      // Round 2's starter has already rolled: they announce at once.
      await announceLowest(other);
      const table2 = lastWithButton(w.sim.messages(second.group), /Believe & roll/)!;
      expect((await missed.press(table2, '✅ Believe & roll'))?.text).toBe('🎲 Rolled: your dice are in our private chat.');
      await w.settle();
      const state = (await w.games.game(g2))!.state;
      const prompt = lastWithButton(privateMessages(missed), /./)!;
      expect(prompt.text).toMatch(/^🎲 Mia — round 2 · your turn\n/);
      expect(prompt.text).toContain(`🎲 Your dice: ${faces(state.round!.cup!.dice)} `);
      await announceLowest(missed);
      expect((await w.games.game(g2))!.state.round!.actor).toBe(String(other.id));
    });

    // Was a bug of the first notifier, fixed: the timed-out turn's prompt stayed live, so the next
    // turn's dice were edited into that old message (no new message, no notification, far up the
    // chat). The planner keeps a prompt for its own turn only (screen.ts, `PromptMessage.turn`).
    it('…as one new private message, not an edit of the missed turn’s old prompt', () => {
      expect(privateMessages(missed).length).toBe(privateBefore + 1);
      const answered = privateMessages(missed).filter((m) => m.text?.startsWith('📣 Round 2: you announced'));
      expect(answered).toHaveLength(1);
      expect(answered[0]!.message_id).not.toBe(oldPrompt.message_id);
      expect(current(w, oldPrompt).text).toMatch(/^🏁 Round 1 is over\./);
      expect(buttons(current(w, oldPrompt))).toEqual([]);
    });

    it('never shows dice in that group before they are revealed', () => {
      expectNoDiceLeak(w.sim.messages(second.group));
    });
  });

  it('never shows dice in the group before they are revealed', () => {
    expectNoDiceLeak(w.sim.messages(group));
  });
});
