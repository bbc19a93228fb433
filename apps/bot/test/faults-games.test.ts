import type { Dice, GameState } from '@mia/engine';
import { seededPerGame } from '@mia/game';
import { parseHtml, type ApiCall, type FaultSpec, type Limits } from '@mia/telegram-sim';
import pino from 'pino';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { translator } from '../src/i18n';
import { diceFaces } from '../src/render/html';
import { finalRoundText } from '../src/render/table';
import { DICE_PAIR, allTexts, expectNoDiceLeak, playToEnd, startGame, table, tables, world, type SimGroup, type SimUser, type World } from './support';

/**
 * Whole games while Telegram fails: several groups at once, four players each, turn deadlines on
 * (30 s, counted from each commit), seeded dice per chat and version. Each kind of trouble gets a
 * bot (and sim and database) of its own; a healthy bot plays the same groups — same seed, so the
 * same chat ids and the same dice — as the reference. Every faulty game must end as its healthy
 * twin did (the same losers round by round, the same winner), with nobody timed out although
 * everyone pressed as soon as their button showed: a bot stuck on Telegram would let the clock run.
 * MIA_FAULT_SCALE=n plays n times as many groups and faults (default 1: three groups a kind).
 */
const SCALE = Math.max(1, Math.floor(Number(process.env.MIA_FAULT_SCALE ?? 1)) || 1);
const GROUPS = 3 * SCALE;
const SEED = 57;
const SETTINGS = { lives: 1, turnSeconds: 30 }; // three rounds: the faults, not the rounds, are the point
const NAMES = ['Ada', 'Bo', 'Cleo', 'Dan'];
const en = translator('en');

type Fault = Omit<FaultSpec, 'bot'>;

interface Scenario {
  name: string;
  /** Flood limits on this bot's sim (default: none). */
  limits?: Partial<Limits>;
  /** The faults injected just before group `g`'s turn `n` (all groups play at once). */
  faults?: (n: number, g: number) => Fault[];
  /** How long a player waits for a pop-up before playing on (default: as long as the bot needs). */
  pressTimeoutMs?: number;
}

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  [key: string]: unknown;
}

interface Game {
  group: SimGroup;
  players: SimUser[];
  turns: number;
}

interface Run {
  w: World;
  games: Game[];
  log: LogLine[];
  ms: number;
}

const WARN = 40;
const worlds: World[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** One bot with GROUPS groups of four, every game played to its end at once. */
async function play(scenario: Scenario): Promise<Run> {
  const started = Date.now();
  const log: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void log.push(JSON.parse(line) as LogLine) });
  const w = await world({
    seed: SEED,
    rng: seededPerGame(SEED),
    timers: true,
    log: logger,
    username: 'mia_bot',
    // A person waits for the pop-up as long as the bot needs (a hung answer included), unless told.
    sim: { limits: scenario.limits ?? false, pressTimeoutMs: scenario.pressTimeoutMs ?? 60_000 },
  });
  worlds.push(w);
  const seated: { group: SimGroup; players: SimUser[] }[] = [];
  // One after the other: the sim numbers users and groups in order, the same in every world.
  for (let g = 0; g < GROUPS; g++) seated.push(await table(w, NAMES, { title: `Table ${g + 1}` }));
  for (const { group, players } of seated) await startGame(w, group, players, { settings: SETTINGS });
  const games = await Promise.all(
    seated.map(async ({ group, players }, g) => {
      const turns = await playToEnd(w, group, players, {
        beforeTurn: (n) => {
          for (const f of scenario.faults?.(n, g) ?? []) w.sim.faults.inject({ ...f, bot: w.token });
        },
        settle: () => w.notifier.idleChat(group.id),
      }).catch((error: Error) => {
        // What the bot said when a game got stuck is the first thing to look at.
        const errors = log.filter((l) => l.level > WARN).map((l) => JSON.stringify(l));
        throw new Error(`${scenario.name}, ${group.title}: ${error.message}\nbot errors:\n${errors.join('\n')}`);
      });
      return { group, players, turns: turns.length };
    }),
  );
  await w.settle();
  return { w, games, log, ms: Date.now() - started };
}

let healthy: Promise<Run> | undefined;
const reference = () => (healthy ??= play({ name: 'healthy' }));

/** Round by round: who lost and why; the winner. */
async function outcome(w: World, group: SimGroup) {
  const game = await w.db.prisma.game.findFirstOrThrow({ where: { chatId: BigInt(group.id) } });
  const rounds = await w.db.prisma.round.findMany({ where: { game: { id: game.id } }, orderBy: { number: 'asc' } });
  return { game, rounds: rounds.map((r) => `${r.number}: ${r.loserId} ${r.cause} ${r.end}`) };
}

