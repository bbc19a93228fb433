/**
 * The spectators of the spectators benchmark (bench/spectators.ts forks this): WebSocket clients
 * of the dashboard's live channel, in a process of their own so that their CPU and memory are not
 * the server's. Each notes when every `game`/`ended` message arrived (this machine's wall clock
 * with sub-millisecond resolution, comparable with the writer's in another process) and which
 * game version it carried; the parent matches them with the commit times.
 *
 * Parent → child (IPC): ConnectOrder, then 'report' (answered with Receipts), then 'close'.
 */
import { PgNotifyBus } from '@mia/game';
import WebSocket from 'ws';
import type { LiveMessage } from '../shared/api';

export interface ConnectOrder {
  type: 'connect';
  /** ws://host:port */
  base: string;
  /** Each group's token and how many clients watch it. */
  groups: { token: string; clients: number }[];
  /** Upgrades in flight at once (a browser crowd arrives over time, not in one instant). */
  concurrency: number;
  /**
   * PostgreSQL: also LISTEN to the game service's notices here, to split the delay into the
   * database's part (commit → notice) and the dashboard's (notice → spectator).
   */
  databaseUrl?: string;
}

export interface Connected {
  type: 'connected';
  clients: number;
  /** Clients connected per group, in the order of `ConnectOrder.groups`. */
  perGroup: number[];
  /** Upgrades answered with an HTTP status instead of a socket (e.g. 429 from the rate limit). */
  refused: Record<string, number>;
  errors: string[];
  seconds: number;
  /** Snapshot versions seen: gameId → version (the same for every client of a group). */
  snapshotVersions: Record<string, number>;
  rssBytes: number;
}

/** One arrival: [client index, game id index into `games`, version, wall-clock ms]. */
export type Receipt = [number, number, number, number];
/** A notice heard: [game id index into `games`, version (its last seq), wall-clock ms]. */
export type Notice = [number, number, number];

export interface Receipts {
  type: 'receipts';
  games: string[];
  receipts: Receipt[];
  notices: Notice[];
  /** Closes the server initiated (a slow client dropped, …) while measuring, by code. */
  closes: Record<string, number>;
  rssBytes: number;
  cpuMs: number;
}

export type ParentMessage = ConnectOrder | { type: 'report' } | { type: 'close' };
export type ChildMessage = Connected | Receipts;

const wallClock = () => performance.timeOrigin + performance.now();

const sockets: WebSocket[] = [];
const gameIndex = new Map<string, number>();
const receipts: Receipt[] = [];
const notices: Notice[] = [];
let bus: PgNotifyBus | null = null;
const closes: Record<string, number> = {};
let closing = false;
const cpu0 = process.cpuUsage();

const send = (message: ChildMessage) => process.send!(message);

function indexOf(gameId: string): number {
  let i = gameIndex.get(gameId);
  if (i === undefined) gameIndex.set(gameId, (i = gameIndex.size));
  return i;
}

/** Opens one client; resolves with its snapshot's games once the snapshot arrived. */
function open(url: string, client: number): Promise<{ ok: true; snapshot: Record<string, number> } | { ok: false; refused?: number; error?: string }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    let settled = false;
    const settle = (r: Awaited<ReturnType<typeof open>>) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    socket.on('message', (data) => {
      const at = wallClock(); // first, before parsing: the arrival time
      const message = JSON.parse(data.toString()) as LiveMessage;
      if (message.type === 'game' || message.type === 'ended') {
        receipts.push([client, indexOf(message.game.id), message.game.version, at]);
      } else if (message.type === 'snapshot') {
        settle({ ok: true, snapshot: Object.fromEntries(message.games.map((g) => [g.id, g.version])) });
      }
    });
    socket.once('unexpected-response', (_req, res) => {
      res.resume();
      settle({ ok: false, refused: res.statusCode ?? 0 });
    });
    socket.once('error', (error) => settle({ ok: false, error: error.message }));
    socket.once('close', (code) => {
      if (!closing) closes[code] = (closes[code] ?? 0) + 1;
      settle({ ok: false, error: `closed ${code} before its snapshot` });
    });
    sockets.push(socket);
  });
}

async function connectAll(order: ConnectOrder): Promise<void> {
  if (order.databaseUrl) {
    bus = new PgNotifyBus(order.databaseUrl);
    bus.subscribe((notice) => notices.push([indexOf(notice.gameId), notice.toSeq, wallClock()]));
    await bus.whenReady();
  }
  const t0 = performance.now();
  const plan = order.groups.flatMap((g, group) => Array.from({ length: g.clients }, () => ({ group, url: `${order.base}/api/g/${g.token}/ws` })));
  const perGroup = order.groups.map(() => 0);
  const refused: Record<string, number> = {};
  const errors: string[] = [];
  const snapshotVersions: Record<string, number> = {};
  let next = 0;
  let clients = 0;
  const worker = async () => {
    while (next < plan.length) {
      const i = next++;
      const r = await open(plan[i]!.url, i);
      if (r.ok) {
        clients++;
        perGroup[plan[i]!.group]!++;
        Object.assign(snapshotVersions, r.snapshot);
      } else if (r.refused !== undefined) refused[r.refused] = (refused[r.refused] ?? 0) + 1;
      else if (errors.length < 10) errors.push(r.error ?? 'unknown error');
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, order.concurrency) }, worker));
  send({
    type: 'connected',
    clients,
    perGroup,
    refused,
    errors,
    seconds: (performance.now() - t0) / 1000,
    snapshotVersions,
    rssBytes: process.memoryUsage().rss,
  });
}

process.on('message', (message: ParentMessage) => {
  switch (message.type) {
    case 'connect':
      void connectAll(message);
      break;
    case 'report': {
      const cpu = process.cpuUsage(cpu0);
      send({
        type: 'receipts',
        games: [...gameIndex.keys()],
        receipts,
        notices,
        closes,
        rssBytes: process.memoryUsage().rss,
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
      break;
    }
    case 'close':
      closing = true;
      for (const s of sockets) s.terminate();
      void (bus?.close() ?? Promise.resolve()).then(() => process.disconnect());
      break;
  }
});
