// One run of the load on one database: the sim, the groups, the lobbies, the play, the bare act.
import { quantiles } from '@mia/db/bench';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServerDatabase } from '@mia/db/testing';
import { applyMigrations } from '@mia/db';
import { mkdir } from 'node:fs/promises';
import { TelegramSim } from '@mia/telegram-sim';
import type { HistoryMeasure } from '../history-process';
import type { Mark } from '../bot-process';
import { BotChild, bundleBenchProcess, type HistoryChild, type HistoryResult } from './children';
import { type FloorResult, runFloor } from './floor';
import { config, cpuMs, log, OWN, r2, type Variant } from './options';
import { seededRng } from '@mia/engine';
import { type PacedSamples, playPaced } from './paced';
import { openTable, playGame, type Group } from './people';
import { PerfRecording, type PerfSummary, perfAvailable, perfLines, summarizeRecording } from './perf';

export interface RunResult {
  database: 'pglite' | 'postgres';
  at: string;
  groups: number;
  durationCapS: number;
  /**
   * --warmup S: the figures are those of the window after S seconds of play; the bot's CPU per
   * action over the whole play, from its cold start, beside them.
   */
  warmup?: { seconds: number; botCpuMsPerAction: number };
  /** --pace: each group's next press is due MIN–MAX ms after its previous one was sent (open loop); null: as fast as the bot answers. */
  pace?: { minMs: number; maxMs: number } | null;
  /** --latency: the round trip to Telegram the sim added to every call (ms); absent: none. */
  apiLatencyMs?: number;
  /** Paced: how late presses went out (their group's previous action had not settled when they were due), and how many. */
  late?: { presses: number; of: number; ms: ReturnType<typeof quantiles> | null } | undefined;
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
  /** Bot process JS heap used (after a forced GC) and its peak RSS over the whole run. */
  botHeapMB?: { before: number; withGames: number; end: number };
  botMaxRssMB?: number;
  /** With every game open: the V8 heap reserved and the memory outside it (buffers, WebAssembly). */
  botHeapTotalMB?: number;
  botExternalMB?: number;
  /** Bot process CPU per action during play (on PGlite the database runs in it too). */
  botCpuMsPerAction: number;
  /** Its part in the kernel (system time: loopback sockets to the sim and the database). */
  botSystemCpuMsPerAction?: number;
  /** This process (telegram-sim and the scripted people) per action, for comparison. */
  simCpuMsPerAction: number;
  bareAct: { ms: ReturnType<typeof quantiles>; cpuMsPerAct: number; roundTripsPerAct: number };
  /** Bot process CPU per action minus the bare act's: grammY, the notifier, rendering, its extra reads. */
  botOwnCpuMsPerAction: number;
  setupSeconds: number;
  lobbySeconds: number;
  history?: HistoryResult;
  /** Paced on PostgreSQL: the same presses' I/O alone (bench/floor-process.ts), same sim, database and pace. */
  floor?: FloorResult;
  /** --versus: the label of the variant that ran; absent for the command's own (OWN). */
  variant?: string;
  /** --perf: where the bot's CPU went over the measured play (the first 40 modules). */
  perf?: PerfSummary;
}

