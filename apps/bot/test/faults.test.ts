import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import { TelegramSim, type ApiCall, type FaultSpec, type InlineKeyboardMarkup } from '@mia/telegram-sim';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import pino from 'pino';
import { DICE_PAIR, expectNoDiceLeak, playToEnd, startGame, table, tables, world, type SimGroup, type SimMessage, type SimUser, type World } from './support';

/**
 * Telegram failing under a running game: a storm of 429s, 5xx answers and dropped connections.
 * The same seeded game is played once on a healthy sim and once per kind of trouble (each in a
 * world of its own, at the same time); with @grammyjs/auto-retry the players must see exactly the
 * same messages, edits and pop-ups in the same order — nothing lost, nothing doubled — and the
 * sim's log must show each failed call made again after the wait Telegram asked for.
 * (Whole games in several groups at once, with turn deadlines, under storms of each kind of
 * trouble and real flood limits: faults-games.test.ts; the transformers one by one:
 * telegram-calls.test.ts.)
 */
const SEED = 41;
const SETTINGS = { lives: 2 }; // a short game: the faults, not the rounds, are the point

interface Run {
  w: World;
  group: SimGroup;
  players: SimUser[];
  turns: number;
  ms: number;
}

const labels = (markup: InlineKeyboardMarkup | undefined) => (markup?.inline_keyboard ?? []).map((row) => row.map((b) => b.text).join(' | ')).join(' / ');
/** Every version of every message as people saw it (the deadline aside: its clock time, and the seconds left, which depend on how long the machine took to draw the prompt). */
const transcript = (messages: readonly SimMessage[]) =>
  messages.map((m) =>
    [...m.history, { text: m.text, reply_markup: m.reply_markup }].map(
      (v) =>
        `${m.from?.is_bot ? 'bot' : m.from?.first_name}: ${(v.text ?? '').replace(/until \d\d:\d\d:\d\d UTC/, 'until …').replace(/\d+ seconds left/, '… seconds left')} [${labels(v.reply_markup)}]`,
    ),
  );

const worlds: World[] = [];
let shared: Promise<{ sim: TelegramSim; db: TestDatabase }> | undefined;

/**
 * One game, by a bot of its own (its own game service and dice, seeded alike) in one sim and one
 * database shared by all runs; the faults are aimed at that bot's calls only.
 */
const infrastructure = () =>
  (shared ??= (async () => {
    const sim = await TelegramSim.start({ seed: SEED, limits: false }); // the faults are injected, not earned
    return { sim, db: await openTestDatabase() };
  })());

async function play(name: string, faults: Record<number, Omit<FaultSpec, 'bot'>[]> = {}): Promise<Run> {
  const started = Date.now();
  const w = await world({ seed: SEED, shared: await infrastructure(), username: `mia_${name}_bot` });
  worlds.push(w);
  const { group, players } = await table(w, ['Ada', 'Bo', 'Cleo'], { title: 'Stormy night' });
  await startGame(w, group, players, { settings: SETTINGS });
  const turns = await playToEnd(w, group, players, {
    beforeTurn: (n) => {
      for (const f of faults[n] ?? []) w.sim.faults.inject({ ...f, bot: w.token });
    },
  });
  await w.settle();
  return { w, group, players, turns: turns.length, ms: Date.now() - started };
}

let healthy: Promise<Run> | undefined;
const reference = () => (healthy ??= play('healthy'));

