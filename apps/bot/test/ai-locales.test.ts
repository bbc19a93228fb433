import { readFileSync } from 'node:fs';
import { STRATEGY_NAMES } from '@mia/engine';
import { describe, expect, it } from 'vitest';
import { i18n, LOCALES } from '../src/i18n';

const keysOf = (locale: string) =>
  [...readFileSync(new URL(`../locales/${locale}/ai.ftl`, import.meta.url), 'utf8').matchAll(/^(ai-[\w-]+) =/gm)].map((m) => m[1]!);

const SAMPLES = { name: 'Alan', strategy: 'calculator', strategies: '• …', seats: 3, max: 10 };

describe('/addai in five languages (locales/*/ai.ftl)', () => {
  const english = keysOf('en');

  it('every language has every message, parsed (a broken one would fall back to English) and filled in', () => {
    expect(english).toEqual(expect.arrayContaining(STRATEGY_NAMES.map((n) => `ai-strategy-${n}`)));
    for (const locale of LOCALES) {
      expect(keysOf(locale).sort()).toEqual([...english].sort());
      for (const key of english) {
        const text = i18n.t(locale, key, SAMPLES);
        expect(text).not.toMatch(/[{}]|undefined/);
        if (locale !== 'en') expect(text, `${locale} ${key}`).not.toBe(i18n.t('en', key, SAMPLES));
      }
    }
  });

  it('counts with the plural forms of each language', () => {
    const full = (locale: (typeof LOCALES)[number], max: number) => i18n.t(locale, 'ai-table-full', { max });
    expect(full('en', 1)).toContain('1 player at most');
    expect(full('en', 4)).toContain('4 players at most');
    expect(full('ru', 1)).toContain('не больше 1 игрока');
    expect(full('ru', 5)).toContain('не больше 5 игроков');
    expect(full('sk', 1)).toContain('(1 hráč)');
    expect(full('sk', 3)).toContain('(3 hráči)');
    expect(full('sk', 10)).toContain('(10 hráčov)');
    expect(full('af', 2)).toContain('hoogstens 2 spelers');
    expect(full('hi', 1)).toContain('1 खिलाड़ी बैठ सकता है');
    expect(i18n.t('hi', 'ai-joined', { ...SAMPLES, seats: 1 })).toContain('1 सीट भर गई');
    expect(i18n.t('ru', 'ai-joined', { ...SAMPLES, seats: 2, max: 5 })).toContain('занято 2 из 5 мест');
  });
});
