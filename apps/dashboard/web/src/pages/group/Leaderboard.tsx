import { useTranslation } from 'react-i18next';
import type { LeaderboardEntry } from '../../../../shared/api';
import { PlayerLink } from '../../components/PlayerLink';
import { percent } from '../../labels/format';

const MEDALS = ['🥇', '🥈', '🥉'];

/** The group's leaderboard as a table (it is tabular data); scrolls sideways on a phone. */
export function Leaderboard({ token, entries }: { token: string; entries: LeaderboardEntry[] }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <p className="empty">{t('group.leaderboardEmpty')}</p>;
  return (
    <div className="table-scroll" role="group" aria-labelledby="leaderboard-title" tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{t('group.leaderboard')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('group.col.position')}</th>
            <th scope="col">{t('group.col.player')}</th>
            <th scope="col" className="num">{t('group.col.games')}</th>
            <th scope="col" className="num">{t('group.col.wins')}</th>
            <th scope="col" className="num">{t('group.col.winRate')}</th>
            <th scope="col" className="num">{t('group.col.bluffRate')}</th>
            <th scope="col" className="num">{t('group.col.livesLost')}</th>
          </tr>
        </thead>
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
              <td className="num">{e.games}</td>
              <td className="num">{e.wins}</td>
              <td className="num">{percent(e.winRate, i18n.language)}</td>
              <td className="num">{percent(e.bluffRate, i18n.language)}</td>
              <td className="num">{e.livesLost}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
