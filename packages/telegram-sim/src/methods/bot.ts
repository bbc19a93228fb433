/** The bot's own settings: getMe, commands per scope and language, names and descriptions, menu buttons, default admin rights. */
import type { BotCommand, ChatAdministratorRights, MenuButton, UserFromGetMe } from '@grammyjs/types';
import { badRequest } from '../errors';
import { Params } from '../params';
import type { BotRecord, World } from '../world';
import type { Handler, Result } from './context';

const SCOPES = new Set(['default', 'all_private_chats', 'all_group_chats', 'all_chat_administrators', 'chat', 'chat_administrators', 'chat_member']);

/** The key under which commands are kept for a scope and a language. */
export function commandsKey<P extends { scope?: unknown; language_code?: unknown }>(world: World, bot: BotRecord, params: Params<P>): string {
  const scope = params.json<Record<string, unknown>>('scope', "can't parse BotCommandScope JSON object") ?? { type: 'default' };
  if (typeof scope !== 'object' || scope === null || typeof scope.type !== 'string' || !SCOPES.has(scope.type)) {
    throw badRequest('unsupported bot command scope type');
  }
  const language = params.str('language_code') ?? '';
  if (language !== '' && !/^[a-z]{2}$/.test(language)) throw badRequest('invalid language code specified');
  const parts: Record<string, unknown> = { type: scope.type };
  if (scope.type === 'chat' || scope.type === 'chat_administrators' || scope.type === 'chat_member') {
    const chat = world.resolveChat(bot, scope.chat_id, 'read');
    parts.chat_id = chat.id;
    if (scope.type === 'chat_member') {
      const userId = Number(scope.user_id);
      if (!Number.isSafeInteger(userId) || userId <= 0) throw badRequest('invalid user_id specified');
      parts.user_id = userId;
    }
  }
  return `${JSON.stringify(parts)}|${language}`;
}

export const setMyCommands: Handler<'setMyCommands'> = ({ world, bot, params }) => {
  const commands = params.json<BotCommand[]>('commands', "can't parse commands JSON object");
  if (!Array.isArray(commands)) throw badRequest("can't parse commands JSON object");
  if (commands.length > 100) throw badRequest('too many commands specified');
  const clean: BotCommand[] = [];
  for (const command of commands) {
    if (typeof command !== 'object' || command === null) throw badRequest("can't parse BotCommand JSON object");
    const name = String(command.command ?? '').replace(/^\//, '');
    const description = String(command.description ?? '').trim();
    if (!/^[a-z0-9_]{1,32}$/.test(name)) throw badRequest('BOT_COMMAND_INVALID');
    if (description.length < 1 || description.length > 256) throw badRequest('command description must be non-empty');
    clean.push({ command: name, description });
  }
  const key = commandsKey(world, bot, params);
  if (clean.length === 0) bot.commands.delete(key);
  else bot.commands.set(key, clean);
  world.changed();
  return true;
};

export const getMyCommands: Handler<'getMyCommands'> = ({ world, bot, params }) => structuredClone(bot.commands.get(commandsKey(world, bot, params)) ?? []);

export const deleteMyCommands: Handler<'deleteMyCommands'> = ({ world, bot, params }) => {
  bot.commands.delete(commandsKey(world, bot, params));
  world.changed();
  return true;
};

type TextField = 'name' | 'description' | 'short_description';

/** The set and get handlers of one of the bot's texts, per language (falling back to the default). */
function botText<S extends 'setMyName' | 'setMyDescription' | 'setMyShortDescription', G extends 'getMyName' | 'getMyDescription' | 'getMyShortDescription'>(
  field: TextField,
  limit: number,
): [Handler<S>, Handler<G>] {
  // the parameter and the result's field are named after the text: name, description or short_description
  const set: Handler<S> = ({ bot, params: typed }) => {
    const params = new Params(typed.raw);
    const value = params.str(field) ?? '';
    if (value.length > limit) throw badRequest(`bot ${field.replace('_', ' ')} is too long`);
    const key = `${field}|${params.str('language_code') ?? ''}`;
    if (value === '') bot.texts.delete(key);
    else bot.texts.set(key, value);
    return true as Result<S>;
  };
  const get: Handler<G> = ({ bot, params: typed }) => {
    const language = new Params(typed.raw).str('language_code') ?? '';
    const value = bot.texts.get(`${field}|${language}`) ?? bot.texts.get(`${field}|`) ?? (field === 'name' ? bot.user.first_name : '');
    return { [field]: value } as Result<G>;
  };
  return [set, get];
}

export const [setMyName, getMyName] = botText<'setMyName', 'getMyName'>('name', 64);
export const [setMyDescription, getMyDescription] = botText<'setMyDescription', 'getMyDescription'>('description', 512);
export const [setMyShortDescription, getMyShortDescription] = botText<'setMyShortDescription', 'getMyShortDescription'>('short_description', 120);

export const getMe: Handler<'getMe'> = ({ bot }): UserFromGetMe => ({
  ...bot.user,
  is_bot: true,
  username: bot.username,
  can_join_groups: bot.canJoinGroups,
  can_read_all_group_messages: !bot.privacy,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
});

export const setChatMenuButton: Handler<'setChatMenuButton'> = ({ world, bot, params }) => {
  const button = params.json<unknown>('menu_button', "can't parse menu button JSON object") ?? { type: 'default' };
  if (params.has('chat_id')) {
    const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
    if (chat.type !== 'private') throw badRequest('chat not found');
    bot.menuButtons.set(chat.key, button);
  } else {
    bot.menuButtons.set('default', button);
  }
  return true;
};

/** A stored menu button (kept as the bot set it), or the default one. */
const menuButton = (stored: unknown): MenuButton => (stored as MenuButton | undefined) ?? { type: 'commands' };

export const getChatMenuButton: Handler<'getChatMenuButton'> = ({ world, bot, params }) => {
  if (params.has('chat_id')) {
    const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
    return menuButton(bot.menuButtons.get(chat.key) ?? bot.menuButtons.get('default'));
  }
  return menuButton(bot.menuButtons.get('default'));
};

export const setMyDefaultAdministratorRights: Handler<'setMyDefaultAdministratorRights'> = ({ bot, params }) => {
  bot.defaultAdminRights.set(params.bool('for_channels') ? 'channel' : 'group', params.json('rights', "can't parse rights JSON object") ?? {});
  return true;
};

export const getMyDefaultAdministratorRights: Handler<'getMyDefaultAdministratorRights'> = ({ bot, params }) =>
  (bot.defaultAdminRights.get(params.bool('for_channels') ? 'channel' : 'group') as ChatAdministratorRights | undefined) ?? {
    is_anonymous: false,
    can_manage_chat: false,
    can_delete_messages: false,
    can_manage_video_chats: false,
    can_restrict_members: false,
    can_promote_members: false,
    can_change_info: false,
    can_invite_users: false,
    can_post_stories: false,
    can_edit_stories: false,
    can_delete_stories: false,
    can_send_welcome_messages: false,
  };
