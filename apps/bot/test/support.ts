import type { RunnerHandle } from '@grammyjs/runner';
import type { Database } from '@mia/db';
import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import { aiAction, calculator, seededRng, type Action, type GameState, type Rng, type SettingsInput, type Strategy } from '@mia/engine';
import type { AiSeats, DiceSource, GameRecord, GameService } from '@mia/game';
import { startMia } from '@mia/host';
import { TelegramSim, type SimGroup, type SimMessage, type SimOptions, type SimPrivateChat, type SimUser } from '@mia/telegram-sim';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { botFrontEnd, type createBot } from '../src';
import { isLocale, localeOfTelegram, LOCALES, translator, type Locale } from '../src/i18n';
import { claimLabel } from '../src/render/claims';

export const quietLog = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export interface WorldOptions {
  /** Seeds the sim's ids and the game's dice (default 1). */
  seed?: number;
  /** Arm the GameService's turn deadlines (default false: tests fire them with `games.fireOverdue()`). */
  timers?: boolean;
  /** The dice (default: seeded from `seed`); `scriptedRng` forces them, `seededPerGame` deals per chat and version. */
  rng?: DiceSource;
  /** The bot's and the game service's log (default: silent, or TEST_LOG_LEVEL). */
  log?: Logger;
  /** The GameService's clock (deadlines are set and checked with it). */
  now?: () => Date;
  /** `polling` (default): @grammyjs/runner; `webhook`: grammY's webhookCallback on Fastify. */
  mode?: 'polling' | 'webhook';
  /** The webhook's secret token (webhook mode). */
  webhookSecret?: string;
  /** Passed to TelegramSim.start. */
  sim?: Omit<SimOptions, 'seed'>;
  /**
   * Another bot in an existing sim and database (left running on close): several bots side by
   * side cost one embedded database instead of one each.
   */
  shared?: { sim: TelegramSim; db: TestDatabase };
  /** The bot's username (default mia_bot). */
  username?: string;
  /** The dashboard's address the bot links to (default: the bot's, http://localhost:3000). */
  publicUrl?: string;
  /** The computer players' pause before acting, ms (default 0: they act at once). */
  aiDelayMs?: number | readonly [number, number];
  /** The bot's pacing of new messages (default: Telegram's limits on the system clock). */
  pacing?: NonNullable<Parameters<typeof createBot>[0]['pacing']>;
}

/** One bot process: its game service, bot, notifier, AI seats and update source. */
export interface BotProcess {
  /** Bot API calls this process may still make (see World.dieAfter). */
  gate: { remaining: number; dead: boolean };
  games: GameService;
  bot: ReturnType<typeof createBot>['bot'];
  notifier: ReturnType<typeof createBot>['notifier'];
  ai: AiSeats;
  runner: RunnerHandle | null;
  /** Webhook mode: the Fastify server and the url registered with the sim. */
  webhook: { app: FastifyInstance; url: string; secret: string } | null;
  stop(): Promise<void>;
}

export interface World {
  sim: TelegramSim;
  token: string;
  db: TestDatabase;
  /** The current process's (they change on `restart()`). */
  readonly games: GameService;
  readonly bot: BotProcess['bot'];
  readonly notifier: BotProcess['notifier'];
  readonly ai: BotProcess['ai'];
  readonly runner: RunnerHandle | null;
  readonly webhook: BotProcess['webhook'];
  /** Waits until every committed change has reached Telegram. */
  settle(): Promise<void>;
  /**
   * The bot process restarted: the runner (or webhook server), AI seats, notifier and game service
   * stopped, new ones created on the same database (a fresh connection on PostgreSQL) and the same
   * sim, running games recovered and AI turns resumed as main.ts does. `changes` apply to the new
   * process (e.g. a different AI pace).
   */
  restart(changes?: Pick<WorldOptions, 'aiDelayMs'>): Promise<{ running: number; overdue: number }>;
  /**
   * The current process dies after `calls` more Bot API calls (besides getUpdates): the rest of
   * its messages are never sent and nothing more of its screen is saved, as if it were killed
   * then. `restart()` next starts a healthy one.
   */
  dieAfter(calls: number): void;
  /** The current process dies now: nothing more of it reaches Telegram or the database's screens. */
  die(): void;
  close(): Promise<void>;
}

