// The second guard, end to end: with the mapper deliberately broken to hand over the engine's
// whole state (cup, dice behind announcements, their class) instead of the spectator view, the
// answers still carry no secret, because routes and live messages are serialized from schemas
// that have no place for them.
import type { GameState } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GroupPage, LiveGames } from '../../shared/api';
import * as mapper from '../../server/mappers/live-game';
import { findLeaks, revealedDice, secretDice } from './leak-check';
import { ADA, BO, group, listen, LiveClient, Table, world, type World } from './support';

vi.mock('../../server/mappers/live-game', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/mappers/live-game')>();
  return {
    ...real,
    // The leak: the engine state itself as the view.
    toLiveGame: (game: mapper.LiveSource, now: Date) => ({ ...real.toLiveGame(game, now), view: game.state }),
  };
});

describe('schemas as the second guard', () => {
  let w: World;
  let base: string;
  let token: string;
  let table: Table;

  beforeAll(async () => {
    w = await world();
    base = await listen(w.app);
    token = await group(w.games, -3001n, 'Guarded');
    table = new Table(w.games, w.dice, -3001n);
    await table.open([ADA, BO]);
    await table.start([3, 1]); // Ada looks at 31 as the game starts
    await table.play({ type: 'announce', value: 52 });
    await table.play({ type: 'believe' });
    await table.play({ type: 'roll', dice: [6, 5] }); // 65 under the cup, 31 behind "52"
  });
  afterAll(() => w?.close());

  it('the broken mapper does leak (the premise)', () => {
    const leaked = mapper.toLiveGame(table.game! as mapper.LiveSource, new Date());
    expect((leaked.view as unknown as GameState).round!.cup!.dice).toEqual([6, 5]);
    expect(findLeaks(leaked, revealedDice(table.events))).not.toEqual([]);
    expect([...secretDice(table.events)].sort()).toEqual(['3,1', '6,5']);
  });

  it('the HTTP answers and the live messages still keep every secret', async () => {
    const revealed = revealedDice(table.events);
    const live = (await w.app.inject({ url: `/api/g/${token}/live` })).json() as LiveGames;
    expect(live.games[0]!.view.round!.stage).toBe('announce');
    expect(findLeaks(live, revealed)).toEqual([]);
    const page = (await w.app.inject({ url: `/api/g/${token}` })).json() as GroupPage;
    expect(findLeaks(page, revealed)).toEqual([]);
    expect(page.live[0]!.view.round!.announcements).toEqual([{ player: expect.any(String), value: 52, kind: 'looked' }]);

    const client = await LiveClient.connect(`${base}/api/g/${token}/ws`);
    const snapshot = await client.next('snapshot');
    expect(findLeaks(snapshot, revealed)).toEqual([]);
    await table.play({ type: 'announce', value: 62 });
    const message = await client.next('game', (m) => m.game.version === table.game!.version);
    expect(findLeaks(message, revealedDice(table.events))).toEqual([]);
    client.close();
  });
});
