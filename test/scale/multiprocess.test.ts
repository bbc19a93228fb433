/**
 * Several processes on one PostgreSQL (issue 7): two bot processes in webhook mode behind a
 * round-robin balancer (consecutive updates of one group go to different processes: no
 * stickiness) and two dashboard processes, all real processes on one fresh database. K groups of
 * scripted people play whole games by pressing the bot's buttons, choosing from a seeded rng per
 * group; then the same script runs against ONE bot process on another fresh database with the
 * same seed. The games, the bot's messages and the winners must be the same, nothing may be
 * applied or sent twice, and spectators on both dashboards must see every committed change.
 *
 *   MIA_SCALE_GROUPS=20 npx vitest run scale/multiprocess.test.ts     (default 4 groups)
 *   MIA_SCALE_SEED=…  (default 7), MIA_SCALE_PLAYERS=… (default 3)
 *
 * PostgreSQL: TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/postgres; skipped when
 * neither answers, except with CI set, where it fails instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { decodeButton, type ButtonAction } from '@mia/bot';
import { applyMigrations, openDatabase, type Database } from '@mia/db';
import { createServerDatabase, DEFAULT_SERVER_URL, serverReachable } from '@mia/db/testing';
import { seededRng } from '@mia/engine';
import { startRoundRobin, TelegramSim, type RoundRobin, type SimGroup, type SimMessage, type SimUser, type TgUpdate } from '@mia/telegram-sim';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const SERVER = process.env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
const count = (name: string, fallback: number, min: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}`);
  return n;
};
const GROUPS = count('MIA_SCALE_GROUPS', 4, 1);
const PLAYERS = count('MIA_SCALE_PLAYERS', 3, 2);
const SEED = count('MIA_SCALE_SEED', 7, 1);
const TOKEN = '7000001:AAmultiProcessTestToken_0123456789';
const SECRET = 'multi-process-webhook-secret';
/** Buttons that commit one action of the game (blind rolls and the dice pop-up do not, or only sometimes). */
const PLAYING_OPS: ReadonlySet<ButtonAction['op']> = new Set(['roll', 'announce', 'believe', 'call', 'pass', 'giveUp', 'look']);

const pgUp = await serverReachable(SERVER);
if (!pgUp && process.env.CI) throw new Error(`PostgreSQL is not reachable at ${SERVER}, and CI requires it`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

interface Child {
  name: string;
  process: ChildProcess;
  out(): string;
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** PostgreSQL round trips the process made so far (fixtures/count-queries.ts). */
  queries(): Promise<number>;
  stop(): Promise<void>;
}

const children = new Set<Child>();

function start(name: string, script: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './test/scale/fixtures/count-queries.ts', script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const wake = new Set<() => void>();
  const feed = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of wake) w();
  };
  child.stdout!.on('data', feed);
  child.stderr!.on('data', feed);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const handle: Child = {
    name,
    process: child,
    out: () => out,
    waitFor(pattern, ms = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (m) return finish(() => resolve(m));
          if (child.exitCode !== null) finish(() => reject(new Error(`${name} exited (${child.exitCode}):\n${out}`)));
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`${name}: no ${pattern} within ${ms} ms:\n${out}`))), ms);
        const finish = (then: () => void) => {
          clearTimeout(timer);
          wake.delete(check);
          then();
        };
        wake.add(check);
        child.once('exit', check);
        check();
      });
    },
    async queries() {
      const from = out.length;
      child.kill('SIGUSR2');
      const pattern = /\{"queries":(\d+)/g;
      for (let i = 0; i < 200; i++) {
        pattern.lastIndex = from;
        const m = pattern.exec(out);
        if (m) return Number(m[1]);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`${name}: no query count:\n${out.slice(from)}`);
    },
    async stop() {
      children.delete(handle);
      if (child.exitCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
  children.add(handle);
  return handle;
}

afterAll(async () => {
  await Promise.all([...children].map((c) => c.stop()));
});

// ---------------------------------------------------------------------------------------------
// Spectators: a WebSocket on a dashboard's live channel of one group
// ---------------------------------------------------------------------------------------------

interface LiveGame {
  id: string;
  status: string;
  version: number;
}
type LiveMessage = { type: 'snapshot'; games: LiveGame[] } | { type: 'game' | 'ended'; game: LiveGame } | { type: string };

class Spectator {
  readonly messages: LiveMessage[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.messages.push(JSON.parse(data.toString()) as LiveMessage));
  }

  static connect(url: string): Promise<Spectator> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const spectator = new Spectator(socket);
      socket.once('open', () => resolve(spectator));
      socket.once('error', reject);
    });
  }

  /** The live messages about a game this spectator was sent (changes and the end), in order: type and version. */
  changes(gameId: string): string[] {
    return this.messages.flatMap((m) =>
      (m.type === 'game' || m.type === 'ended') && 'game' in m && m.game.id === gameId ? [`${m.type} ${m.game.version}`] : [],
    );
  }

  ended(gameId: string): boolean {
    return this.messages.some((m) => m.type === 'ended' && 'game' in m && m.game.id === gameId);
  }
}

