import { aiAction, apply, calculator, seededRng } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playTurn, startGame, table, world, type SimGroup, type SimUser, type World } from './support';

/**
 * A bot killed after the game's last move committed but before its messages went out: the game
 * is FINISHED in the database, nobody in the chat knows. The next process sends the final table
 * and the winner at start-up (Notifier.resume), once: a further restart sends nothing again.
 */
describe('a game that ended while its messages were pending', () => {
  let w: World;
  let group: SimGroup;
  let players: SimUser[];
  let gameId: string;
  const strategy = calculator();
  const winnerLines = () => w.sim.botMessages(group).filter((m) => /wins the game of Mia/.test(m.text ?? ''));

  beforeAll(async () => {
    w = await world(61);
    w.sim.setLimits(false);
    ({ group, players } = await table(w, ['Ada', 'Bo'], { title: 'Last move' }));
    gameId = (await startGame(w, group, players, { settings: { lives: 1 } })).id;
  });
  afterAll(() => w.close());

  it('the last move commits while the notifier is down: no winner in the chat yet', async () => {
    for (let turn = 0; turn < 100; turn++) {
      const game = (await w.games.game(gameId))!;
      const actor = game.state.round!.actor;
      const action = aiAction(game.state, actor, strategy, () => 0)!;
      const next = apply(game.state, action, seededRng(1));
      // Nothing random decides whether a move ends the game (a roll never does): when it will,
      // the "process dies" before its messages are sent.
      if (next.ok && next.state.phase === 'over') w.notifier.stop();
      await playTurn(w, group, players, strategy);
      if ((await w.games.game(gameId))!.status === 'FINISHED') break;
    }
    const game = (await w.games.game(gameId))!;
    expect(game.status).toBe('FINISHED');
    expect(winnerLines()).toHaveLength(0);
  });

  it('the next process sends the final table and the winner at start-up', async () => {
    const game = (await w.games.game(gameId))!;
    const winner = game.state.seats.find((s) => s.id === game.state.result!.winner)!.name;
    await w.restart();
    await w.settle();
    const loser = game.state.seats.find((s) => s.id !== game.state.result!.winner)!.name;
    const rounds = game.state.round!.number;
    expect(winnerLines().map((m) => m.text)).toEqual([
      [`🏆 ${winner} wins the game of Mia!`, `1. ${winner} ❤️1`, `2. ${loser}`, `${rounds} ${rounds === 1 ? 'round' : 'rounds'} played.`].join('\n'),
    ]);
    // The last round's message is edited into its outcome, without buttons, before the winner's.
    const last = w.sim
      .botMessages(group)
      .filter((m) => /^🎲 Mia — round/.test(m.text ?? ''))
      .at(-1)!;
    expect(last.text).toMatch(new RegExp(`^🎲 Mia — round ${rounds}\\n`));
    expect(last.text).toContain(`💔 ${loser} loses`);
    expect(last.reply_markup?.inline_keyboard.flat() ?? []).toHaveLength(0);
    expect(last.message_id).toBeLessThan(winnerLines()[0]!.message_id);
    // No private prompt keeps buttons either.
    for (const p of players) for (const m of w.sim.botMessages(p.privateChat(w.token))) expect(m.reply_markup?.inline_keyboard.flat() ?? []).toHaveLength(0);
  });

  it('a further restart does not announce it again', async () => {
    await w.restart();
    await w.settle();
    expect(winnerLines()).toHaveLength(1);
  });
});
