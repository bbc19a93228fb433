/**
 * The CPU of one Bot API call's HTTP at a human pace: the bot's client (src/http1/connection-pool.ts)
 * against Node's http.request on a keep-alive agent (what the bot used before, as in grammY's
 * own node-fetch), one call every PACE ms, alternating rounds so the machine's noise falls on
 * both alike. The server (a plain Node http server answering a sendMessage-sized JSON) runs in a
 * child process, so this process's CPU is the client's alone.
 *
 *   npm run bench:http -w @mia/bot [-- --rounds 6 --calls 1000 --pace 5]
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { ConnectionPool } from '../src/http1/connection-pool';

const ANSWER = JSON.stringify({
  ok: true,
  result: {
    message_id: 4711,
    from: { id: 1, is_bot: true, first_name: 'Mia', username: 'mia_bot' },
    chat: { id: 7_000_000_001, first_name: 'Ada', type: 'private' },
    date: 1_790_000_000,
    text: 'Bea announced 54. To beat it: 55 or more. Odds of rolling better: 44 %. Lives: Bea 3, Cy 2, you 2.',
    reply_markup: { inline_keyboard: [[{ text: '🎲 Roll', callback_data: 'r:cmabc123:14' }]] },
  },
});

if (process.argv[2] === '--serve') {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(ANSWER) });
      res.end(ANSWER);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
  process.on('disconnect', () => process.exit(0));
} else {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '6' }, calls: { type: 'string', default: '1000' }, pace: { type: 'string', default: '5' } },
  });
  const rounds = Number(values.rounds);
  const calls = Number(values.calls);
  const paceMs = Number(values.pace);
  // The running script itself (compiled: the bundle, not its source).
  const child = fork(process.argv[1]!, ['--serve'], { execArgv: process.execArgv });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
  const body = JSON.stringify({
    chat_id: 7_000_000_001,
    text: 'x'.repeat(160),
    parse_mode: 'HTML',
    reply_markup: { inline_keyboard: [[{ text: '🎲 Roll', callback_data: 'r:cmabc123:14' }]] },
  });
  const path = '/bot1:bench/sendMessage';

  const agent = new http.Agent({ keepAlive: true });
  const viaNodeHttp = () =>
    new Promise<unknown>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const pool = new ConnectionPool({ protocol: 'http:', hostname: '127.0.0.1', port });
  const viaPool = async () => JSON.parse((await pool.request({ method: 'POST', path, body })).body.toString('utf8')) as unknown;
  const idle = async () => undefined;

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** CPU µs per call over `calls` paced calls (the pause's own timer included, and measured apart as "pace only"). */
  async function measure(call: () => Promise<unknown>): Promise<number> {
    for (let i = 0; i < 200; i++) await call();
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++) {
      await call();
      await sleep(paceMs);
    }
    const used = process.cpuUsage(before);
    return (used.user + used.system) / calls;
  }
  const variants = { 'pace only (the timer, no call)': idle, "Node's http.request, keep-alive agent": viaNodeHttp, 'the bot’s ConnectionPool': viaPool };
  const samples = new Map<string, number[]>(Object.keys(variants).map((k) => [k, []]));
  console.log(`one call every ${paceMs} ms, ${calls} calls per round, ${rounds} rounds alternating (${process.version})`);
  for (let r = 0; r < rounds; r++) for (const [name, call] of Object.entries(variants)) samples.get(name)!.push(await measure(call));
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
  };
  const floor = median(samples.get('pace only (the timer, no call)')!);
  console.table(
    [...samples].map(([name, xs]) => ({
      client: name,
      'CPU µs per call (median)': Math.round(median(xs)),
      'above the pace alone': Math.round(median(xs) - floor),
      rounds: xs.map((x) => Math.round(x)).join(' '),
    })),
  );
  pool.close();
  agent.destroy();
  child.disconnect();
}
