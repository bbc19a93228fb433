// Issue 6, end to end: the odds page in headless Chromium — the preset tables, switching to
// Russian, the dark theme (kept across a reload), and a 360 px wide phone without sideways scroll.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OddsTables } from '../../shared/api';
import en from '../../web/src/locales/en.json';
import ru from '../../web/src/locales/ru.json';
import {
  browserAvailable,
  ensureSpaBuilt,
  getJson,
  horizontalOverflow,
  launchBrowser,
  pageErrors,
  screenshotPath,
  startDashboard,
  type Dashboard,
} from './support';

/** The page's background (on <html>) as [r, g, b]. */
const background = (page: Page) =>
  page.evaluate(() => {
    const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(document.documentElement).backgroundColor);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [];
  });
const luminance = ([r = 0, g = 0, b = 0]: number[]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

describe.skipIf(!browserAvailable('dashboard e2e'))('the odds page in Chromium: presets, language, theme, phone width', () => {
  let d: Dashboard;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let odds: OddsTables;

  beforeAll(async () => {
    await ensureSpaBuilt();
    [d, browser] = await Promise.all([startDashboard(), launchBrowser()]);
    odds = await getJson<OddsTables>(`${d.baseUrl}/api/odds`);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' });
    page = await context.newPage();
    errors = pageErrors(page);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await d?.close();
  });

  it('renders a table per ranking preset with the API’s percentages', async () => {
    await page.goto(`${d.baseUrl}/odds`);
    await page.locator('h1', { hasText: en.odds.title }).waitFor();
    const sections = page.locator('.odds-grid section.odds');
    await sections.first().waitFor();
    expect(odds.presets.map((p) => p.preset)).toEqual(['classic', 'rules-site', 'meyer']);
    expect(await sections.count()).toBe(odds.presets.length);
    for (const [i, preset] of odds.presets.entries()) {
      const section = sections.nth(i);
      expect(await section.locator('h2').innerText()).toBe(en.odds.preset[preset.preset]);
      const rows = section.locator('tbody tr');
      expect(await rows.count()).toBe(preset.rows.length);
      const shown = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td .num')!.textContent));
      const fmt = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });
      expect(shown).toEqual(preset.rows.map((r) => fmt.format(r.percent / 100)));
    }
    // Classic, best first: Mia (nothing beats it), then 66; the last row is 31 (most rolls beat it).
    const classic = sections.nth(0).locator('tbody tr');
    expect(await classic.first().locator('th').innerText()).toMatch(/^Mia\s+⚁⚀$/);
    expect(await classic.first().locator('td .num').innerText()).toBe('0%');
    expect(await classic.nth(1).locator('th').innerText()).toMatch(/^66\s+⚅⚅$/);
    expect(await classic.last().locator('th').innerText()).toMatch(/^31\s+⚂⚀$/);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: screenshotPath('7-odds'), fullPage: true });
  });

  it('switches to Russian: the page’s texts change, and <html lang> with them', async () => {
    const language = page.locator('.language-switcher select');
    expect(await language.inputValue()).toBe('en');
    await language.selectOption('ru');
    await page.locator('h1', { hasText: ru.odds.title }).waitFor({ timeout: 3000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await page.locator('.odds-grid section.odds h2').allInnerTexts()).toEqual(odds.presets.map((p) => ru.odds.preset[p.preset]));
    expect(await page.locator('.odds-grid section.odds').first().locator('thead th').allInnerTexts()).toEqual([
      ru.odds.col.rank,
      ru.odds.col.claim,
      ru.odds.col.beaten,
    ]);
    expect(await page.locator('nav').innerText()).toContain(ru.app.nav.home);
    expect(await page.locator('.theme-toggle').innerText()).toContain(ru.app.darkTheme);
    expect(await page.locator('footer').innerText()).toBe(ru.app.footer);
    expect(await page.locator('main').innerText()).not.toContain(en.odds.intro);
    // The longer Russian headers still fit: the page does not scroll sideways, and no table runs
    // over the next one.
    const o = await horizontalOverflow(page);
    expect(o.scrollWidth, o.widest.join(', ')).toBeLessThanOrEqual(o.clientWidth);
    const boxes = await page.locator('.odds-grid section.odds').evaluateAll((sections) =>
      sections.map((s) => ({
        left: Math.round(s.getBoundingClientRect().left),
        tableRight: Math.round(s.querySelector('table')!.getBoundingClientRect().right),
      })),
    );
    for (const [i, b] of boxes.slice(0, -1).entries()) expect(b.tableRight).toBeLessThanOrEqual(boxes[i + 1]!.left);
    await page.screenshot({ path: screenshotPath('8-odds-ru'), fullPage: true });
  });

  it('turns the dark theme on and off, and keeps the choice (and the language) across a reload', async () => {
    const toggle = page.locator('.theme-toggle');
    const light = await background(page);
    expect(luminance(light)).toBeGreaterThan(0.8);
    // The button names what a press does: the other theme.
    expect(await toggle.innerText()).toContain(ru.app.darkTheme);
    expect(await page.evaluate(() => document.documentElement.dataset.theme ?? null)).toBe(null);

    await toggle.click();
    expect(await toggle.innerText()).toContain(ru.app.lightTheme);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const dark = await background(page);
    expect(luminance(dark)).toBeLessThan(0.2);
    // The text turned light with it (readable on the dark background).
    const text = await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).color);
    const rgb = /rgba?\((\d+), (\d+), (\d+)/.exec(text)!.slice(1).map(Number);
    expect(luminance(rgb)).toBeGreaterThan(0.6);
    await page.screenshot({ path: screenshotPath('8-odds-ru-dark'), fullPage: true });

    await page.reload();
    await page.locator('h1', { hasText: ru.odds.title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('.theme-toggle').innerText()).toContain(ru.app.lightTheme);

    await page.locator('.theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await background(page)).toEqual(light);
    expect(errors).toEqual([]);
  });

  it('has no horizontal scroll at 360 px wide (odds, home and an empty group page)', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US', colorScheme: 'dark' });
    try {
      const small = await phone.newPage();
      const smallErrors = pageErrors(small);
      const token = (await d.games.chats.profile(-100777n, { title: 'A group with a rather long title for a small phone screen', type: 'supergroup' }))
        .dashboardToken;
      const pages = [
        { name: 'odds', path: '/odds', ready: '.odds-grid section.odds' },
        { name: 'home', path: '/', ready: 'h1' },
        { name: 'group', path: `/g/${token}`, ready: '.connection-open' },
      ];
      const overflows: string[] = [];
      for (const p of pages) {
        await small.goto(`${d.baseUrl}${p.path}`);
        await small.locator(p.ready).first().waitFor();
        const o = await horizontalOverflow(small);
        if (o.scrollWidth > o.clientWidth) overflows.push(`${p.name}: scrollWidth ${o.scrollWidth} > ${o.clientWidth}: ${o.widest.join(', ')}`);
        await small.screenshot({ path: screenshotPath(`9-phone-${p.name}`), fullPage: p.name !== 'odds' });
      }
      // In Russian too: its column headers are the longest.
      await small.goto(`${d.baseUrl}/odds`);
      await small.locator('.language-switcher select').selectOption('ru');
      await small.locator('h1', { hasText: ru.odds.title }).waitFor();
      const o = await horizontalOverflow(small);
      if (o.scrollWidth > o.clientWidth) overflows.push(`odds (ru): scrollWidth ${o.scrollWidth} > ${o.clientWidth}: ${o.widest.join(', ')}`);
      await small.screenshot({ path: screenshotPath('9-phone-odds-ru') });
      expect(overflows).toEqual([]);
      // The system's dark preference applies without a stored choice.
      expect(luminance(await background(small))).toBeLessThan(0.2);
      expect(smallErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
