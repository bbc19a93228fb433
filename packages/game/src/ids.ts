import type { PlayerId } from '@mia/engine';

/**
 * Engine player ids are decimal strings so the state stays JSON; the database keys them as
 * BigInt (Telegram ids are 64-bit). AI players have negative ids.
 */
export const toUserId = (player: PlayerId): bigint => BigInt(player);
export const toPlayerId = (user: bigint): PlayerId => user.toString();

export const isPlayerId = (value: string): boolean => /^-?\d{1,19}$/.test(value);
