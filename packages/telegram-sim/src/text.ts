/**
 * Message text as Telegram treats it: parse_mode HTML / MarkdownV2 / Markdown into plain text plus
 * entities (offsets in UTF-16 code units, as the Bot API counts them), with the parser errors
 * Telegram answers ("can't parse entities: …", byte offsets in UTF-8), trimming, and the entities
 * Telegram detects by itself (bot commands, mentions, hashtags, URLs).
 */
import { badRequest } from './errors';
import { checkedLink, isSpace, sortEntities, type FormattedText } from './text/common';
import { withFoundEntities } from './text/entities';
import { parseHtml } from './text/html';
import { parseMarkdown } from './text/markdown';
import { parseMarkdownV2 } from './text/markdown-v2';
import type { TgMessageEntity } from './types';

export { sortEntities, type FormattedText } from './text/common';
export { findEntities, withFoundEntities } from './text/entities';
export { parseHtml } from './text/html';
export { parseMarkdown } from './text/markdown';
export { parseMarkdownV2 } from './text/markdown-v2';

/**
 * Telegram strips trailing whitespace, and leading spaces and newlines before the first entity,
 * moving and clipping the entities with the text.
 */
export function trimFormatted({ text, entities }: FormattedText): FormattedText {
  let end = text.length;
  while (end > 0 && isSpace(text[end - 1])) end--;
  let start = 0;
  const firstEntity = entities.length > 0 ? Math.min(...entities.map((e) => e.offset)) : end;
  while (start < Math.min(end, firstEntity) && (text[start] === ' ' || text[start] === '\n')) start++;
  const kept: TgMessageEntity[] = [];
  for (const entity of entities) {
    const from = Math.max(entity.offset, start);
    const to = Math.min(entity.offset + entity.length, end);
    if (to > from) kept.push({ ...entity, offset: from - start, length: to - from });
  }
  return { text: text.slice(start, end), entities: kept };
}

export type ParseMode = 'HTML' | 'MarkdownV2' | 'Markdown';

/**
 * The text of a message the way Telegram stores it: parsed by parse_mode (or with the given
 * entities), trimmed, with found entities added. Throws Telegram's 400 errors for bad markup.
 */
export function formatText(raw: string, parseMode: string | undefined, givenEntities: TgMessageEntity[] | undefined): FormattedText {
  let parsed: FormattedText;
  // as in Telegram, parse_mode wins over entities; "none" (any case) means plain text
  if (parseMode === undefined || parseMode === '' || parseMode.toLowerCase() === 'none') {
    parsed = { text: raw, entities: givenEntities ? sortEntities(validateEntities(raw, givenEntities)) : [] };
  } else {
    switch (parseMode.toLowerCase()) {
      case 'html':
        parsed = parseHtml(raw);
        break;
      case 'markdownv2':
        parsed = parseMarkdownV2(raw);
        break;
      case 'markdown':
        parsed = parseMarkdown(raw);
        break;
      default:
        throw badRequest('unsupported parse_mode');
    }
  }
  return withFoundEntities(trimFormatted(parsed));
}

const ENTITY_TYPES = new Set([
  'mention',
  'hashtag',
  'cashtag',
  'bot_command',
  'url',
  'email',
  'phone_number',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'blockquote',
  'expandable_blockquote',
  'code',
  'pre',
  'text_link',
  'text_mention',
  'custom_emoji',
  'date_time',
]);

function validateEntities(text: string, entities: unknown): TgMessageEntity[] {
  if (!Array.isArray(entities)) throw badRequest("can't parse entities JSON object");
  const result: TgMessageEntity[] = [];
  for (const entity of entities as Record<string, unknown>[]) {
    if (typeof entity !== 'object' || entity === null) throw badRequest("can't parse MessageEntity JSON object");
    const { type, offset, length } = entity;
    if (typeof type !== 'string' || !ENTITY_TYPES.has(type)) throw badRequest('unsupported entity type');
    if (typeof offset !== 'number' || typeof length !== 'number' || offset < 0 || length <= 0) continue;
    if (offset + length > text.length) continue;
    const kept: TgMessageEntity = { type, offset, length };
    if (type === 'text_link') {
      const url = typeof entity.url === 'string' ? checkedLink(entity.url) : undefined;
      if (!url) throw badRequest("can't parse entities: wrong text URL");
      kept.url = url;
    }
    if (type === 'pre' && typeof entity.language === 'string' && entity.language) kept.language = entity.language;
    if (type === 'custom_emoji' && typeof entity.custom_emoji_id === 'string') kept.custom_emoji_id = entity.custom_emoji_id;
    if (type === 'text_mention' && typeof entity.user === 'object' && entity.user) kept.user = entity.user as NonNullable<TgMessageEntity['user']>;
    result.push(kept);
  }
  return result;
}
