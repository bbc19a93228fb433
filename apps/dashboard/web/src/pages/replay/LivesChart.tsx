import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { prefersReducedMotion, useChartColors } from '../player/chartColors';
import { seriesStyle, type LivesSeries } from './livesChartData';
import './registerLivesChart';

interface Props {
  labels: string[];
  series: LivesSeries[];
  maxLives: number;
  /** The point of the step on screen, drawn larger. */
  marker: number;
  description: string;
  /** A click on the chart: the point (0 the start, r after round r) under the pointer. */
  onPick: (point: number) => void;
}

/** Canvas cannot read CSS variables: the series colours are read from the stylesheet per theme. */
function useSeriesColours(count: number, themeKey: unknown): string[] {
  // biome-ignore lint/correctness/useExhaustiveDependencies: themeKey is the trigger (see below)
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    return Array.from({ length: count }, (_, i) => style.getPropertyValue(seriesStyle(i).colourVar).trim() || '#777');
    // themeKey: a new theme changes the variables read here.
  }, [count, themeKey]);
}

/** The lives chart itself (chart.js), loaded on demand; its text alternative is outside. */
export default function LivesChart({ labels, series, maxLives, marker, description, onPick }: Props) {
  const colors = useChartColors();
  const lines = useSeriesColours(series.length, colors);
  const radius = (i: number) => (i === marker ? 6 : 3);
  return (
    <div className="chart-canvas replay-chart-canvas">
      <Line
        data={{
          labels,
          datasets: series.map((s, i) => {
            const style = seriesStyle(i);
            return {
              label: s.name,
              data: s.values,
              borderColor: lines[i],
              backgroundColor: lines[i],
              borderDash: style.dash,
              pointStyle: style.pointStyle,
              pointRadius: labels.map((_, k) => radius(k)),
              pointHoverRadius: 7,
              borderWidth: 2,
              spanGaps: false,
            };
          }),
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: prefersReducedMotion() ? false : undefined,
          interaction: { mode: 'index', intersect: false },
          onClick: (event, _elements, chart) => {
            if (!event.native) return;
            const [hit] = chart.getElementsAtEventForMode(event.native, 'index', { intersect: false }, false);
            if (hit) onPick(hit.index);
          },
          plugins: { legend: { display: false } },
          scales: {
            y: {
              min: 0,
              max: maxLives,
              ticks: { color: colors.text, stepSize: 1, precision: 0 },
              grid: { color: colors.grid },
            },
            x: { ticks: { color: colors.text, autoSkip: true, maxRotation: 0 }, grid: { color: colors.grid } },
          },
        }}
        role="img"
        aria-label={description}
        fallbackContent={<p>{description}</p>}
      />
    </div>
  );
}
