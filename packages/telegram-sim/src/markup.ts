/** reply_markup as Telegram checks it: inline keyboards are kept on the message, others accepted. */
import { badRequest } from './errors.ts';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from './types.ts';

export type ParsedMarkup =
  | { kind: 'none' }
  | { kind: 'inline'; markup: InlineKeyboardMarkup | undefined }
  | { kind: 'reply'; markup: Record<string, unknown> };

const BUTTON_ACTIONS = [
  'url', 'callback_data', 'web_app', 'login_url', 'switch_inline_query', 'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat', 'copy_text', 'callback_game', 'pay',
];

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'tg:') && (url.protocol === 'tg:' || url.hostname.length > 0);
  } catch {
    return false;
  }
}

/** Parses and checks reply_markup (a JSON string or an object); `none` when it was not given. */
export function parseReplyMarkup(raw: unknown): ParsedMarkup {
  if (raw === undefined || raw === null || raw === '') return { kind: 'none' };
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest("can't parse reply keyboard markup JSON object");
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest("can't parse reply keyboard markup JSON object");
  }
  const object = value as Record<string, unknown>;
  if (!('inline_keyboard' in object)) {
    if ('keyboard' in object || 'remove_keyboard' in object || 'force_reply' in object) {
      return { kind: 'reply', markup: object };
    }
    throw badRequest("can't parse reply keyboard markup JSON object");
  }
  const rows = object.inline_keyboard;
  if (!Array.isArray(rows)) throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array');
  const keyboard: InlineKeyboardButton[][] = [];
  for (const row of rows) {
    if (!Array.isArray(row)) throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
    const buttons: InlineKeyboardButton[] = [];
    for (const button of row) {
      if (typeof button !== 'object' || button === null) throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
      const b = button as Record<string, unknown>;
      if (typeof b.text !== 'string') throw badRequest(`can't parse inline keyboard button: Field "text" must be of type String`);
      const actions = BUTTON_ACTIONS.filter((key) => b[key] !== undefined);
      if (actions.length === 0) {
        throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
      }
      if (b.callback_data !== undefined) {
        if (typeof b.callback_data !== 'string') throw badRequest(`can't parse inline keyboard button: Field "callback_data" must be of type String`);
        const bytes = Buffer.byteLength(b.callback_data, 'utf8');
        if (bytes < 1 || bytes > 64) throw badRequest('BUTTON_DATA_INVALID');
      }
      if (b.url !== undefined) {
        if (typeof b.url !== 'string') throw badRequest(`can't parse inline keyboard button: Field "url" must be of type String`);
        if (!isHttpUrl(b.url)) throw badRequest(`inline keyboard button URL '${b.url}' is invalid: Wrong HTTP URL`);
      }
      buttons.push(structuredClone(b) as InlineKeyboardButton);
    }
    if (buttons.length > 0) keyboard.push(buttons);
  }
  if (keyboard.flat().length > 100) throw badRequest('reply markup is too long');
  return { kind: 'inline', markup: keyboard.length > 0 ? { inline_keyboard: keyboard } : undefined };
}

/** The inline keyboard a message keeps: other markups are not part of the message. */
export const inlineOf = (parsed: ParsedMarkup): InlineKeyboardMarkup | undefined =>
  parsed.kind === 'inline' ? parsed.markup : undefined;
