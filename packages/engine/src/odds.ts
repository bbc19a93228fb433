import { OUTCOMES, type Value } from './dice';
import type { Ranking } from './ranking';

/** Per value (11…66): the chance one later roll beats it, and that one ranks at least as high. */
export interface OddsTables {
  readonly beat: Float64Array;
  readonly atLeast: Float64Array;
}

const tables = new WeakMap<Ranking, OddsTables>();

/** The odds of every value under `ranking`, counted once over the 36 outcomes and kept. */
export function oddsTables(ranking: Ranking): OddsTables {
  if (ranking === lastRanking) return lastTables!; // asked every AI decision, mostly for one ranking
  let t = tables.get(ranking);
  if (!t) {
    t = { beat: new Float64Array(67), atLeast: new Float64Array(67) };
    for (const v of ranking.classes.flat()) {
      const r = ranking.rankOf(v);
      let beats = 0;
      let hits = 0;
      for (const o of OUTCOMES) {
        const ro = ranking.rankOf(o);
        if (ro > r) beats++;
        if (ro >= r) hits++;
      }
      t.beat[v] = beats / OUTCOMES.length;
      t.atLeast[v] = hits / OUTCOMES.length;
    }
    tables.set(ranking, t);
  }
  lastRanking = ranking;
  lastTables = t;
  return t;
}

let lastRanking: Ranking | null = null;
let lastTables: OddsTables | null = null;

/** The chance that one later roll beats `value`, over the 36 equally likely outcomes. */
export function beatProbability(ranking: Ranking, value: Value): number {
  ranking.rankOf(value); // throws on a value dice cannot show
  return oddsTables(ranking).beat[value]!;
}

/** The chance that one roll ranks at least as high as `value`. */
export function atLeastProbability(ranking: Ranking, value: Value): number {
  ranking.rankOf(value);
  return oddsTables(ranking).atLeast[value]!;
}

export interface OddsRow {
  claim: Value;
  /** Exact probability that one later roll beats the claim. */
  beaten: number;
  /** The same, in whole percent, as the rule documents print it. */
  percent: number;
}

/** One row per claim, best first: the documents' odds table for any ranking. */
export function oddsTable(ranking: Ranking): OddsRow[] {
  return ranking.claims.map((claim) => {
    const beaten = beatProbability(ranking, claim);
    return { claim, beaten, percent: Math.round(beaten * 100) };
  });
}

/**
 * The median roll as the rule documents mean it: the best claim that one later roll still beats
 * with probability one half or more. 54 under `classic` (beaten 50%), not 62 (about 39%).
 */
export function medianClaim(ranking: Ranking): Value {
  for (const claim of ranking.claims) if (beatProbability(ranking, claim) >= 0.5) return claim;
  throw new Error('no median: the ranking is empty');
}
