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
 * Of the plugin the bot uses the loader and the bundles (`translator` below), not its middleware:
 * the language of an update is the bot's own (`LocaleResolver`, set in bot.ts).
 */
export const i18n = new I18n<Context & I18nFlavor>({
  defaultLocale: DEFAULT_LOCALE,
  fluentBundleOptions: { useIsolating: false },
});
i18n.loadLocalesDirSync(fileURLToPath(new URL('../locales', import.meta.url)));

/** What translate needs of a Fluent bundle (@fluent/bundle's FluentBundle). */
interface Bundle {
  getMessage(id: string): { value: unknown; attributes: Record<string, unknown> } | undefined;
  formatPattern(pattern: unknown, vars?: TranslationVars): string;
}
const fluent = i18n.fluent as unknown as { matchBundles(locales: string[]): Iterable<Bundle> };

/**
 * A translator for `locale` (one per locale, kept): the locale's bundle then English's, matched
 * once. `i18n.t` negotiates the language (@fluent/langneg) on every call, which was a tenth of
 * the bot's own CPU per action; a key missing everywhere still goes through it, for its warning.
 */
export function translator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    const bundles = [...fluent.matchBundles([locale])];
    t = (key, vars) => {
      const dot = key.indexOf('.');
      const id = dot < 0 ? key : key.slice(0, dot);
      for (const bundle of bundles) {
        const message = bundle.getMessage(id);
        if (message === undefined) continue;
        const pattern = dot < 0 ? (message.value ?? '') : message.attributes[key.slice(dot + 1)];
        if (pattern !== undefined) return bundle.formatPattern(pattern, vars);
      }
      return i18n.t(locale, key, vars);
    };
    translators.set(locale, t);
  }
  return t;
}
const translators = new Map<Locale, Translate>();
