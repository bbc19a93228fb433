import { autoRetry } from '@grammyjs/auto-retry';
import { sequentialize } from '@grammyjs/runner';
import { Bot, Composer, GrammyError, HttpError } from 'grammy';
import type { GameService } from '@mia/game';
import type { Logger } from 'pino';
import { decodeButton } from './callback-data';
import { DEFAULT_PUBLIC_URL } from './config';
import type { BotContext } from './context';
import { dashboard } from './features/dashboard';
import { ai } from './features/ai';
import { info } from './features/info';
import { language } from './features/language';
import { kick } from './features/kick';
import { lobby } from './features/lobby';
import { lobbyTime } from './features/lobby-time';
import { membership } from './features/membership';
import { play } from './features/play';
import { settings } from './features/settings';
import { stats } from './features/stats';
import { top } from './features/top';
import { httpFetch } from './http-fetch';
import { jsonCalls } from './json-calls';
import { translator } from './i18n';
import { LocaleResolver } from './locale';
import { Notifier, type MessageStore, type NotifierOptions } from './notifier';
import {
  answerInBackground,
  answeredOnce,
  callTimeouts,
  DEFAULT_CALL_TIMEOUTS,
  logTelegramFaults,
  waitOutFloodLimits,
  type CallTimeouts,
} from './telegram-calls';
import { answerOutages } from './outage';

/** grammY's default API root, for a bot given none. */
const DEFAULT_API_ROOT = 'https://api.telegram.org';

export interface CreateBotOptions {
  token: string;
  /** Telegram's by default; telegram-sim's in tests and the demo. */
  apiRoot?: string;
  games: GameService;
  /** Where the bot keeps the messages that show each game (its own table: @mia/db's botMessageStore). */
  messages: MessageStore;
  log: Logger;
  /**
   * The dashboard's public address (PUBLIC_URL; default http://localhost:3000), or a function
   * asked at each update (a dashboard in the same process whose port is chosen as it listens).
   */
  publicUrl?: string | (() => string);
  /**
   * Answer an update only once the messages it caused are sent (webhook mode, where Telegram
   * waits for the answer before a chat's next update: with several processes that update may be
   * handled by another one, and its messages must come after these). Default false.
   */
  answerAfterMessages?: boolean;
  /** How long one attempt of a call may take (default: 10 s; getUpdates its long poll + 10 s). */
  callTimeouts?: Partial<CallTimeouts>;
  /** How new messages are paced under Telegram's limits (default: Telegram's, on the system clock). */
  pacing?: NotifierOptions['pacing'];
}

/**
 * The bot, ready to run by long polling (`@grammyjs/runner`) or webhook. One composer per
 * feature; updates of one game are handled one at a time (per-chat, or per-game for buttons in
 * private chats), so a game's actions keep their order. The caller starts and stops the notifier
 * (`notifier.resume()` after `games.recover()`), as it does the update source: botFrontEnd does
 * both for @mia/host's startMia, which runs the computer players (AiSeats) beside it.
 */
