/** Pinning and unpinning messages (private chats, or groups where the bot is admin). */
import { badRequest } from '../errors';
import type { BotRecord, ChatRecord, World } from '../world';
import type { Handler } from './context';
import { messageOf } from './common';

function pinRights(world: World, bot: BotRecord, chat: ChatRecord): void {
  if (chat.type !== 'private' && !world.botIsAdmin(chat, bot)) {
    throw badRequest('not enough rights to manage pinned messages in the chat');
  }
}

export const pinChatMessage: Handler<'pinChatMessage'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  const message = messageOf(chat, params.int('message_id'), 'message to pin not found');
  pinRights(world, bot, chat);
  chat.pinned = [message.id, ...chat.pinned.filter((id) => id !== message.id)];
  world.addMessage(chat, bot.user, {
    fields: { pinned_message: world.renderMessage(message, false) },
    senderBotId: bot.id,
    threadId: message.threadId,
    silent: params.bool('disable_notification'),
  });
  return true;
};

export const unpinChatMessage: Handler<'unpinChatMessage'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  pinRights(world, bot, chat);
  const id = params.int('message_id') ?? chat.pinned[0];
  if (id === undefined) throw badRequest('message to unpin not found');
  const message = chat.messages.get(id);
  if (!message || message.deleted) throw badRequest('message to unpin not found');
  chat.pinned = chat.pinned.filter((pinned) => pinned !== id);
  world.changed();
  return true;
};

export const unpinAllChatMessages: Handler<'unpinAllChatMessages'> = ({ world, bot, params }) => {
  const chat = world.resolveChat(bot, params.raw.chat_id, 'write');
  pinRights(world, bot, chat);
  chat.pinned = [];
  world.changed();
  return true;
};