// ---------------------------------------------------------------------------------------------
// One run: N bot processes behind the balancer, M dashboards, K groups playing
// ---------------------------------------------------------------------------------------------

interface Press {
  /** The press as the balancer forwarded it: who, which button. */
  from: number;
  data: string;
  /** The game's version once the press was handled. */
  version: number;
}

interface GroupRun {
  index: number;
  gameId: string;
  /** Event log: type and payload in seq order (ids and times left out). */
  events: { type: string; payload: unknown }[];
  seqs: number[];
  winner: string | null;
  status: string;
  presses: Press[];
  /** Keys of processed updates recorded for the game. */
  processedKeys: string[];
  /** The bot's messages as each chat shows them at the end (group, then each player's private chat). */
  transcript: unknown[];
  /** Per bot process, how many of this group's updates it answered. */
  handledBy: number[];
  /** Per spectator (one per dashboard), the live messages about the game it was sent ("game 12", "ended 80"). */
  spectatorChanges: string[][];
}

interface RunResult {
  groups: GroupRun[];
  /** Bot API calls that failed (refused edits, double answers …). */
  failedCalls: string[];
  callsByMethod: Record<string, number>;
  /** Player actions in play (after the start), and commits in all (lobbies included). */
  actions: number;
  commits: number;
  /** PostgreSQL round trips during the games: all bot processes, all dashboard processes. */
  botQueries: number;
  dashboardQueries: number;
  seconds: number;
  forwarded: number;
  phases: string[];
}

/** A message as a chat shows it, without the game's id (random per run). */
function shown(m: SimMessage, gameId: string): unknown {
  const strip = (s: string | undefined) => s?.replaceAll(gameId, '<game>');
  return {
    id: m.message_id,
    text: m.text,
    deleted: m.deleted,
    edits: m.history?.length ?? 0,
    buttons: m.reply_markup?.inline_keyboard.map((row) => row.map((b) => [b.text, strip('callback_data' in b ? b.callback_data : undefined)])) ?? null,
  };
}

function updateFrom(update: TgUpdate): number | undefined {
  return update.callback_query?.from.id ?? update.message?.from?.id;
}

