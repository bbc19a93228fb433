/**
 * The subset of Bot API objects the simulator produces, shaped exactly as Telegram sends them
 * (snake_case, optional fields omitted rather than null).
 */

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: true;
}

export type ChatType = 'private' | 'group' | 'supergroup';

export interface TgChat {
  id: number;
  type: ChatType;
  title?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
  is_forum?: true;
}

export interface TgMessageEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  user?: TgUser;
  language?: string;
  custom_emoji_id?: string;
}

export interface InlineKeyboardButton {
  text: string;
  callback_data?: string;
  url?: string;
  /** Bot API 9.4: "danger" (red), "success" (green) or "primary" (blue); absent for the app's style. */
  style?: 'danger' | 'success' | 'primary';
  [field: string]: unknown;
}

export interface InlineKeyboardMarkup {
  inline_keyboard: InlineKeyboardButton[][];
}

export interface LinkPreviewOptions {
  is_disabled?: boolean;
  url?: string;
  prefer_small_media?: boolean;
  prefer_large_media?: boolean;
  show_above_text?: boolean;
}

export interface TgMessage {
  message_id: number;
  message_thread_id?: number;
  from?: TgUser;
  date: number;
  chat: TgChat;
  is_topic_message?: true;
  reply_to_message?: TgMessage;
  edit_date?: number;
  text?: string;
  entities?: TgMessageEntity[];
  link_preview_options?: LinkPreviewOptions;
  reply_markup?: InlineKeyboardMarkup;
  /** Service and media fields: new_chat_members, migrate_to_chat_id, pinned_message, dice, … */
  [field: string]: unknown;
}

export type ChatMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

export interface TgChatMember {
  status: ChatMemberStatus;
  user: TgUser;
  [field: string]: unknown;
}

export interface TgChatMemberUpdated {
  chat: TgChat;
  from: TgUser;
  date: number;
  old_chat_member: TgChatMember;
  new_chat_member: TgChatMember;
}

export interface TgCallbackQuery {
  id: string;
  from: TgUser;
  message?: TgMessage;
  chat_instance: string;
  data?: string;
}

export type UpdateType = 'message' | 'edited_message' | 'callback_query' | 'my_chat_member' | 'chat_member';

export interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  edited_message?: TgMessage;
  callback_query?: TgCallbackQuery;
  my_chat_member?: TgChatMemberUpdated;
  chat_member?: TgChatMemberUpdated;
}

export interface BotCommand {
  command: string;
  description: string;
}

export interface ForumTopic {
  message_thread_id: number;
  name: string;
  icon_color: number;
}
