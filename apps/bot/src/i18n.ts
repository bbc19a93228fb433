import { I18n, type I18nFlavor } from '@grammyjs/i18n';
import { fileURLToPath } from 'node:url';
import type { Context } from 'grammy';

/** The five languages of the rule documents; English is the fallback for any missing message. */
export const LOCALES = ['en', 'ru', 'sk', 'af', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own name, for /lang and the settings menu. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  ru: 'Русский',
  sk: 'Slovenčina',
  af: 'Afrikaans',
  hi: 'हिन्दी',
};

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** Telegram's `language_code` (an IETF tag such as `ru` or `en-GB`) as one of ours, if it is. */
export function localeOfTelegram(code: string | null | undefined): Locale | null {
  const primary = code?.toLowerCase().split('-')[0];
  return isLocale(primary) ? primary : null;
}

export type TranslationVars = Record<string, string | number>;
/** A translator bound to one language: what render functions take. */
export type Translate = (key: string, vars?: TranslationVars) => string;

/**
 * Every message, button and pop-up, in Fluent files under `apps/bot/locales/<locale>/*.ftl` (one
 * file per feature). Placeables are not wrapped in Unicode isolation marks: the texts go to
 * Telegram as HTML, where the invisible marks would only get in the way of copy and search.
 */
export const i18n = new I18n<Context & { locale: Locale } & I18nFlavor>({
  defaultLocale: DEFAULT_LOCALE,
  fluentBundleOptions: { useIsolating: false },
  localeNegotiator: (ctx) => ctx.locale,
});
i18n.loadLocalesDirSync(fileURLToPath(new URL('../locales', import.meta.url)));

/** A translator for `locale`, for messages sent outside an update's context (the notifier). */
export const translator =
  (locale: Locale): Translate =>
  (key, vars) =>
    i18n.t(locale, key, vars);
