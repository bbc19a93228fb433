// Which game the TV (the index's featured table) shows. Pure: the feed gives the candidates, the
// current choice and the clock.
//
// The liveliest game is the one with the most events committed in the last minutes (activity.ts);
// a game in play beats a lobby, ties go to the one more pages watch, then to the older id so the
// choice is stable. The TV holds its game: it moves to a livelier one only once it has shown the
// current one for `minHoldMs` and the other is clearly livelier (`margin` times as many events,
// and `lead` more), so two close games do not flicker back and forth. A featured game that ends
// stays on for `endedHoldMs` (spectators see how it ended), then the TV moves on.

export interface Candidate {
  id: string;
  playing: boolean;
  /** Events committed within the activity window. */
  events: number;
  /** Pages watching its group (the TV's own viewers not counted: they would favour the current game). */
  spectators: number;
  /** When it left play (ms); null while it runs. */
  endedAt: number | null;
}

export interface Featured {
  id: string | null;
  /** When the TV started showing it (ms). */
  since: number;
}

export interface FeatureRules {
  minHoldMs: number;
  margin: number;
  lead: number;
  endedHoldMs: number;
}

export const FEATURE_RULES: Readonly<FeatureRules> = Object.freeze({ minHoldMs: 20_000, margin: 1.5, lead: 3, endedHoldMs: 8_000 });

/** > 0 when `a` is livelier than `b`. */
function livelier(a: Candidate, b: Candidate): number {
  return Number(a.playing) - Number(b.playing) || a.events - b.events || a.spectators - b.spectators || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function chooseFeatured(candidates: readonly Candidate[], current: Featured, now: number, rules: FeatureRules = FEATURE_RULES): Featured {
  const running = candidates.filter((c) => c.endedAt === null);
  const best = running.reduce<Candidate | null>((top, c) => (top === null || livelier(c, top) > 0 ? c : top), null);
  const held = current.id === null ? undefined : candidates.find((c) => c.id === current.id);
  const pick = (c: Candidate | null): Featured => (c === null ? { id: null, since: now } : c.id === current.id ? current : { id: c.id, since: now });

  if (!held) return pick(best); // nothing shown, or its group is no longer listed
  if (held.endedAt !== null) return now - held.endedAt < rules.endedHoldMs ? current : pick(best);
  if (!best || best.id === held.id) return current;
  // A game starting play takes over from a lobby at once: a lobby is only a stopgap.
  if (best.playing && !held.playing) return pick(best);
  if (now - current.since < rules.minHoldMs) return current;
  const clearly = best.events >= held.events * rules.margin && best.events - held.events >= rules.lead;
  return clearly ? pick(best) : current;
}
