// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupStats } from '../../shared/api';
import { App } from '../../web/src/App';
import { heatAxis } from '../../web/src/pages/player/heatAxis';
import { headlineTell, ratesOverTime, weeksChartData } from '../../web/src/pages/player/seriesData';
import { groupFixture, renderPage, stubFetch } from './helpers';

// chart.js needs a real canvas: the charts record what the page hands them (see playerPage.test).
const charts = vi.hoisted(() => ({ line: [] as Record<string, unknown>[], bar: [] as Record<string, unknown>[] }));
vi.mock('react-chartjs-2', () => {
  const stub = (kind: 'line' | 'bar') => (props: Record<string, unknown> & { fallbackContent?: ReactNode }) => {
    charts[kind].push(props);
    return (
      <canvas role="img" aria-label={props['aria-label'] as string} data-chart={kind}>
        {props.fallbackContent}
      </canvas>
    );
  };
  return { Line: stub('line'), Bar: stub('bar'), Doughnut: stub('line') };
});

afterEach(() => vi.unstubAllGlobals());

const stats: GroupStats = {
  games: 4,
  rounds: 11,
  announcements: 30,
  bluffRate: 0.4,
  calls: 10,
  callsRight: 0.6,
  series: {
    unit: 'day',
    points: [
      { start: '2026-03-01', end: '2026-03-01', games: 3, looked: 20, bluffRate: 0.35, calls: 8, callsRight: 0.625 },
      { start: '2026-03-02', end: '2026-03-02', games: 1, looked: 5, bluffRate: 0.6, calls: 2, callsRight: 0.5 },
    ],
  },
  livesLost: { caughtBluffing: 6, wrongCall: 4, miaLooked: 1, miaGivenUp: 0, timeout: 0 },
  values: [
    { value: 64, announced: 9, looked: 8, truthful: 2, truthRate: 0.25 },
    { value: 21, announced: 3, looked: 3, truthful: 3, truthRate: 1 },
  ],
  weeks: [
    { weekStart: '2026-02-23', week: '2026-W09', games: 3 },
    { weekStart: '2026-03-02', week: '2026-W10', games: 1 },
  ],
};

describe('the group page: ratings and statistics', () => {
  it('ranks people by rating with the provisional mark explained, and the computer strategies on a ladder apart', async () => {
    stubFetch({ '/api/g/tok': groupFixture(), '/api/g/tok/stats': stats });
    renderPage(<App />, { route: '/g/tok' });
    const board = await screen.findByRole('table', { name: 'Rating leaderboard' });
    expect(
      within(board)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['#PlayerRatingGamesWinsWin rateBluff rate', '🥇 1Alice111012758%20%', '🥈 2Bob987* (provisional)4125%—']);
    expect(screen.getByText('* Provisional until 10 games: a new player’s rating is still settling.')).toBeTruthy();
    const ladder = screen.getByRole('table', { name: 'Computer ladder' });
    expect(within(ladder).getAllByRole('row')[1]!.textContent).toBe(
      '1Calculatorplays the odds, bluffs when its roll will likely be beaten1050* (provisional)4250%30%',
    );
    expect(screen.queryByText(/No finished games/)).toBeNull();
  });

  it('says "no finished games" only when there are none, and names the computer ladder when only computers played', async () => {
    const onlyComputers = groupFixture();
    onlyComputers.ratings.people = [];
    stubFetch({ '/api/g/tok': onlyComputers, '/api/g/tok/stats': stats });
    const { unmount } = renderPage(<App />, { route: '/g/tok' });
    expect(await screen.findByText(/^No person has finished a game here yet/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Computer ladder' })).toBeTruthy();
    expect(screen.queryByText(/No finished games in this group yet/)).toBeNull();
    unmount();

    const empty = groupFixture();
    empty.ratings = { people: [], computers: [], provisionalGames: 10 };
    empty.group.finishedGames = 0;
    empty.games = [];
    stubFetch({ '/api/g/tok': empty });
    renderPage(<App />, { route: '/g/tok' });
    expect(await screen.findByText('No finished games in this group yet. Start one with /newgame!')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Computer ladder' })).toBeNull();
  });

  it('draws the group’s rates by day, games per week as bars, lives lost and the values announced most', async () => {
    charts.line.length = 0;
    charts.bar.length = 0;
    stubFetch({ '/api/g/tok': groupFixture(), '/api/g/tok/stats': stats });
    renderPage(<App />, { route: '/g/tok' });
    const region = within(await screen.findByRole('region', { name: 'Group statistics' }));
    expect(await region.findByRole('img', { name: /^Bluff rate by day from Mar 1 to Mar 2: lowest 35%, highest 60%, latest 60%\./ })).toBeTruthy();
    const line = charts.line.at(-1) as { data: { datasets: { data: (number | null)[] }[] } };
    expect(line.data.datasets.map((d) => d.data)).toEqual([
      [35, 60],
      [62.5, 50],
    ]);
    const bar = charts.bar.at(-1) as { data: { labels: string[]; datasets: { data: number[] }[] } };
    expect(bar.data.labels).toEqual(['Feb 23', 'Mar 2']);
    expect(bar.data.datasets[0]!.data).toEqual([3, 1]);
    expect(region.getByRole('img', { name: '4 games over 2 weeks; the busiest, the week of Feb 23, had 3.' })).toBeTruthy();
    const values = region.getByRole('table', { name: 'Most announced values' });
    expect(
      within(values)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['6492 of 8 (25%)', 'Mia33 of 3 (100%)']);
    expect(
      within(region.getByRole('table', { name: 'Lives lost by cause' }))
        .getAllByRole('row')
        .at(-1)!.textContent,
    ).toBe('Total11');
  });
});

describe('series data', () => {
  it('labels buckets by their first day and turns rates into percent; weeks become bars', () => {
    const rates = ratesOverTime(stats.series, (start, unit) => `${unit}:${start}`);
    expect(rates).toEqual({ unit: 'day', labels: ['day:2026-03-01', 'day:2026-03-02'], bluff: [35, 60], calls: [62.5, 50] });
    const colors = { line: 'red', grid: 'g', text: 't', classes: { truthful: 'green', over: 'r', under: 'o', blind: 'b', pass: 'p' } };
    expect(weeksChartData(stats.weeks, 'Games', (d) => d, colors).datasets[0]).toMatchObject({ data: [3, 1], backgroundColor: 'red' });
  });

  it('gives the heat map one axis for both sides, in the ranking’s order, and picks the tell worth a sentence', () => {
    expect(
      heatAxis([
        { announced: 64, actual: 31, count: 2 },
        { announced: 21, actual: 66, count: 1 },
        { announced: 55, actual: 55, count: 0 },
      ]),
    ).toEqual([21, 66, 64, 31]);
    const tell = (value: number, looked: number) => ({
      value,
      announced: looked,
      looked,
      truthful: 1,
      truthRate: 1 / looked,
      faced: 0,
      called: 0,
      callRate: null,
    });
    expect(headlineTell([tell(21, 2), tell(54, 5), tell(31, 4)])?.value).toBe(54);
    expect(headlineTell([tell(21, 2)])).toBeNull();
  });
});
