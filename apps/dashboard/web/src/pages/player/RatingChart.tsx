import { useTranslation } from 'react-i18next';
import { Line } from 'react-chartjs-2';
import type { RatingPoint } from '../../../../shared/api';
import { shortDate } from '../../labels/format';
import { prefersReducedMotion, useChartColors } from './chartColors';
import { ratingChartData } from './seriesData';

/** The rating after each rated game: where it started, where it is, its high and low. */
export function RatingChart({ history }: { history: RatingPoint[] }) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  if (history.length === 0) return <p className="empty">{t('rating.none')}</p>;
  const values = history.map((p) => p.rating);
  const description = t('rating.summary', {
    count: history.length,
    first: values[0],
    latest: values.at(-1),
    min: Math.min(...values),
    max: Math.max(...values),
  });
  return (
    <figure className="chart">
      <div className="chart-canvas">
        <Line
          data={ratingChartData(history, t('rating.rating'), (iso) => shortDate(iso, i18n.language), colors)}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: prefersReducedMotion() ? false : undefined,
            scales: {
              y: { ticks: { color: colors.text }, grid: { color: colors.grid } },
              x: { ticks: { color: colors.text, maxTicksLimit: 8 }, grid: { color: colors.grid } },
            },
          }}
          role="img"
          aria-label={description}
          fallbackContent={<p>{description}</p>}
        />
      </div>
      <figcaption>{description}</figcaption>
    </figure>
  );
}
