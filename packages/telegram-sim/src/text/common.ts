/**
 * What the text parsers share: the parsed result, Telegram's "can't parse entities" errors with
 * UTF-8 byte offsets, whitespace, entity order, and the links Telegram keeps in entities.
 */
import { badRequest, type ApiError } from '../errors';
import type { TgMessageEntity } from '../types';

export interface FormattedText {
  text: string;
  entities: TgMessageEntity[];
}

export const cantParse = (what: string): ApiError => badRequest(`can't parse entities: ${what}`);

/** UTF-8 byte offset of the UTF-16 index `i` in `s`: Telegram reports parse errors in bytes. */
export const byteOffset = (s: string, i: number): number => Buffer.byteLength(s.slice(0, i), 'utf8');

export const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\v' || c === '\f';

export function sortEntities(entities: TgMessageEntity[]): TgMessageEntity[] {
  return entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
}

/** A link as Telegram keeps it in a text_link entity, or undefined when it drops the entity. */
export function checkedLink(url: string): string | undefined {
  const trimmed = url.trim();
  if (!trimmed) return undefined;
  if (/^(https?|tg|ton):/i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return undefined;
  if (!/^[^\s/?#]+\.[^\s/?#]+/.test(trimmed)) return undefined;
  return `http://${trimmed}${/[/?#]/.test(trimmed) ? '' : '/'}`;
}

export function linkEntity(offset: number, length: number, url: string): TgMessageEntity | undefined {
  const user = /^tg:\/\/user\?id=(\d+)$/i.exec(url);
  if (user) {
    return { type: 'text_mention', offset, length, user: { id: Number(user[1]), is_bot: false, first_name: '' } };
  }
  const checked = checkedLink(url);
  return checked === undefined ? undefined : { type: 'text_link', offset, length, url: checked };
}
