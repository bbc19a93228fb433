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
 * into it (`@grammyjs/i18n`'s bundles, through `translator`; the plugin's `ctx.i18n` is not set).
 */
export type BotContext = Context & Pick<I18nFlavor, 't' | 'translate'> & { deps: BotDeps; locale: Locale };
