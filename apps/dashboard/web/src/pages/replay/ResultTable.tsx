import { useTranslation } from 'react-i18next';
import type { GameReplay } from '../../../../shared/api';
import { Lives } from '../../components/Lives';
import { PlayerLink } from '../../components/PlayerLink';
import { outReasonKey } from '../../labels/outcomes';
import { seatOrder } from './steps';

/** The players in seat order with their places, lives left and why they went out. */
export function ResultTable({ token, replay }: { token: string; replay: GameReplay }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: a scrolling table must take keyboard focus to be scrolled by keyboard (axe: scrollable-region-focusable); no element has that role natively
    <div className="table-scroll replay-table-scroll" role="group" aria-labelledby="replay-players" tabIndex={0}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('replay.col.player')}</th>
            <th scope="col" className="num">
              {t('replay.col.place')}
            </th>
            <th scope="col" className="num">
              {t('replay.col.lives')}
            </th>
            <th scope="col">{t('replay.col.out')}</th>
          </tr>
        </thead>
        <tbody>
          {seatOrder(replay).map((p) => {
            const out = outReasonKey(p.outReason);
            return (
              <tr key={p.userId}>
                <th scope="row">
                  <PlayerLink token={token} userId={p.userId} name={p.name} ai={p.ai} />
                </th>
                <td className="num">{p.place ?? '—'}</td>
                <td className="num">
                  <Lives lives={p.lives} />
                </td>
                <td>
                  {out ? t(out) : (p.outReason ?? '—')}
                  {p.outRound !== null && <span className="meta"> ({t('live.round', { round: p.outRound })})</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
