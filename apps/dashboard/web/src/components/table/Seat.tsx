import type { RankingOptions } from '@mia/engine';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { OUT_KEY } from '../../labels/outcomes';
import { Lives } from '../Lives';
import { PlayerLink } from '../PlayerLink';
import type { SceneSeat } from './scene';
import { SpeechBubble } from './SpeechBubble';

/** Which way a seat faces the table: bubbles and marks sit on the side toward the centre. */
const sideOf = (y: number) => (y < 40 ? 'top' : y > 60 ? 'bottom' : 'middle');

/** One player at the table: their name (a link to their page), lives, newest announcement, and what they just lost. */
export function Seat({ seat, token, ranking }: { seat: SceneSeat; token: string; ranking: RankingOptions }) {
  const { t } = useTranslation();
  const classes = ['table-seat', seat.turn ? 'seat-turn' : '', seat.out ? 'seat-out' : '', seat.lost ? 'seat-hit' : '', seat.winner ? 'seat-winner' : '']
    .filter(Boolean)
    .join(' ');
  const name = <PlayerLink token={token} userId={seat.id} name={seat.name} ai={seat.ai} />;
  const at = { '--x': `${seat.at.x}%`, '--y': `${seat.at.y}%` } as CSSProperties;
  return (
    <li className={classes} style={at} data-side={sideOf(seat.at.y)} aria-current={seat.turn ? 'true' : undefined}>
      <span className="seat-name">
        {seat.winner && <span aria-hidden="true">🏆 </span>}
        {seat.out ? <s>{name}</s> : name}
        {seat.turn && <span className="visually-hidden"> {t('live.turnMarker')}</span>}
      </span>
      {seat.out ? <span className="seat-out-reason">{t(OUT_KEY[seat.out])}</span> : <Lives lives={seat.lives} />}
      {seat.said && <SpeechBubble key={seat.said.index} claim={seat.said} ranking={ranking} />}
      {seat.lost && (
        // The words are in the round's outcome under the table (and the screen-reader summary).
        <span className="seat-loss" aria-hidden="true">
          −{seat.lost.amount} <span className="seat-loss-heart">❤️</span>
        </span>
      )}
    </li>
  );
}

/** A free chair at a lobby's table. */
export function EmptySeat({ x, y }: { x: number; y: number }) {
  const { t } = useTranslation();
  const at = { '--x': `${x}%`, '--y': `${y}%` } as CSSProperties;
  return (
    <li className="table-seat table-seat-empty" style={at} data-side={sideOf(y)}>
      {t('table.emptySeat')}
    </li>
  );
}
