import { calculator, type GameState } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimLabel } from '../src/render/claims';
import {
  buttons,
  current,
  expectNoDiceLeak,
  lastWithButton,
  playToEnd,
  playTurn,
  startGame,
  table,
  tables,
  world,
  type SimGroup,
  type SimMessage,
  type SimUser,
  type World,
} from './support';

/**
 * The bot process restarted mid-game: runner, notifier and game service stopped, new ones on the
 * same database and the same Telegram, `recover()`. The buttons on messages sent before the
 * restart carry the game and the move, so the players carry on pressing them.
 */
describe('a restart in the middle of a game', () => {
  let w: World;
  let group: SimGroup;
  let players: SimUser[];
  let gameId: string;
  const strategy = calculator();

  beforeAll(async () => {
    w = await world(51);
    w.sim.setLimits(false);
    ({ group, players } = await table(w, ['Ada', 'Bo', 'Cleo'], { title: 'Restart night' }));
  });
  afterAll(() => w.close());

  const game = async () => (await w.games.game(gameId))!;
  const byId = (id: string) => players.find((p) => String(p.id) === id)!;
  const privateMessages = (u: SimUser) => w.sim.messages(u.privateChat(w.token));
  /** Plays AI turns until `stop` holds for the game's state. */
  const playUntil = async (stop: (s: GameState) => boolean) => {
    for (let i = 0; i < 50 && !stop((await game()).state); i++) await playTurn(w, group, players, strategy);
    expect(stop((await game()).state)).toBe(true);
  };

  let promptBefore: SimMessage;
  /** The callback data the prompt's buttons carried before the restart. */
  let promptData: string[];
  let actor: SimUser;
  let versionBefore: number;
  let tablesBefore: number;
  /** The round's message while the receiver decided, and its buttons' data then. */
  let tableBefore: SimMessage;
  let tableData: string[];
  const dataOf = (m: SimMessage) => (m.reply_markup?.inline_keyboard ?? []).flat().map((b) => ('callback_data' in b ? b.callback_data! : ''));
  /** "🎯 42 · 78%" → "42": the claim a button names. */
  const claimOf = (label: string) => label.replace(/^🎯 /, '').replace(/ · \d+%$/, '');

  it('plays a few turns, then stops the bot while a player holds their dice', async () => {
    gameId = (await startGame(w, group, players, { settings: { lives: 3 } })).id;
    for (let i = 0; i < 3; i++) await playTurn(w, group, players, strategy);
    // A receiver who believed and rolled: the round's message is in the group already.
    await playUntil((s) => s.round?.stage === 'announce' && s.round.announcements.length > 0);
    const g = await game();
    actor = byId(g.state.round!.actor);
    promptBefore = lastWithButton(privateMessages(actor), /./)!;
    expect(promptBefore.text).toMatch(new RegExp(`^🎲 Mia — round ${g.state.round!.number} · your turn\n`));
    expect(promptBefore.text).toMatch(/^🎲 Your dice: [⚀⚁⚂⚃⚄⚅]{2} /m);
    promptData = dataOf(promptBefore);
    versionBefore = g.version;
    tablesBefore = tables(w, group).length;
    expect(tables(w, group).at(-1)!.text).toMatch(new RegExp(`^🎲 Mia — round ${g.state.round!.number}\n`));

    const recovered = await w.restart();
    expect(recovered).toEqual({ running: 1, overdue: 0 });
    expect((await game()).version).toBe(versionBefore); // nothing happened on the way down or up
  });

  it('after the restart the player announces with a button of the message sent before it', async () => {
    const state = (await game()).state;
    const label = buttons(current(w, promptBefore)).at(-1)!;
    const claim = claimOf(label);
    const popup = await actor.press(current(w, promptBefore), label);
    await w.settle();
    expect(popup?.text ?? '').not.toMatch(/out of date|not your turn|over/);
    const g = await game();
    expect(g.version).toBeGreaterThan(versionBefore);
    const last = g.state.round!.announcements.at(-1)!;
    expect(last.player).toBe(String(actor.id));
    expect(claimLabel(state.settings.ranking, last.value)).toBe(claim);
    // The round's message shows it.
    expect(tables(w, group).at(-1)!.text).toContain(`📣 ${actor.firstName}: ${claim}`);
  });

  // Was a bug (apps/bot/src/notifier.ts: `refs` — the table message of each round, each player's open
  // prompt — live only in memory), fixed: after a restart the first change of the round in play is sent as
  // a NEW table message instead of editing the round's table, so the round shows twice and the old
  // copy keeps live-looking buttons; and the prompt the player just answered keeps its announcement
  // buttons, because the new process does not know it. The message ids should be persisted (e.g.
  // on the Game row) or recovered, so a restart is invisible in the chat.
  it('…and the round’s table is edited in place, the answered prompt closed, as without a restart', async () => {
    expect(tables(w, group)).toHaveLength(tablesBefore);
    const closed = current(w, promptBefore);
    expect(buttons(closed)).toEqual([]);
    const g = await game();
    const last = g.state.round!.announcements.at(-1)!;
    const to = byId(g.state.round!.actor);
    expect(closed.text).toBe(
      `📣 Round ${g.state.round!.number}: you announced ${claimLabel(g.state.settings.ranking, last.value)}; the cup went to ${to.firstName}.`,
    );
  });

  it('a second restart while the receiver must decide: the table’s buttons from before it still work', async () => {
    await playUntil((s) => s.round?.stage === 'respond');
    const g = await game();
    const receiver = byId(g.state.round!.actor);
    tableBefore = lastWithButton(w.sim.messages(group), /Liar/)!;
    tableData = dataOf(tableBefore);
    const n = g.state.round!.number;
    await w.restart();
    const popup = await receiver.press(current(w, tableBefore), '❗ Liar!');
    await w.settle();
    expect(popup?.text ?? '').not.toMatch(/out of date|not your turn|over/);
    const after = await game();
    expect(after.version).toBeGreaterThan(g.version);
    expect(after.state.round!.number).toBe(n + 1);
    // The round's own message (the one pressed) is edited into its outcome, without buttons.
    const outcome = current(w, tableBefore);
    expect(outcome.text).toMatch(new RegExp(`^🎲 Mia — round ${n}\\n[\\s\\S]*❗ ${receiver.firstName} calls liar: [⚀⚁⚂⚃⚄⚅]{2} [\\s\\S]*💔 `));
    expect(outcome.text).toContain(`➡️ ${byId(after.state.round!.starter).firstName} starts round ${n + 1}.`);
    expect(outcome.reply_markup).toBeUndefined();
    expect(tables(w, group).filter((m) => m.text!.startsWith(`🎲 Mia — round ${n}\n`))).toHaveLength(1);
  });

  it('a press from before a restart that the game has moved past is refused and changes nothing', async () => {
    const before = await game();
    // No old message keeps buttons; their old callback data, sent anyway (a modified client), is refused.
    expect(buttons(current(w, promptBefore))).toEqual([]);
    expect(buttons(current(w, tableBefore))).toEqual([]);
    const forged = [
      ...promptData.slice(0, 2).map((data) => ({ by: actor, on: promptBefore, data })),
      ...tableData.slice(0, 2).map((data) => ({ by: byId(before.state.round!.actor), on: tableBefore, data })),
    ];
    expect(forged).toHaveLength(4);
    for (const { by, on, data } of forged) {
      expect(await by.pressForged(current(w, on), data)).toEqual({ text: 'This button is out of date: the game has moved on.', show_alert: false });
    }
    await w.settle();
    expect((await game()).version).toBe(before.version);
  });

  it('the game carries on to a winner, with one more restart on the way', async () => {
    await playTurn(w, group, players, strategy);
    await w.restart();
    await playToEnd(w, group, players);
    const final = await w.db.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    expect(final.status).toBe('FINISHED');
    const winner = byId(String(final.winnerId));
    const end = w.sim.lastMessage(group)!.text!.split('\n');
    expect(end[0]).toBe(`🏆 ${winner.firstName} wins the game of Mia!`);
    expect(end[1]).toMatch(new RegExp(`^1\\. ${winner.firstName} ❤️\\d$`));
    expect(w.sim.messages(group).filter((m) => m.text?.includes('wins the game of Mia'))).toHaveLength(1);
    // The event log is whole: every version once, in order.
    const seqs = (await w.db.prisma.gameEvent.findMany({ where: { gameId }, select: { seq: true }, orderBy: { seq: 'asc' } })).map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: final.version }, (_, i) => i + 1));
    // Every round has exactly one message, in order, restarts or not, each ending in its outcome.
    const rounds = await w.db.prisma.round.count({ where: { game: { id: gameId } } });
    const numbers = tables(w, group).map((m) => Number(/round (\d+)/.exec(m.text!)![1]));
    expect(numbers).toEqual(Array.from({ length: rounds }, (_, i) => i + 1));
    expect(end.at(-1)).toBe(`${rounds} rounds played.`);
    for (const m of tables(w, group)) {
      expect(m.reply_markup).toBeUndefined();
      expect(m.text).toMatch(/💔/);
    }
  });

  it('never shows dice in the group before they are revealed', () => {
    expectNoDiceLeak(w.sim.messages(group));
  });
});
