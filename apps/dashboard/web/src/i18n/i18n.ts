import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../shared/api';
import en from '../locales/en.json';
import { detectLanguage, STORAGE_KEY } from './languages';

/**
 * English ships in the main bundle (the default and the fallback); the other four are chunks
 * loaded when chosen, so a visitor downloads one language, not five.
 */
const lazyLocales = import.meta.glob<ResourceLanguage>(['../locales/*.json', '!../locales/en.json'], {
  import: 'default',
});

export async function loadResources(language: Language): Promise<ResourceLanguage> {
  if (language === 'en') return en;
  const load = lazyLocales[`../locales/${language}.json`];
  if (!load) throw new Error(`no locale file for ${language}`);
  return load();
}

/** An i18next instance with the given resources already in place (also what tests use). */
export function createI18n(language: Language, resources: Partial<Record<Language, ResourceLanguage>>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: Object.fromEntries(Object.entries(resources).map(([lng, r]) => [lng, { translation: r }])),
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    react: { useSuspense: false },
    showSupportNotice: false, // no advertisement in visitors' consoles
  });
  return instance;
}

export async function startI18n(): Promise<I18n> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage blocked (private mode, policy): fall back to the browser's languages
  }
  const language = detectLanguage(stored, navigator.languages ?? [navigator.language]);
  const resources: Partial<Record<Language, ResourceLanguage>> = { en };
  if (language !== 'en') resources[language] = await loadResources(language).catch(() => en);
  const instance = createI18n(language, resources);
  document.documentElement.lang = language;
  return instance;
}

/** Switches language, loading its file first; remembers the choice. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await loadResources(language));
  }
  await instance.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not remembered, still switched
  }
}
