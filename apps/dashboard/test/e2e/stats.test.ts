// Issue 14 in Chromium: the group page's rating boards and statistics, and the player page's
// story (rating history, bluff rate and right calls over time, tells, the heat map's diagonal,
// paged games), drawn with real data: charts have pixels in their lines' colours, no page is
// wider than the viewport at 375 px, axe-core is clean. Screenshots at 375 and 1280 px go to
// /tmp/shots/ (looked at by hand, not kept in the repository).
import { mkdirSync } from 'node:fs';
import { aiAction, strategyFor, type Action } from '@mia/engine';
import { aiPlayerId, recomputeTallies, type GameRecord } from '@mia/game';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, applied, BO, CLEO, group } from '../server/support';
import { axeViolations, installAxe, overflowOf, settled } from './audit';
import { browserAvailable, ensureSpaBuilt, launchBrowser, pageErrors, startDashboard, type Dashboard } from './support';

const SHOTS = '/tmp/shots';
const PEOPLE = -3001n;
const COMPUTERS = -3002n;
const GAMES = 14;
const DAY = 86_400_000;

describe.skipIf(!browserAvailable('dashboard statistics'))('ratings and statistics in Chromium', () => {
  let w: Dashboard;
  let browser: Browser;
  let people: string;
  let computers: string;

  /** A game played out by the calculator strategy for every seat, `daysAgo` days back. */
  async function play(chatId: bigint, seats: { id: string; name: string; ai?: boolean }[], daysAgo: number): Promise<GameRecord> {
    applied(await w.games.act({ chatId, user: ADA, action: { type: 'create', creator: ADA.id, settings: { lives: 2 } } }));
    for (const s of seats) {
      const user = { id: s.id, name: s.name, ...(s.ai ? { isAi: true } : {}) };
      applied(await w.games.act({ chatId, user, action: { type: 'join', player: s.id, name: s.name, ai: s.ai ?? false } }));
    }
    let game = applied(await w.games.act({ chatId, action: { type: 'start' } })).game;
    while (game.state.phase === 'playing') {
      const action: Action = aiAction(game.state, game.state.round!.actor, strategyFor('calculator'), w.dice.rng)!;
      game = applied(await w.games.act({ chatId, gameId: game.id, action })).game;
    }
    const at = new Date(Date.now() - daysAgo * DAY);
    await w.db.prisma.game.update({ where: { id: game.id }, data: { finishedAt: at } });
    await w.db.prisma.$executeRaw`UPDATE "RatingChange" SET at = ${at} WHERE "gameId" = ${game.id}`;
    // History edited behind the service's back: the chat's tallies are rebuilt, as an operator would.
    await recomputeTallies(w.db.prisma);
    return game;
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await ensureSpaBuilt();
    [w, browser] = await Promise.all([startDashboard(), launchBrowser()]);
    people = await group(w.games, PEOPLE, 'Dice night', true);
    computers = await group(w.games, COMPUTERS, 'Robots only', true);
    // Four weeks of games, every other day: the charts bucket them by week.
    for (let i = 0; i < GAMES; i++) await play(PEOPLE, [ADA, BO, CLEO], 2 * (GAMES - i));
    const robots = [
      { id: aiPlayerId('calculator', 0), name: 'Ada', ai: true },
      { id: aiPlayerId('bluffer', 1), name: 'Alan', ai: true },
      { id: aiPlayerId('honest', 2), name: 'Grace', ai: true },
    ];
    for (let i = 0; i < 3; i++) await play(COMPUTERS, robots, 3 - i);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  async function open(path: string, width: number): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US', colorScheme: 'light' });
    await installAxe(context);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${w.baseUrl}${path}`, { waitUntil: 'load' });
    await settled(page);
    return { page, errors, close: () => context.close() };
  }

  /** Pixels of a canvas drawn in the chart line's colour (the stylesheet's --chart-line): a line with data, not an empty frame. */
  const linePixels = (page: Page, selector: string) =>
    page.$$eval(selector, (canvases) =>
      canvases.map((c) => {
        const canvas = c as HTMLCanvasElement;
        const probe = document.createElement('canvas').getContext('2d')!;
        probe.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--chart-line').trim();
        probe.fillRect(0, 0, 1, 1);
        const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let n = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3]! > 200 && Math.abs(data[i]! - r!) < 24 && Math.abs(data[i + 1]! - g!) < 24 && Math.abs(data[i + 2]! - b!) < 24) n++;
        }
        return n;
      }),
    );

  /** Charts done animating: two frames after the last one stopped changing. */
  const chartsDrawn = (page: Page) =>
    page.evaluate(async () => {
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });

  /** Each part of the page on its own, readable at full size (a whole phone page is too tall to look at). */
  async function sections(page: Page, name: string, selectors: string[]): Promise<void> {
    for (const [i, selector] of selectors.entries())
      await page
        .locator(selector)
        .first()
        .screenshot({ path: `${SHOTS}/${name}-${i}.png` });
  }

  async function checkPage(page: Page, errors: string[], where: string): Promise<void> {
    const overflow = await overflowOf(page);
    expect(overflow.scrollWidth, `${where}: ${overflow.culprits.join(', ')}`).toBeLessThanOrEqual(overflow.innerWidth);
    expect(await axeViolations(page), where).toEqual([]);
    expect(errors, where).toEqual([]);
  }

  for (const width of [375, 1280]) {
    it(`group page at ${width} px: the rating board, and the group's statistics drawn with data when scrolled to`, async () => {
      const { page, errors, close } = await open(`/g/${people}`, width);
      try {
        const board = page.getByRole('table', { name: 'Rating leaderboard' });
        expect(await board.locator('tbody tr').count()).toBe(3);
        // 14 games each: no longer provisional, so no mark and no note.
        expect(await board.locator('.provisional-mark').count()).toBe(0);
        await page.locator('#group-stats-title').scrollIntoViewIfNeeded();
        const canvases = page.locator('.group-stats canvas');
        await expect.poll(() => canvases.count(), { timeout: 15_000 }).toBe(2);
        await chartsDrawn(page);
        const [rates, weeks] = await linePixels(page, '.group-stats canvas');
        expect(rates, 'rates line').toBeGreaterThan(50);
        expect(weeks, 'weekly bars').toBeGreaterThan(200);
        expect(await page.locator('.group-stats figcaption').first().innerText()).toMatch(/^Bluff rate by week from /);
        const values = page.getByRole('table', { name: 'Most announced values' });
        expect(await values.locator('tbody tr').count()).toBeGreaterThan(3);
        await checkPage(page, errors, `group ${width}`);
        await page.screenshot({ path: `${SHOTS}/group-${width}.png`, fullPage: true });
        await sections(page, `group-${width}`, ['.boards', '.group-stats']);
      } finally {
        await close();
      }
    }, 60_000);

    it(`player page at ${width} px: rating history, rates over time, tells, the heat map's diagonal, more games`, async () => {
      const { page, errors, close } = await open(`/g/${people}/players/${BO.id}`, width);
      try {
        await chartsDrawn(page);
        const [rating, rates] = await linePixels(page, 'main canvas');
        expect(rating, 'rating line').toBeGreaterThan(50);
        expect(rates, 'bluff-rate line').toBeGreaterThan(50);
        expect(await page.locator('#bluff-title ~ figure figcaption').innerText()).toMatch(/^Bluff rate by week from .*; ?|^Bluff rate by week from /);
        // The heat map: the same values on both axes, so each row's truthful cell is on the diagonal.
        const axes = await page.$$eval('table.heat-map', ([t]) => {
          const table = t as HTMLTableElement;
          const cols = [...table.tHead!.rows[0]!.cells].slice(1).map((c) => c.textContent);
          const rows = [...table.tBodies[0]!.rows].map((r) => r.cells[0]!.textContent);
          const diagonal = [...table.querySelectorAll('.heat-diagonal')].map((c) => [
            (c as HTMLTableCellElement).cellIndex,
            (c.parentElement as HTMLTableRowElement).sectionRowIndex + 1,
          ]);
          return { cols, rows, diagonal };
        });
        expect(axes.cols).toEqual(axes.rows);
        expect(axes.diagonal).toEqual(axes.rows.map((_, i) => [i + 1, i + 1]));
        expect(await page.getByRole('table', { name: 'Tells: how true each value is' }).locator('tbody tr').count()).toBeGreaterThan(3);
        const called = page.locator('dt', { hasText: 'Bluffs called' }).locator('..');
        expect(await called.innerText()).toMatch(/Called out \d+ times? when bluffing\s+Caught \d+ bluffs? of others/);
        // Recent games: ten, then the rest with "More games".
        const cards = page.locator('#recent-title ~ ul.card-list li.card');
        expect(await cards.count()).toBe(10);
        await page.getByRole('button', { name: 'More games' }).click();
        await expect.poll(() => cards.count()).toBe(GAMES);
        expect(await page.getByRole('button', { name: 'More games' }).count()).toBe(0);
        expect(await page.getByText(`Showing ${GAMES} of ${GAMES} games`).count()).toBe(1);
        await checkPage(page, errors, `player ${width}`);
        await page.screenshot({ path: `${SHOTS}/player-${width}.png`, fullPage: true });
        await sections(page, `player-${width}`, [
          '.stat-grid',
          'section:has(#rating-title)',
          'section:has(#bluff-title)',
          'section:has(#tells-title)',
          'section:has(#heat-title)',
        ]);
      } finally {
        await close();
      }
    }, 60_000);
  }

  it('a group of computer players only shows their ladder, not "No finished games"; a persona shows its strategy’s rating', async () => {
    const { page, errors, close } = await open(`/g/${computers}`, 375);
    try {
      const main = await page.locator('main').innerText();
      expect(main).not.toContain('No finished games in this group yet');
      expect(main).toContain('No person has finished a game here yet');
      const ladder = page.getByRole('table', { name: 'Computer ladder' });
      expect((await ladder.locator('tbody th').allInnerTexts()).map((t) => t.split('\n')[0]).sort()).toEqual(['Bluffer', 'Calculator', 'Honest']);
      expect(await ladder.locator('.provisional-mark').count()).toBe(3);
      expect(main).toContain('Provisional until 10 games');
      await checkPage(page, errors, 'computers 375');
      await page.screenshot({ path: `${SHOTS}/computers-375.png`, fullPage: true });
      await sections(page, 'computers-375', ['.boards']);
    } finally {
      await close();
    }
    const persona = await open(`/g/${computers}/players/${aiPlayerId('bluffer', 1)}`, 375);
    try {
      expect(await persona.page.locator('dt', { hasText: 'Rating of its strategy, Bluffer' }).count()).toBe(1);
      await chartsDrawn(persona.page);
      const [rating] = await linePixels(persona.page, 'main canvas');
      expect(rating).toBeGreaterThan(20);
      await checkPage(persona.page, persona.errors, 'persona 375');
    } finally {
      await persona.close();
    }
  }, 60_000);
});
