import { RANKING_PRESETS, type RankingOptions, type RankingPreset } from './ranking';

export type AnnounceRule = 'strict' | 'at-least';
export type EndRule = 'last-standing' | 'first-out';

/** Every rule variant of the rules file, with its defaults below. Plain JSON. */
export interface Settings {
  /** Lives each player starts with. */
  lives: number;
  ranking: RankingOptions;
  /** `strict`: every announcement beats the one before; `at-least`: an equal one is allowed. */
  announceRule: AnnounceRule;
  /** The receiver may pass the cup on unseen (only under `strict`). */
  blindPass: boolean;
  /** Lives the receiver loses on looking at an announced Mia that is real. */
  miaLookedPenalty: number;
  /** Lives the announcer loses when the receiver looks and the Mia is false. */
  miaFalsePenalty: number;
  /** `last-standing`: play until one is left; `first-out`: the first player out ends it. */
  endRule: EndRule;
  /** Seconds a player has for a turn, or null for no deadline (slow games run by an admin). */
  turnSeconds: number | null;
  /** Missed turns in a row after which a player leaves as if out of lives. */
  idleLimit: number;
  minPlayers: number;
  maxPlayers: number;
}

/** The fewest players a start needs: the setting, never under the rules' two. */
export const playersNeeded = (settings: Settings): number => Math.max(2, settings.minPlayers);

/** Lives lost for giving up on an announced Mia: fixed by the rules, not a setting. */
export const MIA_GIVE_UP_PENALTY = 1;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  lives: 6,
  ranking: RANKING_PRESETS.classic,
  announceRule: 'strict',
  blindPass: false,
  miaLookedPenalty: 2,
  miaFalsePenalty: 1,
  endRule: 'last-standing',
  turnSeconds: 90,
  idleLimit: 2,
  minPlayers: 2,
  maxPlayers: 10,
});

/** The allowed range of each numeric setting; the bot shows these when refusing a value. */
export const SETTING_LIMITS = Object.freeze({
  lives: { min: 1, max: 12 },
  miaLookedPenalty: { min: 1, max: 2 },
  miaFalsePenalty: { min: 1, max: 2 },
  turnSeconds: { min: 15, max: 600 },
  idleLimit: { min: 1, max: 10 },
  minPlayers: { min: 2, max: 10 },
  maxPlayers: { min: 2, max: 10 },
});

export type SettingKey = keyof Settings;

export interface SettingError {
  setting: SettingKey | `ranking.${keyof RankingOptions}`;
  message: string;
}

export type SettingsResult = { ok: true; settings: Settings } | { ok: false; errors: SettingError[] };

/** Settings input: any subset, with the ranking given as options, a preset name, or both. */
export type SettingsInput = Partial<Omit<Settings, 'ranking'>> & {
  ranking?: Partial<RankingOptions> | RankingPreset;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const KNOWN_SETTINGS: ReadonlySet<string> = new Set(Object.keys(DEFAULT_SETTINGS));
const ANNOUNCE_RULES = ['strict', 'at-least'] as const;
const END_RULES = ['last-standing', 'first-out'] as const;

function checkInt(errors: SettingError[], base: Settings, key: keyof typeof SETTING_LIMITS, v: unknown, { min, max }: { min: number; max: number }): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    errors.push({ setting: key, message: `${key} must be a whole number from ${min} to ${max}` });
    return base[key] ?? min;
  }
  return v;
}

function checkOneOf<T extends string>(errors: SettingError[], base: Settings, key: SettingKey, v: unknown, allowed: readonly T[]): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    errors.push({ setting: key, message: `${key} must be one of: ${allowed.join(', ')}` });
    return base[key] as T;
  }
  return v as T;
}

function checkBool(errors: SettingError[], key: SettingKey, v: unknown): boolean {
  if (typeof v !== 'boolean') {
    errors.push({ setting: key, message: `${key} must be true or false` });
    return false;
  }
  return v;
}

/**
 * Merges `input` over `base` (the defaults unless given) and checks every value. Written by hand
 * because the engine takes no dependencies; the bot and dashboard validate their own input with
 * zod or TypeBox before it reaches here.
 */