export async function runOn(
  database: 'pglite' | 'postgres',
  serverUrl: string | undefined,
  history: HistoryChild | null,
  historyAlone: HistoryMeasure[] | null,
  announcements: number,
  variant: Variant = OWN,
): Promise<RunResult> {
  const which = variant === OWN ? '' : ` (versus: ${variant.label})`;
  log(`\n== ${database === 'postgres' ? 'PostgreSQL (fresh database)' : 'PGlite (in memory, in the bot process)'}: ${config.groups} groups × 4 people${which}`);
  const s0 = performance.now();
  // The sim logs only its last calls and counts them all (callCounts): this process need not hold
  // every call's params and answer (about 8,500 in a paced run of 100 groups, many times that with
  // 1,000 groups), which grew its heap and its full collections (apps/bot/README.md).
  const sim = await TelegramSim.start({ seed: config.seed, maxCalls: 1_000, pressTimeoutMs: 120_000, latencyMs: config.latencyMs });
  const token = sim.createBot({ username: 'mia_bot' });
  sim.setLimits(false);
  const created = database === 'postgres' ? await createServerDatabase(serverUrl!) : null;
  // Migrated here, so the bot opens it as a production restart does (already migrated: no schema
  // engine in its process, see @mia/db migrated.ts).
  if (created) await applyMigrations(created.url);
  const bundle = config.bundle ? await bundleBenchProcess('bot-process') : null;
  if (config.perf) {
    if (!(await perfAvailable())) throw new Error('--perf needs Linux perf (Debian: apt-get install linux-perf)');
    await mkdir(config.perf, { recursive: true });
  }
  const bot = new BotChild(config.profile, bundle, variant, config.perf !== undefined);
  /** --perf: recording from the measured window's opening to its close. */
  let recording: PerfRecording | null = null;
  const record = () => {
    if (config.perf) recording = PerfRecording.start(bot.pid, config.perf);
  };
  try {
    const groups: Group[] = [];
    const byChat = new Map<string, Group>();
    bot.onSettled = (chatId, game) => {
      const g = byChat.get(chatId);
      if (!g) return;
      g.game = game;
      g.waiter?.(game);
    };
    // Paced on PostgreSQL the people read each game's state themselves (there is time before the
    // next press); otherwise the bot sends it, so that the next press need not wait for a read.
    const stateOverIpc = !created || !config.pace;
    await bot.init({ token, apiRoot: sim.apiRoot, databaseUrl: created?.url ?? null, seed: config.seed, timers: true, stateOverIpc });
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
    log(
      `  setup ${setupSeconds.toFixed(1)} s, lobbies ${lobbySeconds.toFixed(1)} s; playing${config.durationS ? ` for up to ${config.warmupS + config.durationS} s` : ''}${config.warmupS ? `, measured after the first ${config.warmupS}` : ''}…`,
    );

    // the load: every group plays its game, concurrently
    const underLoad = history ? history.request({ type: 'measure-until-stopped' }) : null;
    sim.resetCalls();
    const latencies: number[] = [];
    const paced: PacedSamples = { latencies, lateMs: [], presses: 0, gamesOpened: 0 };
    const warmupMs = config.warmupS * 1000;
    // 'play start' opens the measured window (and --profile's profiles): after the warm-up, if any.
    const cold = await bot.mark(warmupMs ? 'warm-up start' : 'play start');
    if (!warmupMs) record();
    const coldT0 = performance.now();
    const until = config.durationS ? coldT0 + warmupMs + config.durationS * 1000 : Infinity;
    // The measured window opens after the warm-up: the bot's CPU and round trips, the Bot API calls
    // and the latencies of the actions that settle from then on (the groups play on throughout).
    let measuredFrom = 0;
    let lateFrom = 0;
    let pressesFrom = 0;
    let c0 = process.cpuUsage();
    const opened: Promise<Mark> = warmupMs
      ? sleep(warmupMs).then(() => {
          measuredFrom = latencies.length;
          lateFrom = paced.lateMs.length;
          pressesFrom = paced.presses;
          c0 = process.cpuUsage();
          sim.resetCalls();
          return bot.mark('play start').then((mark) => {
            record();
            return mark;
          });
        })
      : Promise.resolve(cold);
    const pace = config.pace;
    if (pace) {
      if (!config.durationS) throw new Error('--pace needs a --duration');
      await Promise.all(groups.map((g, i) => playPaced(sim, token, g, pace, seededRng(config.seed * 7919 + i), until, paced)));
    } else await Promise.all(groups.map((g) => playGame(sim, token, g, latencies, until)));
    const start = await opened;
    const coldActions = latencies.length;
    latencies.splice(0, measuredFrom);
    paced.lateMs.splice(0, lateFrom);
    paced.presses -= pressesFrom;
    const elapsed = (performance.now() - coldT0 - warmupMs) / 1000;
    const simCpu = cpuMs(process.cpuUsage(c0));
    const end = await bot.mark('play end');
    const perfSummary = recording ? await stopAndSummarize(recording, bundle?.script ?? null) : undefined;
    let historyUnderLoad: HistoryMeasure[] | null = null;
    if (history && underLoad) {
      history.tell({ type: 'stop-measuring' });
      const answer = await underLoad;
      if (answer.type === 'measured') historyUnderLoad = answer.measures;
    }

    const callsByMethod: Record<string, number> = {};
    let failed = 0;
    for (const [method, c] of Object.entries(sim.callCounts())) {
      callsByMethod[method] = c.ok + c.failed;
      if (method !== 'getUpdates') failed += c.failed;
    }
    const getUpdatesCalls = callsByMethod.getUpdates ?? 0;
    delete callsByMethod.getUpdates;
    const botApiCalls = Object.values(callsByMethod).reduce((a, b) => a + b, 0);
    if (failed) {
      const example = sim.calls.findLast((c) => !c.ok && c.method !== 'getUpdates');
      log(`  ${failed} Bot API calls failed${example ? `, the last kept: ${example.method}: ${example.error?.description}` : ''}`);
    }
    const gamesFinished = groups.filter((g) => g.game?.state.phase === 'over').length;
    if (pace) log(`  paced ${pace.minMs}-${pace.maxMs} ms: ${paced.gamesOpened} new games opened, ${paced.lateMs.length} of ${paced.presses} presses late`);
    if (!config.durationS && gamesFinished < groups.length) throw new Error(`${groups.length - gamesFinished} games did not finish`);

    const actions = latencies.length;
    log(
      `  ${actions} actions in ${elapsed.toFixed(1)} s (${gamesFinished} of ${groups.length} games finished); timing the bare GameService.act in the bot process…`,
    );
    const bare = await bot.bare(config.acts);
    const botCpuMsPerAction = (end.cpuMs - start.cpuMs) / actions;
    const fromCold = warmupMs ? { seconds: config.warmupS, botCpuMsPerAction: r2((end.cpuMs - cold.cpuMs) / coldActions) } : undefined;
    const bareCpu = bare.cpuMs / bare.ms.length;
    const result: RunResult = {
      database,
      at: new Date().toISOString(),
      groups: config.groups,
      durationCapS: config.durationS,
      ...(fromCold ? { warmup: fromCold } : {}),
      pace,
      ...(config.latencyMs ? { apiLatencyMs: config.latencyMs } : {}),
      late: pace ? { presses: paced.lateMs.length, of: paced.presses, ms: paced.lateMs.length ? quantiles(paced.lateMs) : null } : undefined,
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
      botHeapMB: { before: r2(before.heapUsed / 2 ** 20), withGames: r2(withGames.heapUsed / 2 ** 20), end: r2(end.heapUsed / 2 ** 20) },
      botMaxRssMB: Math.round(end.maxRss / 1024),
      botHeapTotalMB: Math.round(withGames.heapTotal / 2 ** 20),
      botExternalMB: Math.round(withGames.external / 2 ** 20),
      botCpuMsPerAction: r2(botCpuMsPerAction),
      botSystemCpuMsPerAction: r2((end.systemCpuMs - start.systemCpuMs) / actions),
      simCpuMsPerAction: r2(simCpu / actions),
      bareAct: { ms: quantiles(bare.ms), cpuMsPerAct: r2(bareCpu), roundTripsPerAct: r2(bare.queries / bare.ms.length) },
      botOwnCpuMsPerAction: r2(botCpuMsPerAction - bareCpu),
      setupSeconds: r2(setupSeconds),
      lobbySeconds: r2(lobbySeconds),
      ...(variant === OWN ? {} : { variant: variant.label }),
      ...(perfSummary ? { perf: perfSummary } : {}),
    };
    if (historyAlone && historyUnderLoad) result.history = { announcements, alone: historyAlone, underLoad: historyUnderLoad };
    if (pace && created) {
      await bot.stop();
      log(`  the I/O floor: the same presses' I/O alone, ${config.durationS} s at the same pace…`);
      result.floor = await runFloor({
        sim,
        token,
        databaseUrl: created.url,
        groups,
        pace,
        seconds: config.durationS,
        warmupSeconds: config.warmupS,
        rng: seededRng(config.seed * 104_729),
        editsPerPress: (callsByMethod.editMessageText ?? 0) / actions,
        sendsPerPress: (callsByMethod.sendMessage ?? 0) / actions,
        compiled: bundle !== null,
        variant,
      });
    }
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

/** Stops --perf's recording, prints its summary and returns it (the recording stays in the folder). */
async function stopAndSummarize(recording: PerfRecording, bundlePath: string | null): Promise<PerfSummary> {
  await recording.stop();
  const summary = await summarizeRecording(recording, bundlePath);
  for (const line of perfLines(summary)) log(line);
  log(`  perf: the recording is ${recording.dataPath} (its JIT map /tmp/perf-${recording.pid}.map, rewritten)`);
  return { ...summary, byModule: summary.byModule.slice(0, 40) };
}

/** Bot API calls per action besides answering the press (also for results stored before it was kept). */
export const besidesAnswer = (r: Pick<RunResult, 'botApiCalls' | 'callsByMethod' | 'actions'>) =>
  (r.botApiCalls - (r.callsByMethod.answerCallbackQuery ?? 0)) / r.actions;