async function startProcess(sim: TelegramSim, token: string, db: Database, options: WorldOptions, recover: boolean) {
  // The process "dies" (see World.dieAfter): from then on no Bot API call and no screen is saved,
  // as after a SIGKILL, while the test restarts it.
  // It dies just before a call (pop-ups aside, which would only slow the test's presses down).
  const gate = { remaining: Infinity, dead: false };
  const log = options.log ?? quietLog;
  const mia = await startMia({
    // A restarted process on PostgreSQL has a connection of its own (closed with it); the
    // embedded in-memory database has only one, shared.
    database: db.kind === 'postgres' && recover ? { databaseUrl: db.connectionString } : { use: db },
    log,
    service: { rng: options.rng ?? seededRng(options.seed ?? 1), timers: options.timers ?? false, ...(options.now ? { now: options.now } : {}) },
    ai: { delayMs: options.aiDelayMs ?? 0, rng: seededRng((options.seed ?? 1) + 1) },
    recover,
    frontEnds: [
      botFrontEnd({
        token,
        apiRoot: sim.apiRoot,
        ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
        ...(options.pacing ? { pacing: options.pacing } : {}),
        answerAfterMessages: false,
        registerCommands: false,
        transport:
          options.mode === 'webhook'
            ? { mode: 'webhook', secret: options.webhookSecret ?? 'test-webhook-secret_0123456789', forceCloseConnections: true }
            : { mode: 'polling', timeoutSeconds: 1, deleteWebhook: false },
        configure(bot, { botMessages }) {
          bot.api.config.use(async (prev, method, payload, signal) => {
            if (gate.dead || (method !== 'getUpdates' && method !== 'getMe' && method !== 'answerCallbackQuery' && gate.remaining-- <= 0)) {
              gate.dead = true;
              throw new Error(`the process is dead (${method})`);
            }
            return prev(method, payload, signal);
          });
          const save = botMessages.save.bind(botMessages);
          botMessages.save = async (gameId, refs) => {
            if (gate.dead) throw new Error('the process is dead (botMessages.save)');
            return save(gameId, refs);
          };
        },
      }),
    ],
  });
  const [{ bot, notifier, runner, webhook }] = mia.frontEnds;
  const proc: BotProcess = { gate, games: mia.games, bot, notifier, ai: mia.ai!, runner, webhook, stop: mia.stop };
  return { proc, recovered: mia.recovered ?? { running: 0, overdue: 0 } };
}

/** The real bot (long polling through @grammyjs/runner, or a webhook) against telegram-sim and a test database. */
export async function world(seedOrOptions: number | WorldOptions = 1): Promise<World> {
  const options: WorldOptions = typeof seedOrOptions === 'number' ? { seed: seedOrOptions } : { ...seedOrOptions };
  // The bot paces its new messages under Telegram's limits; by default its waits move a clock it
  // shares with the sim instead of passing in real time, so a game played at full speed stays
  // within the sim's limits (checked) without the test waiting a minute for them.
  if (!options.pacing && !options.shared && !options.sim?.clock) {
    let offset = 0;
    const now = () => Date.now() + offset;
    options.sim = { ...options.sim, clock: { now } };
    options.pacing = { clock: { now, sleep: async (ms) => void (offset += ms) } };
  }
  const sim = options.shared?.sim ?? (await TelegramSim.start({ ...options.sim, seed: options.seed ?? 1 }));
  const token = sim.createBot({ username: options.username ?? 'mia_bot' });
  const db = options.shared?.db ?? (await openTestDatabase());
  let { proc } = await startProcess(sim, token, db, options, false);
  return {
    sim,
    token,
    db,
    get games() {
      return proc.games;
    },
    get bot() {
      return proc.bot;
    },
    get notifier() {
      return proc.notifier;
    },
    get ai() {
      return proc.ai;
    },
    get runner() {
      return proc.runner;
    },
    get webhook() {
      return proc.webhook;
    },
    async settle() {
      await proc.notifier.idle();
    },
    dieAfter(calls: number) {
      proc.gate.remaining = calls;
    },
    die() {
      proc.gate.dead = true;
    },
    async restart(changes = {}) {
      await proc.stop();
      Object.assign(options, changes);
      const started = await startProcess(sim, token, db, options, true);
      proc = started.proc;
      return started.recovered;
    },
    async close() {
      await proc.stop();
      if (options.shared) return;
      await db.destroy();
      await sim.stop();
    },
  };
}

