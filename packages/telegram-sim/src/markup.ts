/** reply_markup as Telegram checks it: inline keyboards are kept on the message, others accepted. */
import { badRequest } from './errors';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from './types';

export type ParsedMarkup = { kind: 'none' } | { kind: 'inline'; markup: InlineKeyboardMarkup | undefined } | { kind: 'reply'; markup: Record<string, unknown> };

const BUTTON_ACTIONS = [
  'url',
  'callback_data',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
];

/**
 * Bot API 9.4, InlineKeyboardButton.style (KeyboardButton has it too): "Style of the button. Must
 * be one of "danger" (red), "success" (green) or "primary" (blue). If omitted, then an app-specific
 * style is used."
 */
export const BUTTON_STYLES = ['danger', 'success', 'primary'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

/**
 * A button's style as the Bot API server reads it (tdlib/telegram-bot-api, Client::get_button_style,
 * through JsonObject::get_optional_string_field): a string, or a JSON number taken as its digits,
 * compared case-insensitively; "" and "default" mean the app's style and leave no `style` on the
 * message; "danger", "success" and "primary" are kept in lower case. The errors are the server's
 * own texts, not modelled: anything else is "invalid button style specified", a null, boolean,
 * object or array `Field "style" must be of type String`. Throws the bare reason.
 */
function buttonStyle(value: unknown): ButtonStyle | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw new Error('Field "style" must be of type String');
  const style = String(value).toLowerCase();
  if (style === '' || style === 'default') return undefined;
  if ((BUTTON_STYLES as readonly string[]).includes(style)) return style as ButtonStyle;
  throw new Error('invalid button style specified');
}

/**
 * The style to keep on a button, or a 400 prefixed as the server prefixes a button's error
 * (`can't parse inline keyboard button: `, `can't parse keyboard button: `).
 */
function checkedStyle(button: Record<string, unknown>, prefix: string): ButtonStyle | undefined {
  try {
    return buttonStyle(button.style);
  } catch (error) {
    throw badRequest(`${prefix}${(error as Error).message}`);
  }
}

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
      // reply keyboards are not kept, but their buttons' style is checked like Telegram does
      if (Array.isArray(object.keyboard)) {
        for (const row of object.keyboard) {
          if (!Array.isArray(row)) continue;
          for (const button of row) {
            if (typeof button === 'object' && button !== null) checkedStyle(button as Record<string, unknown>, "can't parse keyboard button: ");
          }
        }
      }
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
      // checked before the button's type, in the Bot API server's order
      const style = checkedStyle(b, "can't parse inline keyboard button: ");
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
      const kept = structuredClone(b) as InlineKeyboardButton;
      if (style) kept.style = style;
      else delete kept.style;
      buttons.push(kept);
    }
    if (buttons.length > 0) keyboard.push(buttons);
  }
  if (keyboard.flat().length > 100) throw badRequest('reply markup is too long');
  return { kind: 'inline', markup: keyboard.length > 0 ? { inline_keyboard: keyboard } : undefined };
}

/** The inline keyboard a message keeps: other markups are not part of the message. */
export const inlineOf = (parsed: ParsedMarkup): InlineKeyboardMarkup | undefined => (parsed.kind === 'inline' ? parsed.markup : undefined);
