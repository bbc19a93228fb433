import { AsyncLocalStorage } from 'node:async_hooks';
import { GrammyError, type Api } from 'grammy';
import { announceableClaims, playerView, rankingFor, valueOf, type GameEvent } from '@mia/engine';
import { isDatabaseUnavailable } from '@mia/db';
import type { CommittedBatch, GameRecord, GameService } from '@mia/game';
import type { Logger } from 'pino';
import { translator, type Translate } from './i18n';
import type { LocaleResolver } from './locale';
import { claimsKeyboard, lobbyKeyboard, rollKeyboard, tableKeyboard } from './keyboards';
import { claimLabel } from './render/claims';
import { diceFaces, escapeHtml } from './render/html';
import { lobbyText, tableText } from './render/table';
import { loggableError } from './telegram-calls';

/** What is kept in the database (`Game.telegram`): message ids only. */
interface StoredRefs {
  lobby?: number;
  table?: number;
  round?: number;
  prompts?: Record<string, number>;
  unreachable?: string[];
  /** The game's version whose messages have all been sent (see `resume`). */
  sent?: number;
}

interface Refs {
  lobbyMessageId?: number;
  tableMessageId?: number;
  tableRound?: number;
  /** The private prompt of each player for the turn in play. */
  prompts: Map<string, number>;
  /** Players told in the group that their private messages fail. */
  unreachable: Set<string>;
  /**
   * The game's version these refs describe. Another process may have sent the game's later
   * messages (an update handled there): then the refs here are stale and are read again.
   */
  version: number;
}

/**
 * Telegram out: turns committed game events into group and private messages. One table message
 * per round, edited in place; the acting player's dice and choices by private message. Only
 * batches committed by this process are sent (another process sends its own), and each chat's
 * messages go out in commit order. With several processes, `settled` makes an update's answer
 * wait for its messages, so the next update (perhaps handled by another process, which reads the
 * message ids kept in the database) comes after them.
 */
/** How long after its end a game whose last messages were never sent still gets them at start-up. */
const FINISHED_CATCH_UP_MS = 60 * 60 * 1000;

export class Notifier {
  private readonly refs = new Map<string, Refs>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly lastEdit = new Map<string, string>();
  private readonly reminders = new Map<string, NodeJS.Timeout>();
  private readonly saved = new Map<string, string>();
  /** The sends queued while one update is handled (see `settled`). */
  private readonly handling = new AsyncLocalStorage<Set<Promise<void>>>();
  private unsubscribe: (() => void) | null = null;
  private halted = false;

