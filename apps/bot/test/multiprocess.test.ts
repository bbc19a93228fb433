/**
 * Two bots on one database behind a round-robin balancer, each with its own game service and
 * notifier (as two processes have), every update of the group going to the other bot than the
 * last one. What a second process must not break: an update is answered only once its messages
 * are sent (so the next one, handled by the other bot, comes after them), and a bot that did not
 * handle the game's last batches reads the game's message ids again instead of editing stale
 * ones (the previous round's table, a closed prompt). End-to-end with real processes and
 * PostgreSQL: test/scale/multiprocess.test.ts at the repository root.
 */
import { decodeButton } from '../src/callback-data';
import { botFrontEnd } from '../src/front-end';
import { startMia } from '@mia/host';
import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import { LocalBus, type GameService } from '@mia/game';
import { seededRng } from '@mia/engine';
import { startRoundRobin, TelegramSim, type RoundRobin, type SimMessage, type SimUser, type TgUpdate } from '@mia/telegram-sim';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog, tables, type World } from './support';

const SECRET = 'two-bots-webhook-secret';
const PLAYING = new Set(['roll', 'announce', 'believe', 'call', 'pass', 'giveUp', 'look']);

describe('two bot processes on one database, updates spread between them', () => {
  let sim: TelegramSim;
  let db: TestDatabase;
  let balancer: RoundRobin;
  const bots: { games: GameService; app: FastifyInstance; stop(): Promise<void> }[] = [];
  let token: string;

  beforeAll(async () => {
    sim = await TelegramSim.start({ seed: 5 });
    sim.setLimits(false);
    token = sim.createBot({ username: 'mia_bot' });
    db = await openTestDatabase();
    for (let i = 0; i < 2; i++) {
      // Separate buses: like two processes on the embedded database, neither hears the other.
      const mia = await startMia({
        database: { use: db },
        log: quietLog,
        service: { rng: seededRng(5), timers: false, bus: new LocalBus() },
        recover: false,
        frontEnds: [
          botFrontEnd({
            token,
            apiRoot: sim.apiRoot,
            answerAfterMessages: true,
            registerCommands: false,
            // Registered here, then replaced below by the balancer's address.
            transport: { mode: 'webhook', secret: SECRET, forceCloseConnections: true },
          }),
        ],
      });
      bots.push({ games: mia.games, app: mia.frontEnds[0].webhook!.app, stop: mia.stop });
    }
    balancer = await startRoundRobin({ targets: bots.map((b) => `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`) });
    const response = await fetch(`${sim.apiRoot}/bot${token}/setWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${balancer.url}/telegram`, secret_token: SECRET }),
    });
    expect(response.ok).toBe(true);
  });

  afterAll(async () => {
    for (const b of bots) await b.stop();
    await balancer?.close();
    await db?.destroy();
    await sim?.stop();
  });

  it('plays a whole game with no stale edit, no message twice and every answer after its messages', { timeout: 60_000 }, async () => {
    const players = ['Ada', 'Bo', 'Cy'].map((firstName) => sim.user({ firstName }));
    const group = sim.group({ title: 'Two bots', admins: [players[0]!], members: players.slice(1), bots: [token] });
    const ids = new Set(players.map((p) => p.id));
    const from = (u: TgUpdate) => u.callback_query?.from.id ?? u.message?.from?.id ?? 0;
    const answered = () => sim.waitFor(() => !sim.pendingUpdates(token).some((u) => ids.has(from(u))), 10_000);
    for (const p of players) p.startPrivateChat(token);
    await answered();
    // No turn deadline: the choices alone decide the game.
    await bots[0]!.games.chats.updateSettings(BigInt(group.id), { turnSeconds: null });

    players[0]!.send(group, '/newgame@mia_bot');
    await answered();
    const game = (await bots[0]!.games.currentGame(BigInt(group.id)))!;
    const buttonsAt = (move: number, chats: Parameters<typeof sim.messages>[0][]) =>
      chats
        .flatMap((chat) => sim.messages(chat))
        .flatMap((m) => (m.reply_markup?.inline_keyboard.flat() ?? []).map((b) => ({ m, data: 'callback_data' in b ? (b.callback_data ?? '') : '' })))
        .filter(({ data }) => decodeButton(data)?.gameId === game.id && decodeButton(data)?.move === move)
        .sort((a, b) => (a.data < b.data ? -1 : 1));
    const press = async (user: SimUser, choice: { m: SimMessage; data: string }) => {
      const popup = await user.press(choice.m, choice.data);
      await answered();
      expect(popup?.text ?? '', `${user.firstName} ${choice.data}`).not.toMatch(/out of date|not your turn|not possible/);
    };

    // The lobby is there as soon as /newgame is answered: the answer waited for it.
    for (const p of players) await press(p, buttonsAt(0, [group]).find((b) => b.data.startsWith('j:'))!);
    await press(players[0]!, buttonsAt(0, [group]).find((b) => b.data.startsWith('s:'))!);

    const rng = seededRng(9);
    let presses = 0;
    for (;;) {
      const now = (await bots[0]!.games.game(game.id))!;
      if (now.state.phase !== 'playing') break;
      const actor = players.find((p) => String(p.id) === now.state.round!.actor)!;
      // Every button of the move is there once the last press was answered (whichever bot sent it).
      const options = buttonsAt(now.state.move, [group, actor.privateChat(token)]).filter((b) => PLAYING.has(decodeButton(b.data)!.action.op));
      expect(options.length, `move ${now.state.move}: ${actor.firstName} has buttons`).toBeGreaterThan(0);
      await press(actor, options[rng(options.length)]!);
      presses++;
      expect(presses).toBeLessThan(500);
    }

    const over = (await bots[0]!.games.game(game.id))!;
    expect(over.status).toBe('FINISHED');
    // Both bots handled this group's updates.
    const handled = [0, 1].map((b) => balancer.forwarded.filter((f) => f.target === b && f.status === 200).length);
    expect(
      handled.every((n) => n > 5),
      `handled ${handled}`,
    ).toBe(true);
    // No Bot API call was refused: no edit of a message that no longer has that content or id.
    expect(sim.calls.filter((c) => !c.ok).map((c) => `${c.method}: ${c.error?.description}`)).toEqual([]);
    // One table message per round, each sent once; finished prompts all closed (no buttons left).
    const rounds = tables({ sim } as unknown as World, group);
    const started = (await bots[0]!.games.events(game.id)).filter((e) => e.event.type === 'roundStarted').length;
    expect(started).toBeGreaterThan(1);
    expect(rounds.length).toBe(started);
    for (const p of players) {
      const open = sim.botMessages(p.privateChat(token)).filter((m) => decodeButton(m.reply_markup?.inline_keyboard.flat()[0]?.callback_data ?? '') !== null);
      expect(
        open.map((m) => m.text),
        `${p.firstName}'s open prompts`,
      ).toEqual([]);
    }
    // The game's end was said once.
    expect(sim.botMessages(group).filter((m) => /wins the game of Mia/.test(m.text ?? '')).length).toBe(1);
  });
});
