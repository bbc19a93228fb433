// Issue 6, end to end: a game played through telegram-sim by the real bot, watched in headless
// Chromium on the dashboard (sharing the bot's GameService): the live table, a lost life without a
// reload, the replay, a player's charts, and no unrevealed die reaching the browser.
import type { GameEvent } from '@mia/engine';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameReplay, LiveMessage, PlayerPage } from '../../shared/api';
import en from '../../web/src/locales/en.json';
import { percent } from '../../web/src/labels/format';
import { dieFace } from '../../web/src/labels/claims';
import {
  browserAvailable,
  ensureSpaBuilt,
  getJson,
  horizontalOverflow,
  launchBrowser,
  leaksIn,
  liveGamesIn,
  pageErrors,
  screenshotPath,
  startWorld,
  Table,
  type World,
} from './support';
import { settled } from './audit';

const faces = (dice: readonly number[]) => dice.map((d) => dieFace(d)).join('');
/** Texts as read, whatever the layout's line breaks. */
const oneLine = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ' ').trim());

describe.skipIf(!browserAvailable('dashboard e2e'))('a game played in Telegram, watched on the dashboard in Chromium', () => {
  let w: World;
  let table: Table;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let link: string;
  let token: string;
  let gameId: string;
  /** Everything the page received while the game ran. */
  const frames: { url: string; payload: string; at: number }[] = [];
  const apiBodies: Promise<{ url: string; status: number; body: string }>[] = [];
  let documentRequests = 0;
  let collecting = true;

  beforeAll(async () => {
    await ensureSpaBuilt();
    [w, browser] = await Promise.all([startWorld(), launchBrowser()]);
    table = await Table.seat(w, ['Ada', 'Bo', 'Cleo'], 'Dice night');
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' });
    page = await context.newPage();
    errors = pageErrors(page);
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => {
        if (collecting) frames.push({ url: ws.url(), payload: typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'), at: Date.now() });
      });
    });
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documentRequests++;
    });
    page.on('response', (r: Response) => {
      if (!collecting || !new URL(r.url()).pathname.startsWith('/api/')) return;
      apiBodies.push(r.text().then((body) => ({ url: r.url(), status: r.status(), body })));
    });
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await w?.close();
  });

  const livesOf = (name: string) => page.locator('ol.seats li', { hasText: name }).locator('.lives > span');
  /** Lives as the seat list shows them: a heart and the count, never a die face. */
  const hearts = (n: number) => `❤️ ${n}`;

  it("opens the group's page from the bot's /dashboard link; the table appears when the game starts", async () => {
    link = await table.dashboardLink();
    token = (await w.games.chats.profile(table.chatId)).dashboardToken;
    expect(link).toBe(`${w.baseUrl}/g/${token}`);
    // House rules for a short game: three lives, blind passes allowed.
    await table.houseRules({ lives: 3, blindPass: true });

    await page.goto(link);
    await page.locator('h1', { hasText: 'Dice night' }).waitFor();
    await page.locator('.connection-open').waitFor();
    await page.locator('.live-tables .empty').waitFor();
    expect(await page.locator('p.rules').innerText()).toMatch(/^Rules: 3 lives · .*blind pass on/);

    // /newgame; Ada starts (the start's draw is forced) and rolls at once, as every round's starter
    // does: 42.
    const game = await table.open(0, [4, 2]);
    gameId = game.id;
    const live = page.locator('article.live-table');
    await live.locator('h3', { hasText: 'Round 1' }).waitFor({ timeout: 3000 });
    await expect(page.locator('ol.seats li').allInnerTexts()).resolves.toEqual([
      expect.stringContaining('Ada'),
      expect.stringContaining('Bo'),
      expect.stringContaining('Cleo'),
    ]);
    for (const name of ['Ada', 'Bo', 'Cleo']) expect(await livesOf(name).textContent()).toBe(hearts(3));
    // No die face for lives: the seat list shows none while nothing is revealed.
    expect(await page.locator('ol.seats').innerText()).not.toMatch(/[\u2680-\u2685]/);
    await page.locator('.turn-line', { hasText: 'Ada’s turn to announce' }).waitFor({ timeout: 3000 });
  });

  it('shows a call that costs a life within a couple of seconds, without reloading the page', async () => {
    const actors: string[] = [];
    const actor = async () => table.player((await table.game()).state.round!.actor).firstName;
    // Round 1: Ada rolled 42 and says so; Bo believes, rolls 65 and says 53 (under); Cleo calls.
    actors.push(await actor());
    await table.play({ type: 'announce', value: 42 });
    actors.push(await actor());
    await table.play({ type: 'believe', dice: [6, 5] });
    await table.play({ type: 'announce', value: 53 });
    actors.push(await actor());
    expect(actors).toEqual(['Ada', 'Bo', 'Cleo']);

    const announcements = page.locator('ol.announcements li');
    await page.waitForFunction(() => document.querySelectorAll('ol.announcements li').length === 2, undefined, { timeout: 3000 });
    expect(await announcements.allInnerTexts()).toEqual(['Ada: 42', 'Bo: 53']);
    await page.locator('.turn-line', { hasText: 'Cleo’s turn to believe or call' }).waitFor({ timeout: 3000 });
    // Nothing on screen shows dice yet: Bo's 65 is under the cup.
    expect(await page.locator('main .dice').count()).toBe(0);
    expect(await livesOf('Cleo').textContent()).toBe(hearts(3));
    await page.screenshot({ path: screenshotPath('1-live-before-call'), fullPage: true });

    const marker = `e2e-${Math.random()}`;
    await page.evaluate((m) => {
      (window as unknown as { e2eMarker: string }).e2eMarker = m;
    }, marker);
    const documentsBefore = documentRequests;

    const pressed = Date.now();
    // A wrong call: the player after the caller (Ada) starts the next round and rolls at once: 31.
    await table.play({ type: 'call', next: [3, 1] });
    // The claim held (65 beats 53): Cleo called wrongly and drops from three lives to two.
    await page.waitForFunction(
      (two) =>
        [...document.querySelectorAll('ol.seats li')].find((li) => li.textContent?.includes('Cleo'))?.querySelector('.lives > span')?.textContent === two,
      hearts(2),
      { timeout: 2000 },
    );
    const shownAfterMs = Date.now() - pressed;
    expect(shownAfterMs).toBeLessThan(2000);
    expect(await livesOf('Ada').textContent()).toBe(hearts(3));
    expect(await livesOf('Bo').textContent()).toBe(hearts(3));
    expect(await page.locator('ol.seats li', { hasText: 'Cleo' }).locator('.lives').getAttribute('aria-label')).toBe('2 lives');
    // The reveal: Bo's dice, now shown, and who lost why.
    const reveal = page.locator('.round-outcome .reveal');
    await reveal.waitFor({ timeout: 2000 });
    expect(await reveal.innerText()).toContain('Cleo calls liar:');
    expect(await reveal.locator('.dice > span').textContent()).toBe(faces([6, 5]));
    expect(await page.locator('.round-outcome .loss').innerText()).toContain('Cleo loses a life (wrong call)');

    // The same page: no navigation, no document load, the window's state kept.
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(marker);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(documentRequests).toBe(documentsBefore);
    expect(page.url()).toBe(link);
    await page.screenshot({ path: screenshotPath('2-live-after-call'), fullPage: true });
    console.info(`e2e: the lost life was on screen ${shownAfterMs} ms after the call was committed`);
  });

  it('follows the game to its end, live: every class of announcement, then the winner and the replay link', async () => {
    // Round 2, Ada starts with 31 and says 41 (over: a bluff); Bo believes without looking and
    // says 62 on dice he never saw (blind: 55); Cleo passes the cup on unseen (pass); Ada calls:
    // 55 beats 62, the claim held, and Ada loses a life.
    expect(table.player((await table.game()).state.round!.actor).firstName).toBe('Ada');
    await table.play({ type: 'announce', value: 41 });
    await table.play({ type: 'announceBlind', value: 62, dice: [5, 5] });
    await table.play({ type: 'pass' });
    await page.waitForFunction(() => document.querySelectorAll('ol.announcements li').length === 3, undefined, { timeout: 3000 });
    expect(await page.locator('ol.announcements li').allInnerTexts()).toEqual(['Ada: 41', 'Bo: 62 (blind)', 'Cleo: 62 (passed on unseen)']);
    expect(await page.locator('main .dice').count()).toBe(1); // round 1's reveal only
    await table.play({ type: 'call' });
    await page.waitForFunction(
      (two) => [...document.querySelectorAll('ol.seats li')].find((li) => li.textContent?.includes('Ada'))?.querySelector('.lives > span')?.textContent === two,
      hearts(2),
      { timeout: 2000 },
    );
    expect(await page.locator('.round-outcome .reveal .dice > span').textContent()).toBe(faces([5, 5]));
    expect(await page.locator('.round-outcome .loss').innerText()).toContain('Ada loses a life (wrong call)');

    // The rest as the calculator AI plays it, with seeded dice.
    const finished = await table.playToEnd();
    expect(finished.state.phase).toBe('over');
    const winner = table.player(finished.state.result!.winner!).firstName;
    const live = page.locator('article.live-table');
    await live.locator('h3', { hasText: 'Game over' }).waitFor({ timeout: 3000 });
    await page.locator('.turn-line', { hasText: `${winner} wins!` }).waitFor({ timeout: 3000 });
    await live.locator('a', { hasText: 'Watch the replay' }).waitFor({ timeout: 3000 });
    // The leaderboard and the finished games follow the game's end on the same page load.
    await page.locator('section[aria-labelledby="games-title"] a', { hasText: 'Replay' }).first().waitFor({ timeout: 3000 });
    await page.locator('section[aria-labelledby="leaderboard-title"]', { hasText: winner }).waitFor({ timeout: 3000 });
    await page.screenshot({ path: screenshotPath('3-live-game-over'), fullPage: true });
    collecting = false;
    expect(documentRequests).toBe(1); // the whole game on one page load
    expect(errors).toEqual([]);
  });

  it('let no unrevealed die reach the browser: every WebSocket frame and every API answer', async () => {
    const stored = await w.games.events(gameId);
    const eventsOf = (id: string): { seq: number; event: GameEvent }[] => (id === gameId ? stored : []);
    // The dice this game rolled and the ones it revealed, as forced: 65 (round 1) and 55 (round 2) revealed.
    const revealed = stored.filter((e) => e.event.type === 'revealed').map((e) => (e.event as Extract<GameEvent, { type: 'revealed' }>).dice);
    expect(revealed.slice(0, 2)).toEqual([
      [6, 5],
      [5, 5],
    ]);

    // The live channel: one socket, to this group's address; a snapshot first, then every change.
    expect(new Set(frames.map((f) => new URL(f.url).pathname))).toEqual(new Set([`/api/g/${token}/ws`]));
    const messages = frames.map((f) => JSON.parse(f.payload) as LiveMessage);
    expect(messages[0]!.type).toBe('snapshot');
    const updates = messages.filter((m) => m.type === 'game' || m.type === 'ended');
    expect(updates.length).toBeGreaterThan(20);
    expect(messages.filter((m) => m.type === 'ended')).toHaveLength(1);
    // The stream carried the reveals (so the check below saw dice where they belong)…
    const reveals = new Set(
      liveGamesIn(messages).flatMap((g) => [g.view.round?.reveal?.dice, g.view.lastRound?.reveal?.dice].filter(Boolean).map((d) => String(d))),
    );
    expect(reveals).toContain('6,5');
    expect(reveals).toContain('5,5');

    // …and nothing else: no dice outside a reveal, no reveal ahead of its event, no cup, no class.
    const leaks: string[] = [];
    for (const [i, m] of messages.entries()) leaks.push(...leaksIn(m, eventsOf).map((l) => `frame ${i} (${m.type}): ${l}`));
    const bodies = await Promise.all(apiBodies);
    expect(bodies.map((b) => new URL(b.url).pathname)).toContain(`/api/g/${token}`);
    for (const b of bodies) {
      expect(b.status, b.url).toBe(200);
      leaks.push(...leaksIn(JSON.parse(b.body), eventsOf).map((l) => `${new URL(b.url).pathname}: ${l}`));
    }
    expect(leaks).toEqual([]);

    // The forced secrets, by value: while Bo's 65 was under the cup (before the call's reveal),
    // no frame held a 6 and a 5 together.
    const revealSeq = stored.find((e) => e.event.type === 'revealed')!.seq;
    const before = messages.filter((m) => liveGamesIn(m).every((g) => g.version < revealSeq));
    expect(before.length).toBeGreaterThan(5);
    for (const m of before) expect(JSON.stringify(m)).not.toMatch(/\[\s*6\s*,\s*5\s*\]|"dice"|"cup"|"myDice"|"class"/);

    // The check is not blind: the same frames with a secret put back in are caught.
    const sample = before.find((m): m is Extract<LiveMessage, { type: 'game' }> => m.type === 'game' && (m.game.view.round?.announcements.length ?? 0) > 0)!;
    const withDice = structuredClone(sample);
    Object.assign(withDice.game.view.round!.announcements[0]!, { dice: [6, 5] });
    expect(leaksIn(withDice, eventsOf).length).toBeGreaterThan(0);
    const early = structuredClone(sample);
    Object.assign(early.game.view.round!, { reveal: { dice: [6, 5] } });
    expect(leaksIn(early, eventsOf)).toEqual([expect.stringContaining('shown as revealed but never revealed')]);
  });

  it('replays the finished game: every round, every roll revealed, each announcement classed', async () => {
    const replay = await getJson<GameReplay>(`${w.baseUrl}/api/g/${token}/games/${gameId}`);
    // Reached from the live table's link (a client-side navigation).
    await page.locator('article.live-table a', { hasText: 'Watch the replay' }).click();
    await page.waitForURL(`${w.baseUrl}/g/${token}/games/${gameId}`);
    await page.locator('h1', { hasText: 'Game replay' }).waitFor();

    // Step by step with the keyboard; each round checked at its end, where every roll shows.
    const board = page.locator('section.replay-board');
    await board.waitFor();
    const atEnd = (round: number, step: number) =>
      page.waitForFunction(
        ([r, s]) => {
          const b = document.querySelector<HTMLElement>('section.replay-board');
          return !!b && b.dataset.round === r && b.dataset.step === s;
        },
        [String(round), String(step)],
      );
    const classes = new Set<string>();
    const seen: { calls: string[]; reveal: string | null }[] = [];
    for (const round of replay.rounds) {
      for (let k = 0; k <= round.announcements.length; k++) await page.keyboard.press('ArrowRight');
      await atEnd(round.number, round.announcements.length + 1);
      expect(await board.locator('h2').innerText()).toBe(`Round ${round.number}`);
      const items = board.locator('li.replay-call');
      expect(await items.count()).toBe(round.announcements.length);
      for (const [j, a] of round.announcements.entries()) {
        const item = items.nth(j);
        // The dice behind every announcement, shown as faces and named for screen readers.
        expect(await item.locator('.dice > span').textContent()).toBe(faces(a.dice));
        expect(await item.locator('.dice').getAttribute('aria-label')).toBe(`${a.dice[0]} and ${a.dice[1]}`);
        const key = a.classification.toLowerCase() as keyof typeof en.class;
        const mark = item.locator('.mark');
        expect(await mark.getAttribute('class')).toBe(`mark mark-${key}`);
        expect(await mark.innerText()).toContain(en.class[key]);
        classes.add(a.classification);
      }
      if (round.reveal) expect(await board.locator('.replay-play .reveal .dice > span').textContent()).toBe(faces(round.reveal.dice));
      seen.push({
        calls: oneLine(await items.allInnerTexts()),
        reveal: round.reveal ? oneLine([await board.locator('.replay-play .reveal').innerText()])[0]! : null,
      });
      if (round === replay.rounds[0]) await page.screenshot({ path: screenshotPath('4-replay'), fullPage: true });
      await page.keyboard.press('ArrowRight'); // on to the next round's start
    }
    expect([...classes].sort()).toEqual(['BLIND', 'OVER', 'PASS', 'TRUTHFUL', 'UNDER']);
    // The scripted rounds, as played.
    expect(seen[0]!.calls).toEqual([expect.stringMatching(/^Ada: 42 dice: ⚃⚁ ✓ truthful$/), expect.stringMatching(/^Bo: 53 dice: ⚅⚄ ▼ under$/)]);
    expect(seen[0]!.reveal).toMatch(/^Cleo calls liar: ⚅⚄ — /);
    expect(seen[1]!.calls).toEqual([
      expect.stringMatching(/^Ada: 41 dice: ⚂⚀ ▲ over \(bluff\)$/),
      expect.stringMatching(/^Bo: 62 \(blind\) dice: ⚄⚄ ◌ blind$/),
      expect.stringMatching(/^Cleo: 62 \(passed on unseen\) dice: ⚄⚄ ↷ pass$/),
    ]);
    // The legend names all five classes.
    expect(await page.locator('dl.legend dd').allInnerTexts()).toEqual(Object.values(en.replay.legend));
    // Lives left, per player: a heart and the count, named for screen readers, never a die face.
    const players = [...replay.players].sort((a, b) => a.order - b.order);
    const livesCells = page.locator('section[aria-labelledby="replay-players"] tbody .lives');
    expect(await livesCells.evaluateAll((els) => els.map((e) => [e.getAttribute('aria-label'), e.textContent]))).toEqual(
      players.map((p) => [`${p.lives} ${p.lives === 1 ? 'life' : 'lives'}`, hearts(p.lives)]),
    );
    expect(await page.locator('section[aria-labelledby="replay-players"] tbody').innerText()).not.toMatch(/[\u2680-\u2685]/);
    expect(errors).toEqual([]);
  });

  it("draws a player's charts, and shows the same numbers as the API", async () => {
    const cleo = table.players[2]!;
    const stats = await getJson<PlayerPage>(`${w.baseUrl}/api/g/${token}/players/${cleo.id}`);
    expect(stats.games).toBe(1);
    await page.goto(`${w.baseUrl}/g/${token}/players/${cleo.id}`);
    await page.locator('h1', { hasText: 'Cleo' }).waitFor();

    // Every chart (the rating history, bluff rate and right calls over time, the classes doughnut) is a canvas with pixels on it.
    const canvases = page.locator('figure.chart canvas');
    await canvases.nth(2).waitFor();
    expect(await canvases.count()).toBe(3);
    const drawn = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLCanvasElement>('figure.chart canvas')].map((c) => {
          const blank = document.createElement('canvas');
          blank.width = c.width;
          blank.height = c.height;
          const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let inked = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
          return { width: c.width, height: c.height, differs: c.toDataURL() !== blank.toDataURL(), inked };
        }),
      );
    // chart.js animates in: wait until both are fully drawn (the ink stops changing).
    let last = '';
    let shots = await drawn();
    for (let i = 0; i < 40; i++) {
      await page.waitForTimeout(100);
      shots = await drawn();
      const now = JSON.stringify(shots);
      if (now === last && shots.every((s) => s.differs)) break;
      last = now;
    }
    for (const s of shots) {
      expect(s.width).toBeGreaterThan(100);
      expect(s.height).toBeGreaterThan(100);
      expect(s.differs).toBe(true);
      expect(s.inked).toBeGreaterThan(500);
    }

    // The headline numbers.
    const stat = (label: string) => page.locator('dl.stat-grid > div', { has: page.locator('dt', { hasText: label }) }).locator('dd');
    expect(await stat(en.player.games).innerText()).toBe(String(stats.games));
    expect(await stat(en.player.wins).innerText()).toBe(`${stats.wins} (${percent(stats.winRate, 'en')})`);
    const looked = stats.announcements.truthful + stats.announcements.over + stats.announcements.under;
    expect(await stat(en.player.bluffRate).innerText()).toBe(
      `${percent(stats.bluffRate, 'en')} ${stats.announcements.over} of ${looked} announcement${looked === 1 ? '' : 's'} after looking`,
    );
    const times = (n: number, one: string, other: string) => (n === 1 ? one : other).replace('{{count}}', String(n));
    expect(await stat(en.player.bluffsCalled).allInnerTexts()).toEqual([
      times(stats.calledOn.bluffsCalled, en.player.calledOut_one, en.player.calledOut_other),
      times(stats.calls.bluffsCaught, en.player.caughtOthers_one, en.player.caughtOthers_other),
    ]);
    expect(await stat(en.player.calls).innerText()).toBe(
      stats.calls.total === 0 ? '—' : `${stats.calls.right} of ${stats.calls.total} (${percent(stats.calls.accuracy, 'en')})`,
    );
    // Cleo called wrongly in round 1 and passed blind in round 2.
    expect(stats.calls.wrong).toBeGreaterThanOrEqual(1);
    expect(stats.announcements.pass).toBeGreaterThanOrEqual(1);

    // The doughnut's legend table: a count per class.
    const legendRows = await page
      .locator('table.legend-table tbody tr')
      .evaluateAll((rows) => rows.map((r) => [r.querySelector('th')!.textContent!.trim(), r.querySelector('td')!.textContent!.trim()]));
    expect(legendRows).toEqual((['truthful', 'over', 'under', 'blind', 'pass'] as const).map((k) => [en.class[k], String(stats.announcements[k])]));
    // Lives lost by cause, and the total.
    const causes = ['caughtBluffing', 'wrongCall', 'miaLooked', 'miaGivenUp', 'timeout'] as const;
    const lost = causes.reduce((sum, k) => sum + stats.livesLost[k], 0);
    expect(lost).toBeGreaterThan(0);
    const livesSection = page.locator('section', { has: page.locator('h2', { hasText: en.player.livesLost }) });
    const livesRows = await livesSection
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [r.querySelector('th')!.textContent!.trim(), r.querySelector('td')!.textContent!.trim()]));
    expect(livesRows).toEqual(causes.map((k) => [en.cause[k], String(stats.livesLost[k])]));
    expect(await livesSection.locator('tfoot td.num').innerText()).toBe(String(lost));
    // The heat map holds every looked announcement once.
    const heatTotal = await page.locator('table.heat-map td.heat').evaluateAll((cells) => cells.reduce((sum, c) => sum + (Number(c.textContent) || 0), 0));
    expect(heatTotal).toBe(stats.announcedVsActual.reduce((sum, c) => sum + c.count, 0));
    // Recent games: this one.
    expect(await page.locator('ul.card-list li.card').count()).toBe(stats.recent.games.length);
    await page.screenshot({ path: screenshotPath('5-player'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('fits a 360 px wide phone: the group, replay and player pages do not scroll sideways', async () => {
    const phone = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US', colorScheme: 'light' });
    try {
      const small = await phone.newPage();
      const smallErrors = pageErrors(small);
      const pages = [
        { name: 'group', path: `/g/${token}`, ready: 'h1' },
        { name: 'replay', path: `/g/${token}/games/${gameId}`, ready: 'section.replay-board' },
        { name: 'player', path: `/g/${token}/players/${table.players[2]!.id}`, ready: 'figure.chart canvas' },
      ];
      const overflows: string[] = [];
      for (const p of pages) {
        await small.goto(`${w.baseUrl}${p.path}`);
        await small.locator(p.ready).first().waitFor();
        await settled(small); // fonts in, animations done: the layout is final
        const o = await horizontalOverflow(small);
        if (o.scrollWidth > o.clientWidth) overflows.push(`${p.name}: scrollWidth ${o.scrollWidth} > ${o.clientWidth}: ${o.widest.join(', ')}`);
        await small.screenshot({ path: screenshotPath(`6-phone-${p.name}`), fullPage: true });
      }
      expect(overflows).toEqual([]);
      expect(smallErrors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
