import { useTranslation } from 'react-i18next';
import { Line } from 'react-chartjs-2';
import type { PlayerPage } from '../../../../shared/api';
import { shortDate } from '../../labels/format';
import { bluffRateSeries, lineChartData, seriesSummary } from './chartData';
import { prefersReducedMotion, useChartColors } from './chartColors';

/** The bluff rate week by week (a line), with a sentence and a table as its text alternative. */
export function BluffRateChart({ weekly }: { weekly: PlayerPage['weekly'] }) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  const series = bluffRateSeries(weekly, (d) => shortDate(d, i18n.language));
  const summary = seriesSummary(series);
  if (!summary) return <p className="empty">{t('player.bluffRateNone')}</p>;
  const description = t('player.bluffRateSummary', summary);
  return (
    <figure className="chart">
      <div className="chart-canvas">
        <Line
          data={lineChartData(series, t('player.bluffRate'), colors)}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: prefersReducedMotion() ? false : undefined,
            plugins: { tooltip: { callbacks: { label: (c) => `${c.formattedValue}%` } } },
            scales: {
              y: { min: 0, max: 100, ticks: { color: colors.text, callback: (v) => `${v}%` }, grid: { color: colors.grid } },
              x: { ticks: { color: colors.text }, grid: { color: colors.grid } },
            },
          }}
          role="img"
          aria-label={description}
          fallbackContent={<p>{description}</p>}
        />
      </div>
      <figcaption>{description}</figcaption>
      <details>
        <summary>{t('player.showTable')}</summary>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('player.week')}</th>
              <th scope="col" className="num">{t('player.bluffRate')}</th>
              <th scope="col" className="num">{t('player.announcementsCount')}</th>
            </tr>
          </thead>
          <tbody>
            {weekly.map((w, i) => (
              <tr key={w.week}>
                <th scope="row">{series.labels[i]}</th>
                <td className="num">{series.values[i] === null ? '—' : `${series.values[i]}%`}</td>
                <td className="num">{w.announcements.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
