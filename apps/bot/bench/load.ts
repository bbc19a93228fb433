/**
 * Bot load (issue 7): K groups of four scripted people play whole games at once, as fast as they
 * can, against the real bot (createBot, long polling by @grammyjs/runner) through telegram-sim
 * with flood limits off (and the bot's own pacing of new messages off with them), on a fresh
 * PostgreSQL database and/or the embedded PGlite.
 *
 * Two processes: this one runs telegram-sim and the scripted people; the bot runs alone in a
 * forked child (bench/bot-process.ts) with its GameService and, on PGlite, the database. So the
 * child's CPU time, RSS and database round trips are the bot's own.
 *
 * Each group's people press the bot's real buttons, choosing like the calculator AI (believe, liar
 * and Mia on the group's round message, announcements on their private prompt); a group has
 * one action in flight at a time (press → the bot's answer → its chat's outgoing messages sent),
 * the groups run concurrently. After the load, the child times the bare GameService.act (no
 * Telegram) on the same database, so the bot's own cost per action can be set beside it.
 *
 *   npm run bench:load -w @mia/bot                         (100 groups, 45 s of play, both databases)
 *   npm run bench -w @mia/bot                              (the suite: bench/suite.ts)
 *   npm run bench:load -w @mia/bot -- --groups 1000 --db postgres
 *   npm run bench:load -w @mia/bot -- --db postgres --history  (+ the statistics queries at 1M announcements)
 *
 * Options: --groups K (100), --db pglite|postgres|both (both when a PostgreSQL server answers at
 * TEST_DATABASE_URL or postgresql://postgres@127.0.0.1:5432/postgres, else pglite), --duration S
 * (seconds of play, 45: a group starts no new action after it, so games may stay unfinished; 0
 * plays every game to its end), --acts N (bare GameService.act samples, 500), --seed S (1),
 * --history (PostgreSQL: seed 1,000,000 announcements in another database on the same server
 * with packages/game/bench/db.ts's seeding, time its statistics queries alone and then again
 * while the load runs; HISTORY_ANNOUNCEMENTS changes the size), --profile DIR (the bot process
 * runs with --cpu-prof into DIR).
 * Results: bench/results/bot-load.json and bot-load.md at the repository root (merged per database,
 * group count and --history).
 */
import { DEFAULT_SERVER_URL, machine, quantiles, serverReachable } from '@mia/db/bench';
import { createServerDatabase } from '@mia/db/testing';
import { REPO_ROOT } from '@mia/db';
import { aiAction, calculator, type Action, type GameState } from '@mia/engine';
import { TelegramSim, type ChatHandle, type SimGroup, type SimMessage, type SimUser } from '@mia/telegram-sim';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { translator } from '../src/i18n';
import { claimLabel } from '../src/render/claims';
import { buttonText, claimButton, escapeRegExp } from '../test/support';
import type { BareResult, FromBot, Mark, ToBot } from './bot-process';
import type { FromHistory, HistoryMeasure, ToHistory } from './history-process';

