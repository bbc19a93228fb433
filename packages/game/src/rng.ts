import { randomInt } from 'node:crypto';
import { seededRng, type Rng } from '@mia/engine';

/** Dice for real games: node:crypto's unbiased `randomInt`. Tests inject `seededRng` instead. */
export const cryptoRng: Rng = (n) => randomInt(n);

/**
 * Where an action's draws come from: one stream for the whole service, or a fresh one per game
 * and version. The second makes a game's dice a function of the seed, the chat and the point in
 * the game, whatever else the process did before: several processes, or a process restarted
 * mid-game, deal the very same dice as one process would (the multi-process and crash tests
 * compare games by this).
 */
export type DiceSource = Rng | { forAction(chatId: bigint, version: number): Rng };

/** A seeded source per chat and version, for tests and benchmarks only (never real games). */
export function seededPerGame(seed: number): DiceSource {
  return {
    forAction: (chatId, version) => seededRng(mix(seed, chatId, version)),
  };
}

/** FNV-1a over the three numbers: a 32-bit seed that differs for neighbouring chats and versions. */
function mix(seed: number, chatId: bigint, version: number): number {
  let h = 0x811c9dc5;
  for (const part of [String(seed), chatId.toString(), String(version)]) {
    for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x2c, 0x01000193);
  }
  return h >>> 0;
}

export const rngFor = (source: DiceSource, chatId: bigint, version: number): Rng => (typeof source === 'function' ? source : source.forAction(chatId, version));
