import { useTranslation } from 'react-i18next';
import type { PlayerPage } from '../../../../shared/api';
import { heatMap } from './chartData';

/**
 * Announced (rows) against rolled (columns) as an HTML table: every cell holds its count as
 * text and its shade as a class, so it reads with a screen reader, without colour, and at
 * any zoom. Cells on the diagonal (announced what was rolled) are outlined.
 */
export function HeatMapGrid({ cells }: { cells: PlayerPage['announcedVsActual'] }) {
  const { t } = useTranslation();
  const map = heatMap(cells);
  if (map.total === 0) return <p className="empty">{t('player.noAnnouncements')}</p>;
  const label = (v: number) => (v === 21 ? t('claim.mia') : String(v));
  // The note stands outside the scrolling table: as its caption it was as wide as the table
  // and ran out of sight on a phone.
  return (
    <>
      <p className="hint" id="heat-note">
        {t('player.heatNote')}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a scrolling table must take keyboard focus to be scrolled by keyboard (axe: scrollable-region-focusable); no element has that role natively */}
      <div className="table-scroll" role="group" aria-labelledby="heat-title" tabIndex={0}>
        <table className="heat-map" aria-describedby="heat-note">
          <caption className="visually-hidden">{t('player.heat')}</caption>
          <thead>
            <tr>
              <td className="heat-corner">
                <span className="visually-hidden">{t('player.heatCorner')}</span>
                <span aria-hidden="true">
                  ↓ {t('player.announced')} / {t('player.rolled')} →
                </span>
              </td>
              {map.actual.map((v) => (
                <th key={v} scope="col">
                  {label(v)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {map.rows.map((row) => (
              <tr key={row.announced}>
                <th scope="row">{label(row.announced)}</th>
                {row.cells.map((c) => (
                  <td key={c.actual} className={`heat heat-${c.level}${c.actual === row.announced ? ' heat-diagonal' : ''}`}>
                    {c.count > 0 ? c.count : <span className="visually-hidden">0</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