export const DICE_PAIR = /[⚀⚁⚂⚃⚄⚅]{2}/;
/** A round's message in any of the five languages: "🎲 Mia — round 3", "🎲 Mia — раунд 3", … */
export const TABLE = /^🎲 Mia — [\p{L}\p{M}]+ (\d+)$/mu;

/** Every version of every message in a chat, oldest first. */
export function allTexts(messages: readonly SimMessage[]): string[] {
  return messages.flatMap((m) => [...m.history.map((h) => h.text ?? ''), m.text ?? '']);
}

/**
 * No version of any message in the group shows two dice faces, except the lines that reveal dice
 * (a call, a look at a Mia). Returns how many reveal lines there were.
 */
export function expectNoDiceLeak(messages: readonly SimMessage[]): number {
  let reveals = 0;
  for (const text of allTexts(messages)) {
    for (const line of text.split('\n')) {
      if (!DICE_PAIR.test(line)) continue;
      if (!/calls liar|looks:/.test(line)) throw new Error(`dice shown in the group outside a reveal: ${JSON.stringify(line)}`);
      reveals++;
    }
  }
  return reveals;
}

export function lastWithButton(messages: readonly SimMessage[], label: RegExp): SimMessage | undefined {
  return [...messages].reverse().find((m) => m.reply_markup?.inline_keyboard.some((row) => row.some((b) => label.test(b.text))));
}

export function buttonText(message: SimMessage, label: RegExp): string {
  for (const row of message.reply_markup?.inline_keyboard ?? []) for (const b of row) if (label.test(b.text)) return b.text;
  throw new Error(`no button ${label} on message ${message.message_id}: ${JSON.stringify(message.reply_markup)}`);
}

export function buttons(message: SimMessage | undefined): string[] {
  return (message?.reply_markup?.inline_keyboard ?? []).flat().map((b) => b.text);
}

/** A message as the chat shows it now. */
export function current(w: World, message: SimMessage): SimMessage {
  // A chat is found by its key (private chats of different bots share the user's id).
  const chat = { chatKey: message.chatKey } as SimGroup;
  return w.sim.messages(chat).find((m) => m.message_id === message.message_id)!;
}

/** The group's table messages (one per round), oldest first. */
export function tables(w: World, group: SimGroup): SimMessage[] {
  return w.sim.messages(group).filter((m) => TABLE.test(m.text ?? ''));
}

/** A group with a bot and players who all started the bot privately (unless told otherwise). */
export async function table(
  w: World,
  names: string[],
  options: { title?: string; admins?: SimUser[]; started?: boolean } = {},
): Promise<{ group: SimGroup; players: SimUser[] }> {
  const players = names.map((firstName) => w.sim.user({ firstName }));
  const admins = options.admins ?? [players[0]!];
  const group = w.sim.group({
    title: options.title ?? 'Dice night',
    admins,
    members: players.filter((p) => !admins.includes(p)),
    bots: [w.token],
  });
  if (options.started !== false) await openPrivateChats(w, players);
  return { group, players };
}

