import { useTranslation } from 'react-i18next';
import type { LivesLost } from '../../../../shared/api';
import { livesLostRows } from './chartData';

/** Lives lost by cause: a table; each row's <meter> shows its share at a glance. */
export function LivesLostTable({ lost }: { lost: LivesLost }) {
  const { t } = useTranslation();
  const rows = livesLostRows(lost);
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  if (total === 0) return <p className="empty">{t('player.noLivesLost')}</p>;
  return (
    <table className="data-table">
      <caption className="visually-hidden">{t('player.livesLost')}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{t(`cause.${r.key}`)}</th>
            <td className="num">{r.count}</td>
            <td className="meter-cell">
              <meter min={0} max={total} value={r.count} aria-hidden="true" />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('player.total')}</th>
          <td className="num">{total}</td>
          <td />
        </tr>
      </tfoot>
    </table>
  );
}
