/** Chats and their members: chat info, members and admins, leaving, bans, chat actions. */
import type { ChatFullInfo, ChatMember, ChatMemberAdministrator, ChatMemberOwner } from '@grammyjs/types';
import { badRequest } from '../errors';
import type { Params } from '../params';
import { isPresent, type BotRecord, type ChatRecord, type MemberRecord, type World } from '../world';
import type { Handler } from './context';

/** A member as the Bot API's ChatMember (the world builds it by status). */
const asMember = <T extends ChatMember = ChatMember>(member: unknown): T => member as T;

export const getChat: Handler<'getChat'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  const info: Record<string, unknown> = {
    ...world.chatView(chat),
    accent_color_id: 0,
    max_reaction_count: 11,
    accepted_gift_types: {
      unlimited_gifts: false,
      limited_gifts: false,
      unique_gifts: false,
      premium_subscription: false,
      gifts_from_channels: false,
    },
  };
  const pinned = chat.pinned.map((id) => chat.messages.get(id)).find((m) => m && !m.deleted);
  if (pinned) info.pinned_message = world.renderMessage(pinned, false);
  if (chat.type !== 'private') {
    info.permissions = {
      can_send_messages: true,
      can_send_audios: true,
      can_send_documents: true,
      can_send_photos: true,
      can_send_videos: true,
      can_send_video_notes: true,
      can_send_voice_notes: true,
      can_send_polls: true,
      can_send_other_messages: true,
      can_add_web_page_previews: true,
      can_change_info: false,
      can_invite_users: true,
      can_pin_messages: false,
      can_manage_topics: false,
    };
  }
  if (chat.migratedFrom !== undefined) info.migrated_from_chat_id = chat.migratedFrom;
  // built field by field as Telegram answers it for this kind of chat
  return info as unknown as ChatFullInfo;
};

function userIdOf<P extends { user_id?: number }>(params: Params<P>): number {
  const id = params.int('user_id');
  if (id === undefined || id <= 0) throw badRequest('invalid user_id specified');
  return id;
}

export const getChatMember: Handler<'getChatMember'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  const userId = userIdOf(params);
  const member = chat.members.get(userId);
  if (member) return asMember(world.memberView(chat, member));
  const user = world.users.get(userId)?.user ?? world.bots.get(userId)?.user;
  if (!user || chat.type === 'private') throw badRequest('user not found');
  return asMember({ status: 'left', user: { ...user } });
};

export const getChatAdministrators: Handler<'getChatAdministrators'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  if (chat.type === 'private') throw badRequest('there are no administrators in the private chat');
  return [...chat.members.values()]
    .filter((m) => m.status === 'creator' || m.status === 'administrator')
    .map((m) => asMember<ChatMemberOwner | ChatMemberAdministrator>(world.memberView(chat, m)));
};

export const getChatMemberCount: Handler<'getChatMemberCount'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  return [...chat.members.values()].filter((m) => isPresent(m.status)).length;
};

export const leaveChat: Handler<'leaveChat'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  if (chat.type === 'private') throw badRequest("chat member status can't be changed in private chats");
  const before = chat.members.get(bot.id)!;
  const after: MemberRecord = { ...before, status: 'left' };
  chat.members.set(bot.id, after);
  const service = world.addMessage(chat, bot.user, { fields: { left_chat_member: { ...bot.user } } });
  world.deliver(service, 'message', bot);
  world.myChatMember(bot, chat, bot.user, before, after);
  return true;
};

function memberRights(world: World, bot: BotRecord, chat: ChatRecord): void {
  if (chat.type === 'private') throw badRequest("chat member status can't be changed in private chats");
  if (!world.botIsAdmin(chat, bot)) throw badRequest('not enough rights to restrict/unrestrict chat member');
}

export const banChatMember: Handler<'banChatMember'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  memberRights(world, bot, chat);
  const userId = userIdOf(params);
  const user = world.users.get(userId);
  if (!user) throw badRequest('user not found');
  const before = chat.members.get(userId) ?? { status: 'left' as const, user: user.user, isBot: false };
  if (before.status === 'creator') throw badRequest("can't remove chat owner");
  const after: MemberRecord = { ...before, status: 'kicked' };
  chat.members.set(userId, after);
  if (isPresent(before.status)) world.chatMember(chat, bot.user, before, after);
  world.changed();
  return true;
};

export const unbanChatMember: Handler<'unbanChatMember'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'read');
  memberRights(world, bot, chat);
  const userId = userIdOf(params);
  const member = chat.members.get(userId);
  if (member?.status === 'kicked') chat.members.set(userId, { ...member, status: 'left' });
  world.changed();
  return true;
};

const ACTIONS = new Set([
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
]);

export const sendChatAction: Handler<'sendChatAction'> = ({ world, bot, params }) => {
  world.resolveChat(bot, params.raw.chat_id, 'send');
  if (!ACTIONS.has(params.str('action') ?? '')) throw badRequest('wrong parameter action in request');
  return true;
};