  constructor(
    private readonly api: Api,
    private readonly games: GameService,
    private readonly locales: LocaleResolver,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.unsubscribe = this.games.subscribe((batch) => {
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
  private enqueue(game: GameRecord, task: () => Promise<void>): void {
    const key = game.chatId.toString();
    const next = (this.queues.get(key) ?? Promise.resolve()).then(() => this.whenDatabaseAllows(game.id, task)).catch((error) => {
      this.log.error({ err: loggableError(error), gameId: game.id }, 'notifier: could not update Telegram');
    });
    this.queues.set(key, next);
    this.handling.getStore()?.add(next);
  }

  /**
   * Runs a chat's next task; while the database is unreachable (it reads message ids and
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
   * its state. A process killed between a commit and its messages leaves the chat behind the
   * game (the next player's buttons never sent); this sends what is missing and edits what is
   * out of date, and changes nothing where the chat is already right ("not modified"). Queued
   * per chat like any batch; returns how many games it queued.
   */
  async resume(): Promise<number> {
    const open = await this.games.openGames();
    for (const game of open) this.enqueue(game, () => this.redrawCurrent(game.id));
    if (open.length > 0) this.log.info({ games: open.length }, 'notifier: redrawing open games after start-up');
    // A game that ended while its messages were on their way: the final table and the winner are
    // sent from the events after the last version whose messages went out. Games from before
    // `sent` was kept, or finished long ago, are left alone.
    let ended = 0;
    for (const game of await this.games.recentlyFinished(FINISHED_CATCH_UP_MS)) {
      const sent = ((await this.games.telegramRefs(game.id)) as StoredRefs | null)?.sent;
      if (sent === undefined || sent >= game.version) continue;
      ended++;
      this.enqueue(game, async () => this.handle({ game, events: await this.games.events(game.id, sent), origin: 'local' }));
    }
    if (ended > 0) this.log.info({ games: ended }, 'notifier: sending the end of games that finished while their messages were pending');
    return open.length + ended;
  }

  private async redrawCurrent(gameId: string): Promise<void> {
    // Read when its turn in the queue comes, not when queued: the freshest state is drawn.
    const game = await this.games.game(gameId);
    if (!game || (game.status !== 'LOBBY' && game.status !== 'PLAYING')) return;
    // Not refsFor: this runs inside the chat's queue, which refsFor would wait on.
    const refs = await this.loadRefs(game.id, game.chatId, game.version);
    try {
      const chatId = Number(game.chatId);
      const thread = game.threadId ? { message_thread_id: game.threadId } : {};
      const t = await this.groupTranslator(game);
      if (game.state.phase === 'lobby' || refs.lobbyMessageId !== undefined) await this.updateLobby(game, refs, chatId, thread, t);
      if (game.state.phase !== 'playing') return;
      this.armReminder(game);
      const round = game.state.round;
      const text = tableText(game.state, game.deadlineAt, t);
      const keyboard = tableKeyboard(game.id, game.state, t);
      if (refs.tableMessageId === undefined || refs.tableRound !== round?.number) {
        const sent = await this.api.sendMessage(chatId, text, { parse_mode: 'HTML', reply_markup: keyboard, ...thread });
        refs.tableMessageId = sent.message_id;
        refs.tableRound = round?.number;
      } else if (!(await this.edit(chatId, refs.tableMessageId, text, keyboard))) {
        refs.tableMessageId = undefined; // deleted meanwhile: the next change sends a new one
      }
      if (!round) return;
      if (round.stage === 'announce') await this.sendDice(game, refs, round.actor);
      else if (round.stage === 'roll') await this.sendRollPrompt(game, refs, round.actor);
    } finally {
      await this.saveRefs(game.id, refs);
    }
  }

  /** Resolves when every message queued so far has been sent. */
  async idle(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  /** Resolves when every message queued so far for one chat has been sent (benchmarks). */
  async idleChat(chatId: bigint | number | string): Promise<void> {
    await this.queues.get(String(chatId));
  }

  stop(): void {
    this.halted = true;
    this.unsubscribe?.();
    for (const t of this.reminders.values()) clearTimeout(t);
    this.reminders.clear();
  }

  /**
   * The game's messages at `version`, from memory or else from the database: after a restart, or
   * when another process handled the game since (its version moved on without this process), so
   * the round's table is edited and answered prompts closed instead of posting them again.
   */
  private async loadRefs(gameId: string, chatId: bigint, version: number): Promise<Refs> {
    const known = this.refs.get(gameId);
    if (known?.version === version) return known;
    if (known) this.forget(gameId, chatId, known);
    const stored = (await this.games.telegramRefs(gameId)) as StoredRefs | null;
    const refs: Refs = {
      version,
      ...(stored?.lobby !== undefined ? { lobbyMessageId: stored.lobby } : {}),
      ...(stored?.table !== undefined ? { tableMessageId: stored.table } : {}),
      ...(stored?.round !== undefined ? { tableRound: stored.round } : {}),
      prompts: new Map(Object.entries(stored?.prompts ?? {})),
      unreachable: new Set(stored?.unreachable ?? []),
    };
    this.refs.set(gameId, refs);
    return refs;
  }

  /** Drops what this process remembers of a game's messages (they may have changed elsewhere). */
  private forget(gameId: string, chatId: bigint, refs: Refs): void {
    this.refs.delete(gameId);
    this.saved.delete(gameId);
    // Private prompts are in the chats of the players (chat id = user id); lobby and table in the group.
    for (const [player, id] of refs.prompts) this.lastEdit.delete(`${player}:${id}`);
    for (const id of [refs.tableMessageId, refs.lobbyMessageId]) if (id !== undefined) this.lastEdit.delete(`${chatId}:${id}`);
  }

  /** The refs for a game record read elsewhere: once this process's own sends for it are done. */
  private async refsFor(game: GameRecord): Promise<Refs> {
    await this.idleChat(game.chatId);
    return this.loadRefs(game.id, game.chatId, game.version);
  }

  private async saveRefs(gameId: string, refs: Refs): Promise<void> {
    const stored: StoredRefs = {
      ...(refs.lobbyMessageId !== undefined ? { lobby: refs.lobbyMessageId } : {}),
      ...(refs.tableMessageId !== undefined ? { table: refs.tableMessageId } : {}),
      ...(refs.tableRound !== undefined ? { round: refs.tableRound } : {}),
      prompts: Object.fromEntries(refs.prompts),
      unreachable: [...refs.unreachable],
      sent: refs.version,
    };
    const text = JSON.stringify(stored);
    if (this.saved.get(gameId) === text) return;
    await this.games.saveTelegramRefs(gameId, stored);
    this.saved.set(gameId, text);
  }

  private async handle(batch: CommittedBatch): Promise<void> {
    const before = batch.events.length > 0 ? batch.events[0]!.seq - 1 : batch.game.version;
    const refs = await this.loadRefs(batch.game.id, batch.game.chatId, before);
    try {
      await this.render(batch, refs);
    } finally {
      refs.version = batch.game.version;
      if (this.refs.has(batch.game.id)) await this.saveRefs(batch.game.id, refs);
    }
  }

  private async render({ game, events }: CommittedBatch, refs: Refs): Promise<void> {
    this.armReminder(game);
    const list = events.map((e) => e.event);
    const has = (type: GameEvent['type']) => list.some((e) => e.type === type);
    const chatId = Number(game.chatId);
    const thread = game.threadId ? { message_thread_id: game.threadId } : {};
    const t = await this.groupTranslator(game);

    if (game.state.phase === 'lobby' || has('gameStarted')) {
      await this.updateLobby(game, refs, chatId, thread, t);
    }
    if (game.state.phase === 'lobby') return;

    // A new round gets a new table message, which opens with how the last round ended; the old
    // one is left as it stood (its buttons are refused as out of date), saving an edit a round.
    const roundStarted = list.some((e) => e.type === 'roundStarted');
    const text = tableText(game.state, game.deadlineAt, t);
    const keyboard = tableKeyboard(game.id, game.state, t);
    if (roundStarted || refs.tableMessageId === undefined) {
      const sent = await this.api.sendMessage(chatId, text, { parse_mode: 'HTML', reply_markup: keyboard, ...thread });
      refs.tableMessageId = sent.message_id;
      refs.tableRound = game.state.round?.number;
    } else {
      await this.edit(chatId, refs.tableMessageId, text, keyboard);
    }
    if (has('gameOver')) {
      const winner = game.state.result?.winner;
      const name = game.state.seats.find((p) => p.id === winner)?.name;
      await this.api.sendMessage(chatId, name ? t('game-over-winner', { name: escapeHtml(name) }) : t('game-over'), {
        parse_mode: 'HTML',
        ...thread,
      });
      for (const player of [...refs.prompts.keys()]) await this.closePrompt(game, refs, player, 'prompt-game-over');
      // Recorded as sent, so a restart does not announce the winner again (see `resume`).
      refs.version = game.version;
      await this.saveRefs(game.id, refs);
      this.refs.delete(game.id);
      this.saved.delete(game.id);
      return;
    }

    // A finished turn's prompt loses its buttons (an old press cannot even be tried), and the
    // player's next prompt arrives as a new message.
    const ranking = game.state.settings.ranking;
    for (const e of list) {
      if (e.type === 'announced') await this.closePrompt(game, refs, e.player, 'prompt-announced', (pt) => ({ claim: claimLabel(ranking, e.value, pt) }));
      if (e.type === 'turnMissed') await this.closePrompt(game, refs, e.player, 'prompt-missed');
      if (e.type === 'playerOut') await this.closePrompt(game, refs, e.player, 'prompt-out');
    }
    // Private messages: the roll prompt at the start of a round, the dice after a look.
    const round = game.state.round;
    if (!round) return;
    for (const e of list) {
      if (e.type === 'diceRolled' && e.looked && round.actor === e.player && round.stage === 'announce') {
        await this.sendDice(game, refs, e.player);
      }
    }
    if (roundStarted && round.stage === 'roll') await this.sendRollPrompt(game, refs, round.actor);
  }

  /**
   * After /stop (or a lobby closed for want of a start: `note` 'lobby-expired'): the game's
   * messages lose their buttons and say why.
   */
  async stopped(game: GameRecord, note: 'lobby-stopped' | 'lobby-expired' = 'lobby-stopped'): Promise<void> {
    const refs = await this.refsFor(game);
    const chatId = Number(game.chatId);
    const t = await this.groupTranslator(game);
    const noteText = `\n\n${t(note)}`;
    if (game.state.phase === 'lobby' && refs.lobbyMessageId !== undefined) {
      const creator = game.state.seats.find((p) => p.id === game.state.creator)?.name ?? '?';
      await this.edit(chatId, refs.lobbyMessageId, lobbyText(playerView(game.state, game.state.creator), creator, t) + noteText).catch(() => false);
    } else if (refs.tableMessageId !== undefined) {
      await this.edit(chatId, refs.tableMessageId, tableText({ ...game.state, phase: 'over' }, null, t) + noteText).catch(() => false);
    }
    for (const player of [...refs.prompts.keys()]) await this.closePrompt(game, refs, player, 'prompt-stopped');
    this.refs.delete(game.id);
    this.saved.delete(game.id);
  }

  /**
   * Sends `player` their private prompt for the turn in play again (after /start restored private
   * messages): the dice and announcements, or the roll prompt.
   */
  async resendTurn(game: GameRecord, player: string): Promise<void> {
    const round = game.state.round;
    if (game.state.phase !== 'playing' || round?.actor !== player) return;
    const refs = await this.refsFor(game);
    refs.prompts.delete(player);
    refs.unreachable.delete(player);
    if (round.stage === 'announce') await this.sendDice(game, refs, player);
    else if (round.stage === 'roll') await this.sendRollPrompt(game, refs, player);
    await this.saveRefs(game.id, refs);
  }

  private async updateLobby(game: GameRecord, refs: Refs, chatId: number, thread: object, t: Translate) {
    const view = playerView(game.state, game.state.creator);
    const creator = game.state.seats.find((p) => p.id === game.state.creator)?.name ?? (await this.games.user(game.state.creator))?.firstName ?? '?';
    const started = game.state.phase !== 'lobby';
    const closes = t('lobby-closes', { minutes: Math.round(this.games.lobbyTimes.openMs / 60_000) });
    const text = started ? `${lobbyText(view, creator, t)}\n\n${t('lobby-started')}` : `${lobbyText(view, creator, t)}\n${closes}`;
    const keyboard = started ? undefined : lobbyKeyboard(game.id, t);
    if (refs.lobbyMessageId === undefined) {
      if (started) return;
      const sent = await this.api.sendMessage(chatId, text, { parse_mode: 'HTML', reply_markup: keyboard, ...thread });
      refs.lobbyMessageId = sent.message_id;
    } else {
      await this.edit(chatId, refs.lobbyMessageId, text, keyboard);
    }
  }

  /** Forgets the messages of a game and sends its table again (after a chat migration). */
  async redraw(game: GameRecord): Promise<void> {
    const refs = await this.refsFor(game);
    refs.lobbyMessageId = undefined;
    refs.tableMessageId = undefined;
    await this.handle({ game, events: [], origin: 'local' });
  }

  /**
   * A private reminder to the player to act, some time before the deadline (a third of the turn,
   * at most 30 s): only if the game is still at the same move when it fires.
   */
  private armReminder(game: GameRecord): void {
    const old = this.reminders.get(game.id);
    if (old) clearTimeout(old);
    this.reminders.delete(game.id);
    const round = game.state.round;
    const seconds = game.state.settings.turnSeconds;
    if (!game.deadlineAt || !round || game.state.phase !== 'playing' || !seconds) return;
    if (game.state.seats.find((p) => p.id === round.actor)?.ai) return;
    const lead = Math.min(30, Math.floor(seconds / 3)) * 1000;
    const delay = game.deadlineAt.getTime() - lead - Date.now();
    if (delay <= 0) return;
    const move = game.state.move;
    const timer = setTimeout(() => {
      this.reminders.delete(game.id);
      void (async () => {
        const now = await this.games.game(game.id);
        if (!now || now.state.move !== move || now.status !== 'PLAYING') return;
        const t = await this.playerTranslator(game, round.actor);
        await this.api.sendMessage(Number(round.actor), t('reminder', { seconds: Math.round(lead / 1000) }));
      })().catch((error: unknown) => {
        // Off every queue: a failure here (the database, Telegram) must not become an unhandled rejection.
        this.log.warn({ gameId: game.id, err: loggableError(error) }, 'notifier: reminder not sent');
      });
    }, delay);
    timer.unref();
    this.reminders.set(game.id, timer);
  }

  /** The roll prompt: look at the dice, or roll blind. */
  async sendRollPrompt(game: GameRecord, refs: Refs, player: string): Promise<void> {
    const t = await this.playerTranslator(game, player);
    await this.sendPrivate(game, refs, player, t('prompt-roll'), rollKeyboard(game.id, game.state.move, t));
  }

  private async sendDice(game: GameRecord, refs: Refs, player: string): Promise<void> {
    const dice = playerView(game.state, player).myDice;
    if (!dice) return;
    const ranking = game.state.settings.ranking;
    const t = await this.playerTranslator(game, player);
    const claim = escapeHtml(claimLabel(ranking, rankingFor(ranking).canonical(valueOf(dice)), t));
    const text = t('prompt-dice', { faces: diceFaces(dice), claim });
    await this.sendPrivate(game, refs, player, text, claimsKeyboard(game.id, game.state, announceableClaims(game.state), false, t));
  }

  /** The blind announcement choices (after "roll blind" or "believe, roll blind"). */
  async sendBlindClaims(game: GameRecord, player: string): Promise<void> {
    const refs = await this.refsFor(game);
    const t = await this.playerTranslator(game, player);
    await this.sendPrivate(game, refs, player, t('prompt-blind'), claimsKeyboard(game.id, game.state, announceableClaims(game.state), true, t));
    await this.saveRefs(game.id, refs);
  }

  private async sendPrivate(game: GameRecord, refs: Refs, player: string, text: string, keyboard: ReturnType<typeof rollKeyboard>) {
    // A computer player has no chat: its seat acts from the engine's view, not from messages.
    if (game.state.seats.find((p) => p.id === player)?.ai) return;
    const previous = refs.prompts.get(player);
    try {
      if (previous !== undefined) {
        const edited = await this.edit(Number(player), previous, text, keyboard);
        if (edited) return;
      }
      const sent = await this.api.sendMessage(Number(player), text, { parse_mode: 'HTML', reply_markup: keyboard });
      refs.prompts.set(player, sent.message_id);
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 403) throw error;
      // Blocked, or never started: the game must not stall. Say so once; the table's
      // "show my dice" button answers with a private pop-up instead.
      await this.games.updateUser({ id: player, name: game.state.seats.find((p) => p.id === player)?.name ?? player }, { blockedBot: true });
      if (refs.unreachable.has(player)) return;
      refs.unreachable.add(player);
      const name = escapeHtml(game.state.seats.find((p) => p.id === player)?.name ?? player);
      const me = await this.api.getMe();
      const t = await this.groupTranslator(game);
      await this.api.sendMessage(
        Number(game.chatId),
        t('unreachable', { name, bot: me.username }),
        { parse_mode: 'HTML', ...(game.threadId ? { message_thread_id: game.threadId } : {}) },
      );
    }
  }

  /** A finished prompt is edited to say what happened, in the player's language. */
  private async closePrompt(game: GameRecord, refs: Refs, player: string, key: string, vars?: (t: Translate) => Record<string, string>) {
    const id = refs.prompts.get(player);
    if (id === undefined) return;
    refs.prompts.delete(player);
    const t = await this.playerTranslator(game, player);
    const values = vars ? Object.fromEntries(Object.entries(vars(t)).map(([k, v]) => [k, escapeHtml(v)])) : undefined;
    await this.edit(Number(player), id, t(key, values)).catch(() => undefined);
  }

  /** The group's language, for what the whole table sees. */
  private async groupTranslator(game: GameRecord): Promise<Translate> {
    return translator(await this.locales.ofChat(game.chatId));
  }

  /** A player's own language for their private prompts (else the group's). */
  private async playerTranslator(game: GameRecord, player: string): Promise<Translate> {
    return translator(await this.locales.ofUser(player, { groupId: game.chatId }));
  }

  /**
   * Edits a message; "not modified" is success, a vanished message is reported as false. An edit
   * identical to the last one this process made is not sent at all (Telegram would refuse it).
   */
  private async edit(chatId: number, messageId: number, text: string, keyboard?: ReturnType<typeof rollKeyboard>): Promise<boolean> {
    const key = `${chatId}:${messageId}`;
    const rendered = JSON.stringify([text, keyboard?.inline_keyboard ?? null]);
    if (this.lastEdit.get(key) === rendered) return true;
    try {
      await this.api.editMessageText(chatId, messageId, text, { parse_mode: 'HTML', reply_markup: keyboard });
      this.lastEdit.set(key, rendered);
      if (this.lastEdit.size > 10_000) this.lastEdit.delete(this.lastEdit.keys().next().value!);
      return true;
    } catch (error) {
      if (error instanceof GrammyError && error.description.includes('message is not modified')) return true;
      if (error instanceof GrammyError && error.error_code === 400 && /not found|can't be edited/.test(error.description)) return false;
      throw error;
    }
  }
}
