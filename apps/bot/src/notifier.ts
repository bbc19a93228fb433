import { GrammyError, type Api } from 'grammy';
import { announceableClaims, playerView, rankingFor, valueOf, type GameEvent } from '@mia/engine';
import type { CommittedBatch, GameRecord, GameService } from '@mia/game';
import type { Logger } from 'pino';
import type { LocaleResolver } from './locale';
import { claimsKeyboard, lobbyKeyboard, rollKeyboard, tableKeyboard } from './keyboards';
import { claimLabel } from './render/claims';
import { diceFaces, escapeHtml } from './render/html';
import { lobbyText, tableText } from './render/table';

/** What is kept in the database (`Game.telegram`): message ids only. */
interface StoredRefs {
  lobby?: number;
  table?: number;
  round?: number;
  prompts?: Record<string, number>;
  unreachable?: string[];
}

interface Refs {
  lobbyMessageId?: number;
  tableMessageId?: number;
  tableRound?: number;
  /** The private prompt of each player for the turn in play. */
  prompts: Map<string, number>;
  /** Players told in the group that their private messages fail. */
  unreachable: Set<string>;
}

/**
 * Telegram out: turns committed game events into group and private messages. One table message
 * per round, edited in place; the acting player's dice and choices by private message. Only
 * batches committed by this process are sent (another process sends its own), and each chat's
 * messages go out in commit order.
 */
