import type { CSSProperties } from 'react';
import type { TableScene } from './scene';

/**
 * The dice cup, in front of the player whose turn it is. It is always drawn, so that a new turn
 * moves it (a CSS transition of its position) rather than making a new one appear; with no turn
 * (lobby, game over) it rests in the middle, hidden. Decoration only: the turn is said in words.
 */
export function Cup({ cup }: { cup: TableScene['cup'] }) {
  const at = {
    '--x': `${cup?.at.x ?? 50}%`,
    '--y': `${cup?.at.y ?? 50}%`,
    '--fx': cup?.facing.x ?? 0,
    '--fy': cup?.facing.y ?? 0,
  } as CSSProperties;
  return (
    <div className={cup ? `table-cup table-cup-${cup.stage}` : 'table-cup table-cup-away'} style={at} aria-hidden="true" data-seat={cup?.seat}>
      <span className="table-cup-body" />
    </div>
  );
}
