// What the load benchmark reports: the tables printed, the notes, and the Markdown results file.
import type { HistoryResult } from './children';
import { GOALS, OWN, PACED_GOALS, r2 } from './options';
import { besidesAnswer, type RunResult } from './run';

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** The rows of a paced run (--pace): what a person at a human pace meets, and what each action costs the bot. */
function pacedRows(r: RunResult) {
  const pg = r.database === 'postgres';
  const late = r.late;
  return [
    { measure: 'player actions / s (achieved)', value: r.actionsPerSecond, goal: '', verdict: '' },
    { measure: 'press → last Bot API call p50 ms', value: r.latencyMs.p50, goal: '', verdict: '' },
    { measure: 'press → last Bot API call p95 ms', value: r.latencyMs.p95, goal: '', verdict: '' },
    // The goal is the bot's own share, on loopback: with --latency most of it is the network's.
    r.apiLatencyMs
      ? { measure: `press → last Bot API call p99 ms (${r.apiLatencyMs} ms round trips)`, value: r.latencyMs.p99, goal: '', verdict: '' }
      : {
          measure: 'press → last Bot API call p99 ms',
          value: r.latencyMs.p99,
          goal: `≤ ${PACED_GOALS.p99Ms}`,
          verdict: pg ? verdict(r.latencyMs.p99 <= PACED_GOALS.p99Ms) : '',
        },
    { measure: 'presses sent late (previous action unsettled when due)', value: `${late?.presses ?? 0} of ${late?.of ?? 0}`, goal: '', verdict: '' },
    { measure: 'how late p99 ms', value: late?.ms?.p99 ?? 0, goal: '', verdict: '' },
    {
      measure: 'bot process CPU ms / action',
      value: r.botCpuMsPerAction,
      goal: `≤ ${PACED_GOALS.botCpuMsPerAction}`,
      verdict: pg ? verdict(r.botCpuMsPerAction <= PACED_GOALS.botCpuMsPerAction) : '',
    },
    ...(r.warmup
      ? [
          {
            measure: `… over the whole play from the bot's cold start (the ${r.warmup.seconds} s warm-up included)`,
            value: r.warmup.botCpuMsPerAction,
            goal: '',
            verdict: '',
          },
        ]
      : []),
    { measure: '… of which in the kernel (system) ms / action', value: r.botSystemCpuMsPerAction ?? NaN, goal: '', verdict: '' },
    ...(r.floor
      ? [
          { measure: 'I/O floor CPU ms / press (the same I/O alone, same pace)', value: r2(r.floor.cpuMsPerPress), goal: '', verdict: '' },
          { measure: 'bot CPU above the floor ms / action', value: r2(r.botCpuMsPerAction - r.floor.cpuMsPerPress), goal: '', verdict: '' },
        ]
      : []),
    {
      measure: 'database round trips / action (bot)',
      value: r.dbRoundTripsPerAction,
      goal: `≤ ${PACED_GOALS.dbRoundTripsPerAction}`,
      verdict: pg ? verdict(r.dbRoundTripsPerAction <= PACED_GOALS.dbRoundTripsPerAction) : '',
    },
    { measure: 'Bot API calls / action', value: r.botApiCallsPerAction, goal: '', verdict: '' },
    { measure: 'Bot API calls / action besides the answer', value: r2(besidesAnswer(r)), goal: '', verdict: '' },
    { measure: 'bot RSS MB with the games open / at the end', value: `${r.botRssMB.withGames} / ${r.botRssMB.end}`, goal: '', verdict: '' },
    { measure: 'bot peak RSS MB', value: r.botMaxRssMB ?? NaN, goal: '≤ 150', verdict: pg ? verdict((r.botMaxRssMB ?? Infinity) <= 150) : '' },
    { measure: 'bot JS heap MB with the games open / at the end', value: `${r.botHeapMB?.withGames} / ${r.botHeapMB?.end}`, goal: '', verdict: '' },
    { measure: 'bot V8 heap reserved MB, outside it MB (games open)', value: `${r.botHeapTotalMB}, ${r.botExternalMB}`, goal: '', verdict: '' },
    { measure: 'bare GameService.act p50 ms, its CPU ms', value: `${r.bareAct.ms.p50}, ${r.bareAct.cpuMsPerAct}`, goal: '', verdict: '' },
    { measure: 'sim + people CPU ms / action (other process)', value: r.simCpuMsPerAction, goal: '', verdict: '' },
  ];
}

