// The JSX runtime said per file: this code also runs under tsx from other packages (the demo).
/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pieces every preview image is drawn from, as satori takes them (React elements with inline
// styles, flexbox only): the frame with the site's mark and the group's title, hearts for lives,
// the cup, dice pips. Shapes are drawn, not emoji: the fonts have no emoji, and satori draws SVG.
import type { CSSProperties, ReactNode } from 'react';
import { FONT_FAMILY, drawable } from '../fonts';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from '../meta';

/** The dashboard's dark theme (web/src/styles.css), with a felt table. */
export const COLORS = {
  bg: '#16130f',
  surface: '#221d18',
  surface2: '#2c261f',
  fg: '#f1ebe3',
  muted: '#b8ada0',
  border: '#453c33',
  accent: '#e08a7c',
  brand: '#7b2d26',
  heart: '#ff8a80',
  turn: '#f0b45a',
  felt: '#1d4a33',
  feltEdge: '#4a3424',
} as const;

/** One line of text: what the fonts cannot draw left out, cut with an ellipsis when too long. */
export function Line({ text, style }: { text: string; style?: CSSProperties }): ReactNode {
  return <div style={{ display: 'flex', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', ...style }}>{drawable(text) || '…'}</div>;
}

/** Text that may wrap onto a second line, no more. */
export function Lines({ text, style }: { text: string; style?: CSSProperties }): ReactNode {
  return <div style={{ display: 'block', lineClamp: 2, overflow: 'hidden', ...style }}>{drawable(text) || '…'}</div>;
}

export function Heart({ size, color = COLORS.heart }: { size: number; color?: string }): ReactNode {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24">
      <path
        d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z"
        fill={color}
      />
    </svg>
  );
}

/** A dice cup, seen from the side: whose turn it is. */
export function Cup({ size }: { size: number }): ReactNode {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24">
      <path d="M4 4h16l-2.2 15.2A2 2 0 0 1 15.8 21H8.2a2 2 0 0 1-2-1.8L4 4z" fill={COLORS.turn} />
      <rect x="3" y="3" width="18" height="3" rx="1.2" fill="#c98a2e" />
    </svg>
  );
}

const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [26, 26],
    [74, 26],
    [50, 50],
    [26, 74],
    [74, 74],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};

/** A die showing `face`: only the emblem uses it (a Mia, 2 and 1), never a game's dice. */
export function Die({ face, size }: { face: 1 | 2 | 3 | 4 | 5 | 6; size: number }): ReactNode {
  return (
    <svg width={size} height={size} viewBox="0 0 100 100">
      <rect x="4" y="4" width="92" height="92" rx="18" fill={COLORS.fg} />
      {PIPS[face]!.map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="9" fill={COLORS.brand} />
      ))}
    </svg>
  );
}

/** The site's mark, after favicon.svg. */
export function Mark({ size }: { size: number }): ReactNode {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32">
      <rect x="2" y="2" width="28" height="28" rx="6" fill={COLORS.brand} />
      <circle cx="10" cy="10" r="3" fill="#fff" />
      <circle cx="22" cy="22" r="3" fill="#fff" />
      <circle cx="16" cy="16" r="3" fill="#fff" />
    </svg>
  );
}

/** Lives as a heart and the count (as the web app draws them). */
export function Lives({ lives, size, color }: { lives: number; size: number; color?: string }): ReactNode {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: size * 0.25 }}>
      <Heart size={size} color={color ?? COLORS.heart} />
      <div style={{ display: 'flex', fontSize: size, fontWeight: 700, color: color ?? COLORS.fg }}>{String(lives)}</div>
    </div>
  );
}

/** The whole image: the site's mark and name, the group's title, then `children`. */
export function Frame({ site, title, children }: { site: string; title: string; children: ReactNode }): ReactNode {
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        boxSizing: 'border-box',
        padding: '40px 56px',
        background: COLORS.bg,
        color: COLORS.fg,
        fontFamily: FONT_FAMILY,
        fontSize: 28,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <Mark size={40} />
        <Line text={site} style={{ color: COLORS.muted, fontSize: 26 }} />
      </div>
      <Line text={title} style={{ fontSize: 54, fontWeight: 700, marginTop: 8, maxWidth: IMAGE_WIDTH - 112 }} />
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, marginTop: 20 }}>{children}</div>
    </div>
  );
}
