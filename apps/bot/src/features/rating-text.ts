// How ratings read in the bot's messages.

/** The displayed rating, a whole number (the boards sort by the exact value). */
export const ratingNumber = (rating: number): number => Math.round(rating);

/** A rating change with its direction: "▲ +23", "▼ −12", "= 0". */
export function trendText(change: number): string {
  const n = Math.round(change);
  if (n > 0) return `▲ +${n}`;
  if (n < 0) return `▼ −${-n}`;
  return '= 0';
}
