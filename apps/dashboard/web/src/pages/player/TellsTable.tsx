import { useTranslation } from 'react-i18next';
import type { Tell } from '../../../../shared/api';
import { percent } from '../../labels/format';
import { headlineTell } from './seriesData';

/**
 * The tells a player studies before the next game: per value (in the ranking's order), how often
 * this player's announcements of it were true, and how often they called it when it came to them.
 */
export function TellsTable({ tells, name }: { tells: Tell[]; name: string }) {
  const { t, i18n } = useTranslation();
  const pct = (r: number | null) => percent(r, i18n.language);
  const label = (v: number) => (v === 21 ? t('claim.mia') : String(v));
  if (tells.length === 0) return <p className="empty">{t('player.noAnnouncements')}</p>;
  const top = headlineTell(tells);
  return (
    <>
      {top && <p className="lead-tell">{t('tells.headline', { name, value: label(top.value), rate: pct(top.truthRate), count: top.looked })}</p>}
      {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a scrolling table must take keyboard focus to be scrolled by keyboard (axe: scrollable-region-focusable); no element has that role natively */}
      <div className="table-scroll" role="group" aria-labelledby="tells-title" tabIndex={0}>
        <table className="data-table tells">
          <caption className="visually-hidden">{t('tells.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tells.value')}</th>
              <th scope="col">{t('tells.true')}</th>
              <th scope="col">{t('tells.called')}</th>
            </tr>
          </thead>
          <tbody>
            {tells.map((v) => (
              <tr key={v.value}>
                <th scope="row">{label(v.value)}</th>
                <td>
                  <RateCell rate={v.truthRate} text={v.looked === 0 ? '—' : t('tells.outOf', { part: v.truthful, count: v.looked, rate: pct(v.truthRate) })} />
                </td>
                <td>
                  <RateCell rate={v.callRate} text={v.faced === 0 ? '—' : t('tells.outOf', { part: v.called, count: v.faced, rate: pct(v.callRate) })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint">{t('tells.note')}</p>
    </>
  );
}

function RateCell({ rate, text }: { rate: number | null; text: string }) {
  return (
    <span className="rate-cell">
      <span className="nowrap">{text}</span>
      {rate !== null && <meter min={0} max={1} value={rate} aria-hidden="true" />}
    </span>
  );
}
