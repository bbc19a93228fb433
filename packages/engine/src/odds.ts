import { OUTCOMES, type Value } from './dice';
import type { Ranking } from './ranking';

/** The chance that one later roll beats `value`, over the 36 equally likely outcomes. */
export function beatProbability(ranking: Ranking, value: Value): number {
  const r = ranking.rankOf(value);
  let beats = 0;
  for (const o of OUTCOMES) if (ranking.rankOf(o) > r) beats++;
  return beats / OUTCOMES.length;
}

/** The chance that one roll ranks at least as high as `value`. */
export function atLeastProbability(ranking: Ranking, value: Value): number {
  const r = ranking.rankOf(value);
  let hits = 0;
  for (const o of OUTCOMES) if (ranking.rankOf(o) >= r) hits++;
  return hits / OUTCOMES.length;
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
