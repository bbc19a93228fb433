import type { UserInfo } from '@mia/game';
import type { BotDeps } from '../context';
import type { Locale } from '../i18n';

/**
 * Storing a language choice, for /lang and the settings menu alike. The resolver's cached answer
 * is dropped at once, so the very next message of this process speaks the new language (other
 * processes follow within the resolver's short cache time).
 */
export async function setChatLocale(deps: BotDeps, chatId: bigint, locale: Locale): Promise<void> {
  await deps.games.chats.setLanguage(chatId, locale);
  deps.locales.forget('chat', chatId);
}

export async function setUserLocale(deps: BotDeps, user: UserInfo, locale: Locale): Promise<void> {
  // The choice is kept on the user's row, which exists only once the bot has met them.
  await deps.games.updateUser(user);
  await deps.games.setUserLanguage(user.id, locale);
  deps.locales.forget('user', user.id);
}
