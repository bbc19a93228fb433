import { RANKING_PRESETS, SETTING_LIMITS, resolveSettings, type RankingOptions, type RankingPreset, type Settings, type SettingsInput } from '@mia/engine';

/**
 * What the settings menu can change and how, without Telegram: which settings step by ➖/➕,
 * which turn times are offered, and why a change is refused. The engine's `resolveSettings` stays
 * the authority; this module only names its refusals in terms a pop-up can translate.
 */

export type NumericSetting = keyof typeof SETTING_LIMITS;

/** Settings changed one at a time with ➖/➕ (turn time has its own list of choices). */
export const STEPPED = ['lives', 'miaLookedPenalty', 'miaFalsePenalty', 'idleLimit', 'minPlayers', 'maxPlayers'] as const;
export type SteppedSetting = (typeof STEPPED)[number];

/**
 * The turn times offered, in seconds, as the rows of the turn page: quick (under a minute), usual,
 * slow, and null, "no deadline" (a slow game run by an admin), on a row of its own. They span the
 * engine's whole range (SETTING_LIMITS.turnSeconds).
 */
export const TURN_ROWS: readonly (readonly (number | null)[])[] = [[15, 20, 30, 45], [60, 90, 120], [180, 300, 600], [null]];

export const TURN_CHOICES: readonly (number | null)[] = TURN_ROWS.flat();

// A choice the engine would refuse would be a button that can never work: fail at start-up.
for (const s of TURN_CHOICES) {
  if (s !== null && (s < SETTING_LIMITS.turnSeconds.min || s > SETTING_LIMITS.turnSeconds.max)) {
    throw new Error(`turn choice ${s} s is outside ${SETTING_LIMITS.turnSeconds.min}–${SETTING_LIMITS.turnSeconds.max}`);
  }
}

export const PRESETS = Object.keys(RANKING_PRESETS) as RankingPreset[];

/** The preset these ranking options are, or null for a custom combination. */
export function presetOf(r: RankingOptions): RankingPreset | null {
  return PRESETS.find((p) => sameRanking(RANKING_PRESETS[p], r)) ?? null;
}

const sameRanking = (a: RankingOptions, b: RankingOptions) => a.doubles === b.doubles && a.littleMia === b.littleMia && a.sum === b.sum;

/** Why a change was not stored; each kind has its own pop-up text. */
export type Refusal =
  | { kind: 'range'; setting: NumericSetting; min: number; max: number }
  /** The minimum number of players would be above the maximum. */
  | { kind: 'players'; min: number; max: number }
  /** Blind passing needs the strict announcement rule. */
  | { kind: 'blind-pass' }
  /** Anything else the engine refused (not reachable from the menu's buttons today). */
  | { kind: 'invalid'; reason: string };

export type Checked = { ok: true; settings: Settings } | { ok: false; refusal: Refusal };

/** The settings after `patch`, or why the engine would refuse them. */
export function checkChange(current: Settings, patch: SettingsInput): Checked {
  for (const key of Object.keys(SETTING_LIMITS) as NumericSetting[]) {
    const value = patch[key];
    if (value === undefined || value === null) continue;
    const { min, max } = SETTING_LIMITS[key];
    if (!Number.isInteger(value) || value < min || value > max) return { ok: false, refusal: { kind: 'range', setting: key, min, max } };
  }
  const result = resolveSettings(patch, current);
  if (result.ok) return result;
  // Ranges were checked above, so what is left is one of the rules that tie two settings together.
  const merged = { ...current, ...patch };
  if (result.errors.some((e) => e.setting === 'minPlayers' || e.setting === 'maxPlayers')) {
    return { ok: false, refusal: { kind: 'players', min: Number(merged.minPlayers), max: Number(merged.maxPlayers) } };
  }
  if (result.errors.some((e) => e.setting === 'blindPass')) return { ok: false, refusal: { kind: 'blind-pass' } };
  return { ok: false, refusal: { kind: 'invalid', reason: result.errors.map((e) => e.message).join('; ') } };
}

/** Whether `patch` would leave the settings as they are (a press on the choice already made). */
export const unchanged = (a: Settings, b: Settings): boolean => JSON.stringify(a) === JSON.stringify(b);
