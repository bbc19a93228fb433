import { FluentBundle, FluentResource } from '@fluent/bundle';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeButton, type ButtonAction } from '../src/callback-data';
import { LOCALES } from '../src/i18n';

/**
 * Every language has every message, with the same variables, plural forms for its own plural
 * categories, and texts that fit Telegram's limits once filled in with the longest names
 * Telegram allows (a first name is up to 64 characters).
 */
const DIR = new URL('../locales', import.meta.url).pathname;
const files = readdirSync(join(DIR, 'en')).filter((f) => f.endsWith('.ftl'));

interface Loaded {
  bundle: FluentBundle;
  /** message id → file */
  where: Map<string, string>;
  junk: string[];
}

function load(locale: string): Loaded {
  const bundle = new FluentBundle(locale, { useIsolating: false });
  const where = new Map<string, string>();
  const junk: string[] = [];
  for (const file of readdirSync(join(DIR, locale)).filter((f) => f.endsWith('.ftl'))) {
    const text = readFileSync(join(DIR, locale, file), 'utf8');
    const resource = new FluentResource(text);
    // FluentResource skips what it cannot parse without a word: count the entries declared.
    const declared = text.split('\n').filter((l) => /^-?[a-zA-Z][\w-]*\s*=/.test(l)).length;
    if (declared !== resource.body.length) junk.push(`${locale}/${file}: ${declared} entries, ${resource.body.length} parsed`);
    for (const e of bundle.addResource(resource)) junk.push(`${locale}/${file}: ${e.message}`);
    for (const m of resource.body) where.set(m.id, file);
  }
  return { bundle, where, junk };
}

const loaded = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<(typeof LOCALES)[number], Loaded>;

type Node = unknown;
const walk = (node: Node, visit: (n: Record<string, unknown>) => void): void => {
  if (Array.isArray(node)) for (const n of node) walk(n, visit);
  else if (node && typeof node === 'object') {
    visit(node as Record<string, unknown>);
    for (const v of Object.values(node)) walk(v, visit);
  }
};
const variablesOf = (pattern: Node) => {
  const out = new Set<string>();
  walk(pattern, (n) => {
    if (n.type === 'var') out.add(`$${n.name as string}`);
    if (n.type === 'mesg') out.add(n.name as string);
  });
  return [...out].sort();
};
const selectorsOf = (pattern: Node) => {
  const out: { variable: string; keys: string[] }[] = [];
  walk(pattern, (n) => {
    if (n.type === 'select') {
      const selector = n.selector as { name: string };
      const variants = n.variants as { key: { value: string | number } }[];
      out.push({ variable: selector.name, keys: variants.map((v) => String(v.key.value)) });
    }
  });
  return out;
};

const CLDR = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const english = loaded.en;
const ids = [...english.where.keys()];
/** Variables that are counted (plural selectors anywhere), else text. */
const numeric = new Set<string>();
for (const l of LOCALES) {
  for (const id of ids) {
    for (const s of selectorsOf(loaded[l].bundle.getMessage(id)?.value ?? null)) {
      if (s.keys.every((k) => !Number.isNaN(Number(k)) || CLDR.has(k))) numeric.add(s.variable);
    }
  }
}
const LONG_NAME = 'W'.repeat(64);
/** Realistic values where the variable is not a name: dice faces, a claim, a time. */
const SAMPLES: Record<string, string> = { faces: '⚅⚅', digits: '66', claim: '12 points', shown: '⚅⚅ 66', time: '23:59:59', until: ' — until 23:59:59 UTC' };
const allVariables = new Set(ids.flatMap((id) => variablesOf(english.bundle.getMessage(id)!.value).filter((v) => v.startsWith('$'))));
const args = (n: number): Record<string, string | number> =>
  Object.fromEntries(
    [...allVariables]
      .map((v) => v.slice(1))
      .map((k) => [k, numeric.has(k) ? n : (SAMPLES[k] ?? (/name|creator|player|user|bot/i.test(k) ? LONG_NAME : 'W'.repeat(20)))]),
  );
const format = (locale: (typeof LOCALES)[number], id: string, n: number) => {
  const message = loaded[locale].bundle.getMessage(id)!;
  const errors: Error[] = [];
  const text = loaded[locale].bundle.formatPattern(message.value!, args(n), errors);
  return { text, errors };
};
const POPUP = /^(popup|reject)-|-popup(-|$)/;

