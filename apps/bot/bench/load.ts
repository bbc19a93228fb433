/**
 * Bot load (issue 7): K groups of four scripted people play whole games at once, as fast as they
 * can, against the real bot (createBot, long polling by @grammyjs/runner) through telegram-sim
 * with flood limits off, on a test database (PGlite in memory and/or a fresh PostgreSQL database).
 *
 * Each group's people press the bot's real buttons, choosing like the calculator AI; a group has
 * one action in flight at a time (press → the bot's answer → its chat's outgoing messages sent),
 * the groups run concurrently. Everything (sim, bot, drivers, and PGlite) shares this one process.
 *
 *   npm run bench -w @mia/bot                       (100 groups; both databases if a server is up)
 *   npm run bench -w @mia/bot -- --groups 1000 --db postgres
 *
 * Options: --groups K (20; the 100 and 1,000 are a flag away), --db pglite|postgres|both (both when TEST_DATABASE_URL is set or a
 * server answers at postgresql://postgres@127.0.0.1:5432/postgres, else pglite), --acts N (bare
 * GameService.act samples, 500), --seed S (1).
 * Results: bench/results/bot-load.json and bot-load.md at the repository root (merged per database).
 */
import { REPO_ROOT } from '@mia/db';
import { aiAction, calculator, seededRng, type Action, type GameState } from '@mia/engine';
import { GameService, type GameRecord } from '@mia/game';
import { TelegramSim, type SimGroup, type SimMessage, type SimUser } from '@mia/telegram-sim';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect } from 'node:net';
import { translator } from '../src/i18n';
import { claimLabel } from '../src/render/claims';
import { buttonText, escapeRegExp, lastWithButton, quietLog, world, type World } from '../test/support';

const DEFAULT_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';

const { values: args } = parseArgs({
  options: {
    groups: { type: 'string', default: '20' },
    db: { type: 'string' },
    acts: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
  },
});
const positive = (name: string, raw: string) => {
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return n;
};
const config = {
  groups: positive('groups', args.groups!),
  acts: positive('acts', args.acts!),
  seed: positive('seed', args.seed!),
};

const GOALS = { actionsPerSecond: 1000, p99Ms: 50, callsPerAction: 3, botCpuMsPerAction: 1 };
const log = (...a: unknown[]) => console.log(...a);
const t = translator('en');
const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);

/** Whether something accepts connections at the server URL's host and port (a TCP check). */
function serverReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 5432), timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

const r2 = (x: number) => Math.round(x * 100) / 100;
function quantiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
  return { count: s.length, p50: r2(at(0.5)), p95: r2(at(0.95)), p99: r2(at(0.99)), max: r2(s.at(-1) ?? NaN), mean: r2(s.reduce((a, b) => a + b, 0) / (s.length || 1)) };
}
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

// ---------------------------------------------------------------------------------------------
// One group: four people, one action at a time
// ---------------------------------------------------------------------------------------------

interface Group {
  group: SimGroup;
  players: SimUser[];
  chatId: bigint;
  /** The latest committed game, from the service's own notifications (no extra database reads). */
  game: GameRecord | null;
  /** Resolved by the next committed batch in this chat. */
  waiter: ((game: GameRecord) => void) | null;
}

/** Resolves with the next committed game of the group (after `press`), or fails after 30 s. */
function nextBatch(g: Group): Promise<GameRecord> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`group ${g.group.title}: no committed action within 30 s`)), 30_000);
    g.waiter = (game) => {
      clearTimeout(timer);
      g.waiter = null;
      resolve(game);
    };
  });
}

/**
 * One person's press, timed from the moment the update is queued in the sim until the bot has
 * answered the callback query and its chat's outgoing queue (table edits, private prompts) is
 * empty: the bot's last Bot API call for this update has been answered.
 */
async function pressAndSettle(w: World, g: Group, user: SimUser, message: SimMessage, button: string): Promise<{ ms: number; game: GameRecord }> {
  const committed = nextBatch(g);
  const t0 = performance.now();
  const answered = user.press(message, button, { timeoutMs: 30_000 });
  const [popup, game] = await Promise.all([answered, committed]);
  if (!popup) throw new Error(`${user.firstName}: no answer to "${button}"`);
  await w.notifier.idleChat(g.chatId);
  return { ms: performance.now() - t0, game };
}

