import { AsyncLocalStorage } from 'node:async_hooks';
import type { Api } from 'grammy';
import type { GameEvent } from '@mia/engine';
import { isDatabaseUnavailable } from '@mia/db/errors';
import type { CommittedBatch, GameRecord, GameService } from '@mia/game';
import type { Logger } from 'pino';
import { translator, type Translate } from './i18n';
import type { LocaleResolver } from './locale';
import { loggableError } from './telegram-calls';
import { Executor } from './telegram-out/execute';
import { Pacer, TELEGRAM_LIMITS, type PacerClock, type PacerLimits } from './telegram-out/pacer';
import { plan, playsInGroup, type PlanInput } from './telegram-out/plan';
import { emptyScreen, screenFromStored, type PlayMode, type Screen } from './telegram-out/screen';
import { RecentGames } from './recent-games';
import { Reminders, type Hurry } from './telegram-out/reminders';
import { SavedScreens, type MessageStore } from './telegram-out/saved-screens';

export type { MessageStore } from './telegram-out/saved-screens';

interface Refs {
  screen: Screen;
  /**
   * The game's version this screen describes. Another process may have sent the game's later
   * messages (an update handled there): then the screen here is stale and is read again.
   */
  version: number;
}

/** How long after its end a game whose last messages were never sent still gets them at start-up. */
const FINISHED_CATCH_UP_MS = 60 * 60 * 1000;

export interface NotifierOptions {
  /**
   * Whether other processes draw this bot's games too (a webhook behind several processes): each
   * batch's screen is then saved as soon as its messages are out, for the process that takes the
   * game's next update. Alone (long polling, the default), a screen that changed only by edits
   * since its last save is saved with the game's next new message, its end, a redraw or the stop:
   * a process killed before that restarts from the last saved screen and replays the events since,
   * which repeats those edits (Telegram answers "not modified"). That spares a round trip in about
   * half the actions; a new message's id is still saved the moment it is known.
   */
  sharedScreens?: boolean;
  pacing?: {
    /** Telegram's limits on new messages, kept before Telegram enforces them; false: none (benchmarks). */
    limits?: PacerLimits | false;
    /** The clock the limits' windows are read on (tests: one shared with telegram-sim). */
    clock?: PacerClock;
  };
}

/**
 * Telegram out: for every batch this process committed, the planner (telegram-out/plan.ts) says
 * what each chat must show and the executor carries it out; this class keeps the order (a chat's
 * messages in commit order), the screen of each game (in memory and in the database), the
 * reminders, and the moments outside a batch: start-up and a restored private chat. Endings (/stop,
 * a lobby that expired, the bot removed) and a chat's migration are batches like any other. With
 * several processes, `settled` makes an update's answer wait for its messages, so
 * the next update (perhaps handled by another process, which reads the screen kept in the
 * database) comes after them.
 */
export class Notifier {
  private readonly refs = new Map<string, Refs>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly reminders = new Reminders((game, hurry) => this.enqueue(game, () => this.redrawCurrent(game.id, hurry)));
  private readonly saved: SavedScreens;
  private readonly sharedScreens: boolean;
  private readonly executor: Executor;
  /** The sends queued while one update is handled (see `settled`). */
  private readonly handling = new AsyncLocalStorage<Set<Promise<void>>>();
  private unsubscribe: (() => void) | null = null;
  /** The running games' newest records, from every batch seen while started (see RecentGames). */
  readonly recent = new RecentGames();
  private halted = false;
  private username: string | null = null;

  constructor(
    private readonly api: Api,
    private readonly games: GameService,
    messages: MessageStore,
    private readonly locales: LocaleResolver,
    private readonly log: Logger,
    options: NotifierOptions = {},
  ) {
    this.executor = new Executor(api, new Pacer(options.pacing?.limits ?? TELEGRAM_LIMITS, options.pacing?.clock));
    this.saved = new SavedScreens(messages);
    this.sharedScreens = options.sharedScreens ?? false;
  }

  start(): void {
    this.unsubscribe = this.games.subscribe((batch) => {
      this.recent.saw(batch.game);
      if (batch.origin !== 'local') return;
      this.enqueue(batch.game, () => this.handle(batch));
    });
  }