/** What every game of every run must show, against its healthy twin. */
async function expectGamesEndedRight(run: Run, expect: ExpectStatic) {
  const ref = await reference();
  const { w } = run;
  expect(w.sim.faults.pending(), 'every fault was met').toBe(0);
  for (const [g, { group, players }] of run.games.entries()) {
    const twin = ref.games[g]!;
    expect(group.id, 'the same chat as the healthy twin (same dice)').toBe(twin.group.id);
    const { game, rounds } = await outcome(w, group);
    const expected = await outcome(ref.w, twin.group);
    expect(game.status).toBe('FINISHED');
    const state = game.state as unknown as GameState;
    expect(state.phase).toBe('over');
    expect(game.winnerId?.toString()).toBe(state.result?.winner);
    expect(rounds).toEqual(expected.rounds);
    expect(game.winnerId).toBe(expected.game.winnerId);

    // Nobody ran out of time: every player pressed as soon as their button showed.
    const events = await w.db.prisma.gameEvent.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    const payloads = events.map((e) => e.payload as unknown as { type: string; player?: string; dice?: Dice; looked?: boolean; cause?: string });
    expect(payloads.filter((e) => e.type === 'turnMissed' || e.cause === 'timeout')).toEqual([]);

    // The group: the winner announced last, with the final ranking; one message per round, the
    // last one edited into its outcome as the engine's state renders it; no buttons left anywhere.
    const winner = players.find((p) => String(p.id) === state.result?.winner)!;
    const end = (w.sim.lastMessage(group)?.text ?? '').split('\n');
    expect(end[0]).toBe(`🏆 ${winner.firstName} wins the game of Mia!`);
    expect(end[1]).toMatch(new RegExp(`^1\\. ${winner.firstName} ❤️\\d+$`));
    expect(end.at(-1)).toBe(`${rounds.length} rounds played.`);
    // A send whose answer was lost is sent again (Telegram has no idempotency key), and the bot
    // never learns the first copy's id: that copy, and only that, may stand twice and keep the
    // buttons it was sent with (refused as out of date when pressed).
    const lostHere = w.sim.calls.filter(
      (c) => c.fault === 'drop' && c.ok && c.method === 'sendMessage' && String(c.params.chat_id) === String(group.id),
    ).length;
    const roundMessages = tables(w, group);
    const numbers = roundMessages.map((m) => Number(/round (\d+)/.exec(m.text!)![1]));
    expect([...new Set(numbers)]).toEqual(rounds.map((_, i) => i + 1));
    expect(numbers.length - new Set(numbers).size).toBeLessThanOrEqual(lostHere);
    const last = roundMessages.at(-1)!;
    expect(last.text).toBe(parseHtml(finalRoundText(state, state.round!.number, null, en)).text);
    const withButtons = w.sim.messages(group).filter((m) => (m.reply_markup?.inline_keyboard ?? []).length > 0);
    expect(withButtons.length, `buttons left on ${withButtons.map((m) => m.text?.split('\n')[0]).join(', ')}`).toBeLessThanOrEqual(lostHere);
    expectNoDiceLeak(w.sim.messages(group));

    // Each player's dice, every time they looked, reached their private chat, in order: on the
    // turn's prompt (one message per turn, a look at most once in it).
    for (const p of players) {
      const diceLine = (text: string) => text.split('\n').find((line) => line.startsWith('🎲 Your dice: '));
      const shown = w.sim
        .messages(p.privateChat(w.token))
        .map((m) =>
          allTexts([m])
            .map(diceLine)
            .find((line) => line !== undefined),
        )
        .filter((line): line is string => line !== undefined);
      let i = 0;
      for (const e of payloads) {
        if (e.type !== 'diceRolled' || !e.looked || e.player !== String(p.id)) continue;
        while (i < shown.length && !shown[i]!.includes(diceFaces(e.dice!))) i++;
        expect(i < shown.length, `${p.firstName}'s dice ${diceFaces(e.dice!)} (event ${payloads.indexOf(e) + 1}) were shown`).toBe(true);
        i++;
      }
    }
  }
  // The log: no failure left to the error level (nothing given up on), no dice anywhere.
  expect(run.log.filter((l) => l.level > WARN).map((l) => l.msg)).toEqual([]);
  for (const l of run.log) expect(JSON.stringify(l)).not.toMatch(DICE_PAIR);
}

/** This bot's calls that failed on Telegram's side (injected or a flood limit). */
const failedCalls = (run: Run) => run.w.sim.calls.filter((c) => c.token === run.w.token && (c.fault !== undefined || c.status === 429 || c.status >= 500));