export function rows(r: RunResult) {
  if (r.pace) return pacedRows(r);
  const pg = r.database === 'postgres';
  const besides = r2(besidesAnswer(r));
  return [
    {
      measure: 'player actions / s',
      value: r.actionsPerSecond,
      goal: `≥ ${GOALS.actionsPerSecond}`,
      verdict: pg ? verdict(r.actionsPerSecond >= GOALS.actionsPerSecond) : '',
    },
    { measure: 'latency p50 ms', value: r.latencyMs.p50, goal: '', verdict: '' },
    { measure: 'latency p95 ms', value: r.latencyMs.p95, goal: '', verdict: '' },
    { measure: 'latency p99 ms', value: r.latencyMs.p99, goal: `< ${GOALS.p99Ms}`, verdict: pg ? verdict(r.latencyMs.p99 < GOALS.p99Ms) : '' },
    { measure: 'Bot API calls / action', value: r.botApiCallsPerAction, goal: '', verdict: '' },
    {
      measure: 'Bot API calls / action besides the answer',
      value: besides,
      goal: `≤ ${GOALS.callsPerAction}`,
      verdict: verdict(besides <= GOALS.callsPerAction),
    },
    { measure: 'database round trips / action (bot)', value: r.dbRoundTripsPerAction, goal: '', verdict: '' },
    { measure: 'database round trips / bare act', value: r.bareAct.roundTripsPerAct, goal: '', verdict: '' },
    { measure: 'bot RSS per running game KB', value: r.rssPerGameKB, goal: '', verdict: '' },
    { measure: 'bot JS heap per running game KB', value: r.heapPerGameKB, goal: '', verdict: '' },
    { measure: 'bare GameService.act p50 ms', value: r.bareAct.ms.p50, goal: '', verdict: '' },
    { measure: 'bare GameService.act p99 ms', value: r.bareAct.ms.p99, goal: '', verdict: '' },
    { measure: 'bare act CPU ms (bot process)', value: r.bareAct.cpuMsPerAct, goal: '', verdict: '' },
    { measure: 'bot process CPU ms / action', value: r.botCpuMsPerAction, goal: '', verdict: '' },
    {
      measure: "bot's own cost ms / action",
      value: r.botOwnCpuMsPerAction,
      goal: `< ${GOALS.botCpuMsPerAction}`,
      verdict: pg ? verdict(r.botOwnCpuMsPerAction < GOALS.botCpuMsPerAction) : '',
    },
    { measure: 'sim + people CPU ms / action (other process)', value: r.simCpuMsPerAction, goal: '', verdict: '' },
  ];
}

export function historyRows(h: HistoryResult) {
  return h.alone.map((a) => {
    const l = h.underLoad.find((u) => u.operation === a.operation);
    return {
      query: a.operation,
      'alone p50': a.p50,
      'alone p95': a.p95,
      'under load p50': l?.p50 ?? NaN,
      'under load p95': l?.p95 ?? NaN,
      'under load n': l?.count ?? 0,
    };
  });
}

export function describe(r: RunResult): string {
  const methods = Object.entries(r.callsByMethod)
    .sort((a, b) => b[1] - a[1])
    .map(([m, n]) => `${m} ${n}`)
    .join(', ');
  const pace = r.pace
    ? `paced ${r.pace.minMs}–${r.pace.maxMs} ms per group (open loop)${r.apiLatencyMs ? `, ${r.apiLatencyMs} ms round trip to the Bot API` : ''}: `
    : '';
  return (
    pace +
    `${r.games} games (${r.gamesFinished} finished${r.durationCapS ? ` within the ${r.durationCapS + (r.warmup?.seconds ?? 0)} s cap` : ''}), ${r.actions} actions in ${r.seconds} s (setup ${r.setupSeconds} s, lobbies ${r.lobbySeconds} s${r.warmup ? `, the first ${r.warmup.seconds} s of play` : ''} not counted); ` +
    `${r.botApiCalls} Bot API calls besides ${r.getUpdatesCalls} getUpdates (${methods}); ` +
    `bot process RSS ${r.botRssMB.before} MB before the games, ${r.botRssMB.withGames} MB with them open, ${r.botRssMB.end} MB at the end; bare act over ${r.bareAct.ms.count} actions`
  );
}