/**
 * How long a table's setup waits for the bot (the greeting after START, the lobby after /newgame)
 * before calling it stuck: the wait ends at the bot's answer, this only bounds a hang. Tests that
 * set up several worlds at once (it.concurrent) on a loaded machine need more than the sim's 5 s.
 */
const SETUP_WAIT_MS = 30_000;

/**
 * Each user presses START in the bot's private chat, and the bot has taken it in: its greeting
 * comes after it recorded that it may write to them. Pressing Join before that would be answered
 * with the link to the private chat instead (a race a loaded machine loses).
 */
export async function openPrivateChats(w: World, users: readonly SimUser[]): Promise<void> {
  for (const user of users) {
    const chat = user.privateChat(w.token);
    const before = w.sim.botMessages(chat).length;
    user.startPrivateChat(w.token);
    await w.sim.waitFor(() => w.sim.botMessages(chat).length > before, SETUP_WAIT_MS);
  }
}

/**
 * /newgame by the first player, everyone joins by the button, the first player starts. With
 * `settings` the game is opened through the service instead (house rules have no command yet).
 */
export async function startGame(w: World, group: SimGroup, players: SimUser[], options: { settings?: SettingsInput } = {}): Promise<GameRecord> {
  const [creator] = players as [SimUser];
  if (options.settings) {
    const created = await w.games.act({
      chatId: BigInt(group.id),
      user: { id: String(creator.id), name: creator.firstName },
      chat: { title: group.title, type: group.type },
      action: { type: 'create', creator: String(creator.id), settings: options.settings },
    });
    if (created.status !== 'applied') throw new Error(`could not open the game: ${JSON.stringify(created)}`);
  } else {
    creator.send(group, '/newgame@mia_bot');
  }
  // The lobby's buttons are in the group's language; each join pop-up in the joiner's.
  const t = translator(await groupLocale(w, group));
  const lobby = await w.sim.waitFor(() => lastWithButton(w.sim.messages(group), new RegExp(escapeRegExp(t('button-join')))), SETUP_WAIT_MS);
  const joined = new Set(LOCALES.map((l) => translator(l)('popup-joined')));
  for (const p of players) {
    const popup = await p.press(current(w, lobby), t('button-join'));
    if (!joined.has(popup?.text ?? '')) throw new Error(`${p.firstName} could not join: ${JSON.stringify(popup)}`);
  }
  await w.settle();
  await creator.press(current(w, lobby), t('button-start'));
  await w.settle();
  const game = await w.games.currentGame(BigInt(group.id));
  if (game?.state.phase !== 'playing') throw new Error('the game did not start');
  return game;
}

export interface Turn {
  actor: SimUser;
  action: Action;
  button: string;
  message: SimMessage;
  popup: string | undefined;
}

/** Where a person presses the receiver's choices (believe, liar, Mia): the group's table or their private prompt. */
export type RespondIn = 'group' | 'private';

/** A claim's button as the bot draws it: the claim, the chance one roll beats it, 🎯 on the truth. */
export const claimButton = (label: string) => new RegExp(`^(🎯 )?${escapeRegExp(label)} · \\d+%$`);

/**
 * Plays the current actor's turn as a person would: the AI chooses, the actor presses the button
 * on the message that shows it now (private prompt or the table). Returns what was pressed.
 */
