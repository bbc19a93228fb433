import { RANKED_VALUES } from '@mia/engine';

// Its own module: chartData.ts (the heat map) uses it, and importing it from seriesData.ts, which
// takes chartData's types, was an import cycle.

/**
 * The values of the heat map's two axes: every value announced or rolled, in the ranking's order
 * (Mia first), the same list on both so the truthful cells form the diagonal.
 */
export function heatAxis(cells: { announced: number; actual: number; count: number }[]): number[] {
  const seen = new Set<number>();
  for (const c of cells) {
    if (c.count <= 0) continue;
    seen.add(c.announced);
    seen.add(c.actual);
  }
  const ranked = RANKED_VALUES.filter((v) => seen.has(v));
  // A stored value off the classic ranking (none today) still gets its row, last.
  return [...ranked, ...[...seen].filter((v) => !RANKED_VALUES.includes(v)).sort((a, b) => b - a)];
}
