// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../shared/api';
import { LanguageSwitcher } from '../../web/src/components/LanguageSwitcher';
import { detectLanguage, LANGUAGES, STORAGE_KEY } from '../../web/src/i18n/languages';
import { GroupPage } from '../../web/src/pages/GroupPage';
import { groupFixture, LOCALES, renderPage, stubFetch } from './helpers';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a locale file as "a.b.c" → text. */
function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Keys without plural suffixes, and for each plural key the categories it has. */
function shape(locale: unknown) {
  const plain = new Set<string>();
  const plural = new Map<string, Set<string>>();
  const variables = new Map<string, Set<string>>();
  for (const [key, text] of flatten(locale)) {
    const m = PLURAL_SUFFIX.exec(key);
    const base = m ? key.slice(0, m.index) : key;
    if (m) {
      if (!plural.has(base)) plural.set(base, new Set());
      plural.get(base)!.add(m[1]!);
    } else plain.add(base);
    const vars = variables.get(base) ?? new Set<string>();
    for (const v of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) vars.add(v[1]!);
    variables.set(base, vars);
  }
  return { plain, plural, variables };
}

const sorted = (s: Iterable<string>) => [...s].sort();

describe('locale files', () => {
  const en = shape(LOCALES.en);

  it('exist for exactly the five languages', () => {
    const dir = join(import.meta.dirname, '../../web/src/locales');
    expect(readdirSync(dir).sort()).toEqual(['af.json', 'en.json', 'hi.json', 'ru.json', 'sk.json']);
    expect(LANGUAGES.map((l) => l.code).sort()).toEqual(['af', 'en', 'hi', 'ru', 'sk']);
  });

  for (const language of Object.keys(LOCALES) as Language[]) {
    it(`${language}: has every key of English, no other, every plural form the language needs, the same placeholders`, () => {
      const l = shape(LOCALES[language]);
      expect(sorted(l.plain)).toEqual(sorted(en.plain));
      expect(sorted(l.plural.keys())).toEqual(sorted(en.plural.keys()));
      // i18next picks the suffix with Intl.PluralRules: every category must be there.
      const categories = sorted(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
      for (const [key, forms] of l.plural) expect({ key, forms: sorted(forms) }).toEqual({ key, forms: categories });
      for (const [key, vars] of en.variables) {
        expect({ key, vars: sorted(l.variables.get(key) ?? []) }).toEqual({ key, vars: sorted(vars) });
      }
    });
  }

  it('has every key the source asks for by name', () => {
    const root = join(import.meta.dirname, '../../web/src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (/\.tsx?$/.test(entry.name)) files.push(join(dir, entry.name));
      }
    };
    walk(root);
    const known = new Set([...en.plain, ...en.plural.keys()]);
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)) used.add(m[1]!);
      for (const m of source.matchAll(/key: '([a-zA-Z0-9_.-]+)'/g)) used.add(m[1]!);
      for (const m of source.matchAll(/'((?:cause|out|class)\.[a-zA-Z]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
});

describe('detectLanguage', () => {
  it('prefers the stored choice, then the browser’s languages by their primary tag, then English', () => {
    expect(detectLanguage('sk', ['ru-RU'])).toBe('sk');
    expect(detectLanguage('xx', ['de-DE', 'ru-RU', 'en'])).toBe('ru');
    expect(detectLanguage(null, ['hi-IN'])).toBe('hi');
    expect(detectLanguage(null, ['de', 'fr'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
});

describe('in Russian', () => {
  it('renders the group page in Russian, with Russian plural forms', async () => {
    stubFetch({ '/api/g/tok': groupFixture() });
    renderPage(
      <Routes>
        <Route path="/g/:token" element={<GroupPage />} />
      </Routes>,
      { language: 'ru', route: '/g/tok' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dice night' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Рейтинг' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Таблица компьютерных игроков' })).toBeTruthy();
    expect(screen.getByText('Расчётливый')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Столы в игре' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Завершённые игры' })).toBeTruthy();

    // Plurals: 1 раунд, 3 раунда, 5 раундов, 21 раунд.
    for (const text of ['1 раунд', '3 раунда', '5 раундов', '21 раунд']) {
      expect(screen.getByText(new RegExp(`· ${text}$`))).toBeTruthy();
    }
    // The live table: lives named with plural forms, the turn and the last loss in the bot's words.
    expect(screen.getByRole('img', { name: '4 жизни' }).textContent).toBe('❤️ 4');
    expect(screen.getByRole('img', { name: '8 жизней' }).textContent).toBe('❤️ 8');
    expect(screen.getByText('Bob решает: верить или «Лжец!»')).toBeTruthy();
    expect(screen.getByText('Carol теряет 1 жизнь (блеф раскрыт)')).toBeTruthy();
    expect(screen.getByText(/^8 жизней · старший дубль 66 · каждое объявление выше/)).toBeTruthy();
    // Numbers in Russian formatting (a non-breaking space before %).
    const leaderboard = screen.getByRole('table', { name: 'Рейтинг' });
    expect(within(leaderboard).getAllByRole('row')[1]!.textContent).toMatch(/Alice111012758\s%20\s%/);
  });

  it('switches language from the switcher, loading the file and remembering the choice', async () => {
    renderPage(<LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    fireEvent.change(select, { target: { value: 'ru' } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Язык' })).toBeTruthy());
    expect(localStorage.getItem(STORAGE_KEY)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });
});
