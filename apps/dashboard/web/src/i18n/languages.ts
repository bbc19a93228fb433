import type { Language } from '../../../shared/api';

/** The bot's five languages, each named in itself (core.ftl: language-name). */
export const LANGUAGES: readonly { code: Language; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'ru', name: 'Русский' },
  { code: 'sk', name: 'Slovenčina' },
  { code: 'af', name: 'Afrikaans' },
  { code: 'hi', name: 'हिन्दी' },
];

export const STORAGE_KEY = 'mia.language';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

/**
 * The language to start in: the one chosen here before (localStorage), else the first of the
 * browser's languages we speak ("ru-RU" counts as ru), else English.
 */
export function detectLanguage(stored: string | null, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}
