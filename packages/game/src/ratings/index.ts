export { OVERALL, rateFinishedGame, subjectOf, type RatedGame, type RatingChangeRow, type RatingRow } from './ledger';
export { recomputeRatings, type RecomputeResult } from './recompute';
export { rateGameInTransaction } from './store';
