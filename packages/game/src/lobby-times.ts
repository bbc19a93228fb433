/**
 * How long a lobby waits for its start: it closes (the game is aborted) `openMs` after it was
 * opened, unless started; `/extend` moves the closing time on by `extendMs`, never further than
 * `maxAheadMs` from now. A lobby nobody starts would otherwise hold the chat forever (one game a
 * chat).
 */
export interface LobbyTimes {
  openMs: number;
  extendMs: number;
  maxAheadMs: number;
}

export const LOBBY_TIMES: Readonly<LobbyTimes> = Object.freeze({
  openMs: 10 * 60_000,
  extendMs: 5 * 60_000,
  maxAheadMs: 30 * 60_000,
});

/** `extendLobby`'s answer: the new closing time, or why there is none. */
export type ExtendLobbyResult =
  | { ok: true; deadlineAt: Date; remainingMs: number }
  /** `no-lobby`: no such game in the chat, or it has started or ended. */
  | { ok: false; reason: 'no-lobby' }
  /** `at-limit`: it already stays open as long as allowed (`maxAheadMs` from now). */
  | { ok: false; reason: 'at-limit'; deadlineAt: Date; remainingMs: number };

/**
 * A lobby's closing time after an extension by `ms` at `now`, or null when that is no extension:
 * a lobby whose time is up but not yet closed (its timer is on its way) is given time from now,
 * never beyond `maxAheadMs` from now, and at the cap a few milliseconds more (the time since the
 * last extension) do not count.
 */
export function extendedClosing(current: number | null, now: number, ms: number, times: LobbyTimes): { base: number; next: number | null } {
  const base = Math.max(current ?? now, now);
  const next = Math.min(base + ms, now + times.maxAheadMs);
  return { base, next: next - base < Math.min(ms, 60_000) ? null : next };
}
