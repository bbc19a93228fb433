import { useTranslation } from 'react-i18next';
import { Doughnut } from 'react-chartjs-2';
import type { ClassCounts } from '../../../../shared/api';
import { classSlices, doughnutData } from './chartData';
import { prefersReducedMotion, useChartColors } from './chartColors';

/**
 * Announcements by class as a doughnut. Its legend is an HTML table (swatch, word, count,
 * share): readable without the picture, and it keeps chart.js's legend plugin out of the bundle.
 */
export function ClassDoughnut({ counts }: { counts: ClassCounts & { total: number } }) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  const slices = classSlices(counts);
  const total = slices.reduce((sum, s) => sum + s.count, 0);
  if (total === 0) return <p className="empty">{t('player.noAnnouncements')}</p>;
  const share = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const description = t('player.classesSummary', {
    count: total,
    parts: slices.map((s) => `${t(`class.${s.key}`)} ${s.count}`).join(', '),
  });
  return (
    <figure className="chart chart-doughnut">
      <div className="chart-canvas chart-canvas-square">
        <Doughnut
          data={doughnutData(slices, (k) => t(`class.${k}`), colors)}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: prefersReducedMotion() ? false : undefined,
          }}
          role="img"
          aria-label={description}
          fallbackContent={<p>{description}</p>}
        />
      </div>
      <figcaption>
        <table className="data-table legend-table">
          <caption className="visually-hidden">{t('player.classes')}</caption>
          <tbody>
            {slices.map((s) => (
              <tr key={s.key}>
                <th scope="row">
                  <span className={`swatch mark-${s.key}`} aria-hidden="true" /> {t(`class.${s.key}`)}
                </th>
                <td className="num">{s.count}</td>
                <td className="num">{share.format(s.count / total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
