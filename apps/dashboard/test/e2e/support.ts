// End-to-end support: the SPA built once (when its sources changed), headless Chromium, and a
// world where the real bot plays in telegram-sim on a test database while the dashboard (sharing
// the bot's GameService) serves the built SPA on an ephemeral port. Players press the bot's
// buttons, found by their callback data, so the scripts do not depend on the buttons' words.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { botFrontEnd, decodeButton, type BotHandle, type ButtonAction } from '@mia/bot';
import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import { aiAction, calculator, type GameEvent, type SettingsInput, type Value } from '@mia/engine';
import type { GameRecord, GameService } from '@mia/game';
import { startMia } from '@mia/host';
import { TelegramSim, type SimGroup, type SimMessage, type SimUser } from '@mia/telegram-sim';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { dashboardFrontEnd, type DashboardHandle } from '../../server';
import type { PublicFeedOptions } from '../../server/live/public-feed';
import type { LiveGame } from '../../shared/api';
import { findLeaks, revealedDice } from '../server/leak-check';
import { quietLog, ScriptedRng } from '../server/support';

export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The SPA these tests serve: built from the package's vite.config.ts like dist/, but into a folder
 * of their own, so that nothing else building dist/ meanwhile (`npm start`, the demo's test, which
 * may run beside these in CI) can empty it under a page that is loading.
 */
export const WEB_ROOT = join(PACKAGE_ROOT, 'node_modules/.cache/mia-e2e/dist');
export const SCREENSHOTS = join(PACKAGE_ROOT, 'test/e2e/screenshots');

// ── the browser ─────────────────────────────────────────────────────────────────────────────

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Whether the browser suites run: Debian's Chromium must be installed. Without it the suites are
 * skipped with a note, except in CI (`CI` set), where a missing browser fails the run.
 */
export function browserAvailable(suite: string): boolean {
  if (existsSync(CHROMIUM)) return true;
  const note = `${suite}: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI) throw new Error(`${note}; CI must run the browser tests`);
  console.warn(`${note}: skipping the browser tests`);
  return false;
}

/**
 * Headless Chromium with a fresh profile (Playwright makes a new user data dir per launch). The
 * background-networking flags keep Chromium from dialling out: this machine's network is closed.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, `${name}.png`);
}

/** Console errors and uncaught exceptions of a page: a page that throws fails its test. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Whether the page scrolls sideways (the document wider than the viewport). */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    // The elements that stick out, to say what to fix when it fails.
    const widest = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''} (right ${Math.round(el.getBoundingClientRect().right)})`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: width, widest };
  });
}

// ── the SPA's build ─────────────────────────────────────────────────────────────────────────

/** What the SPA is built from: its sources, the API contract, Vite's config and the engine (labels). */
const SOURCES = [
  join(PACKAGE_ROOT, 'web'),
  join(PACKAGE_ROOT, 'shared'),
  join(PACKAGE_ROOT, 'vite.config.ts'),
  join(PACKAGE_ROOT, '../../packages/engine/src'),
];

const newest = (path: string): number => {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), s.mtimeMs);
};

export function spaIsStale(): boolean {
  const index = join(WEB_ROOT, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => existsSync(s) && newest(s) > built);
}

