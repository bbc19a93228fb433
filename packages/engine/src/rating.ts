// Skill ratings for Mia's free-for-all games: OpenSkill's Plackett–Luce model (the `openskill`
// package, its defaults). Plackett–Luce rates a full finishing order of any number of players,
// ties included, which is exactly what a game of Mia produces (places from the final ranking,
// equal lives sharing a place), and it is the model OpenSkill recommends for free-for-all.
import { ordinal, rate, rating as freshRating } from 'openskill';

export interface Skill {
  /** The estimated skill. */
  mu: number;
  /** The uncertainty of that estimate: shrinks as games are played. */
  sigma: number;
}

/** A new player's skill: the package's defaults (μ 25, σ 25/3). */
export const initialSkill = (): Skill => {
  const { mu, sigma } = freshRating();
  return { mu, sigma };
};

/**
 * The number boards show and sort by: OpenSkill's conservative ordinal μ − 3σ, scaled by the
 * package's own `alpha` and `target` so a new player starts at 1000 and one point of μ is 40.
 * Conservative on purpose: three lucky games do not outrank a hundred good ones.
 */
export const RATING_DISPLAY = { alpha: 40, target: 1000 } as const;
export const displayRating = (skill: Skill): number => ordinal(skill, RATING_DISPLAY);

/**
 * A rating counts as settled after this many rated games. In four-player games σ falls from 8.3
 * to about 6.8 by the tenth game (the package's model, simulated); before that one game moves μ
 * by 2–3 points, as much as the gap between a good and an average player, so the order of new
 * players is mostly the luck of their first games.
 */
export const PROVISIONAL_GAMES = 10;
export const isProvisional = (games: number): boolean => games < PROVISIONAL_GAMES;

export interface RatedSeat<S extends string> {
  /** Who is rated: a person, or a computer strategy that may hold several seats. */
  subject: S;
  /** Final place, 1 = winner; equal places are ties. */
  place: number;
}

export interface RatingUpdate<S extends string> {
  subject: S;
  before: Skill;
  after: Skill;
  /** The best place the subject took in the game (a strategy's best seat). */
  place: number;
  /** Seats the subject held in the game. */
  seats: number;
}

/**
 * One finished game's rating updates. Every seat is a team of one in one `rate` call with the
 * places as ranks. A subject that held several seats (two computer players of one strategy)
 * combines its seats' updates as independent evidence: μ moves by the sum of the seats' moves and
 * the variance shrinks by the product of their factors. With one seat per subject (every person)
 * this is exactly `rate`'s own result.
 */
export function rateGame<S extends string>(seats: readonly RatedSeat<S>[], skillOf: (subject: S) => Skill): RatingUpdate<S>[] {
  if (seats.length < 2) return [];
  const teams = seats.map((s) => [skillOf(s.subject)]);
  const rated = rate(teams, { rank: seats.map((s) => s.place) });
  const bySubject = new Map<S, RatingUpdate<S>>();
  seats.forEach((seat, i) => {
    const before = teams[i]![0]!;
    const after = rated[i]![0]!;
    const seen = bySubject.get(seat.subject);
    if (!seen) {
      bySubject.set(seat.subject, { subject: seat.subject, before, after: { mu: after.mu, sigma: after.sigma }, place: seat.place, seats: 1 });
      return;
    }
    const varianceFactor = (after.sigma / before.sigma) ** 2;
    seen.after = { mu: seen.after.mu + (after.mu - before.mu), sigma: seen.after.sigma * Math.sqrt(varianceFactor) };
    seen.place = Math.min(seen.place, seat.place);
    seen.seats++;
  });
  return [...bySubject.values()];
}
