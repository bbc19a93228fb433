import { describe, expect, it } from 'vitest';
import { beatProbability, medianClaim, oddsTable, rankingFor, RANKING_PRESETS } from '../src';

// The table printed in the rule documents (shared/seeds), classic ranking, whole percent.
const DOCUMENTS_TABLE: [number, number][] = [
  [21, 0],
  [66, 6],
  [55, 8],
  [44, 11],
  [33, 14],
  [22, 17],
  [11, 19],
  [65, 22],
  [64, 28],
  [63, 33],
  [62, 39],
  [61, 44],
  [54, 50],
  [53, 56],
  [52, 61],
  [51, 67],
  [43, 72],
  [42, 78],
  [41, 83],
  [32, 89],
  [31, 94],
];

describe('odds', () => {
  it('reproduces the documents’ table for classic, cell by cell', () => {
    const table = oddsTable(rankingFor(RANKING_PRESETS.classic));
    expect(table.map((r) => [r.claim, r.percent])).toEqual(DOCUMENTS_TABLE);
  });

  it('places the median at 54 (beaten 50%), not 62 (about 39%)', () => {
    const classic = rankingFor(RANKING_PRESETS.classic);
    expect(medianClaim(classic)).toBe(54);
    expect(beatProbability(classic, 54)).toBe(0.5);
    expect(beatProbability(classic, 62)).toBeCloseTo(14 / 36);
  });

  it('gives every ranking setting its own table, counted over the 36 outcomes', () => {
    for (const options of [
      { doubles: '11-high', littleMia: false, sum: false },
      { doubles: '66-high', littleMia: true, sum: false },
      { doubles: '66-high', littleMia: false, sum: true },
      { doubles: '11-high', littleMia: true, sum: true },
    ] as const) {
      const ranking = rankingFor(options);
      const table = oddsTable(ranking);
      expect(table[0]).toMatchObject({ claim: 21, beaten: 0 });
      // Each class is beaten exactly by the outcomes of the classes above it.
      let above = 0;
      for (const [i, cls] of ranking.classes.entries()) {
        expect(table[i]!.beaten * 36).toBeCloseTo(above);
        for (const v of cls) above += v % 11 === 0 ? 1 : 2;
      }
      expect(above).toBe(36);
    }
  });
});
