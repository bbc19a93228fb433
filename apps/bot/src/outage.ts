import { isDatabaseUnavailable } from '@mia/db/errors';
import type { MiddlewareFn } from 'grammy';
import type { Logger } from 'pino';
import type { BotContext } from './context';
import { DEFAULT_LOCALE, isLocale, localeOfTelegram, translator } from './i18n';

/**
 * While the database is down (restarting, failing over, unreachable) every update fails: the
 * person who pressed a button or sent a command is told to try again in a moment instead of
 * getting silence, and the outage is logged as a warning. Comes first, so it also covers the
 * language lookup, which needs the database; the language is then the person's Telegram one.
 * Other errors go on to `bot.catch` as before. Nothing is retried here: the person does that,
 * and the pool reconnects by itself once the server is back.
 */
export function answerOutages(log: Logger): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      log.warn(
        { updateId: ctx.update.update_id, err: error instanceof Error ? error.message : String(error) },
        'bot: the database is unavailable (outage); asked the user to try again',
      );
      const locale = isLocale(ctx.locale) ? ctx.locale : (localeOfTelegram(ctx.from?.language_code) ?? DEFAULT_LOCALE);
      const text = translator(locale)('error-database-unavailable');
      try {
        if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: false });
        // A command or a private message: someone waits for an answer. Other group chatter does not.
        else if (ctx.msg?.text && (ctx.chat?.type === 'private' || ctx.msg.text.startsWith('/'))) {
          await ctx.reply(text, ctx.msg.is_topic_message ? { message_thread_id: ctx.msg.message_thread_id! } : {});
        }
      } catch (answerError) {
        log.warn({ err: answerError }, 'bot: could not tell the user about the database outage');
      }
    }
  };
}
