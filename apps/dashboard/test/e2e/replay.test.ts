// Issue 13, point 4, end to end: a game played through telegram-sim by the real bot, then its
// replay studied in headless Chromium: stepped with the keyboard, opened at a round's link,
// played by itself, watched in the spoiler-free mode; axe-core clean and no sideways scrolling at
// 320, 375 and 1280 px in both themes; screenshots at 375 and 1280 px, light and dark.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameReplay } from '../../shared/api';
import { dieFace } from '../../web/src/labels/claims';
import { axeViolations, installAxe } from './audit';
import {
  browserAvailable,
  ensureSpaBuilt,
  getJson,
  horizontalOverflow,
  launchBrowser,
  pageErrors,
  screenshotPath,
  startWorld,
  Table,
  type World,
} from './support';

const faces = (dice: readonly number[]) => dice.map((d) => dieFace(d)).join('');

describe.skipIf(!browserAvailable('replay e2e'))('a replay studied in Chromium', () => {
  let w: World;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token: string;
  let gameId: string;
  let replay: GameReplay;
  let url: string;

  beforeAll(async () => {
    await ensureSpaBuilt();
    [w, browser] = await Promise.all([startWorld(), launchBrowser()]);
    const table = await Table.seat(w, ['Ada', 'Bo', 'Cleo'], 'Replay night');
    await table.dashboardLink();
    token = (await w.games.chats.profile(table.chatId)).dashboardToken;
    await table.houseRules({ lives: 3, blindPass: true });
    // Round 1 as scripted: Ada rolls 42 and says so; Bo believes, rolls 65 and says 53; Cleo calls
    // wrongly. Then the calculator AI to the end, on seeded dice.
    const game = await table.open(0, [4, 2]);
    gameId = game.id;
    await table.play({ type: 'announce', value: 42 });
    await table.play({ type: 'believe', dice: [6, 5] });
    await table.play({ type: 'announce', value: 53 });
    await table.play({ type: 'call', next: [3, 1] });
    const finished = await table.playToEnd();
    expect(finished.state.phase).toBe('over');
    replay = await getJson<GameReplay>(`${w.baseUrl}/api/g/${token}/games/${gameId}`);
    url = `${w.baseUrl}/g/${token}/games/${gameId}`;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' });
    page = await context.newPage();
    errors = pageErrors(page);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await w?.close();
  });

  const board = () => page.locator('section.replay-board');
  const params = () => new URL(page.url()).searchParams;
  const at = () => `${params().get('round')}/${params().get('step')}`;
  const calls = () => board().locator('li.replay-call');
  /** The board shows this step, and the address says so (a navigation renders as a transition). */
  const showing = (round: number, step: number) =>
    page.waitForFunction(
      ([r, s]) => {
        const q = new URLSearchParams(location.search);
        const b = document.querySelector<HTMLElement>('section.replay-board');
        return q.get('round') === r && q.get('step') === s && !!b && b.dataset.round === r && b.dataset.step === s;
      },
      [String(round), String(step)],
      { timeout: 5000 },
    );

  it('steps through the game with the keyboard, the address following', async () => {
    await page.goto(url);
    await board().waitFor();
    expect(await board().locator('h2').innerText()).toBe('Round 1');
    expect(await board().innerText()).toContain('Ada starts the round.');
    expect(await board().locator('li.table-seat.seat-turn').innerText()).toContain('Ada');

    await page.keyboard.press('ArrowRight');
    await showing(1, 1);
    expect(await calls().allInnerTexts()).toEqual([expect.stringMatching(/^Ada: 42\s+dice: ⚃⚁\s+✓ truthful$/)]);
    // The cup went to Bo, and Ada's claim is by her seat.
    expect(await board().locator('li.table-seat.seat-turn').innerText()).toContain('Bo');
    expect(await board().locator('li.table-seat', { hasText: 'Ada' }).locator('.bubble').innerText()).toContain('42');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await showing(1, 3);
    const reveal = board().locator('.replay-play .round-outcome .reveal');
    expect(await reveal.innerText()).toMatch(/^Cleo calls liar: ⚅⚄ — the announcement held$/);
    expect(await board().locator('.replay-play .round-outcome .loss').innerText()).toContain('Cleo loses a life (wrong call)');
    const cleo = board().locator('li.table-seat', { hasText: 'Cleo' });
    expect(await cleo.locator('.lives').getAttribute('aria-label')).toBe('2 lives');
    expect(await cleo.locator('.seat-loss').innerText()).toBe('−1 ❤️');
    expect(await board().locator('.table-dice').textContent()).toBe(faces([6, 5]));

    await page.keyboard.press('Shift+ArrowRight');
    await showing(2, 0);
    expect(await board().locator('h2').innerText()).toBe('Round 2');
    await page.keyboard.press('End');
    const last = replay.rounds.at(-1)!;
    await showing(last.number, last.announcements.length + 1);
    const winner = replay.players.find((p) => p.userId === replay.winnerId)!.name;
    expect(await board().locator('.replay-winner').innerText()).toContain(`${winner} wins!`);
    await page.keyboard.press('Home');
    await showing(1, 0);
    // Keys typed into a form control stay there.
    await page.getByRole('checkbox', { name: /Spoiler-free/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    expect(at()).toBe('1/0');
    // The screen reader hears the step.
    await page.getByRole('button', { name: 'Next step' }).click();
    await showing(1, 1);
    expect(await page.locator('main [aria-live="polite"]').innerText()).toBe('Round 1, Announcement 1 of 2. Ada: 42.');
    expect(errors).toEqual([]);
  });

  it('opens a round’s link there, and every round has one', async () => {
    const round = replay.rounds[2]!;
    await page.goto(`${url}?round=${round.number}&step=1`);
    await board().waitFor();
    expect(await board().locator('h2').innerText()).toBe(`Round ${round.number}`);
    expect(await calls().count()).toBe(1);
    expect(await calls().first().locator('.dice > span').textContent()).toBe(faces(round.announcements[0]!.dice));
    const index = page.getByRole('navigation', { name: 'Round by round' });
    expect(await index.getByRole('link').count()).toBe(replay.rounds.length);
    expect(await index.locator('a[aria-current="true"]').innerText()).toBe(String(round.number));
    await index.getByRole('link', { name: 'Round 2', exact: true }).click();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('section.replay-board')?.dataset.round === '2');
    expect(new URL(page.url()).search).toBe('?round=2');
    expect(await board().locator('h2').innerText()).toBe('Round 2');
    // Back returns to the step before the link (a round link is a history entry, steps are not).
    await page.goBack();
    await showing(round.number, 1);
    await page.goForward();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('section.replay-board')?.dataset.round === '2');
    // Quick presses, faster than the page renders, each count.
    for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
    const target = 5;
    const steps = replay.rounds.flatMap((r) => Array.from({ length: r.announcements.length + 2 }, (_, s) => [r.number, s] as const));
    const from = steps.findIndex(([r, s]) => r === 2 && s === 0);
    await showing(...steps[from + target]!);
    // A round on the chart: a click there goes to its end.
    const canvas = page.locator('section.replay-lives canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
    const last = replay.rounds.at(-1)!;
    await showing(last.number, last.announcements.length + 1);
    expect(errors).toEqual([]);
  });

  it('plays by itself and stops at the end', async () => {
    const last = replay.rounds.at(-1)!;
    await page.goto(`${url}?round=${last.number}&step=0`);
    await board().waitFor();
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('4');
    await page.getByRole('button', { name: 'Play' }).click();
    // 0.5 s a step: the end of the game within a few seconds, then it stops by itself.
    await page.waitForFunction((s) => document.querySelector<HTMLElement>('section.replay-board')?.dataset.step === s, String(last.announcements.length + 1), {
      timeout: 10_000,
    });
    await page.getByRole('button', { name: 'Play' }).waitFor();
    expect(await page.getByRole('button', { name: 'Play' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('in the spoiler-free mode shows no die before its round’s reveal, and no winner before the end', async () => {
    await page.goto(`${url}?round=1&step=2`);
    await board().waitFor();
    await page.getByRole('checkbox', { name: /Spoiler-free/ }).check();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('spoilers') === 'hidden');
    await board().locator('.replay-dice-hidden').first().waitFor();
    const winner = replay.players.find((p) => p.userId === replay.winnerId)!.name;
    const main = page.locator('main');
    expect(await board().locator('.dice').count()).toBe(0);
    expect(await board().locator('.mark').count()).toBe(0);
    expect(await board().getByRole('img', { name: 'dice hidden until the reveal' }).count()).toBe(2);
    expect(await main.innerText()).not.toContain(`${winner} won`);
    expect(await main.innerText()).not.toContain('wins!');
    expect(await page.title()).toBe('Game replay · Mia');
    // The reveal opens the round's cups. (Focus is on the switch, where the arrows are its own.)
    await page.keyboard.press('ArrowRight');
    expect(at()).toBe('1/2');
    await page.getByRole('button', { name: 'Next step' }).click();
    await showing(1, 3);
    expect(await board().locator('li.replay-call .dice > span').allTextContents()).toEqual(replay.rounds[0]!.announcements.map((a) => faces(a.dice)));
    // Reloaded: still on (the address and the stored choice).
    await page.reload();
    await board().waitFor();
    expect(await page.getByRole('checkbox', { name: /Spoiler-free/ }).isChecked()).toBe(true);
    await page.keyboard.press('End');
    await main.getByText(`${winner} won`).waitFor();
    expect(errors).toEqual([]);
  });

  // One test per theme and width, so each stays far inside its timeout on a busy machine (all six
  // in one took 19 s quiet and passed 60 s in a loaded CI run).
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [320, 375, 1280]) {
      it(`${colorScheme} at ${width} px: fits, ${width <= 375 ? 'stays short on a phone, ' : ''}is axe-clean${width !== 320 ? '; screenshots' : ''}`, async () => {
        const report: string[] = [];
        const ctx = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-US', colorScheme, reducedMotion: 'reduce' });
        await installAxe(ctx);
        try {
          const p = await ctx.newPage();
          const pErrors = pageErrors(p);
          for (const [mode, search] of [
            ['spoiler-free', '?round=1&step=2&spoilers=hidden'],
            ['reveal', '?round=1&step=3'],
          ] as const) {
            await p.goto(`${url}${search}`);
            await p.locator('section.replay-board').waitFor();
            await p.locator('section.replay-lives canvas').waitFor();
            await p.evaluate(() => document.fonts.ready);
            const o = await horizontalOverflow(p);
            expect(o.scrollWidth, `${colorScheme} ${width} ${mode}: ${o.widest.join(', ')}`).toBeLessThanOrEqual(o.clientWidth);
            expect(await axeViolations(p), `${colorScheme} ${width} ${mode}`).toEqual([]);
            const height = await p.evaluate(() => document.documentElement.scrollHeight);
            report.push(`${mode} ${height} px tall`);
            if (width <= 375) expect(height, `${width} px ${mode}`).toBeLessThan(2600);
            if (width !== 320) await p.screenshot({ path: screenshotPath(`replay-${width}-${colorScheme}-${mode}`), fullPage: true });
          }
          expect(pErrors).toEqual([]);
        } finally {
          await ctx.close();
        }
        console.info(`replay e2e (${replay.rounds.length} rounds), ${colorScheme} ${width} px: ${report.join(', ')}`);
      });
    }
  }

  it('fits a 320 px phone in every language', async () => {
    for (const locale of ['ru-RU', 'sk-SK', 'af-ZA', 'hi-IN']) {
      const ctx = await browser.newContext({ viewport: { width: 320, height: 800 }, locale, colorScheme: 'light', reducedMotion: 'reduce' });
      try {
        const p = await ctx.newPage();
        await p.goto(`${url}?round=1&step=3`);
        await p.locator('section.replay-board .replay-play .round-outcome').waitFor();
        await p.locator('section.replay-lives canvas').waitFor();
        await p.waitForFunction((lang) => document.documentElement.lang === lang, locale.slice(0, 2));
        await p.evaluate(() => document.fonts.ready);
        const o = await horizontalOverflow(p);
        expect(o.scrollWidth, `${locale}: ${o.widest.join(', ')}`).toBeLessThanOrEqual(o.clientWidth);
        if (locale === 'ru-RU' || locale === 'hi-IN') await p.screenshot({ path: screenshotPath(`replay-320-light-${locale.slice(0, 2)}`), fullPage: true });
      } finally {
        await ctx.close();
      }
    }
  });
});
