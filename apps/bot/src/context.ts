import type { I18nFlavor } from '@grammyjs/i18n';
import type { Context } from 'grammy';
import type { GameService } from '@mia/game';
import type { Logger } from 'pino';
import type { Locale } from './i18n';
import type { LocaleResolver } from './locale';
import type { Notifier } from './notifier';

/** What every handler can reach besides the update. */
export interface BotDeps {
  games: GameService;
  notifier: Notifier;
  locales: LocaleResolver;
  log: Logger;
  /** The dashboard's public address, without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
}

/**
 * `locale` is the language of this update's answers (see `LocaleResolver`); `ctx.t` translates
 * into it (`@grammyjs/i18n`).
 */
export type BotContext = Context & I18nFlavor & { deps: BotDeps; locale: Locale };
