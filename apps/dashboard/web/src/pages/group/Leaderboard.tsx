import { useTranslation } from 'react-i18next';
import type { RatingEntry, StrategyEntry } from '../../../../shared/api';
import { PlayerLink } from '../../components/PlayerLink';
import { percent } from '../../labels/format';

const MEDALS = ['🥇', '🥈', '🥉'];

/** A rating, with the provisional mark (explained under the table) for one still settling. */
function Rating({ rating, provisional }: { rating: number; provisional: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {rating}
      {provisional && (
        <>
          <span aria-hidden="true" className="provisional-mark">
            *
          </span>
          <span className="visually-hidden"> ({t('group.provisional')})</span>
        </>
      )}
    </>
  );
}

/** The columns both boards share after the name: rating, games, wins, win rate, bluff rate. */
function RatedCells({ e }: { e: RatingEntry | StrategyEntry }) {
  const { i18n } = useTranslation();
  return (
    <>
      <td className="num nowrap">
        <Rating rating={e.rating} provisional={e.provisional} />
      </td>
      <td className="num">{e.games}</td>
      <td className="num wide-only">{e.wins}</td>
      <td className="num">{percent(e.winRate, i18n.language)}</td>
      <td className="num">{percent(e.bluffRate, i18n.language)}</td>
    </>
  );
}

function RatedHead({ first }: { first: string }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{t('group.col.position')}</th>
        <th scope="col">{first}</th>
        <th scope="col" className="num">
          {t('group.col.rating')}
        </th>
        <th scope="col" className="num">
          {t('group.col.games')}
        </th>
        <th scope="col" className="num wide-only">
          {t('group.col.wins')}
        </th>
        <th scope="col" className="num">
          {t('group.col.winRate')}
        </th>
        <th scope="col" className="num">
          {t('group.col.bluffRate')}
        </th>
      </tr>
    </thead>
  );
}

/** The group's people by rating, as a table (it is tabular data); on a phone the wins give way to the win rate. */
export function Leaderboard({ token, entries }: { token: string; entries: RatingEntry[] }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a scrolling table must take keyboard focus to be scrolled by keyboard (axe: scrollable-region-focusable); no element has that role natively
    <div className="table-scroll" role="group" aria-labelledby="leaderboard-title" tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{t('group.leaderboard')}</caption>
        <RatedHead first={t('group.col.player')} />
        <tbody>
          {entries.map((e) => (
            <tr key={e.userId}>
              <td className="nowrap">
                <span aria-hidden="true">{MEDALS[e.position - 1] ?? ''} </span>
                {e.position}
              </td>
              <th scope="row">
                <PlayerLink token={token} userId={e.userId} name={e.name} />
              </th>
              <RatedCells e={e} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The computer strategies' ladder: rated like people, shown apart (their names are the strategies'). */
export function ComputerLadder({ entries }: { entries: StrategyEntry[] }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a scrolling table must take keyboard focus to be scrolled by keyboard (axe: scrollable-region-focusable); no element has that role natively
    <div className="table-scroll" role="group" aria-labelledby="ladder-title" tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{t('group.ladder')}</caption>
        <RatedHead first={t('group.col.strategy')} />
        <tbody>
          {entries.map((e) => (
            <tr key={e.strategy}>
              <td className="nowrap">{e.position}</td>
              <th scope="row">
                {t(`strategy.${e.strategy}.name`)}
                <span className="meta strategy-note">{t(`strategy.${e.strategy}.note`)}</span>
              </th>
              <RatedCells e={e} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