/** Every failed call has its warning: method by method, at least as many as the sim counted. */
function expectWarned(run: Run, expect: ExpectStatic, calls: readonly ApiCall[]) {
  const warned = (method: string) => run.log.filter((l) => l.level === WARN && l.msg.startsWith('telegram: ') && l.method === method).length;
  const methods = [...new Set(calls.map((c) => c.method))];
  for (const m of methods) expect(warned(m), `${m}: warned of each failure`).toBeGreaterThanOrEqual(calls.filter((c) => c.method === m).length);
}

const METHODS = ['sendMessage', 'editMessageText', 'answerCallbackQuery'] as const;

describe(`whole games in ${GROUPS} groups while Telegram fails`, { timeout: 300_000 * SCALE }, () => {
  beforeAll(() => {
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await Promise.all(worlds.map((w) => w.close()));
  });

  it.concurrent('the healthy games (the reference)', async ({ expect }) => {
    const ref = await reference();
    expect(failedCalls(ref)).toEqual([]);
    for (const g of ref.games) expect(g.turns).toBeGreaterThanOrEqual(7); // later than the last fault
    await expectGamesEndedRight(ref, expect);
    console.log(`healthy: ${ref.games.map((g) => g.turns).join('+')} turns in ${ref.ms} ms`);
  });

  it.concurrent('a 429 storm and flood limits hit by all groups at once', async ({ expect }) => {
    const run = await play({
      name: 'storm',
      // Telegram's 30 sends a second overall, scaled to a few groups: they share it as hundreds would.
      limits: { globalPerSecond: 3, privatePerSecond: 1, groupPerMinute: null, editsPerMinutePerChat: null },
      faults: (n) => (n < 6 ? METHODS.map((method, i) => ({ kind: 'tooManyRequests' as const, method, retryAfter: 1 + ((n + i) % 2), times: SCALE })) : []),
    });
    await expectGamesEndedRight(run, expect);
    const failed = failedCalls(run);
    const earned = failed.filter((c) => c.fault === undefined);
    expect(failed.filter((c) => c.fault)).toHaveLength(6 * METHODS.length * GROUPS * SCALE);
    expect(failed.every((c) => c.status === 429)).toBe(true);
    expect(earned.length, 'the flood limits were reached').toBeGreaterThan(0);
    expectWarned(run, expect, failed);
    console.log(
      `429 storm: ${failed.length - earned.length} injected + ${earned.length} earned 429s; ${run.games.map((g) => g.turns).join('+')} turns in ${run.ms} ms`,
    );
  });

  it.concurrent('500 and 502 answers scattered over every method', async ({ expect }) => {
    const all = [...METHODS, 'getUpdates', undefined] as const;
    const run = await play({
      name: '5xx',
      faults: (n, g) =>
        n < 5 && (n + g) % 2 === 0
          ? [
              {
                kind: n % 3 === g % 3 ? ('badGateway' as const) : ('internalServerError' as const),
                ...(all[(n + g) % all.length] ? { method: all[(n + g) % all.length]! } : {}),
                times: SCALE,
              },
            ]
          : [],
    });
    await expectGamesEndedRight(run, expect);
    const failed = failedCalls(run);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((c) => c.status === 500 || c.status === 502)).toBe(true);
    expectWarned(run, expect, failed);
    console.log(
      `5xx: ${failed.length} (${[...new Set(failed.map((c) => c.method))].join(', ')}); ${run.games.map((g) => g.turns).join('+')} turns in ${run.ms} ms`,
    );
  });

  it.concurrent('calls that hang: cut off after the call timeout and made again, nobody timed out', async ({ expect }) => {
    const run = await play({
      name: 'hang',
      // In each group one call never answers (the table, a prompt, a pop-up; in the first, later,
      // the long poll too); one call somewhere answers slowly but within the timeout.
      faults: (n, g) => [
        ...(n === 1 + g ? [{ kind: 'hang' as const, method: METHODS[g % METHODS.length]!, times: SCALE }] : []),
        ...(n === 4 && g === 0 ? [{ kind: 'hang' as const, method: 'getUpdates' }] : []),
        ...(n === 5 && g === 1 ? [{ kind: 'hang' as const, ms: 1500 }] : []),
      ],
    });
    await expectGamesEndedRight(run, expect);
    const calls = run.w.sim.calls.filter((c) => c.token === run.w.token);
    const hung = calls.filter((c) => c.fault === 'hang');
    expect(hung).toHaveLength(GROUPS * SCALE + 2);
    const cut = hung.filter((c) => !c.ok);
    expect(cut).toHaveLength(GROUPS * SCALE + 1); // the slow one answered in time
    for (const c of cut.filter((x) => x.method !== 'getUpdates')) {
      const again = calls.find((r) => r.seq > c.seq && r.method === c.method && JSON.stringify(r.params) === JSON.stringify(c.params));
      expect(again?.ok, `${c.method} made again after the timeout`).toBe(true);
    }
    expectWarned(run, expect, cut);
    console.log(
      `hangs: ${hung.length} (${hung.map((c) => `${c.method} ${Math.round(c.durationMs)} ms`).join(', ')}); ${run.games.map((g) => g.turns).join('+')} turns in ${run.ms} ms`,
    );
  });

  it.concurrent('dropped connections, some after the call took effect', async ({ expect }) => {
    const run = await play({
      name: 'drop',
      faults: (n, g) =>
        n < 4
          ? [
              { kind: 'drop' as const, method: METHODS[(n + g) % 3]!, execute: n % 2 === 1, times: SCALE },
              ...(n === 0 && g === 0 ? [{ kind: 'drop' as const, method: 'getUpdates', execute: true }] : []),
            ]
          : [],
    });
    await expectGamesEndedRight(run, expect);
    const calls = run.w.sim.calls.filter((c) => c.token === run.w.token);
    const drops = calls.filter((c) => c.fault === 'drop');
    expect(drops).toHaveLength(4 * GROUPS * SCALE + 1);
    expectWarned(run, expect, drops);
    // A message sent whose answer was lost is sent again (Telegram has no idempotency key): that
    // one is doubled, and nothing else. Measured against the healthy twin, chat by chat.
    const lostSends = drops.filter((c) => c.method === 'sendMessage' && c.ok);
    const ref = await reference();
    let doubled = 0;
    for (const [g, { group, players }] of run.games.entries()) {
      const twin = ref.games[g]!;
      const chats = [[group, twin.group], ...players.map((p, i) => [p.privateChat(run.w.token), twin.players[i]!.privateChat(ref.w.token)])] as const;
      for (const [chat, twinChat] of chats) {
        // A reminder (a turn slowed by the faults may earn one) edits the live prompt: it adds no message.
        const sent = (w: World, c: typeof chat) => w.sim.botMessages(c).length;
        const extra = sent(run.w, chat) - sent(ref.w, twinChat);
        const lostHere = lostSends.filter((c) => String(c.params.chat_id) === String(chat.id)).length;
        const firstLines = (w: World, c: typeof chat) => w.sim.botMessages(c).map((m) => (m.history[0]?.text ?? m.text ?? '').split('\n')[0]);
        expect(
          extra,
          `messages in ${'title' in chat ? chat.title : `a private chat`} beyond the healthy game: ${JSON.stringify(firstLines(run.w, chat))} vs ${JSON.stringify(firstLines(ref.w, twinChat))}`,
        ).toBe(lostHere);
        doubled += extra;
      }
    }
    const tablesDoubled = lostSends.filter((c) => Number(c.params.chat_id) < 0).length;
    console.log(
      `drops: ${drops.length} (${drops.filter((c) => c.ok).length} after the call took effect); ${doubled} messages doubled (${tablesDoubled} in groups); ${run.games.map((g) => g.turns).join('+')} turns in ${run.ms} ms`,
    );
  });

  it.concurrent('pop-ups held up by a long flood wait: the game plays on, nobody timed out', async ({ expect }) => {
    // Longer than a turn (30 s): a handler waiting for its pop-up would hold the game's next
    // press past that player's deadline. Players glance at the table after a second instead.
    const wait = SETTINGS.turnSeconds + 5;
    const run = await play({
      name: 'slow pop-ups',
      pressTimeoutMs: 1000,
      faults: (n, g) => (n === 1 && g === 0 ? [{ kind: 'tooManyRequests' as const, method: 'answerCallbackQuery', retryAfter: wait, times: SCALE }] : []),
    });
    await expectGamesEndedRight(run, expect);
    const held = run.w.sim.calls.filter((c) => c.token === run.w.token && c.fault === 'tooManyRequests');
    expect(held).toHaveLength(SCALE);
    const retried = (c: ApiCall) =>
      run.w.sim.calls.find((r) => r.seq > c.seq && r.method === c.method && r.params.callback_query_id === c.params.callback_query_id);
    await run.w.sim.waitFor(() => held.every(retried), (wait + 15) * 1000); // the games may well be over by then
    for (const c of held) {
      const answered = retried(c);
      expect(answered?.ok, 'the pop-up was shown after the wait').toBe(true);
      expect(answered!.at - c.at).toBeGreaterThanOrEqual(wait * 1000 - 50);
    }
    console.log(`slow pop-ups: ${held.length} held ${wait} s; ${run.games.map((g) => g.turns).join('+')} turns in ${run.ms} ms`);
  });

  it('no unhandled rejection in any bot', ({ expect }) => {
    expect(unhandled).toEqual([]);
  });
});
