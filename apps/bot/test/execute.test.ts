import { apply, legalMoves, type Action, type GameEvent, type GameState } from '@mia/engine';
import type { GameRecord } from '@mia/game';
import { GrammyError, type Api } from 'grammy';
import { describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { Executor, type Job } from '../src/telegram-out/execute';
import type { Pacer } from '../src/telegram-out/pacer';
import { plan } from '../src/telegram-out/plan';
import { emptyScreen, type Intent, type Screen } from '../src/telegram-out/screen';

const chatId = -100;
const lobbyId = 7;

function play(state: GameState | null, action: Action): GameState {
  return played(state, action).state;
}

function played(state: GameState | null, action: Action): { state: GameState; events: GameEvent[] } {
  const result = apply(state, action, () => 0);
  if (!result.ok) throw new Error(result.rejection.message);
  return { state: result.state, events: result.events };
}

/**
 * A game of three in its first round, `announcements` made (each player believes, rolls and
 * announces the lowest claim they may): its state, the last batch's events, who announced last
 * and who acts now.
 */
function announced(announcements: number): { state: GameState; events: GameEvent[]; by: string; next: string } {
  let state = play(null, { type: 'create', creator: '1' });
  for (const [player, name] of [
    ['1', 'Ada'],
    ['2', 'Bob'],
    ['3', 'Cy'],
  ] as const)
    state = play(state, { type: 'join', player, name });
  let step = played(state, { type: 'start' });
  let by = '';
  for (let i = 0; i < announcements; i++) {
    const actor = (by = step.state.round!.actor);
    if (legalMoves(step.state, actor).stage === 'respond') step = played(step.state, { type: 'believe', player: actor });
    if (legalMoves(step.state, actor).stage === 'roll') step = played(step.state, { type: 'roll', player: actor });
    const moves = legalMoves(step.state, actor);
    if (moves.stage !== 'announce') throw new Error(`cannot announce at ${moves.stage}`);
    step = played(step.state, { type: 'announce', player: actor, value: moves.claims.at(-1)!, blind: false });
  }
  return { ...step, by, next: step.state.round!.actor };
}

interface Call {
  method: 'sendMessage' | 'editMessageText';
  chat: number;
  answer: (result: unknown) => void;
  fail: (error: unknown) => void;
}

/** A Bot API whose every call waits until the test answers it, so the test sees what is in flight at once. */
function heldApi() {
  const calls: Call[] = [];
  let waiting: { count: number; resolve: () => void } | null = null;
  const hold = (method: Call['method']) => (chat: number) =>
    new Promise((answer, fail) => {
      calls.push({ method, chat, answer, fail });
      if (waiting && calls.length >= waiting.count) waiting.resolve();
    });
  const api = { sendMessage: hold('sendMessage'), editMessageText: hold('editMessageText') } as unknown as Api;
  /** The call made to `chat` (the only one). */
  const to = (chat: number | string) => {
    const found = calls.filter((c) => c.chat === Number(chat));
    expect(found, `calls to ${chat}`).toHaveLength(1);
    return found[0]!;
  };
  /** Resolves once `count` calls have been made in all. */
  const made = (count: number) => (calls.length >= count ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { count, resolve })));
  return { api, calls, made, to };
}

const freePacer = { slot: async () => undefined } as unknown as Pacer;

function turnJob(state: GameState, events: GameEvent[], screen: Screen, saves: { screen: Screen; last: boolean }[], unreachable: string[] = []): Job {
  return {
    game: { id: 'g1', chatId: BigInt(chatId), threadId: null } as unknown as GameRecord,
    screen,
    intents: plan({ state, events, screen }),
    draw: { gameId: 'g1', state, screen, deadlineAt: null, now: new Date(0), creatorName: 'Ada', lobbyMinutes: 5, botUsername: 'mia_bot' },
    groupT: translator('en'),
    playerT: async () => translator('en'),
    persist: async (saved, last) => void saves.push({ screen: saved, last }),
    unreachable: async (player) => void unreachable.push(player),
  };
}

