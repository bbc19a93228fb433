import type { BotMessageStore, Database } from '@mia/db';
import type { AiSeats, GameService } from '@mia/game';
import type { Logger } from 'pino';

/** Where the process's database is (what it says at start-up); never its read-write client. */
export interface DatabaseInfo extends Pick<Database, 'kind' | 'connectionString'> {
  /** The embedded database's folder, when startMia opened it. */
  dataDir?: string;
}

/**
 * What a started process shares with its front-ends: one game service (reads through
 * `games.reads`), one log. The read-write client stays in the host and the service.
 */
export interface MiaCore {
  database: DatabaseInfo;
  games: GameService;
  log: Logger;
  /** The computer players of this process (null when it runs none, e.g. a dashboard alone). */
  ai: AiSeats | null;
  /** The bot's own storage: the messages that show each game (get and save, nothing else). */
  botMessages: BotMessageStore;
}

/**
 * A front-end once attached: the phases of its life the host calls, each optional, and `handle`,
 * what the caller gets back (the bot, the dashboard's server, its address…).
 *
 * Start: every front-end's attach (in the given order), AI seats started, recovery, every `resume`,
 * every `open`. Stop: every `close` (reverse order), AI seats stopped, every `drain` (reverse
 * order), the service closed, the database closed.
 */
export interface Attached<H> {
  handle: H;
  /** After recovery: what a process killed mid-action left undone (the bot: unsent messages). */
  resume?(): Promise<unknown>;
  /** Start taking input: long polling, a webhook server, a listening dashboard. */
  open?(): Promise<unknown>;
  /** Stop taking input (first of all, so nothing new starts while the rest stops). */
  close?(): Promise<unknown>;
  /** After the AI seats stopped: let what is still going out (messages) finish. */
  drain?(): Promise<unknown>;
}

/**
 * A plug-in of startMia: the bot (@mia/bot's botFrontEnd), the dashboard (@mia/dashboard's
 * dashboardFrontEnd), or anything else that lives on the game service (the demo's narrator).
 * `attach` runs before recovery, so what it subscribes hears recovery's commits.
 */
export interface FrontEnd<H = unknown> {
  readonly name: string;
  attach(core: MiaCore): Promise<Attached<H>> | Attached<H>;
}

/** The handles of a tuple of front-ends, in the same order. */
export type Handles<F extends readonly FrontEnd<unknown>[]> = { -readonly [K in keyof F]: F[K] extends FrontEnd<infer H> ? H : never };
