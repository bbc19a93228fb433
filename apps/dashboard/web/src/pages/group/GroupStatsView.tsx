import './registerGroupCharts';
import { useTranslation } from 'react-i18next';
import { Bar } from 'react-chartjs-2';
import type { GroupStats } from '../../../../shared/api';
import { apiPaths } from '../../api/client';
import { useApi } from '../../api/useApi';
import { Loading } from '../../components/PageState';
import { percent, shortDate } from '../../labels/format';
import { prefersReducedMotion, useChartColors } from '../player/chartColors';
import { LivesLostTable } from '../player/LivesLostTable';
import { RatesChart } from '../player/RatesChart';
import { weeksChartData } from '../player/seriesData';

/** The most announced values shown; the rest are in the table's "more". */
const TOP_VALUES = 8;

/** The group's statistics (a lazily loaded chunk: chart.js comes with it). */
export default function GroupStatsView({ token }: { token: string }) {
  const { t } = useTranslation();
  const state = useApi<GroupStats>(apiPaths.groupStats(token));
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') {
    return (
      <p className="empty">
        {t('groupStats.failed')}{' '}
        <button type="button" onClick={state.retry}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  return <StatsContent stats={state.data} />;
}

function StatsContent({ stats }: { stats: GroupStats }) {
  const { t, i18n } = useTranslation();
  const pct = (r: number | null) => percent(r, i18n.language);
  return (
    <>
      <dl className="stat-grid">
        <div>
          <dt>{t('groupStats.games')}</dt>
          <dd>
            {stats.games} <span className="meta">{t('groupStats.rounds', { count: stats.rounds })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('player.bluffRate')}</dt>
          <dd>
            {pct(stats.bluffRate)} <span className="meta">{t('groupStats.announcements', { count: stats.announcements })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('player.calls')}</dt>
          <dd>
            {pct(stats.callsRight)} <span className="meta">{t('groupStats.calls', { count: stats.calls })}</span>
          </dd>
        </div>
      </dl>
      <h3>{t('groupStats.overTime')}</h3>
      <RatesChart series={stats.series} />
      <div className="stats-columns">
        <div>
          <h3>{t('player.livesLost')}</h3>
          <LivesLostTable lost={stats.livesLost} />
        </div>
        <div>
          <h3 id="values-title">{t('groupStats.values')}</h3>
          <ValuesTable values={stats.values.slice(0, TOP_VALUES)} />
        </div>
      </div>
      <h3>{t('groupStats.perWeek')}</h3>
      <WeeksChart weeks={stats.weeks} />
    </>
  );
}

function ValuesTable({ values }: { values: GroupStats['values'] }) {
  const { t, i18n } = useTranslation();
  if (values.length === 0) return <p className="empty">{t('player.noAnnouncements')}</p>;
  const label = (v: number) => (v === 21 ? t('claim.mia') : String(v));
  return (
    <table className="data-table">
      <caption className="visually-hidden">{t('groupStats.values')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tells.value')}</th>
          <th scope="col" className="num">
            {t('groupStats.announced')}
          </th>
          <th scope="col">{t('groupStats.trueShare')}</th>
        </tr>
      </thead>
      <tbody>
        {values.map((v) => (
          <tr key={v.value}>
            <th scope="row">{label(v.value)}</th>
            <td className="num">{v.announced}</td>
            <td>
              <span className="rate-cell">
                <span className="nowrap">
                  {v.looked === 0 ? '—' : t('tells.outOf', { part: v.truthful, count: v.looked, rate: percent(v.truthRate, i18n.language) })}
                </span>
                {v.truthRate !== null && <meter min={0} max={1} value={v.truthRate} aria-hidden="true" />}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeeksChart({ weeks }: { weeks: GroupStats['weeks'] }) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  if (weeks.length === 0) return <p className="empty">{t('group.gamesEmpty')}</p>;
  const busiest = weeks.reduce((a, b) => (b.games > a.games ? b : a));
  const description = t('groupStats.weeksSummary', {
    count: weeks.length,
    games: weeks.reduce((n, w) => n + w.games, 0),
    busiest: shortDate(busiest.weekStart, i18n.language),
    most: busiest.games,
  });
  return (
    <figure className="chart">
      <div className="chart-canvas chart-canvas-short">
        <Bar
          data={weeksChartData(weeks, t('groupStats.games'), (d) => shortDate(d, i18n.language), colors)}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: prefersReducedMotion() ? false : undefined,
            scales: {
              y: { beginAtZero: true, ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } },
              x: { ticks: { color: colors.text }, grid: { display: false } },
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
