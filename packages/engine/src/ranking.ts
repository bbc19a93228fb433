import { diceOf, isValue, MIA, type Value } from './dice';

export type DoublesOrder = '66-high' | '11-high';

/** The ranking settings of the rules file; they combine freely. */
export interface RankingOptions {
  /** `66-high` (default): 66 is the best double; `11-high`: 11 is (the rules-site order). */
  doubles: DoublesOrder;
  /** Danish "Lille Meyer": 31 ranks second, right after Mia; 32 is then the lowest roll. */
  littleMia: boolean;
  /** Non-doubles rank by the sum of their dice: 62 and 53 are both "8 points". */
  sum: boolean;
}

export type RankingPreset = 'classic' | 'rules-site' | 'meyer';

export const RANKING_PRESETS: Readonly<Record<RankingPreset, RankingOptions>> = {
  classic: { doubles: '66-high', littleMia: false, sum: false },
  'rules-site': { doubles: '11-high', littleMia: false, sum: false },
  meyer: { doubles: '66-high', littleMia: true, sum: false },
};

export const LITTLE_MIA: Value = 31;

/** How a claim is spoken of; languages format it (English: `formatClaim`). */
export type ClaimShape =
  | { kind: 'mia' }
  | { kind: 'little-mia' }
  | { kind: 'double'; die: number }
  | { kind: 'points'; points: number }
  | { kind: 'value'; value: Value };

export interface Ranking {
  readonly options: RankingOptions;
  /** Classes of equal rank, best first; each lists its values, best first. */
  readonly classes: readonly (readonly Value[])[];
  /** What players may announce, best first: one value per class (its first member). */
  readonly claims: readonly Value[];
  /** Higher is better; equal ranks are equal rolls. Throws on a value dice cannot show. */
  rankOf(value: Value): number;
  /** > 0 when `a` beats `b`, 0 when they are equal, < 0 otherwise. */
  compare(a: Value, b: Value): number;
  /** The claim that names `value`'s class (identity outside sum mode). */
  canonical(value: Value): Value;
  shape(claim: Value): ClaimShape;
  /**
   * Claims ranked above `claim` (or equal too, when `orEqual`), best first; every claim for null.
   * Built once per ranking and frozen: the legal moves hand these out every turn.
   */
  above(claim: Value | null, orEqual: boolean): readonly Value[];
}

const DOUBLES_66_HIGH: readonly Value[] = [66, 55, 44, 33, 22, 11];

function pointsOf(value: Value): number {
  const [high, low] = diceOf(value);
  return high + low;
}

function buildClasses(options: RankingOptions): Value[][] {
  const classes: Value[][] = [[MIA]];
  if (options.littleMia) classes.push([LITTLE_MIA]);
  const doubles = options.doubles === '66-high' ? DOUBLES_66_HIGH : [...DOUBLES_66_HIGH].reverse();
  for (const d of doubles) classes.push([d]);
  const rest: Value[] = [];
  for (let high = 6; high >= 2; high--) {
    for (let low = high - 1; low >= 1; low--) {
      const v = high * 10 + low;
      if (v === MIA || (options.littleMia && v === LITTLE_MIA)) continue;
      rest.push(v);
    }
  }
  if (!options.sum) {
    for (const v of rest) classes.push([v]);
  } else {
    const byPoints = new Map<number, Value[]>();
    for (const v of rest) {
      const p = pointsOf(v);
      const members = byPoints.get(p) ?? [];
      members.push(v);
      byPoints.set(p, members);
    }
    for (const p of [...byPoints.keys()].sort((x, y) => y - x)) classes.push(byPoints.get(p)!);
  }
  return classes;
}

function optionsKey(o: RankingOptions): string {
  return `${o.doubles}|${o.littleMia ? 1 : 0}|${o.sum ? 1 : 0}`;
}

const cache = new Map<string, Ranking>();
/** The eight combinations by a small index: asked every turn, so no key string is built. */
const byIndex: (Ranking | undefined)[] = [];

function optionsIndex(o: RankingOptions): number {
  const doubles = o.doubles === '66-high' ? 0 : o.doubles === '11-high' ? 4 : -1;
  return doubles < 0 ? -1 : doubles + (o.littleMia ? 2 : 0) + (o.sum ? 1 : 0);
}

/** The ranking for a set of options; built once per combination (there are eight). */
export function rankingFor(options: RankingOptions): Ranking {
  // A game's settings keep one options object, asked for several times an action: the last one
  // asked is answered at once (its fields compared too, in case a caller changed it since).
  const last = lastRanking;
  if (options === lastOptions && last !== null) {
    const o = last.options;
    if (options.doubles === o.doubles && options.littleMia === o.littleMia && options.sum === o.sum) return last;
  }
  const ranking = rankingByOptions(options);
  lastOptions = options;
  lastRanking = ranking;
  return ranking;
}

