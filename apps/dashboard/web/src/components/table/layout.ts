/**
 * Where seats sit around the table: evenly on an ellipse, the first seat at the top and play
 * going clockwise, as percentages of the table's box (so one layout serves every width: the box's
 * aspect ratio changes, the percentages stay).
 */
export interface Point {
  /** Percent of the box's width, from the left. */
  x: number;
  /** Percent of the box's height, from the top. */
  y: number;
}

/** A unit direction; `x` rightwards, `y` downwards. */
export interface Direction {
  x: number;
  y: number;
}

/** The ring's radii in percent of the box: seats keep clear of its edges (their cards are centred on the point). */
const RING = { rx: 40, ry: 38 };

const round2 = (n: number) => Math.round(n * 100) / 100;
const angleOf = (index: number, count: number) => -Math.PI / 2 + (2 * Math.PI * index) / Math.max(1, count);

export function seatPoint(index: number, count: number): Point {
  if (count <= 0) return { x: 50, y: 50 };
  const a = angleOf(index, count);
  return { x: round2(50 + RING.rx * Math.cos(a)), y: round2(50 + RING.ry * Math.sin(a)) };
}

/**
 * From a seat toward the table's centre: the cup sits on that side of the seat's card (CSS adds
 * the card's half size in this direction), so it never hides under the card or the news.
 */
export function towardCentre(index: number, count: number): Direction {
  if (count <= 0) return { x: 0, y: 0 };
  const a = angleOf(index, count);
  return { x: round2(-Math.cos(a)) || 0, y: round2(-Math.sin(a)) || 0 };
}
