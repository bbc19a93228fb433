import type { Api } from 'grammy';
import { LOCALES, translator, type Locale } from './i18n';

/** What each kind of chat offers in Telegram's command menu; descriptions are `cmd-<name>`. */
export const GROUP_COMMANDS = [
  'newgame',
  'mia',
  'addai',
  'extend',
  'stop',
  'rules',
  'odds',
  'stats',
  'top',
  'dashboard',
  'settings',
  'lang',
  'kick',
  'help',
] as const;
export const PRIVATE_COMMANDS = ['start', 'stats', 'rules', 'odds', 'lang', 'help'] as const;

export const commandList = (names: readonly string[], locale: Locale) => {
  const t = translator(locale);
  return names.map((command) => ({ command, description: t(`cmd-${command}`) }));
};

/**
 * Registers the menus with `setMyCommands`: per scope (groups, private chats) and per language,
 * with English as the default for every other language.
 */
export async function registerCommands(api: Api): Promise<void> {
  const scopes = [
    { scope: { type: 'all_group_chats' as const }, names: GROUP_COMMANDS },
    { scope: { type: 'all_private_chats' as const }, names: PRIVATE_COMMANDS },
  ];
  for (const { scope, names } of scopes) {
    await api.setMyCommands(commandList(names, 'en'), { scope });
    for (const locale of LOCALES) await api.setMyCommands(commandList(names, locale), { scope, language_code: locale });
  }
}
