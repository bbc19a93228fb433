// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlayerStats } from '../../web/src/pages/PlayerPage';
import { playerFixture, renderPage } from './helpers';

/*
 * chart.js needs a real canvas, which jsdom lacks: the chart components are replaced by stubs
 * that record what the page hands them (data, options, the accessible name) and render the
 * canvas with its fallback content as the real ones do.
 */
const charts = vi.hoisted(() => ({ line: [] as Record<string, unknown>[], doughnut: [] as Record<string, unknown>[] }));

vi.mock('react-chartjs-2', () => {
  const stub = (kind: 'line' | 'doughnut') => (props: Record<string, unknown> & { fallbackContent?: ReactNode }) => {
    charts[kind].push(props);
    return (
      <canvas role={props.role as string} aria-label={props['aria-label'] as string} data-chart={kind}>
        {props.fallbackContent}
      </canvas>
    );
  };
  return { Line: stub('line'), Doughnut: stub('doughnut') };
});

describe('PlayerStats', () => {
  it('draws the rating after each game, and the bluff rate and right calls over time as two lines in percent', () => {
    charts.line.length = 0;
    renderPage(<PlayerStats token="tok" data={playerFixture()} />);
    type LineProps = { data: { labels: string[]; datasets: { label: string; data: (number | null)[]; spanGaps?: boolean }[] } };
    const [rating, rates] = charts.line as LineProps[];
    expect(rating!.data.labels).toEqual(['Jan 27', 'Feb 9', 'Feb 10']);
    expect(rating!.data.datasets[0]!.data).toEqual([1020, 1031, 1043]);
    expect(screen.getByRole('img', { name: 'The rating after each of 3 games: from 1020 to 1043, lowest 1020, highest 1043.' })).toBeTruthy();

    expect(rates!.data.labels).toEqual(['Jan 26', 'Feb 2', 'Feb 9']);
    expect(rates!.data.datasets.map((d) => [d.label, d.data])).toEqual([
      ['Bluff rate', [20, null, 33.3]],
      ['Right calls', [75, null, 66.7]],
    ]);
    expect(rates!.data.datasets[0]!.spanGaps).toBe(true);
    // Its text alternative says what the lines show, and by which unit.
    const canvas = document.querySelectorAll('canvas[data-chart="line"]')[1]!;
    expect(canvas.getAttribute('role')).toBe('img');
    expect(canvas.getAttribute('aria-label')).toBe(
      'Bluff rate by week from Jan 26 to Feb 9: lowest 20%, highest 33.3%, latest 33.3%. Right calls: lowest 66.7%, highest 75%, latest 66.7%.',
    );
    // And the numbers are there as a table too.
    const table = within(screen.getByText('Show the numbers as a table').closest('details')!).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Week ofBluff rateRight callsGames', 'Jan 2620%75%3', 'Feb 2——1', 'Feb 933.3%66.7%2']);
  });

  it('says the rating with its trend, its place and whether it is provisional; a computer persona shows its strategy’s', () => {
    const { unmount } = renderPage(<PlayerStats token="tok" data={playerFixture()} />);
    const tile = screen.getByText('Rating', { selector: 'dt' }).parentElement!;
    expect([...tile.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['1043', '▲ +12 over the last 5 games', '2 of 6 rated']);
    unmount();
    const persona = {
      ...playerFixture(),
      ai: true,
      rating: { ...playerFixture().rating!, strategy: 'bluffer' as const, trend: -4, provisional: true, games: 3 },
    };
    renderPage(<PlayerStats token="tok" data={persona} />);
    const theirs = screen.getByText('Rating of its strategy, Bluffer', { selector: 'dt' }).parentElement!;
    expect([...theirs.querySelectorAll('dd')].map((d) => d.textContent)).toEqual([
      '1043',
      '▼ −4 over the last 5 games',
      '2 of 6 rated · provisional until 10 games',
    ]);
    expect(screen.getByRole('heading', { name: 'Its strategy’s rating over time' })).toBeTruthy();
  });

  it('lists the tells per value in the ranking’s order, and puts the most announced one in words', () => {
    renderPage(<PlayerStats token="tok" data={playerFixture()} />);
    const region = within(screen.getByRole('region', { name: 'Tells: how true each value is' }));
    expect(region.getByText('When Alice announces 53 after looking, it is true 91% of the time (11 announcements).')).toBeTruthy();
    const rows = region.getAllByRole('row').map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Value', 'True when they announce it', 'They call it'],
      ['Mia', '3 of 5 (60%)', '1 of 4 (25%)'],
      ['62', '0 of 4 (0%)', '—'],
      ['53', '10 of 11 (91%)', '3 of 8 (38%)'],
    ]);
  });

  it('draws the announcements by class as a doughnut with a table for a legend', () => {
    charts.doughnut.length = 0;
    renderPage(<PlayerStats token="tok" data={playerFixture()} />);
    const props = charts.doughnut.at(-1) as { data: { labels: string[]; datasets: { data: number[]; backgroundColor: string[] }[] } };
    expect(props.data.labels).toEqual(['truthful', 'over (bluff)', 'under', 'blind', 'pass']);
    expect(props.data.datasets[0]!.data).toEqual([30, 12, 6, 4, 2]);
    expect(new Set(props.data.datasets[0]!.backgroundColor).size).toBe(5); // one colour per class
    const canvas = document.querySelector('canvas[data-chart="doughnut"]')!;
    expect(canvas.getAttribute('aria-label')).toBe('54 announcements: truthful 30, over (bluff) 12, under 6, blind 4, pass 2.');
    const legend = screen.getByRole('table', { name: 'Announcements by class' });
    expect(within(legend).getAllByRole('row')[1]!.textContent).toBe(' over (bluff)1222%');
  });

  it('shows announced against rolled as a grid of counts, the truthful diagonal outlined', () => {
    renderPage(<PlayerStats token="tok" data={playerFixture()} />);
    const grid = document.querySelector('table.heat-map') as HTMLTableElement;
    const header = [...grid.tHead!.rows[0]!.cells].slice(1).map((c) => c.textContent);
    // The same values on both axes, in the ranking's order: the truthful cells form the diagonal.
    expect(header).toEqual(['Mia', '62', '53', '41']);
    const rows = [...grid.tBodies[0]!.rows].map((r) => [...r.cells].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Mia', '3', '0', '0', '2'],
      ['62', '0', '0', '0', '4'],
      ['53', '0', '0', '10', '1'],
      ['41', '0', '0', '0', '0'],
    ]);
    const diagonal = [...grid.querySelectorAll('.heat-diagonal')].map((c) => (c as HTMLTableCellElement).cellIndex);
    expect(diagonal).toEqual([1, 2, 3, 4]);
    expect(grid.querySelector('.heat-5')!.textContent).toBe('10');
  });

  it('lists the headline numbers, lives lost by cause and recent games with links to their replays', () => {
    renderPage(<PlayerStats token="tok" data={playerFixture()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Alice');
    const stat = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(stat('Games')).toBe('12');
    expect(stat('Wins')).toBe('5 (42%)');
    expect(stat('Bluff rate')).toBe('25% 12 of 48 announcements after looking');
    const called = screen.getByText('Bluffs called', { selector: 'dt' }).parentElement!;
    expect([...called.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['Called out 5 times when bluffing', 'Caught 6 bluffs of others']);
    expect(stat('Right calls')).toBe('7 of 10 (70%)');

    const lives = screen.getByRole('table', { name: 'Lives lost by cause' });
    expect(
      within(lives)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['caught bluffing6', 'wrong call3', 'looked at a real Mia2', 'gave up on Mia1', 'missed the turn0', 'Total12']);

    const recent = within(screen.getByRole('region', { name: 'Recent games' }));
    const links = recent.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/g/tok/games/game-9', '/g/tok/games/game-8']);
    expect(recent.getByText('Won')).toBeTruthy();
    expect(recent.getByText('Place 3 of 4')).toBeTruthy();
  });
});
