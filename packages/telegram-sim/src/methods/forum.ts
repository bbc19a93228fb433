/** Forum topics: opening (by a bot or a person), closing, reopening, renaming and deleting them. */
import type { ForumTopic } from '@grammyjs/types';
import { badRequest } from '../errors';
import type { TgUser } from '../types';
import type { ChatRecord, World } from '../world';
import type { Handler, MethodContext } from './context';

type TopicMethod = 'closeForumTopic' | 'reopenForumTopic' | 'editForumTopic' | 'deleteForumTopic';

function forumOf(ctx: MethodContext<TopicMethod | 'createForumTopic'>): ChatRecord {
  const chat = ctx.world.resolveChat(ctx.bot, ctx.params.raw.chat_id, 'read');
  if (!chat.isForum) throw badRequest('the chat is not a forum');
  return chat;
}

export function createTopic(world: World, chat: ChatRecord, from: TgUser, name: string, iconColor = 7_322_096, senderBotId?: number): number {
  const service = world.addMessage(chat, from, {
    fields: { forum_topic_created: { name, icon_color: iconColor } },
    ...(senderBotId !== undefined ? { senderBotId } : {}),
  });
  chat.topics.set(service.id, { message_thread_id: service.id, name, icon_color: iconColor, closed: false });
  service.threadId = service.id;
  service.isTopicMessage = true;
  world.deliver(service);
  return service.id;
}

export const createForumTopic: Handler<'createForumTopic'> = (ctx) => {
  const chat = forumOf(ctx);
  const name = ctx.params.str('name') ?? '';
  if (name.length < 1 || name.length > 128) throw badRequest('TOPIC_TITLE_EMPTY');
  const color = ctx.params.int('icon_color') ?? 7_322_096;
  const id = createTopic(ctx.world, chat, ctx.bot.user, name, color, ctx.bot.id);
  return { message_thread_id: id, name, icon_color: color } satisfies ForumTopic;
};

function topicOf(ctx: MethodContext<TopicMethod>): { chat: ChatRecord; id: number } {
  const chat = forumOf(ctx);
  const id = ctx.params.int('message_thread_id');
  if (id === undefined || !chat.topics.has(id)) throw badRequest('message thread not found');
  return { chat, id };
}

export const closeForumTopic: Handler<'closeForumTopic'> = (ctx) => {
  const { chat, id } = topicOf(ctx);
  chat.topics.get(id)!.closed = true;
  return true;
};
export const reopenForumTopic: Handler<'reopenForumTopic'> = (ctx) => {
  const { chat, id } = topicOf(ctx);
  chat.topics.get(id)!.closed = false;
  return true;
};
export const editForumTopic: Handler<'editForumTopic'> = (ctx) => {
  const { chat, id } = topicOf(ctx);
  const name = ctx.params.str('name');
  if (name) chat.topics.get(id)!.name = name;
  return true;
};
export const deleteForumTopic: Handler<'deleteForumTopic'> = (ctx) => {
  const { chat, id } = topicOf(ctx);
  chat.topics.delete(id);
  for (const message of chat.order) if (message.threadId === id) message.deleted = true;
  ctx.world.changed();
  return true;
};
