// The link previews' words in the five languages of the dashboard (strings/*.json), read with
// i18next (its plural rules follow Intl.PluralRules: Russian and Slovak have few/many forms).
// A catalogue of its own: previews are made on the server, in the group's language (Chat.language),
// and need a few sentences the SPA does not have.
import type { RankingOptions } from '@mia/engine';
import i18next, { type TFunction } from 'i18next';
import type { Language } from '../../shared/api';
import { claimLabel } from '../../web/src/labels/claims';
import af from './strings/af.json';
import en from './strings/en.json';
import hi from './strings/hi.json';
import ru from './strings/ru.json';
import sk from './strings/sk.json';

export const CATALOGUES = { en, ru, sk, af, hi } as const satisfies Record<Language, unknown>;

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(Object.entries(CATALOGUES).map(([lng, strings]) => [lng, { translation: strings }])),
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  // Text goes into satori (plain text) or through meta.ts's escaping: never HTML-escaped twice.
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

/** The words of a preview in one language. */
export interface Words {
  language: Language;
  t: TFunction;
  /** A ratio as a whole percent ("42 %" in Slovak), or "—" without one. */
  percent(ratio: number | null): string;
  /** A day as the language writes it ("12 May 2026"). */
  date(at: Date): string;
  /** An announcement as it reads (claim-mia, a double, "8 points", else its digits), after the web's claimLabel. */
  claim(ranking: RankingOptions, value: number): string;
}

/** Open Graph's og:locale for each language. */
export const OG_LOCALES: Record<Language, string> = { en: 'en_US', ru: 'ru_RU', sk: 'sk_SK', af: 'af_ZA', hi: 'hi_IN' };

const cache = new Map<Language, Words>();

export function wordsFor(language: Language): Words {
  let words = cache.get(language);
  if (words) return words;
  const t = i18n.getFixedT(language);
  const percentFormat = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  words = {
    language,
    t,
    percent: (ratio) => (ratio === null || !Number.isFinite(ratio) ? '—' : percentFormat.format(ratio)),
    date: (at) => dateFormat.format(at),
    // The SPA's own labelling (a pure module: the ranking's shape of the value), with these words.
    claim: (ranking, value) => claimLabel(t, ranking, value),
  };
  cache.set(language, words);
  return words;
}
