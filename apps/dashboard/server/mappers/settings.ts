import { DEFAULT_SETTINGS, resolveSettings, type Settings } from '@mia/engine';

/**
 * Stored settings (a chat's, or the snapshot a game took) as complete, valid Settings: resolved
 * over the defaults, as the bot reads them (ChatDirectory.profile). Should stored values ever
 * fall outside tightened limits, the defaults stand in rather than the page failing.
 */
export function settingsOf(stored: unknown): Settings {
  const resolved = resolveSettings(stored ?? {});
  return resolved.ok ? resolved.settings : { ...DEFAULT_SETTINGS };
}
