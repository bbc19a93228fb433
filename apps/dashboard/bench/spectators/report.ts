// What the benchmark reports: the notes, the table printed and the Markdown results file.
import { machine } from '@mia/db/bench';
import { DRAIN_MS, GOAL } from './options';
import type { RunResult } from './run';

export const NOTES = [
  "Delay: the wall-clock time a spectator received a `game`/`ended` message minus the time of the commit of that game and version. The commit is observed twice: by the writer, when its `GameService.act` resolved (its event loop may get there late on a busy machine), and, on PostgreSQL, by a LISTEN connection in the spectators' process hearing the commit's notice (sent by PostgreSQL at commit). The commit happened before both, so the earlier of the two is used: the delay is a lower bound, tight within the quicker observer's reaction. Also given: the delay from act resolved alone (the plain definition; negative when the writer lags) and from the call of act (an upper bound: it includes the transaction and the writer's wait for a pooled connection). All processes read the same clock (performance.timeOrigin + performance.now()).",
  'Split (PostgreSQL): "notice heard" is the notice\'s arrival at the LISTEN connection minus act resolved (negative when the writer lags); "dashboard" is a spectator\'s arrival minus the notice: the dashboard\'s own part (it hears the same notice, loads the game and its events, serializes once and writes to each socket).',
  "The first seconds of play are a warm-up, not measured (--warmup): the dashboard's first batches pay for compiling and connecting once.",
  `Delivered/expected: every committed version during the measured window, times the spectators of its group; an arrival more than ${DRAIN_MS / 1000} s after the last commit, or never, counts as lost. A version the dashboard skipped (it loads the game after the notice, so two quick commits may come out as the newer one twice) is lost too.`,
  'Server memory: the dashboard process\'s RSS (/proc) after the games were set up and nobody watched ("idle"), 2 s after the last spectator connected and got its snapshot ("with clients"), its peak during the measured play (the kernel\'s high-water mark, VmHWM, reset as play starts: the figure the goal is about), and after play, then again after a full collection (what play kept rather than its garbage: the heap after play beside the heap before it says whether anything stays). RSS moves by tens of MB with garbage collection alone (freed pages stay with the process), so the per-client figure comes from the heap instead: heap in use plus external memory (buffers), each read right after a full collection (through the dashboard\'s inspector on a loopback port; in process, global.gc), with clients minus idle, per client. CPU: the dashboard\'s user+system time during play over the play\'s wall time, in % of one core; "writer" is this process\'s.',
  'The dashboard is started with RATE_LIMIT_MAX above the number of spectators: with the default (300 a minute per address) most of 1,000 upgrades from one address would get 429.',
];

export function rows(r: RunResult) {
  const met = r.delayMs.p99 < GOAL.p99Ms;
  return [
    { measure: 'delay p50 ms', value: r.delayMs.p50, goal: '' },
    { measure: 'delay p95 ms', value: r.delayMs.p95, goal: '' },
    { measure: 'delay p99 ms', value: r.delayMs.p99, goal: `< ${GOAL.p99Ms}: ${met ? 'met' : 'NOT met'}` },
    { measure: 'delay max ms', value: r.delayMs.max, goal: '' },
    { measure: 'delay from act resolved p50 / p99 ms', value: `${r.delayFromResolveMs.p50} / ${r.delayFromResolveMs.p99}`, goal: '' },
    { measure: 'delay from act call p50 / p99 ms', value: `${r.delayFromCallMs.p50} / ${r.delayFromCallMs.p99}`, goal: 'upper bound' },
    ...(r.dashboardMs && r.noticeMs
      ? [
          { measure: 'notice heard − act resolved p50 / p99 ms', value: `${r.noticeMs.p50} / ${r.noticeMs.p99}`, goal: '' },
          { measure: 'dashboard: notice → spectator p50 / p99 ms', value: `${r.dashboardMs.p50} / ${r.dashboardMs.p99}`, goal: '' },
        ]
      : []),
    { measure: 'messages delivered / expected', value: `${r.delivered} / ${r.expected}`, goal: r.lost === 0 ? 'none lost' : `${r.lost} LOST` },
    { measure: 'actions committed / s', value: r.actionsPerSecond, goal: '' },
    { measure: 'server RSS idle MB', value: r.serverRssMB.idle, goal: '' },
    { measure: 'server RSS with clients MB', value: r.serverRssMB.withClients, goal: '' },
    {
      measure: 'server RSS peak during play MB',
      value: r.serverRssMB.peakPlay,
      // in process, the figure is the writer's and PGlite's too: no goal to compare it with
      goal: r.serverScope === 'own process' ? `≤ ${GOAL.peakRssMB}: ${r.serverRssMB.peakPlay <= GOAL.peakRssMB ? 'met' : 'NOT met'}` : '',
    },
    { measure: 'server RSS after play MB', value: r.serverRssMB.end, goal: '' },
    { measure: 'server RSS after play and a full GC MB', value: r.serverRssMB.endCollected, goal: '' },
    {
      measure: 'server heap after GC idle / with clients / after play MB',
      value: `${r.serverHeapMB.idle} / ${r.serverHeapMB.withClients} / ${r.serverHeapMB.end}`,
      goal: '',
    },
    { measure: 'server heap + external per client KB', value: r.serverHeapPerClientKB, goal: '' },
    { measure: 'server CPU % of a core (play)', value: r.serverCpuPercent, goal: '' },
    { measure: 'server CPU ms / commit', value: r.serverCpuMsPerCommit, goal: '' },
  ];
}

export function describe(r: RunResult): string {
  const refused = Object.entries(r.refused)
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');
  const closes = Object.entries(r.closesDuringPlay)
    .map(([c, n]) => `${n}× ${c}`)
    .join(', ');
  return (
    `${r.clients} spectators on ${r.groups} games (dashboard: ${r.serverScope}), each game one action per ${r.intervalMs} ms; ` +
    `${r.commits} commits in ${r.seconds} s after a ${r.warmupSeconds} s warm-up` +
    `${r.lateTicks ? ` (${r.lateTicks} ticks skipped: the writer fell behind)` : ''}${r.failedActs ? `, ${r.failedActs} acts failed` : ''}; connected in ${r.connectSeconds} s${refused ? `, refused ${refused}` : ''}` +
    `${closes ? `; closed by the server during play: ${closes}` : ''}${r.unmatched ? `; ${r.unmatched} unmatched arrivals` : ''}; ` +
    `writer ${r.writerCpuPercent}% of a core; spectators' process ${r.clientsRssMB} MB RSS, ${r.clientsCpuPercent}% CPU; load average ${r.loadAverage.start} → ${r.loadAverage.end}`
  );
}

export function markdown(results: RunResult[]): string {
  const m = machine();
  const lines = [
    '# Spectators (`npm run bench -w @mia/dashboard`)',
    '',
    `Generated by apps/dashboard/bench/spectators.ts. Node ${m.node}, ${m.cpus}. Each game: four seated people choosing like the calculator AI, played through \`GameService.act\` at a steady pace; the same number of WebSocket spectators on every group.`,
    '',
    ...NOTES.map((n) => `- ${n}`),
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${r.clients} spectators, ${r.groups} games (${r.at})`, '', describe(r), '');
    lines.push('| measure | value | goal |', '| --- | ---: | --- |');
    // A result kept from an older version of this benchmark lacks the rows added since: left out.
    for (const row of rows(r)) if (!String(row.value).includes('undefined')) lines.push(`| ${row.measure} | ${row.value} | ${row.goal} |`);
    lines.push('');
  }
  return lines.join('\n');
}
