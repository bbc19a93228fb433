import { describe, expect, it } from 'vitest';
import { classSlices, doughnutData, heatMap, lineChartData, livesLostRows, seriesSummary, type ChartColors } from '../../web/src/pages/player/chartData';
import { playerFixture } from './fixtures';

const colors: ChartColors = {
  line: 'red',
  grid: 'grey',
  text: 'black',
  classes: { truthful: 'g', over: 'r', under: 'o', blind: 'p', pass: 's' },
};

describe('chart data', () => {
  it('turns ratios into percent with one decimal, null where there is none', () => {
    const series = { labels: ['2026-01-26', '2026-02-02', '2026-02-09'], values: [20, null, 33.3] };
    expect(seriesSummary(series)).toEqual({ from: '2026-01-26', to: '2026-02-09', min: 20, max: 33.3, latest: 33.3 });
    expect(seriesSummary({ labels: ['a'], values: [null] })).toBeNull();
    const data = lineChartData(series, 'Bluff rate', colors);
    expect(data.datasets[0]).toMatchObject({ label: 'Bluff rate', data: [20, null, 33.3], borderColor: 'red' });
  });

  it('orders classes and causes the same way everywhere', () => {
    const p = playerFixture();
    expect(classSlices(p.announcements).map((s) => `${s.key}:${s.count}`)).toEqual(['truthful:30', 'over:12', 'under:6', 'blind:4', 'pass:2']);
    expect(doughnutData(classSlices(p.announcements), (k) => k.toUpperCase(), colors).datasets[0]!.backgroundColor).toEqual(['g', 'r', 'o', 'p', 's']);
    expect(livesLostRows(p.livesLost).map((r) => r.count)).toEqual([6, 3, 2, 1, 0]);
  });

  it('builds the heat map from the values that occur, best first, the same on both axes, with shades 1–5 by count', () => {
    const map = heatMap([
      { announced: 31, actual: 31, count: 1 },
      { announced: 66, actual: 31, count: 5 },
      { announced: 66, actual: 31, count: 5 }, // repeated rows add up
      { announced: 21, actual: 66, count: 0 }, // zero counts are left out
    ]);
    // 66 was only announced, never rolled: it has a column all the same (the diagonal needs it).
    expect(map.announced).toEqual([66, 31]);
    expect(map.actual).toEqual([66, 31]);
    expect(map.max).toBe(10);
    expect(map.total).toBe(11);
    expect(map.rows).toEqual([
      {
        announced: 66,
        cells: [
          { actual: 66, count: 0, level: 0 },
          { actual: 31, count: 10, level: 5 },
        ],
      },
      {
        announced: 31,
        cells: [
          { actual: 66, count: 0, level: 0 },
          { actual: 31, count: 1, level: 1 },
        ],
      },
    ]);
    expect(heatMap([]).rows).toEqual([]);
  });
});
