import { afterEach, describe, expect, it } from 'vitest';
import { calculator, seededRng } from '@mia/engine';
import type { SimGroup, SimUser } from '@mia/telegram-sim';
import { ScreenCheck, type ScreenFigures } from './screen-check';
import { playTurn, startGame, world, type RespondIn, type World } from './support';

/**
 * Whole games through the real bot and telegram-sim, in both play modes, with every rule of how
 * a game looks in Telegram checked after every action (see ScreenCheck): no dead buttons, one
 * notifying message per turn, at most one live prompt per player, what the prompt says, one
 * message per round in the group with its outcome. Each game's chats are written to
 * apps/bot/transcripts/ for a person to read, and the figures the README quotes are printed.
 */

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

interface Played {
  check: ScreenCheck;
  group: SimGroup;
  players: SimUser[];
  /** The chats each press was made in. */
  pressedIn: string[];
  /** How far the bot's pacing moved the clock on (ms). */
  elapsed: () => number;
}

async function play(
  name: string,
  options: {
    mode: 'private' | 'group';
    language?: 'ru';
    respondIn?: RespondIn;
    seed: number;
    lives?: number;
    players?: number;
    beforePress?: (turn: number) => void;
    afterPress?: (turn: number, advance: (ms: number) => void) => Promise<void>;
  },
): Promise<Played> {
  // Telegram's flood limits on, on a clock the bot's pacing moves on when it waits for a slot: a
  // game played at full speed stays within them without waiting in real time.
  let offset = 0;
  const clock = { now: () => Date.now() + offset };
  const sleep = async (ms: number) => {
    offset += ms;
  };
  w = await world({ seed: options.seed, sim: { clock }, pacing: { clock: { now: clock.now, sleep } } });
  const names = (options.language === 'ru' ? ['Аня', 'Борис', 'Вера', 'Глеб'] : ['Ada', 'Bob', 'Cleo', 'Dan']).slice(0, options.players ?? 3);
  const players = names.map((firstName) => w!.sim.user({ firstName, ...(options.language ? { languageCode: options.language } : {}) }));
  const group = w.sim.group({ title: 'Dice night', admins: [players[0]!], members: players.slice(1), bots: [w.token] });
  await w.games.chats.profile(BigInt(group.id), { title: group.title, type: group.type });
  if (options.language) await w.games.chats.setLanguage(BigInt(group.id), options.language);
  if (options.mode === 'group') await w.games.chats.setPlayMode(BigInt(group.id), 'group');
  else {
    for (const p of players) {
      const chat = p.startPrivateChat(w.token);
      await w.sim.waitFor(() => w!.sim.botMessages(chat).length > 0);
    }
  }
  const check = new ScreenCheck(w, group, players, options.mode);
  await startGame(w, group, players, { settings: { lives: options.lives ?? 3 } });
  await check.check('start');
  check.resetFigures();
  const pressedIn: string[] = [];
  const strategy = calculator();
  for (let n = 0; n < 400; n++) {
    const game = (await w.games.currentGame(BigInt(group.id)))!;
    if (game?.state.phase !== 'playing') break;
    const turnKey = `${game.state.round!.number}.${game.state.round!.announcements.length}`;
    options.beforePress?.(n);
    const turn = await playTurn(w, group, players, strategy, () => w!.settle(), options.respondIn ?? 'group');
    await options.afterPress?.(n, (ms) => void (offset += ms));
    check.tapped(turn.actor, turn.message, turnKey);
    pressedIn.push(turn.message.chatKey);
    await check.check(`press ${n}: ${turn.actor.firstName} ${turn.action.type}`);
  }
  expect((await w.games.game(await lastGameId(w, group)))?.status, 'the game did not finish').toBe('FINISHED');
  const refused = w.sim.calls.filter((c) => c.status === 429);
  expect(
    refused.map((c) => `${c.method} ${String(c.params.chat_id)} ${c.error?.description}`),
    'Telegram refused a call for flood',
  ).toEqual([]);
  const file = check.write(name);
  print(name, check.figures, file);
  return { check, group, players, pressedIn, elapsed: () => offset };
}

/**
 * A whole game in which the bot dies after 0–3 of each press's Bot API calls (or, where the press
 * needed fewer, right after its last: before a screen changed only by edits is saved) and is
 * restarted.
 */
async function playWithRestarts(name: string, mode: 'private' | 'group', seed: number, killSeed: number): Promise<Played & { restarts: number }> {
  const rng = seededRng(killSeed);
  let restarts = 0;
  const played = await play(name, {
    mode,
    seed,
    beforePress: () => w!.dieAfter(rng(4)),
    afterPress: async (_turn, advance) => {
      // A restart takes a few seconds in life: the new process does not find the last second's
      // messages in Telegram's per-second window.
      advance(5_000);
      w!.die();
      await w!.restart();
      await w!.settle();
      restarts++;
    },
  });
  return { ...played, restarts };
}

