import type { User } from 'grammy/types';
import type { BotContext } from '../context';

/**
 * The author of the message this command replies to, if the command is a real reply: in a forum
 * topic every message carries the topic's first message as `reply_to_message`, which names no one.
 */
export function repliedTo(ctx: BotContext): User | undefined {
  const msg = ctx.msg;
  const reply = msg?.reply_to_message;
  if (!msg || !reply || reply.forum_topic_created) return undefined;
  if (msg.is_topic_message && reply.message_id === msg.message_thread_id) return undefined;
  return reply.from;
}

/** A whole percentage for display (0.234 → 23); the texts add the % sign. */
export const percent = (ratio: number | null): number => Math.round((ratio ?? 0) * 100);
