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

  it('shows each turn’s deadline on the table', async () => {
    const started = clock.now();
    const g = await startGame(w, group, players);
    gameId = g.id;
    idler = byId(g.state.round!.actor);
    expect(g.state.round).toMatchObject({ number: 1, stage: 'announce' });
    expect(g.deadlineAt!.getTime() - started.getTime()).toBeGreaterThanOrEqual(90_000);
    expect(g.deadlineAt!.getTime() - started.getTime()).toBeLessThan(95_000);
    expect(liveTable().text).toContain(`⏳ ${idler.firstName}'s turn to announce — until ${hhmmss(g.deadlineAt!)} UTC`);
    idlerPrompt = lastWithButton(privateMessages(idler), /./)!;
    expect(idlerPrompt.text).toMatch(/^🎲 Your dice: /);
  });

  it('nothing fires before the deadline', async () => {
    clock.advance(85);
    const before = await game();
    expect(await w.games.fireOverdue()).toBe(0);
    await w.settle();
    expect((await game()).version).toBe(before.version);
    expect(tables(w, group)).toHaveLength(1);
  });

  it('a missed turn: a life lost, shown on the next round’s table, and the next player starts', async () => {
    clock.advance(6);
    expect(await w.games.fireOverdue()).toBe(1);
    await w.settle();
    const g = await game();
    const next = byId(g.state.round!.actor);
    expect(next).not.toBe(idler);
    expect(g.state.round).toMatchObject({ number: 2, starter: String(next.id), stage: 'roll', announcements: [] });
    expect(g.state.seats.find((s) => s.id === String(idler.id))).toMatchObject({ lives: 5, missedTurns: 1, out: null });
    expect(tables(w, group)).toHaveLength(2);
    const text = liveTable().text!;
    expect(text).toMatch(/^🎲 Mia — round 2\n/);
    expect(text).toContain(`${idler.firstName} ⚄`); // 5 lives
    expect(text).toContain(`Last round:\n⌛ ${idler.firstName} missed the turn.\n💔 ${idler.firstName} loses a life (missed the turn)`);
    expect(text).toContain(`⏳ ${next.firstName}'s turn to roll — until ${hhmmss(g.deadlineAt!)} UTC`);
    // A deadline's new round starts at the roll: the starter is asked privately.
    expect(lastWithButton(privateMessages(next), /Roll and look/)?.text).toMatch(/^🎲 Your turn to roll\./);
    // The same deadline does not fire twice.
    expect(await w.games.fireOverdue()).toBe(0);
  });

  it('the missed turn’s private announcement buttons are refused as out of date', async () => {
    const before = await game();
    const shown = current(w, idlerPrompt);
    if (buttons(shown).length === 0) return; // the notifier closed the prompt: nothing left to press
    const popup = await idler.press(shown, buttons(shown).at(-1)!);
    expect(popup?.text).toBe('This button is out of date: the game has moved on.');
    await w.settle();
    expect((await game()).version).toBe(before.version);
  });

  // Was a bug (apps/bot/src/notifier.ts, handle(), fixed: closePrompt runs only for `announced` events): when a
  // turn times out, the player's private prompt keeps its announcement buttons (pressing them is
  // refused, but they look live), and it stays in `refs.prompts`, so that player's next private
  // prompt is edited into this old message far up the chat instead of arriving as a new one. A
  // `turnMissed` (and a round ending) should close the actor's prompt like an announcement does.
  it('the missed turn’s private prompt loses its buttons', () => {
    expect(buttons(current(w, idlerPrompt))).toEqual([]);
  });

  it('two missed turns in a row put the player out (idleLimit 2); play goes on without them', async () => {
    // Play round 2 round to the idler's turn: the others act, the idler must respond.
    for (let i = 0; i < 10; i++) {
      const g = await game();
      const r = g.state.round!;
      if (r.actor === String(idler.id)) break;
      const actor = byId(r.actor);
      if (r.stage === 'roll') {
        await actor.press(lastWithButton(privateMessages(actor), /Roll and look/)!, '🎲 Roll and look');
        await w.settle();
      } else if (r.stage === 'announce') await announceLowest(actor);
      else if (r.stage === 'respond') await onTable(actor, /Believe & roll/);
      else throw new Error(`unexpected stage ${r.stage}`);
    }
    const before = await game();
    expect(before.state.round).toMatchObject({ number: 2, actor: String(idler.id) });
    expect(['respond', 'mia']).toContain(before.state.round!.stage);
    clock.advance(91);
    expect(await w.games.fireOverdue()).toBe(1);
    await w.settle();
    const g = await game();
    expect(g.status).toBe('PLAYING');
    expect(g.state.seats.find((s) => s.id === String(idler.id))).toMatchObject({ lives: 4, out: { reason: 'idle' } });
    expect(g.state.round).toMatchObject({ number: 3, stage: 'roll' });
    const text = liveTable().text!;
    expect(text).toContain(`${idler.firstName} ✖ (idle)`);
    expect(text).toContain(`⌛ ${idler.firstName} missed the turn.\n💔 ${idler.firstName} loses a life (missed the turn)`);
    expect(text).not.toMatch(new RegExp(`▶️ ${idler.firstName}`));
    expect(byId(g.state.round!.actor)).not.toBe(idler);
  });

  it('a deadline that passed while the bot was down fires on recover() after a restart, and deadlines end the game', async () => {
    const before = await game();
    const late = byId(before.state.round!.actor);
    clock.advance(91);
    const recovered = await w.restart();
    expect(recovered).toEqual({ running: 1, overdue: 1 });
    // The restarted process fires it by itself (its timer is already due): a new round is drawn.
    await w.sim.waitFor(() => tables(w, group).length === 4);
    await w.settle();
    const g = await game();
    expect(g.state.round).toMatchObject({ number: 4, stage: 'roll' });
    expect(liveTable().text).toContain(`Last round:\n⌛ ${late.firstName} missed the turn.\n💔 ${late.firstName} loses a life (missed the turn)`);
    // Nobody acts any more: deadline after deadline, the last one left wins.
    for (let i = 0; i < 4 && (await game()).status === 'PLAYING'; i++) {
      clock.advance(91);
      expect(await w.games.fireOverdue()).toBe(1);
      await w.settle();
    }
    const final = await game();
    expect(final.status).toBe('FINISHED');
    const winner = byId(final.state.result!.winner!);
    expect(w.sim.lastMessage(group)?.text).toBe(`🏆 ${winner.firstName} wins the game of Mia!`);
    expect(final.state.seats.filter((s) => s.out?.reason === 'idle').length).toBe(2);
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
      await other.press(lastWithButton(privateMessages(other), /Roll and look/)!, '🎲 Roll and look');
      await w.settle();
      await announceLowest(other);
      privateBefore = privateMessages(missed).length;
      const table2 = lastWithButton(w.sim.messages(second.group), /Believe & roll/)!;
      expect((await missed.press(table2, '✅ Believe & roll'))?.text).toBe('🎲 Rolled: your dice are in our private chat.');
      await w.settle();
      const state = (await w.games.game(g2))!.state;
      const dice = state.round!.cup!.dice;
      const prompt = lastWithButton(privateMessages(missed), /./)!;
      expect(prompt.text).toMatch(new RegExp(`^🎲 Your dice: ${dice.map((d) => '⚀⚁⚂⚃⚄⚅'[d - 1]).join('')}`));
      await announceLowest(missed);
      expect((await w.games.game(g2))!.state.round!.actor).toBe(String(other.id));
    });

    // Was a bug (apps/bot/src/notifier.ts, sendPrivate + closePrompt), fixed: the timed-out turn's prompt stayed
    // in `refs.prompts`, so the next turn's dice were edited into that old message (no new message,
    // no notification, far up the chat) instead of being sent as a new one.
    it('…as a new private message, not an edit of the missed turn’s old prompt', () => {
      expect(privateMessages(missed).length).toBe(privateBefore + 1);
      const answered = privateMessages(missed).filter((m) => m.text?.startsWith('📣 You announced'));
      expect(answered).toHaveLength(1);
      expect(answered[0]!.message_id).not.toBe(oldPrompt.message_id);
    });

    it('never shows dice in that group before they are revealed', () => {
      expectNoDiceLeak(w.sim.messages(second.group));
    });
  });

  it('never shows dice in the group before they are revealed', () => {
    expectNoDiceLeak(w.sim.messages(group));
  });
});
