import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesStyle, type LivesSeries } from './livesChartData';

// chart.js comes with the chart alone: the step view draws before it has downloaded.
const LivesChart = lazy(() => import('./LivesChart'));

interface Props {
  series: LivesSeries[];
  /** Round numbers, in order. */
  rounds: number[];
  maxLives: number;
  /** Rounds whose lives may be shown (all, or in the spoiler-free mode those over). */
  known: number;
  spoilerFree: boolean;
  marker: number;
  onPick: (point: number) => void;
}

/** Every player's lives over the rounds: a line chart, with its legend and a table as text. */
export function LivesSection({ series, rounds, maxLives, known, spoilerFree, marker, onPick }: Props) {
  const { t } = useTranslation();
  const labels = [t('replay.chart.start'), ...rounds.map(String)];
  const description = t('replay.chart.summary', { count: rounds.length, lives: maxLives });
  const rows = labels.slice(0, known + 1);
  return (
    <section className="replay-lives" aria-labelledby="replay-lives-title">
      <h2 id="replay-lives-title">{t('replay.chart.title')}</h2>
      <figure className="chart">
        <ul className="replay-legend" aria-hidden="true">
          {series.map((s, i) => {
            const style = seriesStyle(i);
            return (
              <li key={s.userId} style={{ color: `var(${style.colourVar})` }}>
                <svg width="28" height="10" viewBox="0 0 28 10" focusable="false" aria-hidden="true">
                  <line x1="1" y1="5" x2="27" y2="5" stroke="currentColor" strokeWidth="2.5" strokeDasharray={style.dash.join(' ') || undefined} />
                </svg>
                <span className="replay-legend-name">{s.name}</span>
              </li>
            );
          })}
        </ul>
        <Suspense fallback={<div className="chart-canvas replay-chart-canvas" />}>
          <LivesChart labels={labels} series={series} maxLives={maxLives} marker={marker} description={description} onPick={onPick} />
        </Suspense>
        <figcaption>
          {description} {spoilerFree && known < rounds.length && t('replay.chart.upToHere')} {t('replay.chart.pick')}
        </figcaption>
        <details>
          <summary>{t('replay.chart.showTable')}</summary>
          {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a scrolling table must take keyboard focus to be scrolled by keyboard (axe: scrollable-region-focusable); no element has that role natively */}
          <div className="table-scroll replay-table-scroll" role="region" aria-label={t('replay.chart.title')} tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('replay.chart.round')}</th>
                  {series.map((s) => (
                    <th key={s.userId} scope="col" className="num">
                      {s.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((label, i) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    {series.map((s) => (
                      <td key={s.userId} className="num">
                        {s.values[i] ?? '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figure>
    </section>
  );
}