export class Notifier {
  private readonly refs = new Map<string, Refs>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly lastEdit = new Map<string, string>();
  private readonly reminders = new Map<string, NodeJS.Timeout>();
  private readonly saved = new Map<string, string>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly api: Api,
    private readonly games: GameService,
    private readonly locales: LocaleResolver,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.unsubscribe = this.games.subscribe((batch) => {
      if (batch.origin !== 'local') return;
      const key = batch.game.chatId.toString();
      const next = (this.queues.get(key) ?? Promise.resolve()).then(() => this.handle(batch)).catch((error) => {
        this.log.error({ err: error, gameId: batch.game.id }, 'notifier: could not update Telegram');
      });
      this.queues.set(key, next);
    });
  }

  /** Resolves when every message queued so far has been sent. */
  async idle(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  stop(): void {
    this.unsubscribe?.();
    for (const t of this.reminders.values()) clearTimeout(t);
    this.reminders.clear();
  }

  /**
   * The game's messages, from memory or, after a restart, from the database: a restarted bot
   * edits the round's table and closes answered prompts instead of posting them again.
   */
  private async loadRefs(gameId: string): Promise<Refs> {
    const known = this.refs.get(gameId);
    if (known) return known;
    const stored = (await this.games.telegramRefs(gameId)) as StoredRefs | null;
    const refs: Refs = {
      ...(stored?.lobby !== undefined ? { lobbyMessageId: stored.lobby } : {}),
      ...(stored?.table !== undefined ? { tableMessageId: stored.table } : {}),
      ...(stored?.round !== undefined ? { tableRound: stored.round } : {}),
      prompts: new Map(Object.entries(stored?.prompts ?? {})),
      unreachable: new Set(stored?.unreachable ?? []),
    };
    this.refs.set(gameId, refs);
    return refs;
  }

  private async saveRefs(gameId: string, refs: Refs): Promise<void> {
    const stored: StoredRefs = {
      ...(refs.lobbyMessageId !== undefined ? { lobby: refs.lobbyMessageId } : {}),
      ...(refs.tableMessageId !== undefined ? { table: refs.tableMessageId } : {}),
      ...(refs.tableRound !== undefined ? { round: refs.tableRound } : {}),
      prompts: Object.fromEntries(refs.prompts),
      unreachable: [...refs.unreachable],
    };
    const text = JSON.stringify(stored);
    if (this.saved.get(gameId) === text) return;
    await this.games.saveTelegramRefs(gameId, stored);
    this.saved.set(gameId, text);
  }

  private async handle(batch: CommittedBatch): Promise<void> {
    const refs = await this.loadRefs(batch.game.id);
    try {
      await this.render(batch, refs);
    } finally {
      if (this.refs.has(batch.game.id)) await this.saveRefs(batch.game.id, refs);
    }
  }

  private async render({ game, events }: CommittedBatch, refs: Refs): Promise<void> {
    this.armReminder(game);
    const list = events.map((e) => e.event);
    const has = (type: GameEvent['type']) => list.some((e) => e.type === type);
    const chatId = Number(game.chatId);
    const thread = game.threadId ? { message_thread_id: game.threadId } : {};

    if (game.state.phase === 'lobby' || has('gameStarted')) {
      await this.updateLobby(game, refs, chatId, thread);
    }
    if (game.state.phase === 'lobby') return;

    // A new round gets a new table message, which opens with how the last round ended; the old
    // one is left as it stood (its buttons are refused as out of date), saving an edit a round.
    const roundStarted = list.some((e) => e.type === 'roundStarted');
    const text = tableText(game.state, game.deadlineAt);
    const keyboard = tableKeyboard(game.id, game.state);
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
      await this.api.sendMessage(chatId, name ? `🏆 ${escapeHtml(name)} wins the game of Mia!` : '🏁 The game of Mia is over.', {
        parse_mode: 'HTML',
        ...thread,
      });
      for (const player of [...refs.prompts.keys()]) await this.closePrompt(refs, player, '🏁 The game is over.');
      this.refs.delete(game.id);
      this.saved.delete(game.id);
      return;
    }

    // A finished turn's prompt loses its buttons (an old press cannot even be tried), and the
    // player's next prompt arrives as a new message.
    const ranking = game.state.settings.ranking;
    for (const e of list) {
      if (e.type === 'announced') await this.closePrompt(refs, e.player, `📣 You announced ${claimLabel(ranking, e.value)}.`);
      if (e.type === 'turnMissed') await this.closePrompt(refs, e.player, '⌛ Time ran out for that turn.');
      if (e.type === 'playerOut') await this.closePrompt(refs, e.player, 'You are out of this game.');
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

  /** After /stop: the game's messages lose their buttons and say it was stopped. */
  async stopped(game: GameRecord): Promise<void> {
    const refs = await this.loadRefs(game.id);
    const chatId = Number(game.chatId);
    const note = '\n\n🛑 <b>This game was stopped.</b>';
    if (game.state.phase === 'lobby' && refs.lobbyMessageId !== undefined) {
      const creator = game.state.seats.find((p) => p.id === game.state.creator)?.name ?? '?';
      await this.edit(chatId, refs.lobbyMessageId, lobbyText(playerView(game.state, game.state.creator), creator) + note).catch(() => false);
    } else if (refs.tableMessageId !== undefined) {
      await this.edit(chatId, refs.tableMessageId, tableText({ ...game.state, phase: 'over' }, null) + note).catch(() => false);
    }
    for (const player of [...refs.prompts.keys()]) await this.closePrompt(refs, player, '🛑 The game was stopped.');
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
    const refs = await this.loadRefs(game.id);
    refs.prompts.delete(player);
    refs.unreachable.delete(player);
    if (round.stage === 'announce') await this.sendDice(game, refs, player);
    else if (round.stage === 'roll') await this.sendRollPrompt(game, refs, player);
    await this.saveRefs(game.id, refs);
  }

  private async updateLobby(game: GameRecord, refs: Refs, chatId: number, thread: object) {
    const view = playerView(game.state, game.state.creator);
    const creator = game.state.seats.find((p) => p.id === game.state.creator)?.name ?? (await this.games.user(game.state.creator))?.firstName ?? '?';
    const started = game.state.phase !== 'lobby';
    const text = started ? `${lobbyText(view, creator)}\n\n▶️ <b>The game has started.</b>` : lobbyText(view, creator);
    const keyboard = started ? undefined : lobbyKeyboard(game.id);
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
    const refs = await this.loadRefs(game.id);
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
    const lead = Math.min(30, Math.floor(seconds / 3)) * 1000;
    const delay = game.deadlineAt.getTime() - lead - Date.now();
    if (delay <= 0) return;
    const move = game.state.move;
    const timer = setTimeout(() => {
      this.reminders.delete(game.id);
      void (async () => {
        const now = await this.games.game(game.id);
        if (!now || now.state.move !== move || now.status !== 'PLAYING') return;
        await this.api
          .sendMessage(Number(round.actor), `⏰ ${Math.round(lead / 1000)} seconds left for your turn in Mia.`)
          .catch(() => undefined);
      })();
    }, delay);
    timer.unref();
    this.reminders.set(game.id, timer);
  }

  /** The roll prompt: look at the dice, or roll blind. */
  async sendRollPrompt(game: GameRecord, refs: Refs, player: string): Promise<void> {
    await this.sendPrivate(game, refs, player, '🎲 <b>Your turn to roll.</b> Look at the dice, or roll blind and announce without looking.', rollKeyboard(game.id, game.state.move));
  }

  private async sendDice(game: GameRecord, refs: Refs, player: string): Promise<void> {
    const dice = playerView(game.state, player).myDice;
    if (!dice) return;
    const ranking = game.state.settings.ranking;
    const text = `🎲 Your dice: ${diceFaces(dice)} <b>${escapeHtml(claimLabel(ranking, rankingFor(ranking).canonical(valueOf(dice))))}</b>\nAnnounce the truth, or something higher or lower:`;
    await this.sendPrivate(game, refs, player, text, claimsKeyboard(game.id, game.state, announceableClaims(game.state), false));
  }

  /** The blind announcement choices (after "roll blind" or "believe, roll blind"). */
  async sendBlindClaims(game: GameRecord, player: string): Promise<void> {
    const refs = await this.loadRefs(game.id);
    await this.sendPrivate(
      game,
      refs,
      player,
      '🙈 <b>Rolled blind.</b> Announce without looking:',
      claimsKeyboard(game.id, game.state, announceableClaims(game.state), true),
    );
    await this.saveRefs(game.id, refs);
  }

  private async sendPrivate(game: GameRecord, refs: Refs, player: string, text: string, keyboard: ReturnType<typeof rollKeyboard>) {
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
      await this.api.sendMessage(
        Number(game.chatId),
        `⚠️ I can't message ${name} privately. ${name}: open @${me.username} and press Start (or unblock me). Until then, use “🎲 My turn: show my dice” on the table.`,
        { parse_mode: 'HTML', ...(game.threadId ? { message_thread_id: game.threadId } : {}) },
      );
    }
  }

  private async closePrompt(refs: Refs, player: string, text: string) {
    const id = refs.prompts.get(player);
    if (id === undefined) return;
    refs.prompts.delete(player);
    await this.edit(Number(player), id, escapeHtml(text)).catch(() => undefined);
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
