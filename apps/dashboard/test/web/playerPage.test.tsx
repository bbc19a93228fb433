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
  const stub =
    (kind: 'line' | 'doughnut') =>
    (props: Record<string, unknown> & { fallbackContent?: ReactNode }) => {
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
  it('draws the bluff rate week by week as a line, in percent, with gaps for weeks without data', () => {
    charts.line.length = 0;
    renderPage(<PlayerStats token="tok" data={playerFixture()} />);
    const props = charts.line.at(-1) as { data: { labels: string[]; datasets: { data: (number | null)[]; spanGaps: boolean }[] } };
    expect(props.data.labels).toEqual(['Jan 26', 'Feb 2', 'Feb 9']);
    expect(props.data.datasets[0]!.data).toEqual([20, null, 33.3]);
    expect(props.data.datasets[0]!.spanGaps).toBe(true);
    // Its text alternative says what the line shows.
    const canvas = document.querySelector('canvas[data-chart="line"]')!;
    expect(canvas.getAttribute('role')).toBe('img');
    expect(canvas.getAttribute('aria-label')).toBe(
      'Bluff rate by week from Jan 26 to Feb 9: lowest 20%, highest 33.3%, latest 33.3%.',
    );
    // And the numbers are there as a table too.
    const table = within(screen.getByText('Show the numbers as a table').closest('details')!).getByRole('table');
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'Jan 2620%10',
      'Feb 2—1',
      'Feb 933.3%6',
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
    expect(canvas.getAttribute('aria-label')).toBe(
      '54 announcements: truthful 30, over (bluff) 12, under 6, blind 4, pass 2.',
    );
    const legend = screen.getByRole('table', { name: 'Announcements by class' });
    expect(within(legend).getAllByRole('row')[1]!.textContent).toBe(' over (bluff)1222%');
  });

  it('shows announced against rolled as a grid of counts, the truthful diagonal outlined', () => {
    renderPage(<PlayerStats token="tok" data={playerFixture()} />);
    const grid = document.querySelector('table.heat-map') as HTMLTableElement;
    const header = [...grid.tHead!.rows[0]!.cells].slice(1).map((c) => c.textContent);
    expect(header).toEqual(['Mia', '53', '41']);
    const rows = [...grid.tBodies[0]!.rows].map((r) => [...r.cells].map((c) => c.textContent));
    // Rows: announced, best first (Mia, 62, 53); columns: rolled (Mia, 53, 41).
    expect(rows).toEqual([
      ['Mia', '3', '0', '2'],
      ['62', '0', '0', '4'],
      ['53', '0', '10', '1'],
    ]);
    expect(grid.querySelectorAll('.heat-diagonal')).toHaveLength(2);
    expect(grid.querySelector('.heat-5')!.textContent).toBe('10');
  });

  it('lists the headline numbers, lives lost by cause and recent games with links to their replays', () => {
    renderPage(<PlayerStats token="tok" data={playerFixture()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Alice');
    const stat = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(stat('Games')).toBe('12');
    expect(stat('Wins')).toBe('5 (42%)');
    expect(stat('Bluff rate')).toBe('25% 12 of 48 announcements after looking');
    expect(stat('Bluffs called')).toBe('own called by others: 5 · others’ caught: 6');
    expect(stat('Right calls')).toBe('7 of 10 (70%)');

    const lives = screen.getByRole('table', { name: 'Lives lost by cause' });
    expect(within(lives).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'caught bluffing6',
      'wrong call3',
      'looked at a real Mia2',
      'gave up on Mia1',
      'missed the turn0',
      'Total12',
    ]);

    const recent = within(screen.getByRole('region', { name: 'Recent games' }));
    const links = recent.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/g/tok/games/game-9', '/g/tok/games/game-8']);
    expect(recent.getByText('Won')).toBeTruthy();
    expect(recent.getByText('Place 3 of 4')).toBeTruthy();
  });
});
