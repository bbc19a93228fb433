/**
 * The round-robin balancer in front of several webhook servers: the sim delivers to one URL, as
 * Telegram does, and the balancer spreads a group's consecutive updates over the servers, with
 * the secret header and the answers passed through and the chat's order kept.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRoundRobin, type TgUpdate } from '../src/index';
import { call, useSim } from './support';

const start = useSim();
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

interface Seen {
  server: number;
  update: TgUpdate;
  secret: string | undefined;
  path: string;
}

/** `n` webhook servers that record what they get into `seen`; `respond` decides each answer. */
async function servers(
  n: number,
  seen: Seen[],
  respond: (server: number, update: TgUpdate) => Promise<{ status: number; body?: string }> | { status: number; body?: string },
) {
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const server: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', async () => {
        const update = JSON.parse(body) as TgUpdate;
        seen.push({ server: i, update, secret: request.headers['x-telegram-bot-api-secret-token'] as string | undefined, path: request.url ?? '' });
        const answer = await respond(i, update);
        response.writeHead(answer.status, answer.body ? { 'content-type': 'application/json' } : {}).end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closing.push(
      () =>
        new Promise((resolve) => {
          server.close(resolve);
          server.closeAllConnections();
        }),
    );
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  return urls;
}

describe('the round-robin balancer', () => {
  it("spreads one group's consecutive updates over every server, in order, one at a time, secret passed through", async () => {
    const sim = await start();
    const token = sim.createBot({ username: 'mia_hook_bot', privacy: false });
    const seen: Seen[] = [];
    // As each update reaches a server: the sim's deliveries in flight and updates not yet answered.
    // The sim starts every delivery it may start at once, so one at a time means 1 in flight, and
    // the balancer answering the sim only after the server did means the update is still pending.
    const atArrival: [number, number][] = [];
    const targets = await servers(3, seen, () => {
      const info = sim.botInfo(token);
      atArrival.push([info.webhookInFlight, info.pendingUpdates]);
      return { status: 200 };
    });
    const balancer = await startRoundRobin({ targets });
    closing.push(() => balancer.close());
    await call(sim, token, 'setWebhook', { url: `${balancer.url}/telegram?x=1`, secret_token: 'sec-ret_42' });

    const ada = sim.user({ firstName: 'Ada' });
    const group = sim.group({ title: 'Spread', admins: [ada], bots: [token] });
    for (let i = 0; i < 7; i++) ada.send(group, `m${i}`);
    await sim.waitFor(() => seen.length === 7 && sim.botInfo(token).pendingUpdates === 0);

    // the same group's updates went to 0, 1, 2, 0, 1, 2, 0: not sticky
    expect(seen.map((s) => s.server)).toEqual([0, 1, 2, 0, 1, 2, 0]);
    // the chat's order and one-at-a-time delivery survive the balancer
    expect(seen.map((s) => s.update.message?.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(atArrival).toEqual([7, 6, 5, 4, 3, 2, 1].map((pending) => [1, pending]));
    expect(seen.every((s) => s.secret === 'sec-ret_42' && s.path === '/telegram?x=1')).toBe(true);
    expect(balancer.forwarded.map((f) => [f.target, f.status, JSON.parse(f.body).message.text])).toEqual(
      seen.map((s) => [s.server, 200, s.update.message?.text]),
    );
  });

  it("passes the server's answer back: a webhook reply is executed, a failure is retried on the next server", async () => {
    const sim = await start({ webhook: { retryDelayMs: 10 } });
    const token = sim.createBot({ username: 'mia_hook_bot' });
    const seen: Seen[] = [];
    const targets = await servers(2, seen, (server, update) =>
      server === 0
        ? { status: 500 }
        : { status: 200, body: JSON.stringify({ method: 'sendMessage', chat_id: update.message!.chat.id, text: `from ${server}` }) },
    );
    const balancer = await startRoundRobin({ targets });
    closing.push(() => balancer.close());
    await call(sim, token, 'setWebhook', { url: `${balancer.url}/hook` });
    const ada = sim.user({ firstName: 'Ada' });
    const chat = ada.startPrivateChat(token);
    const reply = await sim.waitFor(() => sim.botMessages(chat).at(-1));
    expect(reply.text).toBe('from 1');
    expect(seen.map((s) => [s.server, s.update.message?.text])).toEqual([
      [0, '/start'],
      [1, '/start'],
    ]);
    expect(balancer.forwarded.map((f) => f.status)).toEqual([500, 200]);
  });

  it('answers 502 for a server that is down, so the update is retried elsewhere', async () => {
    const sim = await start({ webhook: { retryDelayMs: 10 } });
    const token = sim.createBot({ username: 'mia_hook_bot' });
    const seen: Seen[] = [];
    const [up] = await servers(1, seen, () => ({ status: 200 }));
    const down = await startRoundRobin({ targets: ['http://127.0.0.1:1'] });
    closing.push(() => down.close());
    expect((await fetch(`${down.url}/x`, { method: 'POST', body: '{}' })).status).toBe(502);

    const balancer = await startRoundRobin({ targets: ['http://127.0.0.1:1', up!] });
    closing.push(() => balancer.close());
    await call(sim, token, 'setWebhook', { url: `${balancer.url}/hook` });
    sim.user({ firstName: 'Ada' }).startPrivateChat(token);
    await sim.waitFor(() => seen.length === 1 && sim.botInfo(token).pendingUpdates === 0);
    expect(balancer.forwarded.map((f) => [f.target, f.status])).toEqual([
      [0, 502],
      [1, 200],
    ]);
  });
});
