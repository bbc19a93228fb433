/** Sending messages: text, dice, locations, contacts, polls, forwards and copies. */
import type { Message, MessageId } from '@grammyjs/types';
import { badRequest } from '../errors';
import type { StoredMessage } from '../world';
import type { Handler, MethodContext } from './context';
import { messageOf, messageText, rendered, send } from './common';

export const sendMessage: Handler<'sendMessage'> = (ctx) => {
  const { message } = send(ctx, () => ({ text: messageText(ctx.params, 'message is too long') }));
  return rendered<Message.TextMessage>(ctx.world, message);
};

const DICE = ['🎲', '🎯', '🏀', '⚽', '🎳', '🎰'];

export const sendDice: Handler<'sendDice'> = (ctx) => {
  const emoji = ctx.params.str('emoji') || '🎲';
  const { message } = send(
    ctx,
    () => {
      if (!DICE.includes(emoji)) throw badRequest('DICE_EMOJI_INVALID');
      return {};
    },
    () => ({ dice: { emoji, value: ctx.world.diceValue(emoji) } }),
  );
  return rendered<Message.DiceMessage>(ctx.world, message);
};

export const sendLocation: Handler<'sendLocation'> = (ctx) => {
  const { message } = send(ctx, () => ({
    fields: { location: { latitude: Number(ctx.params.str('latitude')), longitude: Number(ctx.params.str('longitude')) } },
  }));
  return rendered<Message.LocationMessage>(ctx.world, message);
};

export const sendContact: Handler<'sendContact'> = (ctx) => {
  const { message } = send(ctx, () => ({
    fields: { contact: { phone_number: ctx.params.str('phone_number') ?? '', first_name: ctx.params.str('first_name') ?? '' } },
  }));
  return rendered<Message.ContactMessage>(ctx.world, message);
};

export const sendPoll: Handler<'sendPoll'> = (ctx) => {
  const { message } = send(ctx, () => {
    const question = ctx.params.str('question');
    if (!question) throw badRequest('poll question must be non-empty');
    const options = ctx.params.json<unknown[]>('options', "can't parse options JSON object") ?? [];
    if (!Array.isArray(options) || options.length < 2) throw badRequest('poll must have at least 2 option');
    return {
      fields: {
        poll: {
          id: String(ctx.world.now()),
          question,
          options: options.map((o) => ({ text: typeof o === 'string' ? o : String((o as { text?: unknown }).text ?? ''), voter_count: 0 })),
          total_voter_count: 0,
          is_closed: false,
          is_anonymous: ctx.params.has('is_anonymous') ? ctx.params.bool('is_anonymous') : true,
          type: ctx.params.str('type') ?? 'regular',
          allows_multiple_answers: ctx.params.bool('allows_multiple_answers'),
        },
      },
    };
  });
  return rendered<Message.PollMessage>(ctx.world, message);
};

function copyFrom(ctx: MethodContext<'forwardMessage' | 'copyMessage'>, notFound: string): StoredMessage {
  const from = ctx.world.resolveChat(ctx.bot, ctx.params.raw.from_chat_id, 'read');
  return messageOf(from, ctx.params.int('message_id'), notFound);
}

function copiedFields(source: StoredMessage): Record<string, unknown> {
  const fields = structuredClone(source.fields);
  for (const key of Object.keys(fields)) if (key.startsWith('forward_') || key === 'has_protected_content') delete fields[key];
  return fields;
}

export const forwardMessage: Handler<'forwardMessage'> = (ctx) => {
  const source = copyFrom(ctx, 'message to forward not found');
  const { message } = send(ctx, () => ({
    ...(source.text !== undefined ? { text: { text: source.text, entities: source.entities ?? [] } } : {}),
    fields: {
      forward_origin: { type: 'user', sender_user: { ...source.from }, date: source.date },
      forward_date: source.date,
      forward_from: { ...source.from },
      ...copiedFields(source),
    },
  }));
  return rendered<Message>(ctx.world, message);
};

export const copyMessage: Handler<'copyMessage'> = (ctx): MessageId => {
  const source = copyFrom(ctx, 'message to copy not found');
  const { message } = send(ctx, () => ({
    ...(source.text !== undefined ? { text: { text: source.text, entities: source.entities ?? [] } } : {}),
    fields: copiedFields(source),
  }));
  return { message_id: message.id };
};