const HERE = dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    groups: { type: 'string', default: '100' },
    db: { type: 'string' },
    duration: { type: 'string', default: '45' },
    acts: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    history: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const count = (name: string, raw: string, min = 1) => {
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got ${raw}`);
  return n;
};
const config = {
  groups: count('groups', args.groups!),
  durationS: count('duration', args.duration!, 0),
  acts: count('acts', args.acts!),
  seed: count('seed', args.seed!),
  history: args.history!,
  profile: args.profile,
};

const GOALS = { actionsPerSecond: 1000, p99Ms: 50, callsPerAction: 3, botCpuMsPerAction: 1 };
const log = (...a: unknown[]) => console.log(...a);
const t = translator('en');
const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

const r2 = (x: number) => Math.round(x * 100) / 100;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

// ---------------------------------------------------------------------------------------------
// The bot process
// ---------------------------------------------------------------------------------------------

type Settled = Extract<FromBot, { type: 'settled' }>['game'];

/** The forked bot and a typed request/answer over IPC. */
class BotChild {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, ((m: FromBot) => void)[]>();
  onSettled: (chatId: string, game: Settled) => void = () => undefined;
  private failure: Error | null = null;

  constructor(profileDir: string | undefined) {
    const execArgv = ['--import', 'tsx', '--expose-gc', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
    this.child = fork(join(HERE, 'bot-process.ts'), [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    this.child.on('message', (m: FromBot) => {
      if (m.type === 'settled') return this.onSettled(m.chatId, m.game);
      if (m.type === 'error') {
        this.failure = new Error(`bot process: ${m.message}`);
        log(this.failure.message);
      }
      const queue = this.waiting.get(m.type);
      queue?.shift()?.(m);
    });
    this.child.on('exit', (code) => {
      if (code) this.failure = new Error(`bot process exited with ${code}`);
    });
  }

  private request<T extends FromBot['type']>(message: ToBot, answer: T): Promise<Extract<FromBot, { type: T }>> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve) => {
      const queue = this.waiting.get(answer) ?? [];
      queue.push(resolve as (m: FromBot) => void);
      this.waiting.set(answer, queue);
      this.child.send(message);
    });
  }

  init(m: Omit<Extract<ToBot, { type: 'init' }>, 'type'>) {
    return this.request({ type: 'init', ...m }, 'ready');
  }

  async mark(name: string): Promise<Mark> {
    return (await this.request({ type: 'mark', name }, 'mark')).mark;
  }

  async bare(samples: number): Promise<BareResult> {
    return (await this.request({ type: 'bare', samples, seed: config.seed }, 'bare')).result;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || !this.child.connected) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.request({ type: 'stop' }, 'stopped');
    await exited;
  }

  kill() {
    if (this.child.exitCode === null) this.child.kill();
  }
}

// ---------------------------------------------------------------------------------------------
// One group: four people, one action at a time
// ---------------------------------------------------------------------------------------------

interface Group {
  group: SimGroup;
  players: SimUser[];
  chatId: string;
  /** The latest game the bot has finished telling Telegram about. */
  game: Settled | null;
  /** Resolved by the next settled batch in this chat. */
  waiter: ((game: Settled) => void) | null;
}

/** Resolves with the next settled game of the group (after `press`), or fails after 120 s (1,000 groups queue). */
function nextBatch(g: Group): Promise<Settled> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`group ${g.group.title}: no committed action within 120 s`)), 120_000);
    g.waiter = (game) => {
      clearTimeout(timer);
      g.waiter = null;
      g.game = game;
      resolve(game);
    };
  });
}

/**
 * One person's press, timed from the moment the update is queued in the sim until the bot has
 * answered the callback query and its chat's outgoing queue (table edits, private prompts) is
 * empty: the bot's last Bot API call for this update has been answered.
 */
async function pressAndSettle(g: Group, user: SimUser, message: SimMessage, button: string): Promise<{ ms: number; game: Settled }> {
  const settled = nextBatch(g);
  const t0 = performance.now();
  const answered = user.press(message, button, { timeoutMs: 120_000 });
  const [popup, game] = await Promise.all([answered, settled]);
  if (!popup) throw new Error(`${user.firstName}: no answer to "${button}"`);
  return { ms: performance.now() - t0, game };
}

/** The newest message in a chat with a button matching `label` (snapshots only what it looks at). */
function lastWithButton(sim: TelegramSim, chat: ChatHandle, label: RegExp): SimMessage | undefined {
  const order = sim.chat(chat).order;
  for (let i = order.length - 1; i >= 0; i--) {
    const m = sim.snapshot(order[i]!);
    if (m.reply_markup?.inline_keyboard.some((row) => row.some((b) => label.test(b.text)))) return m;
  }
  return undefined;
}

/** The button a person presses for an action, on the message that shows it now. */
function findButton(sim: TelegramSim, token: string, g: Group, state: GameState, actor: SimUser, action: Action): { message: SimMessage; button: string } {
  let label: RegExp;
  let chat: ChatHandle;
  switch (action.type) {
    case 'roll':
      label = exactly(t('button-roll'));
      chat = actor.privateChat(token);
      break;
    case 'announce':
      // "54 · 50%", or "🎯 42 · 78%" for the truth.
      label = claimButton(claimLabel(state.settings.ranking, action.value, t));
      chat = actor.privateChat(token);
      break;
    case 'believe':
    case 'call':
      label = exactly(t(action.type === 'call' ? 'button-call' : 'button-believe'));
      chat = g.group;
      break;
    case 'lookAtMia':
    case 'giveUp':
      label = exactly(t(action.type === 'lookAtMia' ? 'button-look' : 'button-give-up'));
      chat = g.group;
      break;
    default:
      throw new Error(`unexpected action ${action.type}`);
  }
  const message = lastWithButton(sim, chat, label);
  if (!message) throw new Error(`${actor.firstName} sees no button ${label} for ${action.type}`);
  return { message, button: buttonText(message, label) };
}

/** /newgame, four joins, start: the lobby (not timed as load). */
async function openTable(sim: TelegramSim, g: Group): Promise<void> {
  const [creator] = g.players as [SimUser];
  const created = nextBatch(g);
  creator.send(g.group, '/newgame@mia_bot');
  await created;
  const join = exactly(t('button-join'));
  const lobby = () => lastWithButton(sim, g.group, join);
  await sim.waitFor(lobby, 30_000);
  for (const p of g.players) await pressAndSettle(g, p, lobby()!, t('button-join'));
  const { game } = await pressAndSettle(g, creator, lobby()!, t('button-start'));
  if (game.state.phase !== 'playing') throw new Error(`${g.group.title}: the game did not start`);
}

/** Plays the group's game to the end, or until `until` (performance.now()); pushes each action's latency. */
async function playGame(sim: TelegramSim, token: string, g: Group, into: number[], until: number): Promise<void> {
  const strategy = calculator();
  for (let n = 0; performance.now() < until; n++) {
    const state = g.game!.state;
    if (state.phase !== 'playing') return;
    if (n > 1000) throw new Error(`${g.group.title}: the game did not finish`);
    const actorId = state.round!.actor;
    const actor = g.players.find((p) => String(p.id) === actorId)!;
    const action = aiAction(state, actorId, strategy, () => 0)!;
    const { message, button } = findButton(sim, token, g, state, actor, action);
    const { ms } = await pressAndSettle(g, actor, message, button);
    into.push(ms);
  }
}

// ---------------------------------------------------------------------------------------------
// History queries beside the load (--history)
// ---------------------------------------------------------------------------------------------

/** The forked history process (bench/history-process.ts): seeds, then measures on request. */
class HistoryChild {
  private readonly child: ChildProcess;
  private readonly waiting: ((m: FromHistory) => void)[] = [];

  constructor(serverUrl: string) {
    this.child = fork(join(HERE, 'history-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_DATABASE_URL: serverUrl },
    });
    this.child.on('message', (m: FromHistory) => {
      if (m.type === 'error') log(`history process: ${m.message}`);
      this.waiting.shift()?.(m);
    });
  }

  request(m: ToHistory): Promise<FromHistory> {
    return new Promise((resolve, reject) => {
      this.waiting.push((answer) => (answer.type === 'error' ? reject(new Error(answer.message)) : resolve(answer)));
      this.child.send(m);
    });
  }

  /** A message with no answer. */
  tell(m: ToHistory): void {
    this.child.send(m);
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.send({ type: 'stop' } satisfies ToHistory);
    await exited;
  }
}

interface HistoryResult {
  announcements: number;
  alone: HistoryMeasure[];
  underLoad: HistoryMeasure[];
}

// ---------------------------------------------------------------------------------------------
// One run on one database
// ---------------------------------------------------------------------------------------------

interface RunResult {
  database: 'pglite' | 'postgres';
  at: string;
  groups: number;
  durationCapS: number;
  games: number;
  gamesFinished: number;
  actions: number;
  seconds: number;
  actionsPerSecond: number;
  latencyMs: ReturnType<typeof quantiles>;
  botApiCalls: number;
  botApiCallsPerAction: number;
  /** Besides answering the press (answerCallbackQuery): what the goal of at most 3 counts. */
  botApiCallsBesidesAnswerPerAction: number;
  callsByMethod: Record<string, number>;
  getUpdatesCalls: number;
  dbRoundTripsPerAction: number;
  /** Bot process RSS growth with every game open / groups (after a forced GC in that process). */
  rssPerGameKB: number;
  heapPerGameKB: number;
  botRssMB: { before: number; withGames: number; end: number };
  /** Bot process CPU per action during play (on PGlite the database runs in it too). */
  botCpuMsPerAction: number;
  /** This process (telegram-sim and the scripted people) per action, for comparison. */
  simCpuMsPerAction: number;
  bareAct: { ms: ReturnType<typeof quantiles>; cpuMsPerAct: number; roundTripsPerAct: number };
  /** Bot process CPU per action minus the bare act's: grammY, the notifier, rendering, its extra reads. */
  botOwnCpuMsPerAction: number;
  setupSeconds: number;
  lobbySeconds: number;
  history?: HistoryResult;
}

async function runOn(database: 'pglite' | 'postgres', serverUrl: string | undefined, history: HistoryChild | null, historyAlone: HistoryMeasure[] | null, announcements: number): Promise<RunResult> {
  log(`\n== ${database === 'postgres' ? 'PostgreSQL (fresh database)' : 'PGlite (in memory, in the bot process)'}: ${config.groups} groups × 4 people`);
  const s0 = performance.now();
  const sim = await TelegramSim.start({ seed: config.seed, maxCalls: 50_000_000, pressTimeoutMs: 120_000 });
  const token = sim.createBot({ username: 'mia_bot' });
  sim.setLimits(false);
  const created = database === 'postgres' ? await createServerDatabase(serverUrl!) : null;
  const bot = new BotChild(config.profile);
  try {
    const groups: Group[] = [];
    const byChat = new Map<string, Group>();
    bot.onSettled = (chatId, game) => {
      const g = byChat.get(chatId);
      if (!g) return;
      g.game = game;
      g.waiter?.(game);
    };
    await bot.init({ token, apiRoot: sim.apiRoot, databaseUrl: created?.url ?? null, seed: config.seed, timers: true });
    for (let i = 0; i < config.groups; i++) {
      const players = [0, 1, 2, 3].map((j) => sim.user({ firstName: `P${i}-${j}` }));
      const group = sim.group({ title: `Load ${i + 1}`, admins: [players[0]!], members: players.slice(1), bots: [token] });
      const g: Group = { group, players, chatId: String(group.id), game: null, waiter: null };
      groups.push(g);
      byChat.set(g.chatId, g);
    }
    // everyone starts the bot privately (it may then write to them), a few hundred at a time
    const everyone = groups.flatMap((g) => g.players);
    for (let i = 0; i < everyone.length; i += 200) {
      await Promise.all(
        everyone.slice(i, i + 200).map(async (p) => {
          const chat = p.startPrivateChat(token);
          await sim.waitFor(() => sim.botMessages(chat).length > 0, 60_000);
        }),
      );
    }
    const before = await bot.mark('before');
    const setupSeconds = (performance.now() - s0) / 1000;

    // lobbies: all groups at once
    const l0 = performance.now();
    await Promise.all(groups.map((g) => openTable(sim, g)));
    const lobbySeconds = (performance.now() - l0) / 1000;
    const withGames = await bot.mark('with games');
    log(`  setup ${setupSeconds.toFixed(1)} s, lobbies ${lobbySeconds.toFixed(1)} s; playing${config.durationS ? ` for up to ${config.durationS} s` : ''}…`);

    // the load: every group plays its game, concurrently
    const underLoad = history ? history.request({ type: 'measure-until-stopped' }) : null;
    sim.resetCalls();
    const latencies: number[] = [];
    const start = await bot.mark('play start');
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const until = config.durationS ? t0 + config.durationS * 1000 : Infinity;
    await Promise.all(groups.map((g) => playGame(sim, token, g, latencies, until)));
    const elapsed = (performance.now() - t0) / 1000;
    const simCpu = cpuMs(process.cpuUsage(c0));
    const end = await bot.mark('play end');
    let historyUnderLoad: HistoryMeasure[] | null = null;
    if (history && underLoad) {
      history.tell({ type: 'stop-measuring' });
      const answer = await underLoad;
      if (answer.type === 'measured') historyUnderLoad = answer.measures;
    }

    const callsByMethod: Record<string, number> = {};
    for (const c of sim.calls) callsByMethod[c.method] = (callsByMethod[c.method] ?? 0) + 1;
    const getUpdatesCalls = callsByMethod.getUpdates ?? 0;
    delete callsByMethod.getUpdates;
    const botApiCalls = Object.values(callsByMethod).reduce((a, b) => a + b, 0);
    const failed = sim.calls.filter((c) => !c.ok && c.method !== 'getUpdates');
    if (failed.length) log(`  ${failed.length} Bot API calls failed, e.g. ${failed[0]!.method}: ${failed[0]!.error?.description}`);
    const gamesFinished = groups.filter((g) => g.game?.state.phase === 'over').length;
    if (!config.durationS && gamesFinished < groups.length) throw new Error(`${groups.length - gamesFinished} games did not finish`);

    const actions = latencies.length;
    log(`  ${actions} actions in ${elapsed.toFixed(1)} s (${gamesFinished} of ${groups.length} games finished); timing the bare GameService.act in the bot process…`);
    const bare = await bot.bare(config.acts);
    const botCpuMsPerAction = (end.cpuMs - start.cpuMs) / actions;
    const bareCpu = bare.cpuMs / bare.ms.length;
    const result: RunResult = {
      database,
      at: new Date().toISOString(),
      groups: config.groups,
      durationCapS: config.durationS,
      games: groups.length,
      gamesFinished,
      actions,
      seconds: r2(elapsed),
      actionsPerSecond: Math.round(actions / elapsed),
      latencyMs: quantiles(latencies),
      botApiCalls,
      botApiCallsPerAction: r2(botApiCalls / actions),
      botApiCallsBesidesAnswerPerAction: r2(besidesAnswer({ botApiCalls, callsByMethod, actions })),
      callsByMethod,
      getUpdatesCalls,
      dbRoundTripsPerAction: r2((end.queries - start.queries) / actions),
      rssPerGameKB: Math.round((withGames.rss - before.rss) / 1024 / groups.length),
      heapPerGameKB: Math.round((withGames.heapUsed - before.heapUsed) / 1024 / groups.length),
      botRssMB: { before: Math.round(before.rss / 2 ** 20), withGames: Math.round(withGames.rss / 2 ** 20), end: Math.round(end.rss / 2 ** 20) },
      botCpuMsPerAction: r2(botCpuMsPerAction),
      simCpuMsPerAction: r2(simCpu / actions),
      bareAct: { ms: quantiles(bare.ms), cpuMsPerAct: r2(bareCpu), roundTripsPerAct: r2(bare.queries / bare.ms.length) },
      botOwnCpuMsPerAction: r2(botCpuMsPerAction - bareCpu),
      setupSeconds: r2(setupSeconds),
      lobbySeconds: r2(lobbySeconds),
    };
    if (historyAlone && historyUnderLoad) result.history = { announcements, alone: historyAlone, underLoad: historyUnderLoad };
    return result;
  } finally {
    await bot.stop().catch((e: Error) => {
      log(`  bot process: ${e.message}`);
      bot.kill();
    });
    await sim.stop();
    await created?.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Bot API calls per action besides answering the press (also for results stored before it was kept). */
const besidesAnswer = (r: Pick<RunResult, 'botApiCalls' | 'callsByMethod' | 'actions'>) => (r.botApiCalls - (r.callsByMethod.answerCallbackQuery ?? 0)) / r.actions;

function rows(r: RunResult) {
  const pg = r.database === 'postgres';
  const besides = r2(besidesAnswer(r));
  return [
    { measure: 'player actions / s', value: r.actionsPerSecond, goal: `≥ ${GOALS.actionsPerSecond}`, verdict: pg ? verdict(r.actionsPerSecond >= GOALS.actionsPerSecond) : '' },
    { measure: 'latency p50 ms', value: r.latencyMs.p50, goal: '', verdict: '' },
    { measure: 'latency p95 ms', value: r.latencyMs.p95, goal: '', verdict: '' },
    { measure: 'latency p99 ms', value: r.latencyMs.p99, goal: `< ${GOALS.p99Ms}`, verdict: pg ? verdict(r.latencyMs.p99 < GOALS.p99Ms) : '' },
    { measure: 'Bot API calls / action', value: r.botApiCallsPerAction, goal: '', verdict: '' },
    { measure: 'Bot API calls / action besides the answer', value: besides, goal: `≤ ${GOALS.callsPerAction}`, verdict: verdict(besides <= GOALS.callsPerAction) },
    { measure: 'database round trips / action (bot)', value: r.dbRoundTripsPerAction, goal: '', verdict: '' },
    { measure: 'database round trips / bare act', value: r.bareAct.roundTripsPerAct, goal: '', verdict: '' },
    { measure: 'bot RSS per running game KB', value: r.rssPerGameKB, goal: '', verdict: '' },
    { measure: 'bot JS heap per running game KB', value: r.heapPerGameKB, goal: '', verdict: '' },
    { measure: 'bare GameService.act p50 ms', value: r.bareAct.ms.p50, goal: '', verdict: '' },
    { measure: 'bare GameService.act p99 ms', value: r.bareAct.ms.p99, goal: '', verdict: '' },
    { measure: 'bare act CPU ms (bot process)', value: r.bareAct.cpuMsPerAct, goal: '', verdict: '' },
    { measure: 'bot process CPU ms / action', value: r.botCpuMsPerAction, goal: '', verdict: '' },
    { measure: "bot's own cost ms / action", value: r.botOwnCpuMsPerAction, goal: `< ${GOALS.botCpuMsPerAction}`, verdict: pg ? verdict(r.botOwnCpuMsPerAction < GOALS.botCpuMsPerAction) : '' },
    { measure: 'sim + people CPU ms / action (other process)', value: r.simCpuMsPerAction, goal: '', verdict: '' },
  ];
}

function historyRows(h: HistoryResult) {
  return h.alone.map((a) => {
    const l = h.underLoad.find((u) => u.operation === a.operation);
    return { query: a.operation, 'alone p50': a.p50, 'alone p95': a.p95, 'under load p50': l?.p50 ?? NaN, 'under load p95': l?.p95 ?? NaN, 'under load n': l?.count ?? 0 };
  });
}

function describe(r: RunResult): string {
  const methods = Object.entries(r.callsByMethod).sort((a, b) => b[1] - a[1]).map(([m, n]) => `${m} ${n}`).join(', ');
  return (
    `${r.games} games (${r.gamesFinished} finished${r.durationCapS ? ` within the ${r.durationCapS} s cap` : ''}), ${r.actions} actions in ${r.seconds} s (setup ${r.setupSeconds} s, lobbies ${r.lobbySeconds} s not counted); ` +
    `${r.botApiCalls} Bot API calls besides ${r.getUpdatesCalls} getUpdates (${methods}); ` +
    `bot process RSS ${r.botRssMB.before} MB before the games, ${r.botRssMB.withGames} MB with them open, ${r.botRssMB.end} MB at the end; bare act over ${r.bareAct.ms.count} actions`
  );
}

const NOTES = [
  'Processes: telegram-sim and the scripted people run in the benchmark process; the bot (grammY runner, GameService, notifier, and on PGlite the database itself) runs alone in a forked child, so its CPU, memory and round trips are its own. On PostgreSQL the server\'s CPU is in neither.',
  'Latency: measured by the scripted person, from the press (the callback_query queued in telegram-sim) until the bot has answered it and its per-chat outgoing queue is empty (the bot process reports over IPC when the notifier\'s queue for the chat drains), i.e. the last Bot API call the bot makes for that update has been answered. One action in flight per group, groups concurrent.',
  'Bot API calls per action: every call in the sim log during play except getUpdates, divided by the in-game actions (lobby excluded); besides the answer: without answerCallbackQuery (one per press), which is what the goal of at most 3 counts.',
  'Database round trips: queries sent by node-postgres in the bot process (Client.prototype.query, counted by the benchmark only: BEGIN and COMMIT included), during play / actions; beside it the same count for one bare GameService.act.',
  'RSS per running game: (bot process RSS with all lobbies open and games started − RSS before) / groups, after a forced GC in the bot process (--expose-gc); on PGlite the in-process database is included. RSS is noisy; the JS heap delta is given beside it.',
  "Bot's own cost: bot process CPU during play / actions, minus the CPU of one bare GameService.act (same process, same database, timed after the load): what grammY, the notifier, rendering, the bot's extra reads and IPC cost on top of the transaction. On PGlite both include the database's own work in WebAssembly.",
  'Duration: with --duration S (default 45) groups start no new action after S seconds, so long runs (1,000 groups) fit in minutes; --duration 0 plays every game to its end.',
];

function markdown(results: RunResult[], meta: Record<string, unknown>): string {
  const lines = [
    '# Bot load (`npm run bench -w @mia/bot`)',
    '',
    `Generated by apps/bot/bench/load.ts. Node ${meta.node}, ${meta.cpus}. Four scripted people per group (calculator choices, pressing the bot's buttons) through telegram-sim with limits off.`,
    '',
    ...NOTES.map((n) => `- ${n}`),
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${r.groups} groups${r.history ? ', history queries beside it' : ''} (${r.at})`, '', describe(r), '');
    lines.push('| measure | value | goal | verdict |', '| --- | ---: | --- | --- |');
    for (const row of rows(r)) lines.push(`| ${row.measure} | ${row.value} | ${row.goal} | ${row.verdict} |`);
    lines.push('');
    if (r.history) {
      lines.push(`History queries at ${r.history.announcements.toLocaleString('en')} announcements on the same server (ms), alone and while this load ran:`, '');
      lines.push('| query | alone p50 | alone p95 | under load p50 | under load p95 | under load n |', '| --- | ---: | ---: | ---: | ---: | ---: |');
      for (const h of historyRows(r.history)) lines.push(`| ${h.query} | ${h['alone p50']} | ${h['alone p95']} | ${h['under load p50']} | ${h['under load p95']} | ${h['under load n']} |`);
      lines.push('');
    }
  }
  return lines.join('\n');
}

async function main() {
  const explicit = args.db;
  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
  let databases: ('pglite' | 'postgres')[];
  if (explicit === 'pglite' || explicit === 'postgres') databases = [explicit];
  else if (explicit === undefined || explicit === 'both') {
    const up = await serverReachable(serverUrl);
    if (explicit === 'both' && !up) throw new Error(`--db both: no PostgreSQL server at ${serverUrl}`);
    databases = up ? ['postgres', 'pglite'] : ['pglite'];
  } else throw new Error(`--db must be pglite, postgres or both, got ${explicit}`);
  if (databases.includes('postgres') && !(await serverReachable(serverUrl))) throw new Error(`no PostgreSQL server at ${serverUrl}`);
  if (config.history && !databases.includes('postgres')) throw new Error('--history needs PostgreSQL');

  const meta = machine();
  const results: RunResult[] = [];
  let history: HistoryChild | null = null;
  let historyAlone: HistoryMeasure[] | null = null;
  let announcements = 0;
  try {
    if (config.history) {
      history = new HistoryChild(serverUrl);
      log('\n== History: seeding the statistics database (packages/game/bench/db.ts) and timing its queries alone…');
      const seeded = await history.request({ type: 'seed' });
      if (seeded.type !== 'seeded') throw new Error('history: not seeded');
      announcements = seeded.announcements;
      log(`  ${seeded.announcements.toLocaleString('en')} announcements seeded in ${seeded.seconds.toFixed(0)} s; ratings and tallies of its ${seeded.ratedGames.toLocaleString('en')} finished games recomputed in ${seeded.ratingSeconds.toFixed(1)} s`);
      const alone = await history.request({ type: 'measure' });
      if (alone.type === 'measured') historyAlone = alone.measures;
      console.table(historyAlone);
    }
    for (const database of databases) {
      const withHistory = database === 'postgres' ? history : null;
      const r = await runOn(database, database === 'postgres' ? serverUrl : undefined, withHistory, historyAlone, announcements);
      results.push(r);
      log(`\n${describe(r)}`);
      console.table(rows(r));
      if (r.history) console.table(historyRows(r.history));
    }
  } finally {
    await history?.stop();
  }
  for (const n of NOTES) log(`- ${n}`);

  const dir = join(REPO_ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  const jsonPath = join(dir, 'bot-load.json');
  const earlier = await readFile(jsonPath, 'utf8').then((s) => JSON.parse(s) as { results: RunResult[] }, () => ({ results: [] as RunResult[] }));
  const same = (a: RunResult, b: RunResult) => a.database === b.database && a.groups === b.groups && !a.history === !b.history;
  const merged = [...results, ...earlier.results.filter((e) => e.botOwnCpuMsPerAction !== undefined && !results.some((r) => same(r, e)))].sort(
    (a, b) => b.database.localeCompare(a.database) || a.groups - b.groups || Number(!!a.history) - Number(!!b.history),
  );
  await writeFile(jsonPath, `${JSON.stringify({ generatedBy: 'apps/bot/bench/load.ts', ...meta, goals: GOALS, notes: NOTES, results: merged }, null, 2)}\n`);
  await writeFile(join(dir, 'bot-load.md'), markdown(merged, meta));
  log(`\nwrote ${jsonPath} and bot-load.md`);
}

await main();
