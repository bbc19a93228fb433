// Issue 13, points 1 and 8 over the whole dashboard, in headless Chromium: every page (index,
// odds, group, live, replay, player, and each kind of "not found") in both themes at 375 and
// 1280 px is axe-core clean, no page is wider than the viewport at 320, 375 and 1280 px, and Tab
// reaches every link and button of the group page with a visible focus indicator. The world: a
// public group with finished games and a game in play, played by the real bot in telegram-sim.
// A short table of the results is printed; screenshots at 375 px go to test/e2e/screenshots/.
import { rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { recomputeTallies } from '@mia/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, focusablesInMain, installAxe, overflowOf, settled, tabThrough, type AxeViolation, type Overflow } from './audit';
import type { PlayerPage } from '../../shared/api';
import { browserAvailable, getJson, launchBrowser, pageErrors, screenshotPath, spaSnapshot, startWorld, Table, type World } from './support';

type Theme = 'light' | 'dark';
const WIDTHS = [320, 375, 1280] as const;
/** axe runs at these widths; the overflow check at all three. */
const AXE_WIDTHS: readonly number[] = [375, 1280];

interface Row {
  page: string;
  theme: Theme;
  width: number;
  overflow: Overflow;
  axe: AxeViolation[] | null;
  errors: string[];
  /** The player page's heat map: the table's width and its scroll container's. */
  heat?: { table: number; container: number } | null;
}

describe.skipIf(!browserAvailable('dashboard pages'))('every page: axe-core clean, no horizontal overflow, keyboard usable', () => {
  let w: World;
  let browser: Browser;
  let pages: { name: string; path: string }[] = [];
  let webRoot: string | undefined;
  let chatId: bigint;
  const rows: Row[] = [];

  beforeAll(async () => {
    // Its own copy of the build: the suite takes minutes, and a rebuild must not pull the
    // scripts from under a page it is loading.
    webRoot = await spaSnapshot();
    [w, browser] = await Promise.all([startWorld({ webRoot }), launchBrowser()]);
    // Two finished games (leaderboard, replays, statistics) and one in play, listed publicly.
    // The first is long enough for a heat map wider than a phone (the one that once widened
    // the player page): many rounds, many different rolls.
    const table = await Table.seat(w, ['Ada', 'Bo', 'Cleo'], 'Dice night');
    await table.houseRules({ lives: 6 });
    await table.open(0, [4, 2]);
    const firstId = (await table.playToEnd()).id;
    // Finished five days before the other: the statistics over time have two points.
    await w.db.prisma.game.update({ where: { id: firstId }, data: { finishedAt: new Date(Date.now() - 5 * 86_400_000) } });
    await recomputeTallies(w.db.prisma); // history edited behind the service's back
    await table.houseRules({ lives: 2 });
    await table.open(2, [6, 1]);
    const finishedId = (await table.playToEnd()).id;
    await table.open(1, [5, 3]);
    await table.play({ type: 'announce', value: 53 });
    await table.play({ type: 'believe', dice: [6, 2] });
    await w.games.chats.setListedPublicly(table.chatId, true);
    chatId = table.chatId;
    const token = (await w.games.chats.profile(table.chatId)).dashboardToken;
    // The player whose heat map has the most columns.
    const columns = async (id: string) =>
      new Set((await getJson<PlayerPage>(`${w.baseUrl}/api/g/${token}/players/${id}`)).announcedVsActual.map((c) => c.actual)).size;
    const ids = table.players.map((p) => String(p.id));
    const widths = await Promise.all(ids.map(columns));
    const playerId = ids[widths.indexOf(Math.max(...widths))]!;
    pages = [
      { name: 'index', path: '/' },
      { name: 'odds', path: '/odds' },
      { name: 'group', path: `/g/${token}` },
      { name: 'live', path: `/g/${token}/live` },
      { name: 'replay', path: `/g/${token}/games/${finishedId}` },
      { name: 'player', path: `/g/${token}/players/${playerId}` },
      { name: '404 group', path: `/g/${'x'.repeat(24)}` },
      { name: '404 game', path: `/g/${token}/games/no-such-game` },
      { name: '404 player', path: `/g/${token}/players/424242` },
      { name: '404 page', path: '/no/such/page' },
    ];
  }, 300_000);

  afterAll(async () => {
    if (rows.length > 0)
      console.info(`dashboard pages in Chromium (axe-core ${AXE_WIDTHS.join(' and ')} px; overflow ${WIDTHS.join(', ')} px):\n${table(rows)}`);
    await browser?.close();
    await w?.close();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  });

  /**
   * One context per theme and width. Light is the system's default; dark comes from the system
   * preference at 375 px and from a stored choice (<html data-theme>) at 320 and 1280 px: the
   * stylesheet has a block for each, and both are checked.
   */
  async function contextFor(theme: Theme, width: number): Promise<BrowserContext> {
    const stored = theme === 'dark' && width !== 375;
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      locale: 'en-US',
      colorScheme: theme === 'dark' && !stored ? 'dark' : 'light',
    });
    if (stored) await context.addInitScript(() => localStorage.setItem('mia.theme', 'dark'));
    await installAxe(context);
    return context;
  }

  /** One page loaded and measured; a page that does not load or settle is a problem of its own. */
  async function check(page: Page, theme: Theme, width: number, name: string, path: string): Promise<Row | string> {
    const where = `${name} · ${theme} · ${width} px`;
    const errors = pageErrors(page);
    try {
      const response = await page.goto(`${w.baseUrl}${path}`, { waitUntil: 'load' });
      if (response?.status() !== 200) return `${where}: the SPA page answered ${response?.status()}`;
      await settled(page);
      if (name === 'group') {
        // The group's statistics load when scrolled to: checked with their charts drawn.
        await page.locator('#group-stats-title').scrollIntoViewIfNeeded();
        await page.locator('.group-stats canvas').nth(1).waitFor({ timeout: 15_000 });
        await settled(page);
      }
    } catch (e) {
      return `${where}: did not load: ${String(e).split('\n')[0]}; main reads ${JSON.stringify(
        (
          await page
            .locator('body')
            .innerText()
            .catch(() => '')
        ).slice(0, 160),
      )}`;
    }
    const scheme = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
    if (scheme !== theme) return `${where}: the page's colour scheme is ${scheme}`;
    const row: Row = {
      page: name,
      theme,
      width,
      overflow: await overflowOf(page),
      axe: AXE_WIDTHS.includes(width) ? await axeViolations(page) : null,
      // 404 answers of the API are expected on the not-found pages; nothing else may be logged.
      errors: errors.filter((e) => !(name.startsWith('404') && /status of 404/.test(e))),
    };
    if (name === 'player') {
      row.heat = await page.evaluate(() => {
        const table = document.querySelector('table.heat-map');
        return table ? { table: table.scrollWidth, container: table.parentElement!.clientWidth } : null;
      });
    }
    rows.push(row);
    if (width === 375 && ['group', 'live', 'replay', 'player', '404 game'].includes(name)) {
      await page.screenshot({ path: screenshotPath(`pages-375-${theme}-${name.replace(/\s+/g, '-')}`), fullPage: true });
    }
    return row;
  }

  for (const theme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      it(`${theme} theme at ${width} px: ${AXE_WIDTHS.includes(width) ? 'axe-core clean, ' : ''}no page wider than the viewport`, async () => {
        const context = await contextFor(theme, width);
        try {
          const page = await context.newPage();
          const failures: string[] = [];
          for (const p of pages) {
            const r = await check(page, theme, width, p.name, p.path);
            failures.push(...(typeof r === 'string' ? [r] : problems(r)));
          }
          expect(failures, failures.join('\n')).toEqual([]);
        } finally {
          await context.close();
        }
      }, 240_000);
    }
  }

  it('refuses an inline script, as its CSP says (axe-core comes in through the DevTools protocol instead)', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${w.baseUrl}/`, { waitUntil: 'load' });
      await expect(page.addScriptTag({ content: 'window.injected = true' })).rejects.toThrow(/Content Security Policy/);
      expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('Tab reaches every link and button of the group page, each with a visible focus indicator', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await contextFor(theme, 1280);
      try {
        const page = await context.newPage();
        await page.goto(`${w.baseUrl}${pages.find((p) => p.name === 'group')!.path}`, { waitUntil: 'load' });
        await settled(page);
        const expected = await focusablesInMain(page);
        const stops = await tabThrough(page);
        // The skip link comes first and leads into <main>.
        expect(stops[0]?.what).toMatch(/^a "Skip to content" → #main/);
        const invisible = stops.filter((s) => !s.visible).map((s) => s.what);
        expect(invisible, `${theme}: focus not visible on`).toEqual([]);
        const reached = new Set(stops.map((s) => s.key));
        const missed = await page.evaluate(
          (keys) => keys.map((k) => document.querySelector(`[data-tab-key="${k}"]`)?.outerHTML.slice(0, 120) ?? k),
          expected.filter((k) => !reached.has(k)),
        );
        expect(missed, `${theme}: not reached by Tab`).toEqual([]);
        expect(stops.filter((s) => s.inMain).length).toBeGreaterThanOrEqual(expected.length);
        if (theme === 'light') console.info(`group page, Tab order (${stops.length} stops):\n  ${stops.map((s) => s.what).join('\n  ')}`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  // Last: it renews the group's link, which the pages above use.
  it('turns an open group page into "not found" when an admin renews the link (close code 4004), and stops reconnecting', async () => {
    const context = await contextFor('light', 375);
    try {
      const page = await context.newPage();
      const errors = pageErrors(page);
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));
      await page.goto(`${w.baseUrl}${pages.find((p) => p.name === 'group')!.path}`, { waitUntil: 'load' });
      await settled(page);
      await page.locator('.connection-open').first().waitFor();
      const groupSockets = () => sockets.filter((u) => u.includes('/api/g/')).length;
      expect(groupSockets()).toBe(1);

      await w.games.chats.rotateDashboardToken(chatId);
      await page.locator('main h1', { hasText: 'This link no longer works' }).waitFor({ timeout: 5_000 });
      expect(await page.locator('main').innerText()).toContain('An admin renewed this group’s dashboard link');
      expect(await page.locator('main a', { hasText: 'Back to the public groups' }).getAttribute('href')).toBe('/');
      // The page fetched the group again (404) instead of reconnecting: still the one socket.
      expect(groupSockets()).toBe(1);
      expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      await page.screenshot({ path: screenshotPath('pages-375-light-link-renewed'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});

/** What fails in a row, each naming the page, theme, width and rule or element. */
function problems(r: Row): string[] {
  const where = `${r.page} · ${r.theme} · ${r.width} px`;
  const out: string[] = [];
  if (r.overflow.scrollWidth > r.overflow.innerWidth) {
    out.push(`${where}: ${r.overflow.scrollWidth} px wide in a ${r.overflow.innerWidth} px viewport; sticking out: ${r.overflow.culprits.join(', ')}`);
  }
  for (const v of r.axe ?? []) out.push(`${where}: axe ${v.id} (${v.impact}, ${v.count}×) ${v.help}\n    ${v.nodes.join('\n    ')}`);
  for (const e of r.errors) out.push(`${where}: ${e}`);
  // On a phone the heat map must be wider than its container, or the world does not test that
  // it scrolls inside it (rather than widening the page).
  if (r.heat === null) out.push(`${where}: no heat map on the player page`);
  else if (r.heat && r.width <= 375 && r.heat.table <= r.heat.container) {
    out.push(`${where}: the heat map (${r.heat.table} px) fits its container (${r.heat.container} px): the world does not test its scrolling`);
  }
  return out;
}

/** One line per page and theme: the overflow at each width and the axe violations at each. */
function table(rows: Row[]): string {
  const names = [...new Set(rows.map((r) => r.page))];
  const head = `${'page'.padEnd(11)} ${'theme'.padEnd(5)} ${WIDTHS.map((x) => `${x}px`.padEnd(12)).join(' ')}`;
  const lines = names.flatMap((name) =>
    (['light', 'dark'] as const).map((theme) => {
      const cells = WIDTHS.map((width) => {
        const r = rows.find((x) => x.page === name && x.theme === theme && x.width === width);
        if (!r) return '—'.padEnd(12);
        const fits = r.overflow.scrollWidth <= r.overflow.innerWidth ? 'fits' : `+${r.overflow.scrollWidth - r.overflow.innerWidth}px`;
        const axe = r.axe === null ? '' : r.axe.length === 0 ? ' axe ok' : ` axe ${r.axe.length}✗`;
        return `${fits}${axe}`.padEnd(12);
      });
      return `${name.padEnd(11)} ${theme.padEnd(5)} ${cells.join(' ')}`;
    }),
  );
  return [head, ...lines].join('\n');
}