export function createBot({
  token,
  apiRoot,
  games,
  messages,
  log,
  publicUrl = DEFAULT_PUBLIC_URL,
  answerAfterMessages = false,
  callTimeouts: timeouts,
  pacing,
}: CreateBotOptions) {
  // grammY's default 500 s is far too long for a hung connection; 60 s is only the outer bound,
  // above a long poll (runner's getUpdates waits 30 s): each call has its own, shorter deadline.
  // httpFetch: a lean keep-alive request per call instead of node-fetch (see http-fetch.ts).
  const bot = new Bot<BotContext>(token, { client: { timeoutSeconds: 60, fetch: httpFetch, ...(apiRoot ? { apiRoot } : {}) } });
  // Innermost first: each attempt gets its deadline and its failure logged; then auto-retry
  // waits (429: retry_after; 5xx and lost connections: 3 s, doubling) and tries again, so a
  // flood limit or a dropped connection delays a message instead of losing it; past auto-retry's
  // five attempts, flood limits are still waited out.
  const deadlines = { ...DEFAULT_CALL_TIMEOUTS, ...timeouts };
  bot.api.config.use(callTimeouts(deadlines));
  // The bot's JSON calls leave on its own connections, each with its deadline, without grammY's
  // per-call machinery (json-calls.ts); anything else goes on to callTimeouts and grammY's client.
  bot.api.config.use(jsonCalls(apiRoot ?? DEFAULT_API_ROOT, token, deadlines));
  bot.api.config.use(logTelegramFaults(log));
  bot.api.config.use(answeredOnce());
  bot.api.config.use(autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60, rethrowHttpErrors: false }));
  bot.api.config.use(waitOutFloodLimits(60));
  const locales = new LocaleResolver(games);
  // Processes that share the bot (a webhook's answer waits for the messages) share its screens too.
  const notifier = new Notifier(bot.api, games, messages, locales, log, { sharedScreens: answerAfterMessages, ...(pacing ? { pacing } : {}) });
  const trim = (url: string) => url.replace(/\/+$/, '');
  const fixedUrl = typeof publicUrl === 'string' ? trim(publicUrl) : null;
  const dashboardUrl = typeof publicUrl === 'function' ? () => trim(publicUrl()) : () => fixedUrl!;
  bot.use(answerOutages(log));
  bot.use(async (ctx, next) => {
    ctx.deps = { games, notifier, locales, log, publicUrl: dashboardUrl() };
    // Pop-ups leave without holding this update (and so the game's next press) up: see answerInBackground.
    ctx.api.config.use(answerInBackground(log));
    await next();
  });
  if (answerAfterMessages) bot.use((_ctx, next) => notifier.settled(next));
  bot.use(
    sequentialize((ctx: BotContext) => {
      const data = ctx.callbackQuery?.data;
      // A game's button (code:gameId:move) is ordered with its game; anything else, menu buttons
      // included ("menu/row/col/…", which never decode as one), with its chat.
      const button = data ? decodeButton(data) : null;
      return button ? `game:${button.gameId}` : ctx.chat ? `chat:${ctx.chat.id}` : undefined;
    }),
  );
  // The language of the update, and ctx.t in it from the plugin's bundles (see translator). The
  // plugin's own middleware is not installed: it built a ctx.i18n object, five closures and a
  // translate function per update, and negotiated the language again, for nothing the bot reads.
  bot.use(async (ctx, next) => {
    ctx.locale = await localeOf(ctx, locales);
    // The same values as the plugin's (strings and numbers are all the bot passes).
    ctx.translate = ctx.t = translator(ctx.locale) as BotContext['t'];
    await next();
  });
  // The menus (settings, language) answer their own callbacks: they come before `play`, which
  // answers any callback it cannot decode as an invalid button. A game's button (most updates)
  // is only ever play's, so it goes there directly: grammY builds a composer and its closures
  // for every filter an update passes (Composer#lazy), and the features before play hold about
  // twenty (each command is one), a fifth of the bot's garbage per press.
  const features = new Composer<BotContext>(membership, lobby, lobbyTime, ai, info, stats, top, dashboard, kick, settings, language, play);
  bot.route((ctx) => (isGameButton(ctx) ? 'game' : 'other'), { game: play, other: features });
  bot.catch((error) => {
    const e = error.error;
    const where = { updateId: error.ctx.update.update_id };
    if (e instanceof GrammyError) log.error({ ...where, err: e.description }, 'bot: Telegram refused a request');
    else if (e instanceof HttpError) log.error({ ...where, err: e.message }, 'bot: could not reach Telegram');
    else log.error({ ...where, err: e }, 'bot: handler failed');
  });
  return { bot, notifier };
}

const isGameButton = (ctx: BotContext) => {
  const data = ctx.callbackQuery?.data;
  return data !== undefined && decodeButton(data) !== null;
};

/**
 * The language of an update's answers: a group's own for what the group sees; the person's for
 * a private chat and for pop-ups (only the one who pressed sees them).
 */
async function localeOf(ctx: BotContext, locales: LocaleResolver) {
  const chat = ctx.chat;
  const group = chat && chat.type !== 'private' ? chat.id : undefined;
  if (ctx.from && (chat?.type === 'private' || ctx.callbackQuery)) {
    return locales.ofUser(ctx.from.id, { telegramCode: ctx.from.language_code ?? null, ...(group !== undefined ? { groupId: group } : {}) });
  }
  return group !== undefined ? locales.ofChat(group) : locales.ofUser(ctx.from?.id ?? 0, { telegramCode: ctx.from?.language_code ?? null });
}