describe('translations', () => {
  it('are found: every file of English exists in each language', () => {
    expect(files.length).toBeGreaterThan(3);
    for (const l of LOCALES) for (const f of files) expect(loaded[l].where.size, `${l}/${f}`).toBeGreaterThan(0);
  });

  it.each(LOCALES)('%s parses cleanly', (locale) => {
    expect(loaded[locale].junk).toEqual([]);
  });

  it.each(LOCALES)('%s has exactly the English messages, each in the same file', (locale) => {
    const own = loaded[locale].where;
    expect(
      ids.filter((id) => !own.has(id)),
      'missing',
    ).toEqual([]);
    expect(
      [...own.keys()].filter((id) => !english.where.has(id)),
      'unknown to English',
    ).toEqual([]);
    for (const id of ids) expect(own.get(id), id).toBe(english.where.get(id));
  });

  it.each(LOCALES)('%s uses the same variables and message references as English', (locale) => {
    for (const id of ids) {
      const mine = loaded[locale].bundle.getMessage(id)?.value ?? null;
      expect(variablesOf(mine), id).toEqual(variablesOf(english.bundle.getMessage(id)!.value));
    }
  });

  it.each(LOCALES)('%s chooses plural forms by its own categories', (locale) => {
    const rules = new Intl.PluralRules(locale);
    const categories = rules.resolvedOptions().pluralCategories as string[];
    // The categories whole numbers fall in (fractions are never counted here): ru one/few/many,
    // sk one/few/other, af and hi one/other.
    const whole = new Set(Array.from({ length: 200 }, (_, n) => rules.select(n)));
    for (const id of ids) {
      for (const s of selectorsOf(loaded[locale].bundle.getMessage(id)!.value)) {
        // A selector on a string (e.g. a rule's name) is not a plural.
        if (!s.keys.every((k) => !Number.isNaN(Number(k)) || CLDR.has(k))) continue;
        for (const key of s.keys) if (Number.isNaN(Number(key))) expect(categories, `${id}: [${key}]`).toContain(key);
        for (const c of whole) expect(s.keys, `${id}: ${c}`).toContain(c);
      }
    }
  });

  it.each(LOCALES)('%s formats every message without errors, fitting Telegram’s limits', (locale) => {
    for (const id of ids) {
      for (const n of [0, 1, 2, 3, 5, 11, 21, 101]) {
        const { text, errors } = format(locale, id, n);
        expect(errors.map(String), `${id} (${n})`).toEqual([]);
        expect(text, id).not.toMatch(/\{\$|\bundefined\b|\[object/);
        // answerCallbackQuery: 0–200 characters; a message: 4096; a command description: 3–256.
        if (POPUP.test(id)) expect(text.length, `${id}: ${text}`).toBeLessThanOrEqual(200);
        if (id.startsWith('cmd-')) expect(text.length, id).toBeGreaterThanOrEqual(3);
        if (id.startsWith('cmd-')) expect(text.length, id).toBeLessThanOrEqual(256);
        expect(text.length, id).toBeLessThanOrEqual(4096);
      }
    }
  });

  it('is really translated: most messages differ from English in each other language', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const same = ids.filter((id) => format(locale, id, 2).text === format('en', id, 2).text);
      expect(same.length / ids.length, `${locale}: ${same.join(', ')}`).toBeLessThan(0.2);
    }
  });
});

describe('callback data', () => {
  it('fits Telegram’s 64 bytes for every button, with the longest values', () => {
    const gameId = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
    const actions: ButtonAction[] = [
      { op: 'join' },
      { op: 'leave' },
      { op: 'start' },
      { op: 'roll' },
      { op: 'rollBlind' },
      { op: 'believe' },
      { op: 'believeBlind' },
      { op: 'call' },
      { op: 'pass' },
      { op: 'giveUp' },
      { op: 'look' },
      { op: 'dice' },
      { op: 'announce', value: 21 },
      { op: 'announceBlind', value: 12 },
    ];
    for (const action of actions) {
      const data = encodeButton({ gameId, move: 2 ** 31 - 1, action });
      expect(Buffer.byteLength(data, 'utf8'), data).toBeLessThanOrEqual(64);
    }
  });
});