let lastOptions: RankingOptions | null = null;
let lastRanking: Ranking | null = null;

function rankingByOptions(options: RankingOptions): Ranking {
  const index = optionsIndex(options);
  const fast = index >= 0 ? byIndex[index] : undefined;
  if (fast) return fast;
  const key = optionsKey(options);
  let ranking = cache.get(key);
  if (!ranking) {
    ranking = buildRanking(options);
    cache.set(key, ranking);
  }
  if (index >= 0) byIndex[index] = ranking;
  return ranking;
}

/** Value-indexed tables (11…66 fit in 67 slots): a lookup per call instead of a Map's hashing. */
const VALUE_SLOTS = 67;

function lookup(table: readonly number[], value: Value): number {
  const r = typeof value === 'number' ? table[value] : undefined;
  if (r === undefined || r < 0) throw new RangeError(`not a dice value: ${String(value)}`);
  return r;
}

function buildRanking(options: RankingOptions): Ranking {
  const frozen: RankingOptions = Object.freeze({ ...options });
  const classes = buildClasses(frozen);
  const rank: number[] = new Array<number>(VALUE_SLOTS).fill(-1);
  const canon: number[] = new Array<number>(VALUE_SLOTS).fill(-1);
  classes.forEach((members, i) => {
    for (const v of members) {
      rank[v] = classes.length - 1 - i;
      canon[v] = members[0]!;
    }
  });
  const rankOf = (value: Value): number => lookup(rank, value);
  const claims = classes.map((c) => c[0]!);
  // above[orEqual ? 1 : 0][value]: the claims ranked above (or at least as high as) value.
  const above = [0, 1].map((orEqual) => rank.map((r) => (r < 0 ? [] : Object.freeze(claims.filter((c) => (orEqual ? rank[c]! >= r : rank[c]! > r))))));
  const allClaims = Object.freeze([...claims]);
  return {
    options: frozen,
    classes,
    claims,
    rankOf,
    compare: (a, b) => lookup(rank, a) - lookup(rank, b),
    canonical: (value) => lookup(canon, value),
    shape: (claim) => {
      const c = lookup(canon, claim);
      if (c === MIA) return { kind: 'mia' };
      if (frozen.littleMia && c === LITTLE_MIA) return { kind: 'little-mia' };
      const [high, low] = diceOf(c);
      if (high === low) return { kind: 'double', die: high };
      if (frozen.sum) return { kind: 'points', points: high + low };
      return { kind: 'value', value: c };
    },
    above: (claim, orEqual) => {
      if (claim === null) return allClaims;
      lookup(rank, claim);
      return above[orEqual ? 1 : 0]![claim]!;
    },
  };
}

/** English wording, for logs, the command-line demo and tests; the bot has its own per language. */
export function formatClaim(ranking: Ranking, claim: Value): string {
  const s = ranking.shape(claim);
  switch (s.kind) {
    case 'mia':
      return 'Mia';
    case 'little-mia':
      return 'little Mia';
    case 'double':
      return `${s.die}${s.die}`;
    case 'points':
      return `${s.points} points`;
    case 'value':
      return String(s.value);
  }
}

/**
 * Reads what a player typed: "53", "35" (read as 53), "mia", "little mia", and in sum mode
 * "8 points" / "8p". Returns the canonical claim, or null when it names none.
 */
export function parseClaim(ranking: Ranking, text: string): Value | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t === 'mia') return MIA;
  if (t === 'little mia' || t === 'lille meyer') return ranking.options.littleMia ? LITTLE_MIA : null;
  const points = /^(\d{1,2}) ?(?:p|pts|points?)$/.exec(t);
  if (points) {
    if (!ranking.options.sum) return null;
    const p = Number(points[1]);
    for (const claim of ranking.claims) {
      const s = ranking.shape(claim);
      if (s.kind === 'points' && s.points === p) return claim;
    }
    return null;
  }
  if (!/^[1-6]{2}$/.test(t)) return null;
  const a = Number(t[0]);
  const b = Number(t[1]);
  const v = Math.max(a, b) * 10 + Math.min(a, b);
  return isValue(v) ? ranking.canonical(v) : null;
}

/** Claims ranked strictly above `claim` (or equal too, when `orEqual`), best first. */
export function claimsAbove(ranking: Ranking, claim: Value | null, orEqual = false): Value[] {
  return [...ranking.above(claim, orEqual)]; // a copy the caller may keep or change
}
