import type { PlayMode } from '@mia/game';
import type { BotDeps } from '../context';

/**
 * Storing a group's play mode (from the settings menu), the way `setChatLocale` stores its
 * language: the resolver's cached answer is dropped at once, so this process reads the new mode
 * from its very next read (other processes follow within the resolver's short cache time).
 */
export async function setChatPlayMode(deps: BotDeps, chatId: bigint, mode: PlayMode): Promise<void> {
  await deps.games.chats.setPlayMode(chatId, mode);
  deps.locales.forget('chat', chatId);
}
