import { hash } from 'node:crypto';
import { GrammyError, type Api, type InlineKeyboard } from 'grammy';
import type { GameRecord } from '@mia/game';
import type { PlayerId } from '@mia/engine';
import type { Translate } from '../i18n';
import { drawGroup, drawPrivate, type DrawContext } from './draw';
import type { Pacer } from './pacer';
import { record, type Intent, type Screen } from './screen';

export interface Job {
  game: GameRecord;
  screen: Screen;
  intents: readonly Intent[];
  draw: DrawContext;
  groupT: Translate;
  playerT: (player: PlayerId) => Promise<Translate>;
  /**
   * Called after every new message, so a crash right after it cannot lose its id. `last`: it was
   * the job's last intent and every player was reached, so the job's messages have all gone out.
   */
  persist: (screen: Screen, last: boolean) => Promise<void>;
  /** A player's private chat failed (blocked, never started). */
  unreachable: (player: PlayerId) => Promise<void>;
}

export interface Outcome {
  screen: Screen;
  /** Players found unreachable while carrying the intents out: the caller plans again for them. */
  unreachable: PlayerId[];
}

/**
 * The executor: carries a plan's intents out in order, through the Bot API, and records what is
 * on screen after each one. It decides nothing about how a game looks; it only copes with what
 * Telegram answers (a message deleted by someone, a private chat that fails).
 */
export class Executor {
  /**
   * The last text and buttons each message was given here, as a digest, to skip edits that change
   * nothing. Not the text itself: each edit's copy outlived the young generation, about 0.9 kB a
   * message at 100 groups (9 MB at the 10,000 kept), where a digest is 44 characters.
   */
  private readonly lastEdit = new Map<string, string>();

  constructor(
    private readonly api: Api,
    private readonly pacer: Pacer,
  ) {}

  async run(job: Job): Promise<Outcome> {
    let screen = job.screen;
    const unreachable: PlayerId[] = [];
    const chatId = Number(job.game.chatId);
    const thread = job.game.threadId ? { message_thread_id: job.game.threadId } : {};
    const draw: DrawContext = { ...job.draw, screen };
    const final = job.intents[job.intents.length - 1];
    for (const intent of job.intents) {
      draw.screen = screen;
      if (intent.chat === 'group') {
        if (intent.op === 'delete') {
          await this.remove(chatId, intent.id);
          screen = record(screen, intent, intent.id);
          continue;
        }
        const { text, keyboard } = drawGroup(intent.view, draw, job.groupT);
        let id = intent.op === 'edit' ? intent.id : null;
        if (id !== null && !(await this.edit(chatId, id, text, keyboard))) {
          // Deleted by someone: a live message is sent again, a finished one is let go.
          const live = intent.view.kind === 'lobby' || (intent.view.kind === 'round' && !intent.view.final);
          id = null;
          if (!live) {
            screen = record(screen, intent, -1);
            continue;
          }
        }
        if (id === null) {
          await this.pacer.slot(String(chatId), true);
          id = (await this.api.sendMessage(chatId, text, { parse_mode: 'HTML', ...markup(keyboard), ...thread })).message_id;
          screen = record(screen, intent, id);
          await job.persist(screen, intent === final && unreachable.length === 0);
        } else {
          screen = record(screen, intent, id);
        }
        continue;
      }
      const player = intent.player;
      if (screen.unreachable.includes(player) && intent.view.kind === 'prompt') continue;
      const t = await job.playerT(player);
      const { text, keyboard } = drawPrivate(player, intent.view, draw, t);
      try {
        let id = intent.op === 'edit' ? intent.id : null;
        if (id !== null && !(await this.edit(Number(player), id, text, keyboard))) {
          id = null;
          if (intent.view.kind === 'closed') {
            screen = record(screen, intent, -1);
            continue;
          }
        }
        if (id === null) {
          await this.pacer.slot(player, false);
          id = (await this.api.sendMessage(Number(player), text, { parse_mode: 'HTML', ...markup(keyboard) })).message_id;
          screen = record(screen, intent, id);
          await job.persist(screen, intent === final && unreachable.length === 0);
        } else {
          screen = record(screen, intent, id);
        }
      } catch (error) {
        if (!privateChatFails(error)) throw error;
        // Blocked, or never started: the game must not stall. The player plays from the table.
        if (intent.op === 'edit')
          screen = record(screen, { chat: 'player', player, op: 'edit', id: intent.id, view: { kind: 'closed', why: { kind: 'moved-on' } } }, intent.id);
        // A failed send: this turn's one notifying message never arrived. The round's message on
        // screen was not drawn for them at the table, so the planner, asked again, sends it anew
        // mentioning them (an edit would notify nobody).
        if (intent.op === 'send' && screen.round && !screen.round.final) screen = { ...screen, round: { ...screen.round, turn: '' } };
        if (!screen.unreachable.includes(player)) {
          screen = { ...screen, unreachable: [...screen.unreachable, player] };
          unreachable.push(player);
          await job.unreachable(player);
          // The rest of this plan was made for a player who could be written to: the caller plans again.
          return { screen, unreachable };
        }
      }
    }
    return { screen, unreachable };
  }

  /** Forgets the edits remembered for these messages (another process may have changed them). */
  forget(keys: readonly (readonly [number | string, number])[]): void {
    for (const [chat, id] of keys) this.lastEdit.delete(`${chat}:${id}`);
  }

  /**
   * Edits a message; "not modified" is success, a vanished message is reported as false. An edit
   * identical to the last one made here is not sent at all (Telegram would refuse it).
   */
  private async edit(chatId: number, messageId: number, text: string, keyboard: InlineKeyboard | undefined): Promise<boolean> {
    const key = `${chatId}:${messageId}`;
    const rendered = fingerprint(text, keyboard);
    if (this.lastEdit.get(key) === rendered) return true;
    try {
      await this.api.editMessageText(chatId, messageId, text, { parse_mode: 'HTML', ...markup(keyboard) });
      this.remember(key, rendered);
      return true;
    } catch (error) {
      if (error instanceof GrammyError && error.description.includes('message is not modified')) {
        this.remember(key, rendered);
        return true;
      }
      if (error instanceof GrammyError && error.error_code === 400 && /not found|can't be edited/.test(error.description)) return false;
      throw error;
    }
  }

  /** Deletes a group message; where Telegram will not, its buttons are taken off instead. */
  private async remove(chatId: number, messageId: number): Promise<void> {
    this.lastEdit.delete(`${chatId}:${messageId}`);
    try {
      await this.api.deleteMessage(chatId, messageId);
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
      if (/not found/.test(error.description)) return;
      await this.api.editMessageReplyMarkup(chatId, messageId).catch(() => undefined);
    }
  }

  private remember(key: string, rendered: string): void {
    this.lastEdit.set(key, rendered);
    if (this.lastEdit.size > 10_000) this.lastEdit.delete(this.lastEdit.keys().next().value!);
  }
}

/** An edit's text and buttons as a SHA-256 digest (44 characters): equal only when they are. */
const fingerprint = (text: string, keyboard: InlineKeyboard | undefined): string =>
  hash('sha256', JSON.stringify([text, keyboard?.inline_keyboard ?? null]), 'base64');

/** Telegram's answers when the bot may not write to a person. */
function privateChatFails(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  return error.error_code === 403 || (error.error_code === 400 && /chat not found/.test(error.description));
}

/** No keyboard is no reply_markup at all (an edit without one takes the buttons off). */
function markup(keyboard: InlineKeyboard | undefined): { reply_markup?: InlineKeyboard } {
  return keyboard ? { reply_markup: keyboard } : {};
}