export async function playTurn(
  w: World,
  group: SimGroup,
  players: SimUser[],
  strategy: Strategy = calculator(),
  settle: () => Promise<void> = () => w.settle(),
  respondIn: RespondIn = 'group',
): Promise<Turn> {
  const game = (await w.games.currentGame(BigInt(group.id)))!;
  const state: GameState = game.state;
  const actorId = state.round!.actor;
  const actor = players.find((p) => String(p.id) === actorId)!;
  const action = aiAction(state, actorId, strategy, () => 0)!;
  const privateChat = actor.privateChat(w.token);
  // Buttons on the table are in the group's language; private ones in the actor's.
  const tg = translator(await groupLocale(w, group));
  const tp = translator(await personLocale(w, actor, group));
  const atTable = await w.notifier.playsAtTable(game, actorId);
  const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);
  const own = atTable ? tg : tp;
  const ownChat = atTable ? group : privateChat;
  const respond = atTable || respondIn === 'group' ? { t: tg, chat: group as SimGroup | SimPrivateChat } : { t: tp, chat: privateChat };
  let label: RegExp;
  let where: SimPrivateChat | SimGroup;
  switch (action.type) {
    case 'roll':
      label = exactly(own('button-roll'));
      where = ownChat;
      break;
    case 'announce':
      label = claimButton(claimLabel(state.settings.ranking, action.value, own));
      where = ownChat;
      break;
    case 'believe':
    case 'call':
      label = exactly(respond.t(action.type === 'call' ? 'button-call' : 'button-believe'));
      where = respond.chat;
      break;
    case 'lookAtMia':
    case 'giveUp':
      label = exactly(respond.t(action.type === 'lookAtMia' ? 'button-look' : 'button-give-up'));
      where = respond.chat;
      break;
    default:
      throw new Error(`unexpected ${action.type}`);
  }
  // Normally there already; a move committed by a timer (a deadline) rather than by the last
  // press may still be on its way to Telegram, as a person would wait for it.
  const message = await w.sim.waitFor(() => lastWithButton(w.sim.messages(where), label), 10_000).catch(() => undefined);
  if (!message) throw new Error(`${actor.firstName} sees no button ${label} for ${action.type} (version ${game.version}, stage ${state.round?.stage})`);
  const button = buttonText(message, label);
  const popup = await actor.press(message, button);
  await settle();
  return { actor, action, button, message, popup: popup?.text };
}

/**
 * Plays turns until the game in the group is over; `beforeTurn` may inject faults and the like.
 * `settle` (default: the whole bot's) waits after each press, e.g. for this group's messages only
 * when several groups play at once.
 */
export async function playToEnd(
  w: World,
  group: SimGroup,
  players: SimUser[],
  options: { maxTurns?: number; beforeTurn?: (turn: number) => void | Promise<void>; settle?: () => Promise<void>; respondIn?: RespondIn } = {},
): Promise<Turn[]> {
  const turns: Turn[] = [];
  const strategy = calculator();
  for (let n = 0; ; n++) {
    const game = await w.games.currentGame(BigInt(group.id));
    if (game?.state.phase !== 'playing') return turns;
    if (n >= (options.maxTurns ?? 400)) throw new Error('the game did not finish');
    await options.beforeTurn?.(n);
    turns.push(await playTurn(w, group, players, strategy, options.settle, options.respondIn));
  }
}

/** The group's language as the bot speaks it (English until set). */
export async function groupLocale(w: World, group: SimGroup): Promise<Locale> {
  const language = await w.games.chats.language(BigInt(group.id));
  return isLocale(language) ? language : 'en';
}

/** A person's language as the bot speaks it to them: their /lang, their Telegram's, the group's. */
export async function personLocale(w: World, user: SimUser, group: SimGroup): Promise<Locale> {
  const chosen = (await w.games.user(String(user.id)))?.language;
  return isLocale(chosen) ? chosen : (localeOfTelegram(user.languageCode) ?? groupLocale(w, group));
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A clock the test moves: starts at real time, so deadlines and reminders stay near the present. */
export function shiftedClock(): { now: () => Date; advance(seconds: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(seconds: number) {
      offset += seconds * 1000;
    },
  };
}

export type { SimGroup, SimMessage, SimUser };

/** Dice as a test wants them: queued draws first (a die is a draw of 0–5), then seeded ones. */
export function scriptedRng(queue: number[], seed = 1): Rng {
  const rest = seededRng(seed);
  return (n) => {
    const next = queue.shift();
    if (next === undefined) return rest(n);
    if (next >= n) throw new Error(`scripted draw ${next} out of range ${n}`);
    return next;
  };
}
