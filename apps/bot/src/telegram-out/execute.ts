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
   * Called after every new message, so a crash right after it cannot lose its id (one call at a
   * time). `last`: every other intent of the job is done and every player was reached, so the
   * job's messages have all gone out.
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
 * The executor: carries a plan's intents out through the Bot API, and records what is on screen
 * after each one. It decides nothing about how a game looks; it only copes with what Telegram
 * answers (a message deleted by someone, a private chat that fails).
 *
 * Each chat's intents go out in the plan's order, one after another (the group's history must read
 * in order); different chats go at once. An announcement's new prompt, the announcer's closed
 * prompt and the table's edit are three chats: one round trip to Telegram instead of three before
 * the next player, the announcer and the group all see the move (a bot 50 ms from Telegram: p50
 * 214 → 133 ms from press to the last message, apps/bot/README.md). A new group message alone
 * waits for the turn's new prompt (see below).
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
    // What is on screen, shared by the chats as they go: each chat's intents touch only that
    // chat's part of it (see `record`), so the order in which chats finish does not matter.
    let screen = job.screen;
    const unreachable: PlayerId[] = [];
    /** A private chat failed on its turn's new prompt: the round's table must notify instead. */
    let promptLost = false;
    /** Intents not yet carried out, the one in progress included. */
    let remaining = job.intents.length;
    const chatId = Number(job.game.chatId);
    const thread = job.game.threadId ? { message_thread_id: job.game.threadId } : {};
    // Drawn from the screen the job began with: what drawing reads of it (the play mode, who is
    // unreachable) changes only at the end of a run.
    const draw: DrawContext = { ...job.draw, screen };

    // New messages' ids are saved one save after another, each with the screen as it is then:
    // two chats' saves racing could leave the older screen in the database.
    let saving = Promise.resolve();
    const persist = (): Promise<void> => {
      // `last`: the intent saving is the job's last one not done, and every player was reached.
      const last = remaining === 1 && unreachable.length === 0;
      const saved = saving.then(() => job.persist(screen, last));
      saving = saved.catch(() => undefined);
      return saved;
    };

    /** One group intent; false: the rest of the chat's plan is void. */
    const inGroup = async (intent: GroupIntent): Promise<boolean> => {
      if (intent.op === 'delete') {
        await this.remove(chatId, intent.id);
        screen = record(screen, intent, intent.id);
        return true;
      }
      const { text, keyboard } = drawGroup(intent.view, draw, job.groupT);
      if (intent.op === 'edit') {
        if (await this.edit(chatId, intent.id, text, keyboard)) {
          screen = record(screen, intent, intent.id);
          return true;
        }
        // Deleted by someone: a live message is sent again, a finished one is let go.
        const live = intent.view.kind === 'lobby' || (intent.view.kind === 'round' && !intent.view.final);
        if (!live) {
          screen = record(screen, intent, -1);
          return true;
        }
      }
      await this.pacer.slot(String(chatId), true);
      const id = (await this.api.sendMessage(chatId, text, { parse_mode: 'HTML', ...markup(keyboard), ...thread })).message_id;
      screen = record(screen, intent, id);
      await persist();
      return true;
    };

    /** One intent in a player's private chat; false: the rest of the chat's plan is void. */
    const inPrivate = async (intent: PlayerIntent): Promise<boolean> => {
      const player = intent.player;
      if (screen.unreachable.includes(player) && intent.view.kind === 'prompt') return true;
      const t = await job.playerT(player);
      const { text, keyboard } = drawPrivate(player, intent.view, draw, t);
      try {
        if (intent.op === 'edit') {
          if (await this.edit(Number(player), intent.id, text, keyboard)) {
            screen = record(screen, intent, intent.id);
            return true;
          }
          // Deleted by them: a closed prompt is let go, a live one sent again.
          if (intent.view.kind === 'closed') {
            screen = record(screen, intent, -1);
            return true;
          }
        }
        await this.pacer.slot(player, false);
        const id = (await this.api.sendMessage(Number(player), text, { parse_mode: 'HTML', ...markup(keyboard) })).message_id;
        screen = record(screen, intent, id);
        await persist();
        return true;
      } catch (error) {
        if (!privateChatFails(error)) throw error;
        // Blocked, or never started: the game must not stall. The player plays from the table.
        if (intent.op === 'edit')
          screen = record(screen, { chat: 'player', player, op: 'edit', id: intent.id, view: { kind: 'closed', why: { kind: 'moved-on' } } }, intent.id);
        // A failed send: this turn's one notifying message never arrived (see below).
        if (intent.op === 'send') promptLost = true;
        if (screen.unreachable.includes(player) || unreachable.includes(player)) return true;
        unreachable.push(player);
        await job.unreachable(player);
        // The rest of this chat's plan was made for a player who could be written to: the
        // caller plans again.
        return false;
      }
    };

    /** A chat's intents, one after another in the plan's order. */
    const chat = async (intents: readonly Intent[]): Promise<void> => {
      for (const [index, intent] of intents.entries()) {
        let goOn = false;
        try {
          goOn = intent.chat === 'group' ? await inGroup(intent) : await inPrivate(intent);
        } finally {
          remaining--;
        }
        if (!goOn) {
          remaining -= intents.length - index - 1;
          return;
        }
      }
    };

    // One task per chat, all at once. A new message to the group waits for the turn's new prompt:
    // should that fail, the group's part of the plan is left to the planner, asked again, which
    // makes the group's message the one that notifies them (rather than one sent, then deleted
    // and sent again).
    const chats = new Map<string, PlayerIntent[]>();
    const groupIntents: GroupIntent[] = [];
    for (const intent of job.intents) {
      if (intent.chat === 'group') {
        groupIntents.push(intent);
        continue;
      }
      const list = chats.get(intent.player);
      if (list) list.push(intent);
      else chats.set(intent.player, [intent]);
    }
    const tasks: Promise<void>[] = [];
    const prompts: Promise<void>[] = [];
    for (const intents of chats.values()) {
      const task = chat(intents);
      tasks.push(task);
      if (intents.some((x) => x.op === 'send' && x.view.kind === 'prompt')) prompts.push(task);
    }
    if (groupIntents.length > 0 && prompts.length > 0 && groupIntents.some((x) => x.op === 'send')) {
      tasks.push(
        Promise.allSettled(prompts).then(() => {
          if (unreachable.length === 0) return chat(groupIntents);
          remaining -= groupIntents.length;
        }),
      );
    } else if (groupIntents.length > 0) tasks.push(chat(groupIntents));
    // Every chat finishes (or fails) before the run does: the chat's queue must not start the
    // game's next batch while this one is still writing. The first failure is the run's.
    const settled = await Promise.allSettled(tasks);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;

    // The round's message on screen was not drawn for a player at the table, so the planner,
    // asked again (the caller plans again for the unreachable), sends it anew mentioning them:
    // an edit would notify nobody.
    if (promptLost && screen.round && !screen.round.final) screen = { ...screen, round: { ...screen.round, turn: '' } };
    if (unreachable.length > 0) screen = { ...screen, unreachable: [...screen.unreachable, ...unreachable] };
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

type GroupIntent = Extract<Intent, { chat: 'group' }>;
type PlayerIntent = Extract<Intent, { chat: 'player' }>;

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