/** What every faulty run must show: the reference game, message for message. */
async function expectSameGame(run: Run, expect: ExpectStatic) {
  const ref = await reference();
  const { w, group, players } = run;
  expect(w.sim.faults.pending()).toBe(0); // every fault was met
  const game = await w.db.prisma.game.findFirstOrThrow({ where: { chatId: BigInt(group.id) } });
  expect(game.status).toBe('FINISHED');
  expect(run.turns).toBe(ref.turns);
  // The group: the same messages with the same versions, in the same order.
  expect(transcript(w.sim.messages(group))).toEqual(transcript(ref.w.sim.messages(ref.group)));
  // Each player's private chat and pop-ups too.
  players.forEach((p, i) => {
    const other = ref.players[i]!;
    expect(transcript(w.sim.messages(p.privateChat(w.token)))).toEqual(transcript(ref.w.sim.messages(other.privateChat(ref.w.token))));
    expect(w.sim.popups(p).map((x) => x.text)).toEqual(ref.w.sim.popups(other).map((x) => x.text));
  });
  // One table message per round, rounds 1…n in order, and one winner message.
  const rounds = await w.db.prisma.round.count({ where: { game: { id: game.id } } });
  expect(tables(w, group).map((m) => Number(/round (\d+)/.exec(m.text!)![1]))).toEqual(Array.from({ length: rounds }, (_, i) => i + 1));
  // The game's end: one message, last, with the winner first in the final ranking.
  const winner = players.find((p) => BigInt(p.id) === game.winnerId)!;
  expect(w.sim.messages(group).filter((m) => m.text?.includes('wins the game of Mia'))).toHaveLength(1);
  const end = (w.sim.lastMessage(group)?.text ?? '').split('\n');
  expect(end[0]).toBe(`🏆 ${winner.firstName} wins the game of Mia!`);
  expect(end[1]).toMatch(new RegExp(`^1\\. ${winner.firstName} ❤️\\d+$`));
  expect(end.slice(2, -1)).toHaveLength(players.length - 1);
  expect(end.at(-1)).toBe(`${rounds} rounds played.`);
  expect(expectNoDiceLeak(w.sim.messages(group))).toBeGreaterThan(0);
}

const describeCall = (c: ApiCall) => `${c.method} ${c.status} ${c.fault}`;

/**
 * Each faulted call was made again with the same parameters after the wait (retry_after for a
 * 429, auto-retry's 3 s back-off for a 5xx or a lost connection) and, in the end, went through.
 */
function expectRetried(run: Run, expect: ExpectStatic, waitMs: Record<string, number>): ApiCall[] {
  const calls = run.w.sim.calls.filter((c) => c.token === run.w.token);
  const faulted = calls.filter((c) => c.fault);
  for (const c of faulted) {
    const same = (r: ApiCall) => r.seq > c.seq && r.method === c.method && JSON.stringify(r.params) === JSON.stringify(c.params);
    const retry = calls.find(same);
    expect(retry, `${describeCall(c)} was made again`).toBeDefined();
    expect(retry!.at - c.at, `${describeCall(c)}: waited before retrying`).toBeGreaterThanOrEqual(waitMs[c.fault!]! - 50);
    if (retry!.fault) continue; // faulted again: checked in its turn
    // A call that took effect before its connection dropped is refused the second time: an edit
    // as "not modified" (the notifier takes it as done), a pop-up as answered already (the person
    // saw it once); everything else goes through.
    if (c.fault === 'drop' && c.ok) {
      expect(retry!.error?.description).toMatch(
        c.method === 'answerCallbackQuery' ? /^Bad Request: query is too old/ : /^Bad Request: message is not modified/,
      );
    } else expect(retry!.ok, `${describeCall(c)}: the retry went through`).toBe(true);
    expect(
      calls.filter(same).filter((r) => !r.fault),
      `${describeCall(c)}: made once more, not twice`,
    ).toHaveLength(1);
  }
  return faulted;
}

