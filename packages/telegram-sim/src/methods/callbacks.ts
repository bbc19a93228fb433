/** Answering callback queries: what the person who pressed a button sees. */
import { badRequest, QUERY_TOO_OLD } from '../errors';
import type { Handler } from './context';
import { trimFront } from '../world/notify';

export const answerCallbackQuery: Handler<'answerCallbackQuery'> = ({ world, bot, params }) => {
  const id = params.str('callback_query_id') ?? '';
  const text = params.str('text');
  if (text !== undefined && text.length > 200) throw badRequest('MESSAGE_TOO_LONG');
  const url = params.str('url');
  const query = bot.queries.get(id);
  if (!query || query.answer || world.now() - query.createdAt > world.options.callbackQueryTtlMs) {
    throw badRequest(QUERY_TOO_OLD);
  }
  if (url !== undefined && url !== '' && !/^(https:\/\/t\.me\/|tg:\/\/)/i.test(url)) throw badRequest('URL_INVALID');
  const answer = {
    ...(text ? { text } : {}),
    show_alert: params.bool('show_alert'),
    ...(url ? { url } : {}),
    ...(params.has('cache_time') ? { cache_time: params.int('cache_time') ?? 0 } : {}),
  };
  query.answer = answer;
  query.user.popups.push({
    ...answer,
    query_id: id,
    bot: bot.username,
    chat_id: query.message.chat.id,
    message_id: query.message.id,
    data: query.data,
    at: world.now(),
  });
  trimFront(query.user.popups, world.options.maxPerUser);
  for (const waiter of query.waiters.splice(0)) waiter(answer);
  world.changed();
  return true;
};
