import { calculator } from '@mia/engine';
import { claimLabel } from '../src/render/claims';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastWithButton, playTurn, startGame, table, world, type SimGroup, type SimMessage, type SimUser, type World } from './support';

/**
 * A bot killed after an announcement committed but before its messages went out (or a press
 * that commits while the start-up redraw waits its turn): the next process draws the game from
 * the events since its messages last went out, so the announcer's prompt closes saying what they
 * announced and to whom, as without a restart, not only "this turn is over".
 */
describe('an announcement committed while the notifier was down', () => {
  let w: World;
  let group: SimGroup;
  let players: SimUser[];
  let gameId: string;
  const strategy = calculator();

  beforeAll(async () => {
    w = await world(71);
    w.sim.setLimits(false);
    ({ group, players } = await table(w, ['Ada', 'Bo', 'Cleo'], { title: 'Down a moment' }));
    gameId = (await startGame(w, group, players, { settings: { lives: 3 } })).id;
  });
  afterAll(() => w.close());

  it('closes the announcer’s prompt with their announcement after the restart', async () => {
    const game = async () => (await w.games.game(gameId))!;
    for (let i = 0; i < 20 && (await game()).state.round?.stage !== 'announce'; i++) await playTurn(w, group, players, strategy);
    const before = await game();
    expect(before.state.round?.stage).toBe('announce');
    const announcer = players.find((p) => String(p.id) === before.state.round!.actor)!;
    const prompt: SimMessage = lastWithButton(w.sim.messages(announcer.privateChat(w.token)), /./)!;
    expect(prompt.reply_markup?.inline_keyboard.flat().length).toBeGreaterThan(0);

    w.notifier.stop(); // the process "dies" between the commit and its messages
    await playTurn(w, group, players, strategy);
    const after = await game();
    expect(after.version).toBeGreaterThan(before.version);
    const shownBefore = w.sim.messages(announcer.privateChat(w.token)).find((m) => m.message_id === prompt.message_id)!;
    expect(shownBefore.reply_markup?.inline_keyboard.flat().length, 'nothing was drawn while down').toBeGreaterThan(0);

    await w.restart();
    await w.settle();
    const closed = w.sim.messages(announcer.privateChat(w.token)).find((m) => m.message_id === prompt.message_id)!;
    expect(closed.reply_markup?.inline_keyboard.flat() ?? []).toEqual([]);
    const last = after.state.round!.announcements.at(-1)!;
    const to = players.find((p) => String(p.id) === after.state.round!.actor)!;
    expect(closed.text).toBe(
      `📣 Round ${after.state.round!.number}: you announced ${claimLabel(after.state.settings.ranking, last.value)}; the cup went to ${to.firstName}.`,
    );
  });
});
