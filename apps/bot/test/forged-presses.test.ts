// Callback data is untrusted: a modified client can send any data on any bot message it sees.
// Found by the fuzz test (fuzz.test.ts): a join button's data pressed in another group joined
// that group's lobby. A button counts only where the bot could have drawn it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeButton } from '../src/callback-data';
import { translator } from '../src/i18n';
import { buttonText, lastWithButton, startGame, table, world, type SimGroup, type SimUser, type World } from './support';

const t = translator('en');
let w: World;
let tableA: { group: SimGroup; players: SimUser[] };
let lobbyB: { group: SimGroup; players: SimUser[] };

beforeAll(async () => {
  w = await world(11);
  tableA = await table(w, ['Ada', 'Bo'], { title: 'A' });
  lobbyB = await table(w, ['Cy', 'Di'], { title: 'B' });
  await startGame(w, tableA.group, tableA.players);
  lobbyB.players[0]!.send(lobbyB.group, '/newgame@mia_bot');
  await w.sim.waitFor(() => lastWithButton(w.sim.messages(lobbyB.group), /Join/));
}, 60_000);

afterAll(async () => {
  await w?.close();
});

const gameIn = async (group: SimGroup) => (await w.games.currentGame(BigInt(group.id)))!;

describe('forged presses', () => {
  it('a lobby button pressed outside its group joins nobody', async () => {
    const [ada] = tableA.players as [SimUser];
    const lobby = await gameIn(lobbyB.group);
    const join = encodeButton({ gameId: lobby.id, move: 0, action: { op: 'join' } });
    const inOtherGroup = await ada.pressForged(w.sim.botMessages(tableA.group).at(-1)!, join);
    const inPrivate = await ada.pressForged(w.sim.botMessages(ada.privateChat(w.token)).at(-1)!, join);
    expect(inOtherGroup?.text).toBe(t('popup-invalid-button'));
    expect(inPrivate?.text).toBe(t('popup-invalid-button'));
    const after = await gameIn(lobbyB.group);
    expect(after.version).toBe(lobby.version);
    expect(after.state.seats.map((s) => s.name)).toEqual([]);
    // In its own group the same data joins, as the real button does.
    const [cy] = lobbyB.players as [SimUser];
    const message = lastWithButton(w.sim.messages(lobbyB.group), /Join/)!;
    expect((await cy.pressForged(message, join))?.text).toBe(t('popup-joined'));
    expect(await cy.press(message, buttonText(message, /Join/))).toMatchObject({ text: t('reject-already-joined') });
  });

  it('a move pressed in another group is refused; in the player’s private chat it counts', async () => {
    const game = await gameIn(tableA.group);
    const actor = tableA.players.find((p) => String(p.id) === game.state.round!.actor)!;
    // The starter rolled on the start: an announcement is due.
    expect(game.state.round!.stage).toBe('announce');
    const announce = encodeButton({ gameId: game.id, move: game.state.move, action: { op: 'announce', value: 31 } });
    // Another group of the actor's, where the bot has said something.
    const other = w.sim.group({ title: 'C', admins: [actor], bots: [w.token] });
    actor.send(other, '/rules@mia_bot');
    const there = await w.sim.waitFor(() => w.sim.botMessages(other).at(-1));
    expect((await actor.pressForged(there, announce))?.text).toBe(t('popup-invalid-button'));
    expect((await gameIn(tableA.group)).version).toBe(game.version);
    await actor.pressForged(w.sim.botMessages(actor.privateChat(w.token)).at(-1)!, announce);
    await w.settle();
    const announced = await gameIn(tableA.group);
    expect(announced.version).toBeGreaterThan(game.version);
    expect(announced.state.round!.actor).not.toBe(String(actor.id));
  });

  it('a lobby’s leave button takes nobody out of a running game', async () => {
    const game = await gameIn(tableA.group);
    const bo = tableA.players[1]!;
    const leave = encodeButton({ gameId: game.id, move: 0, action: { op: 'leave' } });
    expect((await bo.pressForged(w.sim.botMessages(tableA.group).at(-1)!, leave))?.text).toBe(t('reject-started'));
    const after = await gameIn(tableA.group);
    expect(after.version).toBe(game.version);
    expect(after.state.seats.find((s) => s.id === String(bo.id))?.out).toBeNull();
  });
});
