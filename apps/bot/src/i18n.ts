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
    // A game's screens are drawn again at every action from mostly the same pieces (a seat's lives,
    // a claim's button, a heading): about 35 texts an action, 87 % of them formatted before
    // (100 groups at a person's pace). Fluent's formatting (a scope, the pattern's parts, Intl's
    // number formats) costs several times a lookup. Two generations: when the newer is full, the
    // older is dropped, and a text still in use is carried over when it is next asked for.
    let recent = new Map<string, string>();
    let older = new Map<string, string>();
    const format = (key: string, vars: TranslationVars | undefined): string => {
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
    t = (key, vars) => {
      const memo = vars === undefined ? key : `${key}\u0000${JSON.stringify(vars)}`;
      let text = recent.get(memo);
      if (text !== undefined) return text;
      text = older.get(memo) ?? format(key, vars);
      if (recent.size >= MEMO_GENERATION) {
        older = recent;
        recent = new Map();
      }
      recent.set(memo, text);
      return text;
    };
    translators.set(locale, t);
  }
  return t;
}
const translators = new Map<Locale, Translate>();
/** Texts per generation and language: 100 groups at a person's pace use about 4,400 in 20 s. */
const MEMO_GENERATION = 5_000;
