/**
 * The Bot API methods, answering like Telegram: results shaped as the Bot API documents them,
 * errors with Telegram's codes and descriptions. Each section of the Bot API has its own module;
 * this one assembles the table. Methods without a model here still answer a sensible result
 * (usually True) so a bot calling them keeps working.
 */
import { Params } from '../params';
import {
  deleteMyCommands,
  getChatMenuButton,
  getMe,
  getMyCommands,
  getMyDefaultAdministratorRights,
  getMyDescription,
  getMyName,
  getMyShortDescription,
  setChatMenuButton,
  setMyCommands,
  setMyDefaultAdministratorRights,
  setMyDescription,
  setMyName,
  setMyShortDescription,
} from './bot';
import { answerCallbackQuery } from './callbacks';
import { banChatMember, getChat, getChatAdministrators, getChatMember, getChatMemberCount, leaveChat, sendChatAction, unbanChatMember } from './chats';
import type { HandlerTable, Method, MethodContext } from './context';
import { deleteMessage, deleteMessages, editMessageCaption, editMessageReplyMarkup, editMessageText } from './editing';
import { closeForumTopic, createForumTopic, deleteForumTopic, editForumTopic, reopenForumTopic } from './forum';
import { MEDIA, sendMedia, type MediaMethod } from './media';
import { copyMessage, forwardMessage, sendContact, sendDice, sendLocation, sendMessage, sendPoll } from './messages';
import { pinChatMessage, unpinAllChatMessages, unpinChatMessage } from './pins';
import { deleteWebhook, getUpdates, getWebhookInfo, setWebhook } from './updates';

export { commandsKey } from './bot';
export { Described, type MethodContext } from './context';
export { createTopic } from './forum';
export { BOT_API_METHODS, canonicalMethod } from './names';

const media = Object.fromEntries((Object.keys(MEDIA) as MediaMethod[]).map((method) => [method, sendMedia(method)])) as {
  [M in MediaMethod]: ReturnType<typeof sendMedia<M>>;
};

const HANDLERS: HandlerTable = {
  // updates.ts
  getUpdates,
  setWebhook,
  deleteWebhook,
  getWebhookInfo,
  // messages.ts, media.ts
  sendMessage,
  sendDice,
  sendLocation,
  sendContact,
  sendPoll,
  forwardMessage,
  copyMessage,
  ...media,
  // editing.ts
  editMessageText,
  editMessageReplyMarkup,
  editMessageCaption,
  deleteMessage,
  deleteMessages,
  // callbacks.ts
  answerCallbackQuery,
  // pins.ts
  pinChatMessage,
  unpinChatMessage,
  unpinAllChatMessages,
  // chats.ts
  getChat,
  getChatMember,
  getChatAdministrators,
  getChatMemberCount,
  leaveChat,
  banChatMember,
  unbanChatMember,
  sendChatAction,
  // forum.ts
  createForumTopic,
  closeForumTopic,
  reopenForumTopic,
  editForumTopic,
  deleteForumTopic,
  // bot.ts
  getMe,
  setMyCommands,
  getMyCommands,
  deleteMyCommands,
  setMyName,
  getMyName,
  setMyDescription,
  getMyDescription,
  setMyShortDescription,
  getMyShortDescription,
  setChatMenuButton,
  getChatMenuButton,
  setMyDefaultAdministratorRights,
  getMyDefaultAdministratorRights,
  // answered with fixed results
  logOut: () => true,
  close: () => true,
  getFile: ({ params }) => {
    const id = params.str('file_id') ?? '';
    return { file_id: id, file_unique_id: id.slice(-16), file_size: 0, file_path: `files/${id}` };
  },
  getUserProfilePhotos: () => ({ total_count: 0, photos: [] }),
  getForumTopicIconStickers: () => [],
  getMyStarBalance: () => ({ amount: 0 }),
  getAvailableGifts: () => ({ gifts: [] }),
  exportChatInviteLink: ({ world, bot: caller, params }) => `https://t.me/+sim${Math.abs(world.resolveChat(caller, params.raw.chat_id, 'read').id)}`,
};

/** What the server runs for a method: any handler of the table, whatever its method. */
export type AnyHandler = (ctx: MethodContext) => unknown;

/** Unmodelled methods answer True after checking the chat they name. */
const unmodelled: AnyHandler = ({ world, bot: caller, params }) => {
  if (new Params(params.raw).has('chat_id')) world.resolveChat(caller, params.raw.chat_id, 'read');
  return true;
};

/** The handler of a method (by its canonical name). */
export function handlerOf(method: string): AnyHandler {
  // the table maps each method to its own handler, so the name picks the matching one
  return (HANDLERS[method as Method] as AnyHandler | undefined) ?? unmodelled;
}
