// The JSX runtime said per file: this code also runs under tsx from other packages (the demo).
/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The images with no table: the group's leaderboard, a player's card, a finished game's result
// and the site's own card; and `cardImage`, which picks the drawing for a card.
import type { ReactNode } from 'react';
import type { Card, Column } from '../cards';
import { FONT_FAMILY } from '../fonts';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from '../meta';
import { COLORS, Die, Frame, Heart, Line, Lines, Mark } from './parts';
import { TableImage } from './table';

function Grid({ columns, rows, rowHeight, fontSize }: { columns: Column[]; rows: string[][]; rowHeight: number; fontSize: number }): ReactNode {
  const width = (c: Column) => ({
    ...(c.width ? { width: c.width } : { flexGrow: 1, flexBasis: 0 }),
    justifyContent: c.align === 'end' ? 'flex-end' : 'flex-start',
  });
  return (
    <div style={{ display: 'flex', flexDirection: 'column' }}>
      <div style={{ display: 'flex', color: COLORS.muted, fontSize: 22, paddingBottom: 8, borderBottom: `2px solid ${COLORS.border}` }}>
        {columns.map((c, i) => (
          <div key={i} style={{ display: 'flex', ...width(c) }}>
            <Line text={c.label} />
          </div>
        ))}
      </div>
      {rows.map((row, r) => (
        <div key={r} style={{ display: 'flex', alignItems: 'center', height: rowHeight, fontSize, borderBottom: `1px solid ${COLORS.border}` }}>
          {columns.map((c, i) => (
            <div key={i} style={{ display: 'flex', alignItems: 'center', gap: 8, overflow: 'hidden', ...width(c) }}>
              {c.hearts ? <Heart size={fontSize * 0.9} /> : null}
              <Line text={row[i] ?? ''} style={{ fontWeight: c.strong ? 700 : 400 }} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function BoardImage({ card }: { card: Extract<Card, { kind: 'board' }> }): ReactNode {
  if (card.rows.length === 0) {
    // Nothing played yet: the group's title and that, by the site's mark.
    return (
      <Frame site={card.site} title={card.group}>
        <div style={{ display: 'flex', flexGrow: 1, alignItems: 'center', gap: 40 }}>
          <Mark size={140} />
          <Lines text={card.summary} style={{ fontSize: 40, color: COLORS.muted, flexGrow: 1, flexBasis: 0 }} />
        </div>
      </Frame>
    );
  }
  return (
    <Frame site={card.site} title={card.group}>
      <Line text={card.heading} style={{ fontSize: 30, color: COLORS.accent, fontWeight: 700, marginBottom: 10 }} />
      <Grid columns={card.columns} rows={card.rows} rowHeight={52} fontSize={28} />
      <div style={{ display: 'flex', flexGrow: 1 }} />
      <Line text={card.summary} style={{ fontSize: 26, color: COLORS.muted }} />
    </Frame>
  );
}

function PlayerImage({ card }: { card: Extract<Card, { kind: 'player' }> }): ReactNode {
  return (
    <Frame site={card.site} title={card.group}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <Line text={card.name} style={{ fontSize: 72, fontWeight: 700, color: COLORS.accent, maxWidth: card.badge ? 760 : 1088 }} />
        {card.badge ? (
          <Line
            text={card.badge}
            style={{ fontSize: 24, boxSizing: 'border-box', padding: '4px 14px', borderRadius: 10, border: `2px solid ${COLORS.muted}`, color: COLORS.muted }}
          />
        ) : null}
      </div>
      <div style={{ display: 'flex', gap: 20, marginTop: 24 }}>
        {card.stats.map((s, i) => (
          <div
            key={i}
            style={{
              display: 'flex',
              flexDirection: 'column',
              flexGrow: 1,
              flexBasis: 0,
              boxSizing: 'border-box',
              padding: '18px 22px',
              borderRadius: 16,
              background: COLORS.surface2,
              border: `2px solid ${COLORS.border}`,
            }}
          >
            <Line text={s.value} style={{ fontSize: 64, fontWeight: 700 }} />
            <Line text={s.label} style={{ fontSize: 24, color: COLORS.muted }} />
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', flexGrow: 1 }} />
      <Line text={card.summary} style={{ fontSize: 26, color: COLORS.muted }} />
    </Frame>
  );
}

function ResultImage({ card }: { card: Extract<Card, { kind: 'result' }> }): ReactNode {
  // Up to five players in one list; more (a game seats ten at most) in two lists side by side.
  const halves = card.rows.length > 5 ? [card.rows.slice(0, Math.ceil(card.rows.length / 2)), card.rows.slice(Math.ceil(card.rows.length / 2))] : [card.rows];
  const columns = halves.length > 1 ? card.columns.map((c) => (c.width ? { ...c, width: c.width * 0.7 } : c)) : card.columns;
  return (
    <Frame site={card.site} title={card.group}>
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 20, marginBottom: 8 }}>
        <Line text={card.heading} style={{ fontSize: 26, color: COLORS.muted }} />
        <Line text={card.winner} style={{ fontSize: 36, fontWeight: 700, color: COLORS.accent, maxWidth: 760 }} />
      </div>
      <div style={{ display: 'flex', gap: 40 }}>
        {halves.map((rows, i) => (
          <div key={i} style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: 0 }}>
            <Grid columns={columns} rows={rows} rowHeight={50} fontSize={28} />
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', flexGrow: 1 }} />
      <Line text={card.summary} style={{ fontSize: 26, color: COLORS.muted }} />
    </Frame>
  );
}

function SiteImage({ card }: { card: Extract<Card, { kind: 'site' }> }): ReactNode {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        boxSizing: 'border-box',
        padding: '0 80px',
        gap: 56,
        background: COLORS.bg,
        color: COLORS.fg,
        fontFamily: FONT_FAMILY,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: 0 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <Mark size={72} />
          <Line text={card.heading} style={{ fontSize: 76, fontWeight: 700 }} />
        </div>
        <Lines text={card.tagline} style={{ fontSize: 34, color: COLORS.muted, marginTop: 28, lineClamp: 4 }} />
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <Die face={2} size={170} />
        <Die face={1} size={170} />
      </div>
    </div>
  );
}

export function cardImage(card: Card): ReactNode {
  switch (card.kind) {
    case 'table':
      return <TableImage card={card} />;
    case 'board':
      return <BoardImage card={card} />;
    case 'player':
      return <PlayerImage card={card} />;
    case 'result':
      return <ResultImage card={card} />;
    case 'site':
      return <SiteImage card={card} />;
  }
}