const blocked = (method: string) =>
  new GrammyError(`Call to '${method}' failed!`, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }, method, {});

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

  it('writes to an announcement’s three chats at once, each chat in the plan’s order', async () => {
    // The second announcement of a round: `by` announced to `next`. On screen: the announcer's
    // prompt and the round's table.
    const { state, events, by: bob, next: cy } = announced(2);
    const screen: Screen = { ...emptyScreen(), round: { id: 20, round: 1, turn: '1.1', final: false }, prompts: { [bob]: { id: 11, turn: '1.1' } } };
    const saves: { screen: Screen; last: boolean }[] = [];
    const job = turnJob(state, events, screen, saves);
    expect(job.intents.map((i) => `${i.op} ${i.chat === 'group' ? 'group' : i.player}`)).toEqual([`send ${cy}`, `edit ${bob}`, 'edit group']);
    const { api, made, to } = heldApi();
    const run = new Executor(api, freePacer).run(job);

    // The next player's new prompt, the announcer's closed prompt and the table: all three in
    // flight before any answer.
    await made(3);
    expect(to(cy).method).toBe('sendMessage');
    expect(to(bob).method).toBe('editMessageText');
    expect(to(chatId).method).toBe('editMessageText');
    // The edits answer first: the send's save is then the job's last, and says so.
    to(bob).answer(true);
    to(chatId).answer(true);
    await new Promise((resolve) => setImmediate(resolve));
    to(cy).answer({ message_id: 12 });
    const outcome = await run;
    expect(outcome.unreachable).toEqual([]);
    expect(outcome.screen.prompts).toEqual({ [cy]: { id: 12, turn: '1.2' } });
    expect(outcome.screen.round).toEqual({ id: 20, round: 1, turn: '1.2', final: false });
    expect(saves).toEqual([{ screen: outcome.screen, last: true }]);
  });

  it('saves a new message at once, not as the last, while another chat is still being written', async () => {
    const { state, events, by, next } = announced(2);
    const screen: Screen = { ...emptyScreen(), round: { id: 20, round: 1, turn: '1.1', final: false }, prompts: { [by]: { id: 11, turn: '1.1' } } };
    const saves: { screen: Screen; last: boolean }[] = [];
    const { api, made, to } = heldApi();
    const run = new Executor(api, freePacer).run(turnJob(state, events, screen, saves));
    await made(3);
    to(next).answer({ message_id: 12 });
    // The new prompt's id is saved before the edits are answered (a crash must not lose it).
    await expect.poll(() => saves.length).toBe(1);
    expect(saves[0]).toEqual({ screen: expect.objectContaining({ prompts: { [by]: { id: 11, turn: '1.1' }, [next]: { id: 12, turn: '1.2' } } }), last: false });
    to(by).answer(true);
    to(chatId).answer(true);
    await run;
    expect(saves).toHaveLength(1);
  });

  it('sends the group a new message only after the turn’s prompt went out', async () => {
    // The round's first announcement: its table is a new group message.
    const { state, events, by: ada, next: bob } = announced(1);
    const screen: Screen = { ...emptyScreen(), prompts: { [ada]: { id: 11, turn: '1.0' } } };
    const job = turnJob(state, events, screen, []);
    expect(job.intents.map((i) => `${i.op} ${i.chat === 'group' ? 'group' : i.player}`)).toEqual([`send ${bob}`, `edit ${ada}`, 'send group']);
    const { api, calls, made, to } = heldApi();
    const run = new Executor(api, freePacer).run(job);
    await made(2);
    await new Promise((resolve) => setImmediate(resolve));
    // The group's new message is not among them until the prompt is answered.
    expect(calls.map((c) => c.chat).sort()).toEqual([Number(ada), Number(bob)].sort());
    to(ada).answer(true);
    to(bob).answer({ message_id: 12 });
    await made(3);
    expect(to(chatId).method).toBe('sendMessage');
    to(chatId).answer({ message_id: 30 });
    const outcome = await run;
    expect(outcome.screen.round).toEqual({ id: 30, round: 1, turn: '1.1', final: false });
  });

  it('leaves the group’s new message to the next plan when the turn’s prompt cannot reach its player', async () => {
    const { state, events, by: ada, next: bob } = announced(1);
    const screen: Screen = { ...emptyScreen(), prompts: { [ada]: { id: 11, turn: '1.0' } } };
    const unreachable: string[] = [];
    const { api, calls, made, to } = heldApi();
    const run = new Executor(api, freePacer).run(turnJob(state, events, screen, [], unreachable));
    await made(2);
    to(bob).fail(blocked('sendMessage'));
    to(ada).answer(true);
    const outcome = await run;
    // Nothing went to the group: the planner, asked again with Bob at the table, sends the
    // round's message mentioning him, the one message that notifies him of his turn.
    expect(calls).toHaveLength(2);
    expect(unreachable).toEqual([bob]);
    expect(outcome.unreachable).toEqual([bob]);
    expect(outcome.screen.unreachable).toEqual([bob]);
    expect(outcome.screen.prompts).toEqual({});
    const again = plan({ state, events: [], screen: outcome.screen });
    expect(again).toEqual([{ op: 'send', chat: 'group', view: { kind: 'round', round: 1, turn: '1.1', final: false, mention: bob, note: null } }]);
  });

  it('finishes every chat before it reports the first failure', async () => {
    const { state, events, by, next } = announced(2);
    const screen: Screen = { ...emptyScreen(), round: { id: 20, round: 1, turn: '1.1', final: false }, prompts: { [by]: { id: 11, turn: '1.1' } } };
    const { api, calls, made, to } = heldApi();
    let finished = false;
    const run = new Executor(api, freePacer).run(turnJob(state, events, screen, [])).finally(() => (finished = true));
    await made(3);
    to(chatId).fail(new Error('connection reset'));
    to(next).answer({ message_id: 12 });
    // The group's edit failed, the announcer's is still on its way: the run waits for it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(3);
    expect(finished).toBe(false);
    to(by).answer(true);
    await expect(run).rejects.toThrow('connection reset');
  });
});