describe('Telegram failing during a game', () => {
  afterAll(async () => {
    await Promise.all(worlds.map((w) => w.close()));
    const s = await shared;
    await s?.db.destroy();
    await s?.sim.stop();
  });

  it.concurrent('the healthy reference game', async ({ expect }) => {
    const ref = await reference();
    expect(ref.w.sim.calls.filter((c) => c.token === ref.w.token).filter((c) => c.fault || (!c.ok && c.method !== 'getUpdates'))).toEqual([]);
    expect(ref.turns).toBeGreaterThan(8);
    console.log(`healthy: ${ref.turns} turns in ${ref.ms} ms`);
  });

  // The calls each turn of this seeded game makes (the notifier's in order; the pop-up alongside):
  // turn 0 (announce): edit of the prompt (closed), sendMessage of the round's message, sendMessage of the next prompt;
  // turn 1 (believe): edit of the round's message, edit of the prompt (now with the dice), answerCallbackQuery;
  // turn 2 (announce): edit of the prompt (closed), edit of the round's message, sendMessage of the next prompt;
  // turn 3 (liar): edit of the round's message (its outcome), edit of the prompt, sendMessage of the next starter's prompt.
  // Faults on the notifier's calls and on the pop-up of one turn overlap, which keeps this fast.

  it.concurrent('a 429 storm on edits, sends and pop-ups: auto-retry waits retry_after and resends once', async ({ expect }) => {
    const run = await play('storm', {
      1: [
        { kind: 'tooManyRequests', method: 'editMessageText', retryAfter: 1, times: 2 },
        { kind: 'tooManyRequests', method: 'sendMessage', retryAfter: 1 },
        { kind: 'tooManyRequests', method: 'answerCallbackQuery', retryAfter: 1, times: 2 },
      ],
    });
    await expectSameGame(run, expect);
    const faulted = expectRetried(run, expect, { tooManyRequests: 1000 });
    expect(faulted.map(describeCall).sort()).toEqual([
      'answerCallbackQuery 429 tooManyRequests',
      'answerCallbackQuery 429 tooManyRequests',
      'editMessageText 429 tooManyRequests',
      'editMessageText 429 tooManyRequests',
      'sendMessage 429 tooManyRequests',
    ]);
    expect(faulted.every((c) => c.error?.description === 'Too Many Requests: retry after 1' && c.error.parameters?.retry_after === 1)).toBe(true);
    console.log(`429 storm: ${run.turns} turns in ${run.ms} ms`);
  });

  it.concurrent('500 and 502 answers: retried after auto-retry’s back-off, nothing lost or doubled', async ({ expect }) => {
    const run = await play('fivexx', {
      3: [
        { kind: 'internalServerError', method: 'sendMessage' },
        { kind: 'badGateway', method: 'answerCallbackQuery' },
      ],
    });
    await expectSameGame(run, expect);
    const faulted = expectRetried(run, expect, { internalServerError: 3000, badGateway: 3000 });
    expect(faulted.map(describeCall).sort()).toEqual(['answerCallbackQuery 502 badGateway', 'sendMessage 500 internalServerError']);
    console.log(`5xx: ${run.turns} turns in ${run.ms} ms`);
  });

  it.concurrent('dropped connections before the call: the message and the pop-up are sent again, once', async ({ expect }) => {
    const run = await play('drops', {
      3: [
        { kind: 'drop', method: 'sendMessage' },
        { kind: 'drop', method: 'answerCallbackQuery' },
      ],
    });
    await expectSameGame(run, expect);
    const faulted = expectRetried(run, expect, { drop: 3000 });
    expect(faulted.map(describeCall).sort()).toEqual(['answerCallbackQuery 0 drop', 'sendMessage 0 drop']);
    expect(faulted.every((c) => !c.ok)).toBe(true); // neither had taken effect
    console.log(`drops: ${run.turns} turns in ${run.ms} ms`);
  });

  it.concurrent('answers lost after the call took effect: the edit and the pop-up are not doubled', async ({ expect }) => {
    const run = await play('lost', {
      2: [
        { kind: 'drop', method: 'editMessageText', execute: true },
        { kind: 'drop', method: 'answerCallbackQuery', execute: true },
      ],
    });
    await expectSameGame(run, expect);
    const faulted = expectRetried(run, expect, { drop: 3000 });
    expect(faulted.map(describeCall).sort()).toEqual(['answerCallbackQuery 0 drop', 'editMessageText 0 drop']);
    expect(faulted.every((c) => c.ok)).toBe(true); // both had taken effect
  });

  it.concurrent('a message Telegram refuses past every retry is logged as an error, without its text', async ({ expect }) => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const w = await world({ seed: SEED, shared: await infrastructure(), username: 'mia_refused_bot', log });
    worlds.push(w);
    const { group, players } = await table(w, ['Ada', 'Bo', 'Cleo'], { title: 'Refused' });
    await startGame(w, group, players, { settings: SETTINGS });
    // A wait longer than the bot accepts (60 s): returned as the error it is, every time.
    w.sim.faults.inject({ kind: 'tooManyRequests', method: 'sendMessage', bot: w.token, retryAfter: 3600 });
    await playToEnd(w, group, players, { maxTurns: 12 }).catch(() => undefined); // the lost message may stall it
    await w.settle();
    const refused = w.sim.calls.filter((c) => c.token === w.token && c.fault === 'tooManyRequests');
    expect(refused.length).toBeGreaterThan(0);
    const errors = lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: unknown }).filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toContain('notifier: could not update Telegram');
    expect(errors.find((l) => l.msg === 'notifier: could not update Telegram')?.err).toEqual({
      method: 'sendMessage',
      code: 429,
      description: 'Too Many Requests: retry after 3600',
    });
    // What was being sent (a table, or someone's dice) appears nowhere in the log.
    for (const c of refused) {
      const text = String(c.params.text).split('\n')[0]!;
      expect(lines.join('\n')).not.toContain(text.slice(0, 20));
    }
    expect(lines.join('\n')).not.toMatch(DICE_PAIR);
  });
});