/** Runs `fn` holding the build lock (a directory, made atomically): one worker at a time. */
async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `mia-dashboard-e2e-build-${createHash('sha1').update(PACKAGE_ROOT).digest('hex').slice(0, 12)}.lock`);
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // A lock left by a killed run: older than any build takes.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline) throw new Error(`the SPA's build lock ${lock} was not released`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Vite's build() with the package's vite.config.ts into WEB_ROOT (call it holding the lock). */
async function buildSpa(): Promise<void> {
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test; the bundle must be the production one (React's, minified).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(PACKAGE_ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: WEB_ROOT, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Builds the SPA into WEB_ROOT when it is missing or older than its sources. Test files run in
 * parallel workers: the lock lets one build while the others wait, then find it fresh.
 */
export async function ensureSpaBuilt(): Promise<void> {
  if (!spaIsStale()) return;
  await withBuildLock(async () => {
    if (spaIsStale()) await buildSpa();
  });
}

/**
 * A private copy of the fresh build, made under the lock, for a suite that loads many pages over
 * minutes: WEB_ROOT is rebuilt (emptied first) as soon as a source changes, which, while the
 * sources are being edited, can happen under a page that is loading. The caller removes it.
 */
export async function spaSnapshot(): Promise<string> {
  return withBuildLock(async () => {
    if (spaIsStale()) await buildSpa();
    const dir = mkdtempSync(join(tmpdir(), 'mia-dashboard-spa-'));
    cpSync(WEB_ROOT, dir, { recursive: true });
    return dir;
  });
}

// ── the dashboard alone ─────────────────────────────────────────────────────────────────────

export interface Dashboard {
  db: TestDatabase;
  games: GameService;
  dice: ScriptedRng;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * A test database, a game service on it and the dashboard serving the built SPA (WEB_ROOT, or a
 * snapshot of it) on a free port.
 */
export async function startDashboard({ webRoot = WEB_ROOT }: { webRoot?: string } = {}): Promise<Dashboard> {
  const { mia, db, dice } = await startTestMia(webRoot, null);
  const [{ app, url }] = mia.frontEnds;
  return { db, games: mia.games, dice, app, baseUrl: url, close: () => closeTestMia(mia, db) };
}

/** One process on a fresh test database: the dashboard, and the bot beside it when given one. */
async function startTestMia(webRoot: string, bot: ((dashboardUrl: () => string) => ReturnType<typeof botFrontEnd>) | null, feed?: PublicFeedOptions) {
  const db = await openTestDatabase();
  const dice = new ScriptedRng(3);
  const dashboard = dashboardFrontEnd({ webRoot, rateLimit: { max: 100_000, timeWindow: 60_000 }, ...(feed ? { feed } : {}) });
  const withBot = bot?.(() => dashboard.url()) ?? null;
  try {
    const mia = await startMia({
      database: { use: db },
      log: quietLog,
      // timers: false as in every test: no turn times out on its own.
      service: { rng: dice.rng, timers: false },
      // Computer players play only beside the bot; alone, the dashboard's tests play every seat themselves.
      ai: withBot ? { delayMs: 0 } : false,
      recover: false,
      frontEnds: withBot ? ([dashboard, withBot] as const) : ([dashboard] as const),
    });
    return { mia, db, dice };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

async function closeTestMia(mia: { stop(): Promise<void> }, db: TestDatabase): Promise<void> {
  await mia.stop();
  await db.destroy();
}

export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

// ── the bot in telegram-sim, with the dashboard beside it ───────────────────────────────────

export interface World extends Dashboard {
  sim: TelegramSim;
  token: string;
  bot: BotHandle['bot'];
  notifier: BotHandle['notifier'];
  /** Waits until every committed change has reached Telegram. */
  settle(): Promise<void>;
}

/**
 * The real bot (grammY long polling against telegram-sim) on the dashboard's GameService: one
 * process, as when the dashboard runs beside the bot. The bot links to this dashboard.
 */
/** `feed`: the public feed's settings (the TV's test holds an ended game 2 s, not 8). */
export async function startWorld({ webRoot = WEB_ROOT, feed }: { webRoot?: string; feed?: PublicFeedOptions } = {}): Promise<World> {
  const sim = await TelegramSim.start({ seed: 11 });
  // Scripted players are far faster than people: Telegram's flood limits are tested elsewhere.
  sim.setLimits(false);
  const token = sim.createBot({ username: 'mia_bot' });
  const started = await startTestMia(
    webRoot,
    (dashboardUrl) =>
      botFrontEnd({
        token,
        apiRoot: sim.apiRoot,
        publicUrl: dashboardUrl,
        // No pacing where the sim has no limits: a long game's messages would hold the next
        // game's lobby back for the rest of Telegram's minute.
        pacing: { limits: false },
        registerCommands: false,
        transport: { mode: 'polling', timeoutSeconds: 1, deleteWebhook: false },
      }),
    feed,
  ).catch(async (error: unknown) => {
    await sim.stop();
    throw error;
  });
  const { mia, db, dice } = started;
  const [{ app, url }, { bot, notifier }] = mia.frontEnds as unknown as [DashboardHandle, BotHandle];
  return {
    db,
    games: mia.games,
    dice,
    app,
    baseUrl: url,
    sim,
    token,
    bot,
    notifier,
    settle: () => notifier.idle(),
    async close() {
      await closeTestMia(mia, db);
      await sim.stop();
    },
  };
}

/** A move of whoever's turn it is; dice are forced where the move draws them. */
export type Move =
  | { type: 'roll'; dice: [number, number] }
  | { type: 'announce'; value: Value }
  /** Roll unseen and announce at once (from the roll prompt, or after "believe blind"). */
  | { type: 'announceBlind'; value: Value; dice: [number, number] }
  /** Believe and roll (one button): the receiver's new dice. */
  | { type: 'believe'; dice: [number, number] }
  /**
   * Moves that end a round. `next`: the dice of the next round's starter, dealt in the same
   * commit (the engine does that: the starter always looks); seeded when not given.
   */
  | { type: 'call'; next?: [number, number] }
  | { type: 'pass' }
  | { type: 'look'; next?: [number, number] }
  | { type: 'giveUp'; next?: [number, number] };

/** Three people at a table in a telegram-sim group, playing by pressing the bot's buttons. */
export class Table {
  constructor(
    readonly w: World,
    readonly group: SimGroup,
    readonly players: SimUser[],
  ) {}

  static async seat(w: World, names: string[], title: string): Promise<Table> {
    const players = names.map((firstName) => w.sim.user({ firstName, languageCode: 'en' }));
    const group = w.sim.group({ title, admins: [players[0]!], members: players.slice(1), bots: [w.token] });
    for (const p of players) {
      const chat = p.startPrivateChat(w.token);
      await w.sim.waitFor(() => w.sim.botMessages(chat).length > 0);
    }
    return new Table(w, group, players);
  }

  get chatId(): bigint {
    return BigInt(this.group.id);
  }

  async game(): Promise<GameRecord> {
    const game = await this.w.games.currentGame(this.chatId);
    if (!game) throw new Error('no game in the group');
    return game;
  }

  player(id: string): SimUser {
    const p = this.players.find((u) => String(u.id) === id);
    if (!p) throw new Error(`no player ${id}`);
    return p;
  }

  /** The group's dashboard link as the bot's /dashboard answers it. */
  async dashboardLink(): Promise<string> {
    const before = this.w.sim.botMessages(this.group).length;
    this.players[0]!.send(this.group, '/dashboard@mia_bot');
    const reply = await this.w.sim.waitFor(() =>
      this.w.sim
        .botMessages(this.group)
        .slice(before)
        .find((m) => /\/g\//.test(m.text ?? '')),
    );
    const url = /(https?:\/\/\S+\/g\/[A-Za-z0-9_-]+)/.exec(reply.text ?? '')?.[1];
    if (!url) throw new Error(`no link in ${JSON.stringify(reply.text)}`);
    return url;
  }

  /** The group's house rules, as an admin sets them with /settings: they apply to its next game. */
  async houseRules(settings: SettingsInput): Promise<void> {
    const result = await this.w.games.chats.updateSettings(this.chatId, settings);
    if (!result.ok) throw new Error(`house rules refused: ${JSON.stringify(result)}`);
  }

  /**
   * The first player sends /newgame, everyone joins with the lobby's button and the creator
   * starts. `starter` is the seat the start's draw picks; `first` the dice the starter is dealt
   * with the start (the engine deals a round's starter their dice as the round starts).
   */
  async open(starter: number, first: [number, number]): Promise<GameRecord> {
    const creator = this.players[0]!;
    creator.send(this.group, '/newgame@mia_bot');
    for (const p of this.players) await this.press(p, this.group, 'join');
    this.w.dice.queue.push(starter);
    this.w.dice.dice(...first);
    await this.press(creator, this.group, 'start');
    if (this.w.dice.queue.length > 0) throw new Error(`forced draws left unused: ${this.w.dice.queue.join(', ')}`);
    const game = await this.game();
    if (game.state.phase !== 'playing') throw new Error('the game did not start');
    return game;
  }

  /**
   * Presses the newest button in `chat` (the group, or `user`'s private chat with the bot) whose
   * callback data asks for `op` (and `value`), for the game's current move.
   */
  async press(user: SimUser, chat: SimGroup | 'private', op: ButtonAction['op'], value?: Value): Promise<string | undefined> {
    const where = chat === 'private' ? user.privateChat(this.w.token) : chat;
    const matches = (m: SimMessage, game: GameRecord | null) => {
      for (const row of m.reply_markup?.inline_keyboard ?? []) {
        for (const b of row) {
          const decoded = typeof b.callback_data === 'string' ? decodeButton(b.callback_data) : null;
          if (!decoded || decoded.action.op !== op) continue;
          if ('value' in decoded.action && decoded.action.value !== value) continue;
          // Lobby buttons carry move 0; the others the move they were drawn for.
          if (game && decoded.gameId === game.id && (decoded.move === 0 || decoded.move === game.state.move)) return b.text;
        }
      }
      return undefined;
    };
    const found = await this.w.sim.waitFor(async () => {
      // The game as it is now (a /newgame just sent may not have made it yet).
      const game = await this.w.games.currentGame(this.chatId);
      for (const m of [...this.w.sim.messages(where)].reverse()) {
        const text = matches(m, game);
        if (text) return { message: m, text };
      }
      return undefined;
    });
    const popup = await user.press(found.message, found.text);
    await this.w.settle();
    return popup?.text;
  }

  /** Plays one move for the player whose turn it is; returns the game after it. */
  async play(move: Move): Promise<GameRecord> {
    const before = await this.game();
    const round = before.state.round!;
    const actor = this.player(round.actor);
    switch (move.type) {
      case 'roll':
        this.w.dice.dice(...move.dice);
        await this.press(actor, 'private', 'roll');
        break;
      case 'announce':
        await this.press(actor, 'private', 'announce', move.value);
        break;
      case 'announceBlind':
        // From the roll prompt ("roll blind"), or on the table after an announcement ("believe blind").
        if (round.stage === 'roll') await this.press(actor, 'private', 'rollBlind');
        else await this.press(actor, this.group, 'believeBlind');
        this.w.dice.dice(...move.dice);
        await this.press(actor, 'private', 'announceBlind', move.value);
        break;
      case 'believe':
        this.w.dice.dice(...move.dice);
        await this.press(actor, this.group, 'believe');
        break;
      case 'pass':
        await this.press(actor, this.group, 'pass');
        break;
      case 'call':
      case 'look':
      case 'giveUp':
        if (move.next) this.w.dice.dice(...move.next);
        await this.press(actor, this.group, move.type);
        break;
    }
    if (this.w.dice.queue.length > 0) throw new Error(`forced draws left unused: ${this.w.dice.queue.join(', ')}`);
    const after = (await this.w.games.game(before.id))!;
    if (after.version <= before.version) throw new Error(`${actor.firstName}'s ${move.type} changed nothing`);
    return after;
  }

  /** One turn as the calculator AI would play it (dice from the seeded generator). */
  async playAi(): Promise<GameRecord> {
    const game = await this.game();
    const actorId = game.state.round!.actor;
    const actor = this.player(actorId);
    const action = aiAction(game.state, actorId, calculator(), () => 0);
    if (!action) throw new Error(`no move for ${actor.firstName}`);
    switch (action.type) {
      case 'roll':
        await this.press(actor, 'private', 'roll');
        break;
      case 'announce':
        if (action.blind) {
          await this.press(actor, 'private', 'rollBlind');
          await this.press(actor, 'private', 'announceBlind', action.value);
        } else {
          await this.press(actor, 'private', 'announce', action.value);
        }
        break;
      case 'believe':
        await this.press(actor, this.group, 'believe');
        break;
      case 'call':
        await this.press(actor, this.group, 'call');
        break;
      case 'passBlind':
        await this.press(actor, this.group, 'pass');
        break;
      case 'lookAtMia':
        await this.press(actor, this.group, 'look');
        break;
      case 'giveUp':
        await this.press(actor, this.group, 'giveUp');
        break;
      default:
        throw new Error(`unexpected AI move ${action.type}`);
    }
    const after = (await this.w.games.game(game.id))!;
    if (after.version <= game.version) throw new Error(`${actor.firstName}'s ${action.type} changed nothing`);
    return after;
  }

  /** AI turns until the game is over; the finished game. */
  async playToEnd(maxTurns = 400): Promise<GameRecord> {
    const { id } = await this.game();
    for (let n = 0; n < maxTurns; n++) {
      const game = (await this.w.games.game(id))!;
      if (game.state.phase !== 'playing') return game;
      await this.playAi();
    }
    throw new Error('the game did not finish');
  }
}

// ── secrecy, seen from the browser ──────────────────────────────────────────────────────────

/** Every LiveGame in a payload (a live message, a group page, a live list). */
export function liveGamesIn(payload: unknown): LiveGame[] {
  const found: LiveGame[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const item of v) walk(item);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.id === 'string' && typeof o.version === 'number' && o.view && typeof o.view === 'object') {
      found.push(o as unknown as LiveGame);
      return;
    }
    Object.values(o).forEach(walk);
  };
  walk(payload);
  return found;
}

/**
 * The leaks in a payload the browser received: each LiveGame in it may show only the dice its
 * game had revealed at the payload's `version` (the count of the game's events it reflects).
 */
export function leaksIn(payload: unknown, eventsOf: (gameId: string) => { seq: number; event: GameEvent }[]): string[] {
  const revealed = new Set<string>();
  for (const game of liveGamesIn(payload)) {
    const upTo = eventsOf(game.id)
      .filter((e) => e.seq <= game.version)
      .map((e) => e.event);
    for (const d of revealedDice(upTo)) revealed.add(d);
  }
  return findLeaks(payload, revealed);
}