/** The button a person presses for an action, on the message that shows it now. */
function findButton(w: World, g: Group, state: GameState, actor: SimUser, action: Action): { message: SimMessage; button: string } {
  let label: RegExp;
  let chat: Parameters<World['sim']['messages']>[0];
  switch (action.type) {
    case 'roll':
      label = exactly(t('button-roll'));
      chat = actor.privateChat(w.token);
      break;
    case 'announce':
      label = exactly(claimLabel(state.settings.ranking, action.value, t));
      chat = actor.privateChat(w.token);
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
  const message = lastWithButton(w.sim.messages(chat), label);
  if (!message) throw new Error(`${actor.firstName} sees no button ${label} for ${action.type}`);
  return { message, button: buttonText(message, label) };
}

/** /newgame, four joins, start: the lobby (not timed as load). */
async function openTable(w: World, g: Group): Promise<void> {
  const [creator] = g.players as [SimUser];
  const created = nextBatch(g);
  creator.send(g.group, '/newgame@mia_bot');
  await created;
  await w.notifier.idleChat(g.chatId);
  const join = exactly(t('button-join'));
  const lobby = () => lastWithButton(w.sim.messages(g.group), join);
  await w.sim.waitFor(lobby, 30_000);
  for (const p of g.players) await pressAndSettle(w, g, p, lobby()!, t('button-join'));
  const { game } = await pressAndSettle(w, g, creator, lobby()!, t('button-start'));
  if (game.state.phase !== 'playing') throw new Error(`${g.group.title}: the game did not start`);
}

/** Plays the group's game to the end; returns each action's latency. */
async function playGame(w: World, g: Group, into: number[]): Promise<void> {
  const strategy = calculator();
  for (let n = 0; ; n++) {
    const state = g.game!.state;
    if (state.phase !== 'playing') return;
    if (n > 1000) throw new Error(`${g.group.title}: the game did not finish`);
    const actorId = state.round!.actor;
    const actor = g.players.find((p) => String(p.id) === actorId)!;
    const action = aiAction(state, actorId, strategy, () => 0)!;
    const { message, button } = findButton(w, g, state, actor, action);
    const { ms } = await pressAndSettle(w, g, actor, message, button);
    into.push(ms);
  }
}

// ---------------------------------------------------------------------------------------------
// The bare database transaction of an action: GameService.act, no Telegram, same database
// ---------------------------------------------------------------------------------------------

async function bareActs(w: World, samples: number): Promise<{ ms: ReturnType<typeof quantiles>; cpuMsPerAct: number }> {
  const rng = seededRng(config.seed + 2000);
  const service = new GameService({ db: w.db, rng: seededRng(config.seed + 3000), timers: false, log: quietLog });
  const strategy = calculator();
  const times: number[] = [];
  let warm = 30;
  let cpu = 0;
  try {
    for (let g = 0; times.length < samples; g++) {
      const chatId = BigInt(-1_009_000_000_000 - g);
      const seats = [0, 1, 2, 3].map((i) => String(7_000_000_000 + g * 10 + i));
      const act = async (req: Parameters<GameService['act']>[0], timed: boolean) => {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const result = await service.act(req);
        const ms = performance.now() - t0;
        const c = cpuMs(process.cpuUsage(c0));
        if (result.status !== 'applied') throw new Error(`act ${req.action.type}: ${result.status}`);
        if (timed) {
          if (warm > 0) warm--;
          else {
            times.push(ms);
            cpu += c;
          }
        }
        return result.game;
      };
      const creator = { id: seats[0]!, name: `creator ${seats[0]}` };
      await act({ chatId, user: creator, chat: { title: `bare ${g}`, type: 'supergroup' }, action: { type: 'create', creator: creator.id } }, false);
      for (const id of seats) await act({ chatId, user: { id, name: `p ${id}` }, action: { type: 'join', player: id, name: `p ${id}` } }, false);
      let game = await act({ chatId, action: { type: 'start' } }, false);
      while (game.state.phase === 'playing' && times.length < samples) {
        const actor = game.state.round!.actor;
        const action = aiAction(game.state, actor, strategy, rng)!;
        game = await act({ chatId, gameId: game.id, action, key: `bare:${game.id}:${game.state.move}`, user: { id: actor, name: `p ${actor}` } }, true);
      }
    }
  } finally {
    await service.close();
  }
  return { ms: quantiles(times), cpuMsPerAct: r2(cpu / times.length) };
}

// ---------------------------------------------------------------------------------------------
// One run on one database
// ---------------------------------------------------------------------------------------------

interface RunResult {
  database: 'pglite' | 'postgres';
  at: string;
  groups: number;
  games: number;
  actions: number;
  seconds: number;
  actionsPerSecond: number;
  latencyMs: ReturnType<typeof quantiles>;
  botApiCalls: number;
  botApiCallsPerAction: number;
  callsByMethod: Record<string, number>;
  getUpdatesCalls: number;
  rssPerGameKB: number;
  /** JS heap delta / games after a forced GC: steadier than RSS, which the allocator may not return. */
  heapPerGameKB: number;
  rssMB: { before: number; withGames: number; end: number };
  cpuMsPerAction: number;
  bareAct: { ms: ReturnType<typeof quantiles>; cpuMsPerAct: number };
  /** CPU per action of everything in process minus the bare act's CPU: bot + sim + drivers. */
  cpuMsPerActionWithoutDb: number;
  setupSeconds: number;
  lobbySeconds: number;
}

async function runOn(database: 'pglite' | 'postgres', serverUrl: string | undefined): Promise<RunResult> {
  if (database === 'postgres') process.env.TEST_DATABASE_URL = serverUrl;
  else delete process.env.TEST_DATABASE_URL;
  log(`\n== ${database === 'postgres' ? 'PostgreSQL (fresh database)' : 'PGlite (in memory)'}: ${config.groups} groups × 4 people`);
  const s0 = performance.now();
  const w = await world({ seed: config.seed, sim: { maxCalls: 50_000_000 } });
  try {
    w.sim.setLimits(false);
    const groups: Group[] = [];
    const byChat = new Map<string, Group>();
    w.games.subscribe((batch) => {
      const g = byChat.get(batch.game.chatId.toString());
      if (!g) return;
      g.game = batch.game;
      g.waiter?.(batch.game);
    });
    for (let i = 0; i < config.groups; i++) {
      const players = [0, 1, 2, 3].map((j) => w.sim.user({ firstName: `P${i}-${j}` }));
      const group = w.sim.group({ title: `Load ${i + 1}`, admins: [players[0]!], members: players.slice(1), bots: [w.token] });
      const g: Group = { group, players, chatId: BigInt(group.id), game: null, waiter: null };
      groups.push(g);
      byChat.set(g.chatId.toString(), g);
    }
    // everyone starts the bot privately (it may then write to them), a few hundred at a time
    const everyone = groups.flatMap((g) => g.players);
    for (let i = 0; i < everyone.length; i += 200) {
      await Promise.all(
        everyone.slice(i, i + 200).map(async (p) => {
          const chat = p.startPrivateChat(w.token);
          await w.sim.waitFor(() => w.sim.botMessages(chat).length > 0, 60_000);
        }),
      );
    }
    await w.settle();
    global.gc?.();
    const { rss: rssBefore, heapUsed: heapBefore } = process.memoryUsage();
    const setupSeconds = (performance.now() - s0) / 1000;

    // lobbies: all groups at once
    const l0 = performance.now();
    await Promise.all(groups.map((g) => openTable(w, g)));
    await w.settle();
    const lobbySeconds = (performance.now() - l0) / 1000;
    global.gc?.();
    const { rss: rssWithGames, heapUsed: heapWithGames } = process.memoryUsage();
    log(`  setup ${setupSeconds.toFixed(1)} s, lobbies ${lobbySeconds.toFixed(1)} s; playing…`);

    // the load: every group plays its game to the end, concurrently
    w.sim.resetCalls();
    const latencies: number[] = [];
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(groups.map((g) => playGame(w, g, latencies)));
    await w.settle();
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = cpuMs(process.cpuUsage(c0));
    const rssEnd = process.memoryUsage().rss;

    const callsByMethod: Record<string, number> = {};
    for (const c of w.sim.calls) callsByMethod[c.method] = (callsByMethod[c.method] ?? 0) + 1;
    const getUpdatesCalls = callsByMethod.getUpdates ?? 0;
    delete callsByMethod.getUpdates;
    const botApiCalls = Object.values(callsByMethod).reduce((a, b) => a + b, 0);
    const failed = w.sim.calls.filter((c) => !c.ok && c.method !== 'getUpdates');
    if (failed.length) log(`  ${failed.length} Bot API calls failed, e.g. ${failed[0]!.method}: ${failed[0]!.error?.description}`);
    const unfinished = groups.filter((g) => g.game?.state.phase !== 'over').length;
    if (unfinished) throw new Error(`${unfinished} games did not finish`);

    const actions = latencies.length;
    log(`  ${actions} actions in ${elapsed.toFixed(1)} s; timing the bare GameService.act on the same database…`);
    const bare = await bareActs(w, config.acts);
    const cpuMsPerAction = cpu / actions;
    return {
      database,
      at: new Date().toISOString(),
      groups: config.groups,
      games: groups.length,
      actions,
      seconds: r2(elapsed),
      actionsPerSecond: Math.round(actions / elapsed),
      latencyMs: quantiles(latencies),
      botApiCalls,
      botApiCallsPerAction: r2(botApiCalls / actions),
      callsByMethod,
      getUpdatesCalls,
      rssPerGameKB: Math.round((rssWithGames - rssBefore) / 1024 / groups.length),
      heapPerGameKB: Math.round((heapWithGames - heapBefore) / 1024 / groups.length),
      rssMB: { before: Math.round(rssBefore / 2 ** 20), withGames: Math.round(rssWithGames / 2 ** 20), end: Math.round(rssEnd / 2 ** 20) },
      cpuMsPerAction: r2(cpuMsPerAction),
      bareAct: bare,
      cpuMsPerActionWithoutDb: r2(cpuMsPerAction - bare.cpuMsPerAct),
      setupSeconds: r2(setupSeconds),
      lobbySeconds: r2(lobbySeconds),
    };
  } finally {
    await w.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

function rows(r: RunResult) {
  return [
    { measure: 'player actions / s', value: r.actionsPerSecond, goal: `≥ ${GOALS.actionsPerSecond}`, verdict: verdict(r.actionsPerSecond >= GOALS.actionsPerSecond) },
    { measure: 'latency p50 ms', value: r.latencyMs.p50, goal: '', verdict: '' },
    { measure: 'latency p95 ms', value: r.latencyMs.p95, goal: '', verdict: '' },
    { measure: 'latency p99 ms', value: r.latencyMs.p99, goal: `< ${GOALS.p99Ms}`, verdict: verdict(r.latencyMs.p99 < GOALS.p99Ms) },
    { measure: 'Bot API calls / action', value: r.botApiCallsPerAction, goal: `≤ ${GOALS.callsPerAction}`, verdict: verdict(r.botApiCallsPerAction <= GOALS.callsPerAction) },
    { measure: 'RSS per running game KB', value: r.rssPerGameKB, goal: '', verdict: '' },
    { measure: 'JS heap per running game KB', value: r.heapPerGameKB, goal: '', verdict: '' },
    { measure: 'bare GameService.act p50 ms', value: r.bareAct.ms.p50, goal: '', verdict: '' },
    { measure: 'bare GameService.act p99 ms', value: r.bareAct.ms.p99, goal: '', verdict: '' },
    { measure: 'bare act CPU ms (in process)', value: r.bareAct.cpuMsPerAct, goal: '', verdict: '' },
    { measure: 'process CPU ms / action (all)', value: r.cpuMsPerAction, goal: '', verdict: '' },
    {
      measure: 'CPU ms / action minus bare act (bot+sim+driver)',
      value: r.cpuMsPerActionWithoutDb,
      goal: `< ${GOALS.botCpuMsPerAction} (bot only)`,
      verdict: r.cpuMsPerActionWithoutDb < GOALS.botCpuMsPerAction ? 'met (upper bound)' : 'not shown met (upper bound includes sim+driver)',
    },
  ];
}

function describe(r: RunResult): string {
  const methods = Object.entries(r.callsByMethod).sort((a, b) => b[1] - a[1]).map(([m, n]) => `${m} ${n}`).join(', ');
  return (
    `${r.games} games, ${r.actions} actions in ${r.seconds} s (setup ${r.setupSeconds} s, lobbies ${r.lobbySeconds} s not counted); ` +
    `${r.botApiCalls} Bot API calls besides ${r.getUpdatesCalls} getUpdates (${methods}); ` +
    `RSS ${r.rssMB.before} MB before the games, ${r.rssMB.withGames} MB with them open, ${r.rssMB.end} MB at the end; bare act over ${r.bareAct.ms.count} actions`
  );
}

const NOTES = [
  'Latency: measured by the driver, from the press (the callback_query queued in telegram-sim) until the bot has answered it and its per-chat outgoing queue is empty, i.e. the last Bot API call the bot makes for that update has been answered. Not derived from sim call timestamps (the sim does not link calls to update ids); one action in flight per group, groups concurrent.',
  'Bot API calls per action: every call in the sim log during play except getUpdates, divided by the in-game actions (lobby excluded).',
  'RSS per running game: (RSS with all lobbies open and games started − RSS before) / groups, after a forced GC (--expose-gc); includes the sim\'s messages and, on PGlite, the in-process database. RSS is noisy (a second database run in the same process inherits the first one\'s freed pages, so it can come out negative); the JS heap delta is given beside it.',
  'CPU: process.cpuUsage over the play phase / actions covers the bot, telegram-sim, the drivers and (PGlite) the database, all in this one process. The bare act\'s CPU (GameService.act without Telegram, same database) is subtracted to leave bot + sim + drivers: an upper bound of the bot\'s own cost, not the bot alone. On PostgreSQL the server\'s CPU is outside the process.',
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
    lines.push(`## ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${r.groups} groups (${r.at})`, '', describe(r), '');
    lines.push('| measure | value | goal | verdict |', '| --- | ---: | --- | --- |');
    for (const row of rows(r)) lines.push(`| ${row.measure} | ${row.value} | ${row.goal} | ${row.verdict} |`);
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  const explicit = args.db;
  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_SERVER;
  let databases: ('pglite' | 'postgres')[];
  if (explicit === 'pglite' || explicit === 'postgres') databases = [explicit];
  else if (explicit === undefined || explicit === 'both') {
    const up = await serverReachable(serverUrl);
    if (explicit === 'both' && !up) throw new Error(`--db both: no PostgreSQL server at ${serverUrl}`);
    databases = up ? ['pglite', 'postgres'] : ['pglite'];
  } else throw new Error(`--db must be pglite, postgres or both, got ${explicit}`);
  if (databases.includes('postgres') && !(await serverReachable(serverUrl))) throw new Error(`no PostgreSQL server at ${serverUrl}`);

  const meta = { node: process.version, cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}` };
  const results: RunResult[] = [];
  for (const database of databases) {
    const r = await runOn(database, database === 'postgres' ? serverUrl : undefined);
    results.push(r);
    log(`\n${describe(r)}`);
    console.table(rows(r));
  }
  for (const n of NOTES) log(`- ${n}`);

  const dir = join(REPO_ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  const jsonPath = join(dir, 'bot-load.json');
  const earlier = await readFile(jsonPath, 'utf8').then((s) => JSON.parse(s) as { results: RunResult[] }, () => ({ results: [] as RunResult[] }));
  const merged = [...results, ...earlier.results.filter((e) => !results.some((r) => r.database === e.database))].sort((a, b) => a.database.localeCompare(b.database));
  await writeFile(jsonPath, `${JSON.stringify({ generatedBy: 'apps/bot/bench/load.ts', ...meta, goals: GOALS, notes: NOTES, results: merged }, null, 2)}\n`);
  await writeFile(join(dir, 'bot-load.md'), markdown(merged, meta));
  log(`\nwrote ${jsonPath} and bot-load.md`);
}

await main();
