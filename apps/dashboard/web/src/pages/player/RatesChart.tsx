import { useTranslation } from 'react-i18next';
import { Line } from 'react-chartjs-2';
import type { StatsSeries } from '../../../../shared/api';
import { monthLabel, shortDate } from '../../labels/format';
import { seriesSummary } from './chartData';
import { prefersReducedMotion, useChartColors } from './chartColors';
import { ratesChartData, ratesOverTime } from './seriesData';

/**
 * Bluff rate and calls right over time (a player's or a group's), bucketed by day, week or month
 * to fit the history; a sentence and a table are its text alternative.
 */
export function RatesChart({ series }: { series: StatsSeries }) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  const label = (start: string, unit: StatsSeries['unit']) => (unit === 'month' ? monthLabel(start, i18n.language) : shortDate(start, i18n.language));
  const rates = ratesOverTime(series, label);
  const bluff = seriesSummary({ labels: rates.labels, values: rates.bluff });
  if (!bluff) return <p className="empty">{t('player.bluffRateNone')}</p>;
  const calls = seriesSummary({ labels: rates.labels, values: rates.calls });
  const unit = t(`stats.unit.${series.unit}`);
  const description = [t('stats.bluffSummary', { ...bluff, unit }), calls ? t('stats.callsSummary', calls) : t('stats.callsNone')].join(' ');
  const names = { bluff: t('player.bluffRate'), calls: t('player.calls') };
  const fmt = (v: number | null) => (v === null ? '—' : `${v}%`);
  return (
    <figure className="chart">
      <ul className="chart-key" aria-hidden="true">
        <li>
          <span className="key-line" /> {names.bluff}
        </li>
        <li>
          <span className="key-line key-dashed" /> {names.calls}
        </li>
      </ul>
      <div className="chart-canvas">
        <Line
          data={ratesChartData(rates, names, colors)}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: prefersReducedMotion() ? false : undefined,
            plugins: { tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${c.formattedValue}%` } } },
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
              <th scope="col">{t(`stats.period.${series.unit}`)}</th>
              <th scope="col" className="num">
                {names.bluff}
              </th>
              <th scope="col" className="num">
                {names.calls}
              </th>
              <th scope="col" className="num">
                {t('stats.games')}
              </th>
            </tr>
          </thead>
          <tbody>
            {series.points.map((p, i) => (
              <tr key={p.start}>
                <th scope="row">{rates.labels[i]}</th>
                <td className="num">{fmt(rates.bluff[i] ?? null)}</td>
                <td className="num">{fmt(rates.calls[i] ?? null)}</td>
                <td className="num">{p.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
