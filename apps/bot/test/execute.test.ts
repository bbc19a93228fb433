import { apply, type Action, type GameState } from '@mia/engine';
import type { GameRecord } from '@mia/game';
import type { Api } from 'grammy';
import { describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { Executor, type Job } from '../src/telegram-out/execute';
import type { Pacer } from '../src/telegram-out/pacer';
import { emptyScreen, type Intent } from '../src/telegram-out/screen';

const chatId = -100;
const lobbyId = 7;

function play(state: GameState | null, action: Action): GameState {
  const result = apply(state, action, () => 0);
  if (!result.ok) throw new Error(result.rejection.message);
  return result.state;
}

/** A job that redraws a lobby's message (an edit) from `state`. */
function lobbyJob(state: GameState): Job {
  const screen = { ...emptyScreen(), lobby: lobbyId };
  const intents: Intent[] = [{ op: 'edit', chat: 'group', id: lobbyId, view: { kind: 'lobby' } }];
  return {
    game: { id: 'g1', chatId: BigInt(chatId), threadId: null } as unknown as GameRecord,
    screen,
    intents,
    draw: { gameId: 'g1', state, screen, deadlineAt: null, now: new Date(0), creatorName: 'Ada', lobbyMinutes: 5, botUsername: 'mia_bot' },
    groupT: translator('en'),
    playerT: async () => translator('en'),
    persist: async () => undefined,
    unreachable: async () => undefined,
  };
}

describe('the executor', () => {
  it('sends an edit only when the text or the buttons changed since the last one it made', async () => {
    const edits: unknown[][] = [];
    const editMessageText = async (...args: unknown[]) => {
      edits.push(args);
      return true;
    };
    const api = { editMessageText } as unknown as Api;
    const executor = new Executor(api, {} as Pacer);
    const lobby = play(null, { type: 'create', creator: '1' });

    await executor.run(lobbyJob(lobby));
    expect(edits).toHaveLength(1);
    expect(edits[0]!.slice(0, 2)).toEqual([chatId, lobbyId]);
    // The same lobby drawn again: Telegram would refuse the edit as "not modified".
    await executor.run(lobbyJob(lobby));
    expect(edits).toHaveLength(1);

    // Someone joins: the text changes, and so does the edit.
    const joined = play(lobby, { type: 'join', player: '2', name: 'Bob' });
    await executor.run(lobbyJob(joined));
    expect(edits).toHaveLength(2);
    expect(edits[1]![2]).toContain('Bob');
    expect(edits[1]![2]).not.toEqual(edits[0]![2]);

    // Forgotten (another process may have changed the message): drawn and sent again.
    executor.forget([[chatId, lobbyId]]);
    await executor.run(lobbyJob(joined));
    expect(edits).toHaveLength(3);
    expect(edits[2]).toEqual(edits[1]);
  });
});