  /**
   * Runs `handle` (an update's handling) and then waits until the messages of every batch it
   * committed have been sent, at most `maxWaitMs` (a flood limit must not hold the answer past
   * the webhook's timeout). In webhook mode Telegram sends a chat's next update only after this
   * one is answered; with several bot processes that update may go to another process, whose
   * messages must follow these and which must find their message ids saved.
   */
  async settled(handle: () => Promise<void>, maxWaitMs = 5_000): Promise<void> {
    const queued = new Set<Promise<void>>();
    await this.handling.run(queued, handle);
    if (queued.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
    try {
      await Promise.race([Promise.all(queued), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs `task` after everything queued for the game's chat: a chat's messages keep commit order. */
  private enqueue(game: GameRecord, task: () => Promise<void>): Promise<void> {
    return this.enqueueIn(game.chatId.toString(), game.id, task);
  }

  private enqueueIn(key: string, gameId: string, task: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(key) ?? Promise.resolve())
      .then(() => this.whenDatabaseAllows(gameId, task))
      .catch((error) => {
        this.log.error({ err: loggableError(error), gameId }, 'notifier: could not update Telegram');
      });
    this.queues.set(key, next);
    this.handling.getStore()?.add(next);
    return next;
  }

  /**
   * Runs a chat's next task; while the database is unreachable (it reads the screen and
   * languages there) it is tried again until it is back, holding the chat's later messages behind
   * it: a batch committed just before an outage must still reach the players, or the next one
   * to act never gets their buttons.
   */
  private async whenDatabaseAllows(gameId: string, task: () => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await task();
      } catch (error) {
        if (!isDatabaseUnavailable(error) || this.halted || attempt >= 40) throw error;
        if (attempt === 0) this.log.warn({ gameId }, 'notifier: the database is unavailable; the game’s messages wait until it is back');
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * 2 ** Math.min(attempt, 5))));
      }
    }
  }

  /**
   * At start-up, after `games.recover()`: every open lobby and game in play is drawn again from
   * its state. A process killed between a commit and its messages leaves the chats behind the
   * game; the planner closes every prompt of a turn that is over, sends the player to act their
   * one prompt (new, so it notifies, unless the one on screen is for this very turn) and
   * finishes the round's message. Queued per chat like any batch; returns how many games it queued.
   */
  async resume(): Promise<number> {
    const open = await this.games.openGames();
    for (const game of open) this.enqueue(game, () => this.redrawCurrent(game.id));
    if (open.length > 0) this.log.info({ games: open.length }, 'notifier: redrawing open games after start-up');
    // A game that ended while its messages were on their way: its end is sent from the events
    // after the last version whose messages went out. Games finished long ago are left alone.
    let ended = 0;
    for (const game of await this.games.recentlyFinished(FINISHED_CATCH_UP_MS)) {
      const sent = (await this.saved.read(game.id))?.sent;
      if (sent === undefined || sent >= game.version) continue;
      ended++;
      this.enqueue(game, async () => this.handle({ game, events: await this.games.events(game.id, sent), origin: 'local' }));
    }
    if (ended > 0) this.log.info({ games: ended }, 'notifier: sending the end of games that finished while their messages were pending');
    return open.length + ended;
  }

  /** Draws an open game from its freshest state (read when its turn in the queue comes). */
  private async redrawCurrent(gameId: string, hurry?: Hurry): Promise<void> {
    const game = await this.games.game(gameId);
    if (!game || (game.status !== 'LOBBY' && game.status !== 'PLAYING')) return;
    if (hurry && game.state.move !== hurry.move) return;
    if (!hurry) this.reminders.arm(game);
    // The events since the game's messages last went out (a process killed between a commit and
    // its messages, or a press committed while this redraw waited its turn in the queue): the
    // prompts they close then say what their player did, not only that the turn is over.
    const shown = hurry ? game.version : (this.refs.get(game.id)?.version ?? (await this.saved.read(game.id))?.sent);
    const events = shown !== undefined && shown < game.version ? (await this.games.events(game.id, shown)).map((e) => e.event) : [];
    const refs = await this.loadRefs(game, game.version);
    if (events.some((e) => e.type === 'chatMoved')) leaveOldGroup(refs);
    try {
      await this.show(game, refs, { events }, hurry?.seconds);
    } finally {
      await this.saveRefs(game.id, refs);
    }
  }

  /** Resolves when every message queued so far has been sent. */
  async idle(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  /** Saves the screens left unsaved (see `sharedScreens`), each after its chat's queue: at a stop. */
  async saveScreens(): Promise<void> {
    await Promise.all(
      this.saved.pending().map(([gameId, chatKey]) =>
        this.enqueueIn(chatKey, gameId, async () => {
          const refs = this.refs.get(gameId);
          if (refs && this.saved.isDeferred(gameId)) await this.saveRefs(gameId, refs);
        }),
      ),
    );
  }

  /** Resolves when every message queued so far for one chat has been sent (benchmarks). */
  async idleChat(chatId: bigint | number | string): Promise<void> {
    await this.queues.get(String(chatId));
  }

  stop(): void {
    this.halted = true;
    this.unsubscribe?.();
    this.reminders.cancelAll();
  }

  /** Whether the game's dice go by private message or in pop-ups at the group's table. */
  async modeOf(game: GameRecord): Promise<PlayMode> {
    const known = this.refs.get(game.id);
    if (known) return known.screen.mode;
    const stored = await this.saved.read(game.id);
    return stored ? screenFromStored(stored, 'private').mode : this.chatMode(game.chatId);
  }

  /** Whether `player` plays this game from the group's table (group mode, or their private chat fails). */
  async playsAtTable(game: GameRecord, player: string): Promise<boolean> {
    const screen = this.refs.get(game.id)?.screen ?? screenFromStored(await this.saved.read(game.id), await this.chatMode(game.chatId));
    return playsInGroup(screen, player);
  }

  /** The group's play mode as set in /settings: what a new game takes. */
  private async chatMode(chatId: bigint): Promise<PlayMode> {
    return this.games.chats.playMode(chatId);
  }

  /**
   * The game's screen at `version`, from memory or else from the database: after a restart, or
   * when another process handled the game since (its version moved on without this process).
   * A game seen for the first time takes the group's play mode, kept with its screen from then on.
   */
  private async loadRefs(game: GameRecord, version: number): Promise<Refs> {
    const known = this.refs.get(game.id);
    if (known?.version === version) return known;
    if (known) {
      // Another process moved the game on: what this one last showed is saved before it is read back.
      if (this.saved.isDeferred(game.id)) await this.saveRefs(game.id, known);
      this.forget(game, known);
    }
    const stored = await this.saved.read(game.id);
    const screen = stored ? screenFromStored(stored, 'private') : emptyScreen(await this.chatMode(game.chatId));
    const refs: Refs = { version, screen };
    this.refs.set(game.id, refs);
    return refs;
  }

  /** Drops what this process remembers of a game's messages (they may have changed elsewhere). */
  private forget(game: GameRecord, refs: Refs): void {
    this.refs.delete(game.id);
    this.saved.forget(game.id);
    const s = refs.screen;
    this.executor.forget([
      ...Object.entries(s.prompts).map(([player, p]) => [player, p.id] as const),
      ...[s.round?.id, s.lobby].filter((id): id is number => id !== undefined).map((id) => [String(game.chatId), id] as const),
    ]);
  }

  private saveRefs(gameId: string, refs: Refs): Promise<void> {
    return this.saved.save(gameId, refs.screen, refs.version);
  }

  private async handle(batch: CommittedBatch): Promise<void> {
    const before = batch.events.length > 0 ? batch.events[0]!.seq - 1 : batch.game.version;
    const refs = await this.loadRefs(batch.game, before);
    const events = batch.events.map((e) => e.event);
    if (events.some((e) => e.type === 'chatMoved')) leaveOldGroup(refs);
    const ends = events.some((e) => e.type === 'gameOver' || e.type === 'gameAborted');
    try {
      this.reminders.arm(batch.game);
      await this.show(batch.game, refs, { events });
    } finally {
      refs.version = batch.game.version;
      if (!this.refs.has(batch.game.id)) {
        // forgotten meanwhile: nothing of it is this process's to save
      } else if (this.sharedScreens || ends) await this.saveRefs(batch.game.id, refs);
      else this.saved.defer(batch.game.id, batch.game.chatId.toString());
    }
    if (ends) this.done(batch.game.id);
  }

  /** Plans what the game's chats must show and carries it out; once more if a private chat failed. */
  private async show(game: GameRecord, refs: Refs, input: Pick<PlanInput, 'events'>, hurry?: number): Promise<void> {
    // Again after each player found unreachable (at most once each): the plan then has them at the table.
    for (let pass = 0; pass <= game.state.seats.length; pass++) {
      const intents = plan({
        state: game.state,
        events: pass === 0 ? input.events : ([] as GameEvent[]),
        screen: refs.screen,
      });
      if (intents.length === 0) return;
      const outcome = await this.executor.run({
        game,
        screen: refs.screen,
        intents,
        draw: await this.drawContext(game, refs.screen, hurry),
        groupT: await this.groupTranslator(game),
        playerT: (player) => this.playerTranslator(game, player),
        persist: async (screen, last) => {
          refs.screen = screen;
          // After the last message of the game's batch, its version is shown too: the caller's
          // save that follows then finds nothing new to write (one round trip instead of two).
          if (last) refs.version = game.version;
          await this.saveRefs(game.id, refs);
        },
        unreachable: async (player) => {
          const name = game.state.seats.find((p) => p.id === player)?.name ?? player;
          await this.games.updateUser({ id: player, name }, { blockedBot: true });
        },
      });
      refs.screen = outcome.screen;
      if (outcome.unreachable.length === 0) return;
    }
  }

  private async drawContext(game: GameRecord, screen: Screen, hurry?: number) {
    const creator = game.state.seats.find((p) => p.id === game.state.creator)?.name ?? (await this.games.user(game.state.creator))?.firstName ?? '?';
    this.username ??= (await this.api.getMe()).username;
    return {
      gameId: game.id,
      state: game.state,
      screen,
      deadlineAt: game.deadlineAt,
      now: new Date(),
      creatorName: creator,
      lobbyMinutes: Math.round(this.games.lobbyTimes.openMs / 60_000),
      botUsername: this.username,
      ...(hurry ? { hurry } : {}),
    };
  }

  /** A game whose messages are all out for good: nothing of it is kept in memory. */
  private done(gameId: string): void {
    this.refs.delete(gameId);
    this.saved.forget(gameId);
    this.reminders.cancel(gameId);
  }

  /**
   * `player` can be written to again (they pressed Start): their turn, if it is one, moves from
   * the table to a new private prompt.
   */
  async resendTurn(game: GameRecord, player: string): Promise<void> {
    if (game.state.phase !== 'playing') return;
    // In the game's queue, after what is on its way, from the freshest state.
    await this.enqueue(game, async () => {
      const fresh = await this.games.game(game.id);
      if (fresh?.state.phase !== 'playing') return;
      const refs = await this.loadRefs(fresh, fresh.version);
      refs.screen = { ...refs.screen, unreachable: refs.screen.unreachable.filter((p) => p !== player) };
      await this.show(fresh, refs, { events: [] });
      await this.saveRefs(fresh.id, refs);
    });
  }

  /** The group's language, for what the whole table sees. */
  private async groupTranslator(game: GameRecord): Promise<Translate> {
    return translator(await this.locales.ofChat(game.chatId));
  }

  /** A player's own language for their private prompts (else the group's). */
  private async playerTranslator(game: GameRecord, player: string): Promise<Translate> {
    return translator(await this.locales.ofUser(player, { groupId: game.chatId }));
  }
}

/**
 * A chat's migration: the old group's messages cannot be edited in the new one, so the game is
 * drawn afresh there (its private prompts stay).
 */
function leaveOldGroup(refs: Refs): void {
  const { lobby: _lobby, round: _round, ...rest } = refs.screen;
  refs.screen = rest;
}