async function lastGameId(world: World, group: SimGroup): Promise<string> {
  const rows = await world.db.prisma.game.findMany({ where: { chatId: BigInt(group.id) }, orderBy: { createdAt: 'desc' }, take: 1, select: { id: true } });
  return rows[0]!.id;
}

function print(name: string, f: ScreenFigures, file: string): void {
  const per = (n: number, d: number) => (d === 0 ? '–' : (n / d).toFixed(2));
  console.log(
    `${name}: ${f.rounds} rounds, ${f.turns} turns of people, ${f.actions} actions; ` +
      `taps/turn ${per(f.taps, f.turns)}, chat switches/turn ${per(f.switches, f.turns)}, ` +
      `notifications/turn ${per(f.notifications, f.turns)}, new group messages/round ${per(f.groupSends - 1, f.rounds)} + 1 at the end ` +
      `(${f.groupMessages} in the group at the end), Bot API calls/action ${per(f.calls, f.actions)} (max ${f.maxCallsPerAction}); ${file}`,
  );
}

describe('a turn in Telegram, whole games checked after every action', () => {
  it('default mode, English: receivers answer on the group’s table, announce in private', async () => {
    const { check } = await play('private-mode-en', { mode: 'private', seed: 11, respondIn: 'group' });
    const f = check.figures;
    expect(f.notifications).toBe(f.turns);
    // One new group message per round, and the game's end.
    expect(f.groupSends).toBe(f.rounds + 1);
    expect(f.calls / f.actions).toBeLessThanOrEqual(3);
  });

  it('default mode, Russian: a whole game played from the private chats alone', async () => {
    const { check, pressedIn } = await play('private-mode-ru', { mode: 'private', language: 'ru', seed: 12, respondIn: 'private' });
    expect(
      pressedIn.every((chat) => !chat.startsWith('-')),
      'a press in the group',
    ).toBe(true);
    expect(check.figures.switches).toBe(0);
    expect(check.figures.notifications).toBe(check.figures.turns);
  });

  it('stay-in-the-group mode, English: a whole game without a private chat', async () => {
    const { check, group, players, pressedIn } = await play('group-mode-en', { mode: 'group', seed: 13 });
    expect(
      pressedIn.every((chat) => chat === String(group.id) || chat === pressedIn[0]),
      'a press outside the group',
    ).toBe(true);
    for (const p of players) expect(w!.sim.botMessages(p.privateChat(w!.token))).toHaveLength(0);
    expect(check.figures.switches).toBe(0);
    expect(check.figures.notifications).toBe(check.figures.turns);
    // What stays in the group: one message per round and the game's end.
    expect(check.figures.groupMessages).toBe(check.figures.rounds + 1);
  });

  it('stay-in-the-group mode, Russian', async () => {
    const { check } = await play('group-mode-ru', { mode: 'group', language: 'ru', seed: 14 });
    expect(check.figures.notifications).toBe(check.figures.turns);
  });

  it('stay-in-the-group mode at full speed: a long game keeps within 20 new messages a minute in the group', async () => {
    const { group, elapsed } = await play('group-mode-fast', { mode: 'group', seed: 16, lives: 6, players: 4 });
    const sends = w!.sim
      .callsOf('sendMessage')
      .filter((c) => String(c.params.chat_id) === String(group.id) && c.ok)
      .map((c) => c.at);
    expect(sends.length).toBeGreaterThan(40);
    const busiest = Math.max(...sends.map((t) => sends.filter((u) => u > t - 60_000 && u <= t).length));
    console.log(
      `group-mode-fast: ${sends.length} new group messages, at most ${busiest} in any minute; the pacing held the game ${Math.round(elapsed() / 1000)} s`,
    );
    expect(busiest).toBeLessThanOrEqual(20);
    // The players acted at once: only the pacing spread the messages out.
    expect(elapsed()).toBeGreaterThan(60_000);
  });

  it('default mode with the bot killed at every step of a turn: after each restart the screen is right', async () => {
    const { check, restarts } = await playWithRestarts('private-mode-restarts', 'private', 15, 21);
    expect(restarts).toBeGreaterThan(10);
    expect(check.figures.notifications).toBe(check.figures.turns);
  });

  it('stay-in-the-group mode with the bot killed at every step of a turn: after each restart the screen is right', async () => {
    const { check, restarts } = await playWithRestarts('group-mode-restarts', 'group', 17, 22);
    expect(restarts).toBeGreaterThan(10);
    expect(check.figures.notifications).toBe(check.figures.turns);
    expect(check.figures.groupMessages).toBe(check.figures.rounds + 1);
  });
});
