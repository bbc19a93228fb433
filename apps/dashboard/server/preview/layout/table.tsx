// The JSX runtime said per file: this code also runs under tsx from other packages (the demo).
/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The running game's image: the seats around a felt table, each with its name and lives, the cup
// by the player whose turn it is, and in the middle the round, whose move it is and the standing
// announcement (its value: the dice under the cup are never part of the card).
import type { ReactNode } from 'react';
import type { Card, SeatCard } from '../cards';
import { COLORS, Cup, Frame, Line, Lines, Lives } from './parts';

type TableCard = Extract<Card, { kind: 'table' }>;

const AREA = { width: 1088, height: 400 } as const;
const FELT = { width: 820, height: 260 } as const;
const CHIP = { width: 200, height: 76 } as const;
/** The ellipse the seats' centres sit on. */
const RIM = { rx: 440, ry: 162 } as const;

/** Seat `i` of `n`, clockwise from the top. */
export function seatCentre(i: number, n: number): { x: number; y: number } {
  const angle = -Math.PI / 2 + (2 * Math.PI * i) / n;
  return { x: AREA.width / 2 + RIM.rx * Math.cos(angle), y: AREA.height / 2 + RIM.ry * Math.sin(angle) };
}

function Seat({ seat, outLabel, x, y }: { seat: SeatCard; outLabel: string; x: number; y: number }): ReactNode {
  return (
    <div
      style={{
        position: 'absolute',
        left: Math.round(x - CHIP.width / 2),
        top: Math.round(y - CHIP.height / 2),
        width: CHIP.width,
        height: CHIP.height,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        boxSizing: 'border-box',
        padding: '4px 14px',
        lineHeight: 1.25,
        borderRadius: 14,
        background: COLORS.surface2,
        border: `3px solid ${seat.turn ? COLORS.turn : COLORS.border}`,
        opacity: seat.out ? 0.55 : 1,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        {seat.turn ? <Cup size={24} /> : null}
        <Line text={seat.name} style={{ fontSize: 24, fontWeight: 700, maxWidth: seat.turn ? 134 : 166 }} />
      </div>
      {seat.out ? <Line text={outLabel} style={{ fontSize: 20, color: COLORS.muted }} /> : <Lives lives={seat.lives} size={20} />}
    </div>
  );
}

export function TableImage({ card }: { card: TableCard }): ReactNode {
  return (
    <Frame site={card.site} title={card.group}>
      <div style={{ display: 'flex', position: 'relative', width: AREA.width, height: AREA.height }}>
        <div
          style={{
            position: 'absolute',
            left: (AREA.width - FELT.width) / 2,
            top: (AREA.height - FELT.height) / 2,
            width: FELT.width,
            height: FELT.height,
            borderRadius: FELT.height / 2,
            background: COLORS.felt,
            border: `10px solid ${COLORS.feltEdge}`,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            boxSizing: 'border-box',
            padding: '0 150px',
          }}
        >
          <Line text={card.status} style={{ fontSize: 24, color: COLORS.muted }} />
          {card.stage ? <Lines text={card.stage} style={{ fontSize: 30, fontWeight: 700, textAlign: 'center', marginTop: 4 }} /> : null}
          {card.claim ? (
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', marginTop: 8 }}>
              <Line text={card.claim.label} style={{ fontSize: 20, color: COLORS.muted }} />
              <Line text={`${card.claim.by}: ${card.claim.value}`} style={{ fontSize: 34, fontWeight: 700, color: COLORS.accent, maxWidth: 500 }} />
            </div>
          ) : null}
        </div>
        {card.seats.map((seat, i) => {
          const { x, y } = seatCentre(i, card.seats.length);
          return <Seat key={i} seat={seat} outLabel={card.outLabel} x={x} y={y} />;
        })}
      </div>
    </Frame>
  );
}