export const NOTES = [
  "Processes: telegram-sim and the scripted people run in the benchmark process; the bot (grammY runner, GameService, notifier, and on PGlite the database itself) runs alone in a forked child, so its CPU, memory and round trips are its own. On PostgreSQL the server's CPU is in neither.",
  "Latency: measured by the scripted person, from the press (the callback_query queued in telegram-sim) until the bot has answered it and its per-chat outgoing queue is empty (the bot process reports over IPC when the notifier's queue for the chat drains), i.e. the last Bot API call the bot makes for that update has been answered. One action in flight per group, groups concurrent.",
  'Bot API calls per action: every call in the sim log during play except getUpdates, divided by the in-game actions (lobby excluded); besides the answer: without answerCallbackQuery (one per press), which is what the goal of at most 3 counts.',
  'Database round trips: queries sent by node-postgres in the bot process (Client.prototype.query, counted by the benchmark only: BEGIN and COMMIT included), during play / actions; beside it the same count for one bare GameService.act.',
  'RSS per running game: (bot process RSS with all lobbies open and games started − RSS before) / groups, after a forced GC in the bot process (--expose-gc); on PGlite the in-process database is included. RSS is noisy; the JS heap delta is given beside it.',
  "Bot's own cost: bot process CPU during play / actions, minus the CPU of one bare GameService.act (same process, same database, timed after the load): what grammY, the notifier, rendering, the bot's extra reads and IPC cost on top of the transaction. On PGlite both include the database's own work in WebAssembly.",
  "Human pace (--pace MIN-MAX, issue 16): open loop, each group presses MIN–MAX ms after its previous press was sent, not after the bot answered; a press waits for its turn (not counted), one that could not go out on time (its group's previous action unsettled) is counted apart as late. Games that end are followed by a new one (/newgame, four joins, start), each step a paced action. Without --pace the groups press as soon as the bot answers, so that latency is the queue behind the saturated bot. Bot CPU per action at a pace is the bot process's whole CPU over the window / actions (the transaction included). With --warmup S the window opens after S seconds of play (the groups play on through it), so the figures are a running bot's; the CPU per action over the whole play, from the bot process's cold start, is given beside them.",
  "I/O floor (paced, on PostgreSQL): after the bot stops, bench/floor-process.ts is pressed by the same groups at the same pace for as long, on the same sim and database, with the bot's node flags. For each press it does the bot's I/O and nothing else: the update from a long poll, the answer, one statement to the database, and the bot's edits and new messages in the proportion its run made them (the bot's HTTP client, node-postgres). No grammY, no game, no rendering. Its CPU per press is what a bot doing this I/O this way does not go below on this machine at this pace; what the bot spends above it is its own.",
  'Duration: with --duration S (default 45) groups start no new action after S seconds, so long runs (1,000 groups) fit in minutes; --duration 0 plays every game to its end.',
];

export function markdown(results: RunResult[], meta: Record<string, unknown>): string {
  const lines = [
    '# Bot load (`npm run bench -w @mia/bot`)',
    '',
    `Generated by apps/bot/bench/load.ts. Node ${meta.node}, ${meta.cpus}. Four scripted people per group (calculator choices, pressing the bot's buttons) through telegram-sim with limits off.`,
    '',
    ...NOTES.map((n) => `- ${n}`),
    '',
  ];
  for (const r of results) {
    lines.push(
      `## ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${r.groups} groups${r.pace ? `, paced ${r.pace.minMs}–${r.pace.maxMs} ms` : ''}${r.history ? ', history queries beside it' : ''} (${r.at})`,
      '',
      describe(r),
      '',
    );
    lines.push('| measure | value | goal | verdict |', '| --- | ---: | --- | --- |');
    for (const row of rows(r)) lines.push(`| ${row.measure} | ${row.value} | ${row.goal} | ${row.verdict} |`);
    lines.push('');
    if (r.history) {
      lines.push(
        `History queries at ${r.history.announcements.toLocaleString('en')} announcements on the same server (ms), alone and while this load ran:`,
        '',
      );
      lines.push('| query | alone p50 | alone p95 | under load p50 | under load p95 | under load n |', '| --- | ---: | ---: | ---: | ---: | ---: |');
      for (const h of historyRows(r.history))
        lines.push(`| ${h.query} | ${h['alone p50']} | ${h['alone p95']} | ${h['under load p50']} | ${h['under load p95']} | ${h['under load n']} |`);
      lines.push('');
    }
  }
  return lines.join('\n');
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : r2((sorted[mid - 1]! + sorted[mid]!) / 2);
};
const list = (xs: number[]) => xs.map((x) => r2(x)).join(' ');

/**
 * --repeat / --versus: one row per variant, each run's figure in the order run (the variants
 * alternated) and its median. Runs on these shared machines differ by a few tenths of a ms of CPU
 * per action from one to the next, so a change is judged by the ranges side by side.
 */
export function comparisonRows(runs: RunResult[]) {
  const labelOf = (r: RunResult) => r.variant ?? OWN.label;
  const labels = [...new Set(runs.map(labelOf))];
  return labels.map((variant) => {
    const of = runs.filter((r) => labelOf(r) === variant);
    const cpu = of.map((r) => r.botCpuMsPerAction);
    const floors = of.flatMap((r) => (r.floor ? [r.floor.cpuMsPerPress] : []));
    return {
      variant,
      runs: of.length,
      'bot CPU ms / action': list(cpu),
      median: median(cpu),
      ...(floors.length ? { 'I/O floor ms / press': list(floors), 'median above the floor': r2(median(cpu) - median(floors)) } : {}),
      ...(of.some((r) => r.warmup) ? { 'from cold': list(of.map((r) => r.warmup?.botCpuMsPerAction ?? NaN)) } : {}),
      'actions / s': list(of.map((r) => r.actionsPerSecond)),
      'p99 ms': list(of.map((r) => r.latencyMs.p99)),
      'peak RSS MB': list(of.map((r) => r.botMaxRssMB ?? NaN)),
    };
  });
}

/** The run written to the results file when one configuration ran several times: the median one by CPU per action. */
export function medianRun(runs: RunResult[]): RunResult {
  const sorted = [...runs].sort((a, b) => a.botCpuMsPerAction - b.botCpuMsPerAction);
  return sorted[(sorted.length - 1) >> 1]!;
}