export function resolveSettings(input: unknown, base: Settings = DEFAULT_SETTINGS): SettingsResult {
  const errors: SettingError[] = [];
  if (input !== undefined && !isRecord(input)) {
    return { ok: false, errors: [{ setting: 'lives', message: 'settings must be an object' }] };
  }
  const src = (input ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(src)) {
    if (!KNOWN_SETTINGS.has(key)) errors.push({ setting: key as SettingKey, message: `unknown setting "${key}"` });
  }

  // Each setting is read by its own name (`src.lives`), never as `src[key]`: V8 answers a read of
  // a varying key with a hash lookup, and self-play creates games by the thousand. The checks are
  // module functions (checkInt…), not closures made per call: a closure costs an allocation each game, and
  // the production bundle's keepNames a defineProperty on top.

  let ranking: RankingOptions = base.ranking;
  const r = src.ranking;
  if (typeof r === 'string') {
    if (r in RANKING_PRESETS) ranking = RANKING_PRESETS[r as RankingPreset];
    else errors.push({ setting: 'ranking', message: `ranking preset must be one of: ${Object.keys(RANKING_PRESETS).join(', ')}` });
  } else if (isRecord(r)) {
    const merged = { ...base.ranking, ...r } as Record<string, unknown>;
    for (const key of Object.keys(r)) {
      if (!['doubles', 'littleMia', 'sum'].includes(key)) {
        errors.push({ setting: 'ranking', message: `unknown ranking option "${key}"` });
      }
    }
    if (merged.doubles !== '66-high' && merged.doubles !== '11-high') {
      errors.push({ setting: 'ranking.doubles', message: 'ranking.doubles must be one of: 66-high, 11-high' });
    }
    if (typeof merged.littleMia !== 'boolean') {
      errors.push({ setting: 'ranking.littleMia', message: 'ranking.littleMia must be true or false' });
    }
    if (typeof merged.sum !== 'boolean') {
      errors.push({ setting: 'ranking.sum', message: 'ranking.sum must be true or false' });
    }
    ranking = { doubles: merged.doubles, littleMia: merged.littleMia, sum: merged.sum } as RankingOptions;
  } else if (r !== undefined) {
    errors.push({ setting: 'ranking', message: 'ranking must be a preset name or ranking options' });
  }

  let turnSeconds: number | null = base.turnSeconds;
  if ('turnSeconds' in src && src.turnSeconds === null) turnSeconds = null;
  else if ('turnSeconds' in src || base.turnSeconds !== null) {
    turnSeconds = checkInt(errors, base, 'turnSeconds', 'turnSeconds' in src ? src.turnSeconds : base.turnSeconds, SETTING_LIMITS.turnSeconds);
  }

  const L = SETTING_LIMITS;
  const settings: Settings = {
    lives: checkInt(errors, base, 'lives', 'lives' in src ? src.lives : base.lives, L.lives),
    ranking,
    announceRule: checkOneOf(errors, base, 'announceRule', 'announceRule' in src ? src.announceRule : base.announceRule, ANNOUNCE_RULES),
    blindPass: checkBool(errors, 'blindPass', 'blindPass' in src ? src.blindPass : base.blindPass),
    miaLookedPenalty: checkInt(errors, base, 'miaLookedPenalty', 'miaLookedPenalty' in src ? src.miaLookedPenalty : base.miaLookedPenalty, L.miaLookedPenalty),
    miaFalsePenalty: checkInt(errors, base, 'miaFalsePenalty', 'miaFalsePenalty' in src ? src.miaFalsePenalty : base.miaFalsePenalty, L.miaFalsePenalty),
    endRule: checkOneOf(errors, base, 'endRule', 'endRule' in src ? src.endRule : base.endRule, END_RULES),
    turnSeconds,
    idleLimit: checkInt(errors, base, 'idleLimit', 'idleLimit' in src ? src.idleLimit : base.idleLimit, L.idleLimit),
    minPlayers: checkInt(errors, base, 'minPlayers', 'minPlayers' in src ? src.minPlayers : base.minPlayers, L.minPlayers),
    maxPlayers: checkInt(errors, base, 'maxPlayers', 'maxPlayers' in src ? src.maxPlayers : base.maxPlayers, L.maxPlayers),
  };
  if (settings.minPlayers > settings.maxPlayers) {
    errors.push({ setting: 'minPlayers', message: 'minPlayers must not exceed maxPlayers' });
  }
  if (settings.blindPass && settings.announceRule === 'at-least') {
    errors.push({ setting: 'blindPass', message: 'blind passing needs the strict announcement rule' });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, settings };
}