async function run(botCount: number, dashboardCount: number): Promise<RunResult> {
  const phases: string[] = [];
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  const created = await createServerDatabase(SERVER);
  const sim = await TelegramSim.start({ seed: SEED });
  sim.setLimits(false);
  const bots: Child[] = [];
  const dashboards: Child[] = [];
  const spectators: Spectator[] = [];
  let balancer: RoundRobin | undefined;
  let db: Database | undefined;
  try {
    // Migrations once, before any process starts (as a deployment runs `npm run db:migrate`).
    await applyMigrations(created.url);
    db = await openDatabase({ databaseUrl: created.url });
    phase('database');
    const token = sim.createBot({ username: 'mia_bot', token: TOKEN });
    const ports = await Promise.all(Array.from({ length: botCount }, () => freePort()));
    balancer = await startRoundRobin({ targets: ports.map((p) => `http://127.0.0.1:${p}`) });
    for (const [i, port] of ports.entries()) {
      bots.push(
        start(`bot ${i}`, 'apps/bot/test/fixtures/seeded-bot.ts', {
          BOT_TOKEN: TOKEN,
          TELEGRAM_API_ROOT: sim.apiRoot,
          DATABASE_URL: created.url,
          WEBHOOK_URL: `${balancer.url}/telegram`,
          WEBHOOK_SECRET: SECRET,
          PORT: String(port),
          MIA_TEST_SEED: String(SEED),
          // The sim's flood limits are off, and so is the bot's pacing: a new message held back for
          // a group's minute would hold the next player's buttons with it, and the people here play
          // at machine speed.
          MIA_TEST_PACING: 'off',
        }),
      );
    }
    for (let i = 0; i < dashboardCount; i++) {
      dashboards.push(start(`dashboard ${i}`, 'apps/dashboard/server/main.ts', { DATABASE_URL: created.url, PORT: '0', LOG_LEVEL: 'info' }));
    }
    await Promise.all(bots.map((b) => b.waitFor(/"ready":true/)));
    const addresses = await Promise.all(dashboards.map(async (d) => (await d.waitFor(/"address":"(http:\/\/[^"]+)".*dashboard: listening/))[1]!));
    phase('processes up');

    // The people: each starts the bot privately (so it may send them their dice).
    const tables = Array.from({ length: GROUPS }, (_, g) => {
      const players = Array.from({ length: PLAYERS }, (_, p) => sim.user({ firstName: `P${g}-${p}` }));
      const group = sim.group({ title: `Table ${g + 1}`, admins: [players[0]!], members: players.slice(1), bots: [token] });
      return { index: g, group, players, rng: seededRng(SEED * 1000 + g) };
    });
    const everyone = tables.flatMap((t) => t.players);
    await Promise.all(everyone.map((p) => p.startPrivateChat(token)));
    await Promise.all(everyone.map((p) => sim.waitFor(() => sim.botMessages(p.privateChat(token)).length > 0, 30_000)));

    /** Resolves when no update of these people is waiting in the sim: the bot answered them all. */
    const answered = (people: SimUser[]) => {
      const ids = new Set(people.map((p) => p.id));
      return sim.waitFor(() => !sim.pendingUpdates(token).some((u) => ids.has(updateFrom(u) ?? 0)), 30_000);
    };

    // No turn deadlines: only the players' choices decide the games, never the machine's speed.
    for (const t of tables) {
      // a token as newDashboardToken makes them: 24 base64url characters
      const dashboardToken = `s${SEED}g${t.index}b${botCount}`.padEnd(24, '_');
      await db.prisma.chat.create({
        data: { id: BigInt(t.group.id), type: 'group', title: t.group.title, dashboardToken, settings: { turnSeconds: null } },
      });
      for (const address of addresses) spectators.push(await Spectator.connect(`${address.replace('http', 'ws')}/api/g/${dashboardToken}/ws`));
    }

    const t0 = performance.now();
    phase('people and spectators');
    const counted = () => Promise.all([bots, dashboards].map(async (list) => (await Promise.all(list.map((c) => c.queries()))).reduce((a, b) => a + b, 0)));
    const [bot0, dashboard0] = await counted();
    let actions = 0;
    const latencies: [number, number][] = [];
    const results = await Promise.all(
      tables.map(async ({ index, group, players, rng }): Promise<GroupRun> => {
        const [creator] = players as [SimUser];
        const presses: Press[] = [];
        creator.send(group, '/newgame@mia_bot');
        await answered(players);
        const lobby = await db!.prisma.game.findFirstOrThrow({ where: { chatId: BigInt(group.id) }, select: { id: true } });
        const gameId = lobby.id;
        const state = async () => await db!.prisma.game.findUniqueOrThrow({ where: { id: gameId }, select: { version: true, state: true, status: true } });

        const press = async (user: SimUser, message: SimMessage, data: string) => {
          const before = (await state()).version;
          const t = performance.now();
          const popup = await user.press(message, data, { timeoutMs: 30_000 });
          const tPopup = performance.now();
          await answered(players);
          latencies.push([tPopup - t, performance.now() - t]);
          const after = (await state()).version;
          // Each press is one committed action: applied once, never refused, never lost.
          if (after <= before) throw new Error(`group ${index}: ${user.firstName}'s press ${data} was not applied (${popup?.text ?? 'no answer'})`);
          presses.push({ from: user.id, data, version: after });
        };
        const buttonsIn = (chat: SimGroup | ReturnType<SimUser['privateChat']>, move: number) =>
          sim
            .messages(chat)
            .filter((m) => !m.deleted)
            .flatMap((m) => (m.reply_markup?.inline_keyboard.flat() ?? []).map((b) => ({ m, data: 'callback_data' in b ? b.callback_data : undefined })))
            .flatMap(({ m, data }) => {
              const button = data ? decodeButton(data) : null;
              return button && button.gameId === gameId && button.move === move ? [{ m, data: data!, button }] : [];
            });

        const lobbyButton = (op: ButtonAction['op']) => {
          const found = buttonsIn(group, 0).find((b) => b.button.action.op === op);
          if (!found) throw new Error(`group ${index}: no ${op} button on the lobby`);
          return found;
        };
        for (const p of players) await press(p, lobbyButton('join').m, lobbyButton('join').data);
        await press(creator, lobbyButton('start').m, lobbyButton('start').data);

        for (let n = 0; ; n++) {
          const now = await state();
          const s = now.state as { phase: string; move: number; round?: { actor: string } };
          if (s.phase !== 'playing') break;
          if (n > 2000) throw new Error(`group ${index}: the game did not end`);
          const actor = players.find((p) => String(p.id) === s.round!.actor)!;
          const options = [...buttonsIn(group, s.move), ...buttonsIn(actor.privateChat(token), s.move)]
            .filter((b) => PLAYING_OPS.has(b.button.action.op))
            .sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
          const unique = options.filter((o, i) => i === 0 || options[i - 1]!.data !== o.data);
          if (unique.length === 0) throw new Error(`group ${index}: ${actor.firstName} has no button for move ${s.move}`);
          const choice = unique[rng(unique.length)]!;
          await press(actor, choice.m, choice.data);
          actions++;
        }
        return {
          index,
          gameId,
          presses,
          events: [],
          seqs: [],
          winner: null,
          status: '',
          processedKeys: [],
          transcript: [],
          handledBy: [],
          spectatorChanges: [],
        };
      }),
    );
    const seconds = (performance.now() - t0) / 1000;

    // Spectators: wait (bounded) for each game's end to reach every dashboard's socket.
    await Promise.all(
      results.flatMap((r) =>
        addresses.map((_, d) => {
          const s = spectators[r.index * addresses.length + d]!;
          return sim.waitFor(() => s.ended(r.gameId), 10_000).catch(() => undefined);
        }),
      ),
    );

    phase('games');
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0);
    phases.push(`press→popup p50 ${median(latencies.map((l) => l[0]))} ms, press→answered p50 ${median(latencies.map((l) => l[1]))} ms`);
    const [bot1, dashboard1] = await counted();
    for (const r of results) {
      const t = tables[r.index]!;
      const events = await db.prisma.gameEvent.findMany({
        where: { gameId: r.gameId },
        orderBy: { seq: 'asc' },
        select: { seq: true, type: true, payload: true },
      });
      const game = await db.prisma.game.findUniqueOrThrow({ where: { id: r.gameId }, select: { winnerId: true, status: true } });
      const keys = await db.prisma.processedUpdate.findMany({ where: { gameId: r.gameId }, select: { key: true } });
      r.events = events.map((e) => ({ type: e.type, payload: e.payload }));
      r.seqs = events.map((e) => e.seq);
      r.winner = game.winnerId?.toString() ?? null;
      r.status = game.status;
      r.processedKeys = keys.map((k) => k.key);
      r.transcript = [t.group, ...t.players.map((p) => p.privateChat(token))].map((chat) => sim.botMessages(chat).map((m) => shown(m, r.gameId)));
      const ids = new Set(t.players.map((p) => p.id));
      r.handledBy = Array.from(
        { length: botCount },
        (_, b) =>
          balancer!.forwarded.filter((f) => {
            if (f.target !== b || f.status !== 200) return false;
            const u = JSON.parse(f.body) as TgUpdate;
            return (
              u.callback_query?.message?.chat.id === t.group.id || u.message?.chat.id === t.group.id || (u.callback_query && ids.has(u.callback_query.from.id))
            );
          }).length,
      );
      r.spectatorChanges = addresses.map((_, d) => spectators[r.index * addresses.length + d]!.changes(r.gameId));
    }
    phase('checks');
    const callsByMethod: Record<string, number> = {};
    for (const c of sim.calls) callsByMethod[c.method] = (callsByMethod[c.method] ?? 0) + 1;
    return {
      groups: results,
      failedCalls: sim.calls.filter((c) => !c.ok).map((c) => `${c.method}: ${c.error?.description}`),
      callsByMethod,
      actions,
      commits: results.reduce((n, r) => n + r.presses.length + 1, 0),
      botQueries: bot1! - bot0!,
      dashboardQueries: dashboard1! - dashboard0!,
      seconds,
      forwarded: balancer.forwarded.length,
      phases,
    };
  } finally {
    for (const s of spectators) s.socket.terminate();
    await Promise.all([...bots, ...dashboards].map((c) => c.stop()));
    await balancer?.close();
    await sim.stop();
    await db?.close();
    await created.drop();
    phase('teardown');
    console.log(`${botCount} bot process(es): ${phases.join(', ')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------

describe.skipIf(!pgUp)(`${GROUPS} groups on two bot processes and two dashboards, one PostgreSQL`, () => {
  it('ends every game as one process does, applies and sends nothing twice, and shows it live on both dashboards', { timeout: 300_000 }, async () => {
    const multi = await run(2, 2);
    const single = await run(1, 1);
    const summary = (r: RunResult) =>
      `${r.actions} actions in ${r.seconds.toFixed(1)} s, ${r.forwarded} updates through the balancer, ` +
      `PostgreSQL round trips per commit: ${(r.botQueries / r.commits).toFixed(1)} by the bot processes, ` +
      `${(r.dashboardQueries / r.commits).toFixed(1)} by the dashboards; Bot API calls ${JSON.stringify(r.callsByMethod)}`;
    console.log(`multi-process: ${summary(multi)}\nsingle process: ${summary(single)}`);

    expect(multi.failedCalls).toEqual([]);
    expect(single.failedCalls).toEqual([]);
    for (const [i, m] of multi.groups.entries()) {
      const s = single.groups[i]!;
      expect(m.status, `group ${i}`).toBe('FINISHED');
      // The same game, event for event, and the same winner, as with one process.
      expect(m.events, `group ${i}: events`).toEqual(s.events);
      expect(m.winner, `group ${i}: winner`).toBe(s.winner);
      expect(m.winner).not.toBeNull();
      // Nothing applied twice: a gapless log, one processed update per press (and /newgame).
      expect(m.seqs).toEqual(m.events.map((_, k) => k + 1));
      expect(new Set(m.processedKeys).size).toBe(m.processedKeys.length);
      expect(m.processedKeys.length).toBe(m.presses.length + 1);
      const pressed = (r: GroupRun) => r.presses.map((p) => `${p.from} ${p.data.replace(r.gameId, '<game>')}`);
      expect(pressed(m)).toEqual(pressed(s));
      // Nothing sent twice or out of order: every chat shows the same bot messages, edits included.
      expect(m.transcript, `group ${i}: messages`).toEqual(s.transcript);
      // Both processes handled updates of this group (the balancer is not sticky).
      expect(
        m.handledBy.every((n) => n > 0),
        `group ${i}: handled by ${m.handledBy}`,
      ).toBe(true);
      // Spectators of both dashboards were sent the games whichever process committed them, in
      // order, ending with the final version. A message carries the game as the dashboard read
      // it after the commit's notice, which may already be a later version (two commits close
      // together): each version is sent once, so a commit may be folded into the next message,
      // but never repeated.
      expect(m.spectatorChanges).toHaveLength(2);
      for (const [d, changes] of m.spectatorChanges.entries()) {
        const where = `group ${i}, dashboard ${d}: ${changes.join(', ')}`;
        const versions = changes.map((c) => Number(c.split(' ')[1]));
        expect(changes.length, where).toBeLessThanOrEqual(m.presses.length + 1);
        expect(changes.length, where).toBeGreaterThan((m.presses.length + 1) / 2);
        expect(
          versions.every((v, k) => k === 0 || v > versions[k - 1]!),
          where,
        ).toBe(true);
        expect(changes.at(-1), where).toBe(`ended ${m.events.length}`);
        expect(
          changes.slice(0, -1).every((c) => c.startsWith('game ')),
          where,
        ).toBe(true);
      }
    }
  });
});
