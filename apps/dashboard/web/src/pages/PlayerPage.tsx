import './player/registerCharts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PlayerPage as PlayerPageData, PlayerRating } from '../../../shared/api';
import { apiPaths, pagePaths } from '../api/client';
import { useApi } from '../api/useApi';
import { AiBadge } from '../components/AiBadge';
import { ApiView } from '../components/PageState';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { percent } from '../labels/format';
import { ClassDoughnut } from './player/ClassDoughnut';
import { HeatMapGrid } from './player/HeatMapGrid';
import { LivesLostTable } from './player/LivesLostTable';
import { RatesChart } from './player/RatesChart';
import { RatingChart } from './player/RatingChart';
import { RecentGames } from './player/RecentGames';
import { TellsTable } from './player/TellsTable';

/** `/g/:token/players/:userId`: a person's statistics in the group. Loaded lazily (chart.js). */
export default function PlayerPageRoute() {
  const { token = '', userId = '' } = useParams();
  const page = useApi<PlayerPageData>(apiPaths.player(token, userId));
  return <ApiView state={page}>{(data) => <PlayerStats token={token} data={data} />}</ApiView>;
}

/** The page as a story: how good (rating), how they bluff and call over time, their tells, their games. */
export function PlayerStats({ token, data }: { token: string; data: PlayerPageData }) {
  const { t } = useTranslation();
  useDocumentTitle(data.name);
  return (
    <>
      <div className="section-head">
        <h1>
          {data.name}
          {data.ai && <AiBadge />}
        </h1>
        <Link to={pagePaths.group(token)}>{t('live.backToGroup')}</Link>
      </div>
      <p className="meta">{t('player.scope')}</p>
      <Headline data={data} />
      <section aria-labelledby="rating-title">
        <h2 id="rating-title">{data.rating?.strategy ? t('rating.strategyHistory') : t('rating.history')}</h2>
        <RatingChart history={data.ratingHistory} />
      </section>
      <section aria-labelledby="bluff-title">
        <h2 id="bluff-title">{t('player.bluffRateOverTime')}</h2>
        <RatesChart series={data.series} />
      </section>
      <section aria-labelledby="tells-title">
        <h2 id="tells-title">{t('tells.title')}</h2>
        <TellsTable tells={data.tells} name={data.name} />
      </section>
      <section aria-labelledby="heat-title">
        <h2 id="heat-title">{t('player.heat')}</h2>
        <HeatMapGrid cells={data.announcedVsActual} />
      </section>
      <section aria-labelledby="classes-title">
        <h2 id="classes-title">{t('player.classes')}</h2>
        <ClassDoughnut counts={data.announcements} />
      </section>
      <section aria-labelledby="lives-title">
        <h2 id="lives-title">{t('player.livesLost')}</h2>
        <LivesLostTable lost={data.livesLost} />
      </section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">{t('player.recent')}</h2>
        <RecentGames token={token} userId={data.userId} first={data.recent} />
      </section>
    </>
  );
}

/** Rating, trend and place on the board; provisional ratings say why. */
function RatingTile({ rating }: { rating: PlayerRating | null }) {
  const { t } = useTranslation();
  if (!rating) {
    return (
      <div>
        <dt>{t('rating.rating')}</dt>
        <dd className="stat-text">{t('rating.none')}</dd>
      </div>
    );
  }
  const trend =
    rating.trend === 0
      ? t('rating.steady', { count: rating.trendGames })
      : t('rating.trend', { count: rating.trendGames, change: `${rating.trend > 0 ? '+' : '−'}${Math.abs(rating.trend)}` });
  return (
    <div>
      <dt>{rating.strategy ? t('rating.ofStrategy', { strategy: t(`strategy.${rating.strategy}.name`) }) : t('rating.rating')}</dt>
      <dd>{rating.rating}</dd>
      <dd className="stat-text">
        <span aria-hidden="true">{rating.trend > 0 ? '▲' : rating.trend < 0 ? '▼' : '•'} </span>
        {trend}
      </dd>
      <dd className="stat-text">
        {t('rating.position', { position: rating.position, count: rating.ratedPlayers })}
        {rating.provisional && <> · {t('rating.provisional', { count: rating.provisionalGames })}</>}
      </dd>
    </div>
  );
}

/** The key numbers, in the bot's /stats wording; bluffs called in plain sentences. */
function Headline({ data }: { data: PlayerPageData }) {
  const { t, i18n } = useTranslation();
  const pct = (r: number | null) => percent(r, i18n.language);
  return (
    <dl className="stat-grid">
      <RatingTile rating={data.rating} />
      <div>
        <dt>{t('player.games')}</dt>
        <dd>{data.games}</dd>
      </div>
      <div>
        <dt>{t('player.wins')}</dt>
        <dd>
          {data.wins} <span className="meta">({pct(data.winRate)})</span>
        </dd>
      </div>
      <div>
        <dt>{t('player.bluffRate')}</dt>
        <dd>
          {pct(data.bluffRate)}{' '}
          <span className="meta">
            {t('player.bluffsOf', { count: data.announcements.truthful + data.announcements.over + data.announcements.under, bluffs: data.announcements.over })}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('player.bluffsCalled')}</dt>
        <dd className="stat-text">{t('player.calledOut', { count: data.calledOn.bluffsCalled })}</dd>
        <dd className="stat-text">{t('player.caughtOthers', { count: data.calls.bluffsCaught })}</dd>
      </div>
      <div>
        <dt>{t('player.calls')}</dt>
        <dd>
          {data.calls.total === 0 ? '—' : t('player.callsValue', { right: data.calls.right, total: data.calls.total, accuracy: pct(data.calls.accuracy) })}
        </dd>
      </div>
    </dl>
  );
}
