/**
 * Message text as Telegram treats it: parse_mode HTML / MarkdownV2 / Markdown into plain text plus
 * entities (offsets in UTF-16 code units, as the Bot API counts them), with the parser errors
 * Telegram answers ("can't parse entities: …", byte offsets in UTF-8), trimming, and the entities
 * Telegram detects by itself (bot commands, mentions, hashtags, URLs).
 */
import { badRequest, type ApiError } from './errors.ts';
import type { TgMessageEntity } from './types.ts';

export interface FormattedText {
  text: string;
  entities: TgMessageEntity[];
}

const cantParse = (what: string): ApiError => badRequest(`can't parse entities: ${what}`);

/** UTF-8 byte offset of the UTF-16 index `i` in `s`: Telegram reports parse errors in bytes. */
const byteOffset = (s: string, i: number): number => Buffer.byteLength(s.slice(0, i), 'utf8');

const isSpace = (c: string | undefined): boolean =>
  c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\v' || c === '\f';

export function sortEntities(entities: TgMessageEntity[]): TgMessageEntity[] {
  return entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
}

/** A link as Telegram keeps it in a text_link entity, or undefined when it drops the entity. */
function checkedLink(url: string): string | undefined {
  const trimmed = url.trim();
  if (!trimmed) return undefined;
  if (/^(https?|tg|ton):/i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return undefined;
  if (!/^[^\s/?#]+\.[^\s/?#]+/.test(trimmed)) return undefined;
  return `http://${trimmed}${/[/?#]/.test(trimmed) ? '' : '/'}`;
}

function linkEntity(offset: number, length: number, url: string): TgMessageEntity | undefined {
  const user = /^tg:\/\/user\?id=(\d+)$/i.exec(url);
  if (user) {
    return { type: 'text_mention', offset, length, user: { id: Number(user[1]), is_bot: false, first_name: '' } };
  }
  const checked = checkedLink(url);
  return checked === undefined ? undefined : { type: 'text_link', offset, length, url: checked };
}

// ── HTML ─────────────────────────────────────────────────────────────────────────────────────

const HTML_TAGS = new Set([
  'a', 'b', 'strong', 'i', 'em', 's', 'strike', 'del', 'u', 'ins', 'tg-spoiler', 'tg-emoji', 'span',
  'pre', 'code', 'blockquote',
]);

/** Decodes `&lt;` `&gt;` `&amp;` `&quot;` and numeric references; undefined leaves `&` as text. */
function decodeHtmlEntity(s: string, pos: number): { char: string; end: number } | undefined {
  let end = pos + 1;
  let code = 0;
  if (s[pos + 1] === '#') {
    end++;
    if (s[pos + 2] === 'x') {
      end++;
      while (end < s.length && /[0-9a-fA-F]/.test(s[end]!)) code = code * 16 + parseInt(s[end++]!, 16);
    } else {
      while (end < s.length && /[0-9]/.test(s[end]!)) code = code * 10 + Number(s[end++]);
    }
    if (code === 0 || code >= 0x10ffff || end - pos >= 10) return undefined;
  } else {
    while (end < s.length && /[A-Za-z]/.test(s[end]!)) end++;
    const name = s.slice(pos + 1, end);
    const named: Record<string, number> = { lt: 60, gt: 62, amp: 38, quot: 34 };
    if (!(name in named)) return undefined;
    code = named[name]!;
  }
  if (s[end] === ';') end++;
  return { char: String.fromCodePoint(code), end };
}

export function parseHtml(src: string): FormattedText {
  let out = '';
  const entities: TgMessageEntity[] = [];
  const stack: { tag: string; argument: string; offset: number; expandable: boolean }[] = [];
  const len = src.length;

  for (let i = 0; i < len; i++) {
    const c = src[i]!;
    if (c === '&') {
      const decoded = decodeHtmlEntity(src, i);
      if (decoded) {
        out += decoded.char;
        i = decoded.end - 1;
        continue;
      }
    }
    if (c !== '<') {
      out += c;
      continue;
    }

    const begin = i++;
    const at = (): number => byteOffset(src, begin);
    if (src[i] !== '/') {
      while (i < len && !isSpace(src[i]) && src[i] !== '>') i++;
      if (i >= len) throw cantParse(`Unclosed start tag at byte offset ${at()}`);
      const tag = src.slice(begin + 1, i).toLowerCase();
      if (!HTML_TAGS.has(tag)) throw cantParse(`Unsupported start tag "${tag}" at byte offset ${at()}`);

      let argument = '';
      let expandable = false;
      while (src[i] !== '>') {
        while (i < len && isSpace(src[i])) i++;
        if (i >= len) throw cantParse(`Unclosed start tag at byte offset ${at()}`);
        if (src[i] === '>') break;
        const nameBegin = i;
        while (i < len && !isSpace(src[i]) && src[i] !== '=' && src[i] !== '>') i++;
        const name = src.slice(nameBegin, i);
        if (!name) throw cantParse(`Empty attribute name in the tag "${tag}" at byte offset ${at()}`);
        while (i < len && isSpace(src[i])) i++;
        if (src[i] !== '=') {
          if (tag === 'blockquote' && name.toLowerCase() === 'expandable') {
            expandable = true;
            continue;
          }
          throw cantParse(
            `Expected equal sign in declaration of an attribute of the tag "${tag}" at byte offset ${at()}`,
          );
        }
        i++;
        while (i < len && isSpace(src[i])) i++;
        if (i >= len) throw cantParse(`Unclosed start tag "${tag}" at byte offset ${at()}`);

        let value = '';
        if (src[i] !== "'" && src[i] !== '"') {
          const tokenBegin = i;
          while (i < len && /[A-Za-z0-9.-]/.test(src[i]!)) i++;
          value = src.slice(tokenBegin, i).toLowerCase();
          if (i < len && !isSpace(src[i]) && src[i] !== '>') {
            throw cantParse(`Unexpected end of name token at byte offset ${byteOffset(src, tokenBegin)}`);
          }
        } else {
          const quote = src[i++];
          while (i < len && src[i] !== quote) {
            if (src[i] === '&') {
              const decoded = decodeHtmlEntity(src, i);
              if (decoded) {
                value += decoded.char;
                i = decoded.end;
                continue;
              }
            }
            value += src[i++];
          }
          if (src[i] === quote) i++;
        }
        if (i >= len) throw cantParse(`Unclosed start tag at byte offset ${at()}`);

        if (tag === 'a' && name === 'href') argument = value;
        else if (tag === 'code' && name === 'class' && value.startsWith('language-')) argument = value.slice(9);
        else if (tag === 'span' && name === 'class' && value.startsWith('tg-')) argument = value.slice(3);
        else if (tag === 'tg-emoji' && name === 'emoji-id') argument = value;
      }
      if (tag === 'span' && argument !== 'spoiler') {
        throw cantParse(`Tag "span" must have class "tg-spoiler" at byte offset ${at()}`);
      }
      stack.push({ tag, argument, offset: out.length, expandable });
    } else {
      if (stack.length === 0) throw cantParse(`Unexpected end tag at byte offset ${at()}`);
      while (i < len && !isSpace(src[i]) && src[i] !== '>') i++;
      const endTag = src.slice(begin + 2, i).toLowerCase();
      while (i < len && isSpace(src[i])) i++;
      if (src[i] !== '>') throw cantParse(`Unclosed end tag at byte offset ${at()}`);
      const open = stack[stack.length - 1]!;
      if (endTag && endTag !== open.tag) {
        throw cantParse(
          `Unmatched end tag at byte offset ${at()}, expected "</${open.tag}>", found "</${endTag}>"`,
        );
      }
      const offset = open.offset;
      const length = out.length - offset;
      if (length > 0) {
        const last = entities[entities.length - 1];
        const sameRange = last !== undefined && last.offset === offset && last.length === length;
        switch (open.tag) {
          case 'i':
          case 'em':
            entities.push({ type: 'italic', offset, length });
            break;
          case 'b':
          case 'strong':
            entities.push({ type: 'bold', offset, length });
            break;
          case 's':
          case 'strike':
          case 'del':
            entities.push({ type: 'strikethrough', offset, length });
            break;
          case 'u':
          case 'ins':
            entities.push({ type: 'underline', offset, length });
            break;
          case 'tg-spoiler':
          case 'span':
            entities.push({ type: 'spoiler', offset, length });
            break;
          case 'tg-emoji':
            if (!/^[1-9][0-9]*$/.test(open.argument)) throw cantParse('Invalid custom emoji identifier specified');
            entities.push({ type: 'custom_emoji', offset, length, custom_emoji_id: open.argument });
            break;
          case 'a': {
            const entity = linkEntity(offset, length, open.argument || out.slice(offset));
            if (entity) entities.push(entity);
            break;
          }
          case 'pre':
            if (sameRange && last.type === 'code' && last.language) last.type = 'pre';
            else entities.push({ type: 'pre', offset, length });
            break;
          case 'code':
            if (sameRange && last.type === 'pre' && open.argument) last.language = open.argument;
            else entities.push({ type: 'code', offset, length, ...(open.argument ? { language: open.argument } : {}) });
            break;
          case 'blockquote':
            entities.push({ type: open.expandable ? 'expandable_blockquote' : 'blockquote', offset, length });
            break;
        }
      }
      stack.pop();
    }
  }
  if (stack.length > 0) {
    throw cantParse(`Can't find end tag corresponding to start tag "${stack[stack.length - 1]!.tag}"`);
  }
  for (const entity of entities) if (entity.type === 'code') delete entity.language;
  return { text: out, entities: sortEntities(entities) };
}

// ── MarkdownV2 ───────────────────────────────────────────────────────────────────────────────

type MdType =
  | 'Bold' | 'Italic' | 'Underline' | 'Strikethrough' | 'Spoiler' | 'Code' | 'Pre' | 'PreCode'
  | 'TextUrl' | 'CustomEmoji' | 'BlockQuote';

const MD_ENTITY: Record<MdType, string> = {
  Bold: 'bold', Italic: 'italic', Underline: 'underline', Strikethrough: 'strikethrough', Spoiler: 'spoiler',
  Code: 'code', Pre: 'pre', PreCode: 'pre', TextUrl: 'text_link', CustomEmoji: 'custom_emoji',
  BlockQuote: 'blockquote',
};

const reserved = (c: string): ApiError =>
  cantParse(`Character '${c}' is reserved and must be escaped with the preceding '\\'`);

const isEscapable = (c: string | undefined): boolean =>
  c !== undefined && c.charCodeAt(0) > 0 && c.charCodeAt(0) <= 126;

export function parseMarkdownV2(src: string): FormattedText {
  let out = '';
  const entities: TgMessageEntity[] = [];
  const stack: { type: MdType; argument: string; offset: number; byte: number; begin: number }[] = [];
  let haveBlockquote = false;

  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\' && isEscapable(src[i + 1])) {
      i++;
      out += src[i];
      continue;
    }
    const top = stack[stack.length - 1];
    const reservedChars =
      top && (top.type === 'Code' || top.type === 'Pre' || top.type === 'PreCode') ? '`' : '_*[]()~`>#+-=|{}.!\n';
    if (!reservedChars.includes(c)) {
      out += c;
      continue;
    }

    let isEnd = false;
    if (top) {
      if (haveBlockquote && c === '\n' && (i + 1 === src.length || src[i + 1] !== '>')) isEnd = true;
      else {
        switch (top.type) {
          case 'Bold': isEnd = c === '*'; break;
          case 'Italic': isEnd = c === '_' && src[i + 1] !== '_'; break;
          case 'Code': isEnd = c === '`'; break;
          case 'Pre':
          case 'PreCode': isEnd = c === '`' && src[i + 1] === '`' && src[i + 2] === '`'; break;
          case 'TextUrl':
          case 'CustomEmoji': isEnd = c === ']'; break;
          case 'Underline': isEnd = c === '_' && src[i + 1] === '_'; break;
          case 'Strikethrough': isEnd = c === '~'; break;
          case 'Spoiler': isEnd = c === '|' && src[i + 1] === '|'; break;
          case 'BlockQuote': isEnd = false; break;
        }
      }
    }

    if (!isEnd) {
      let type: MdType | undefined;
      let argument = '';
      const byte = byteOffset(src, i);
      switch (c) {
        case '_':
          if (src[i + 1] === '_') {
            type = 'Underline';
            i++;
          } else type = 'Italic';
          break;
        case '*': type = 'Bold'; break;
        case '~': type = 'Strikethrough'; break;
        case '|':
          if (src[i + 1] !== '|') throw reserved(c);
          i++;
          type = 'Spoiler';
          break;
        case '[': type = 'TextUrl'; break;
        case '`':
          if (src[i + 1] === '`' && src[i + 2] === '`') {
            i += 3;
            type = 'Pre';
            let languageEnd = i;
            while (languageEnd < src.length && !isSpace(src[languageEnd]) && src[languageEnd] !== '`') languageEnd++;
            if (i !== languageEnd && languageEnd < src.length && src[languageEnd] !== '`') {
              type = 'PreCode';
              argument = src.slice(i, languageEnd);
              i = languageEnd;
            }
            if (src[i] === '\n' || src[i] === '\r') {
              if ((src[i + 1] === '\n' || src[i + 1] === '\r') && src[i] !== src[i + 1]) i += 2;
              else i++;
            }
            i--;
          } else type = 'Code';
          break;
        case '!':
          if (src[i + 1] !== '[') throw reserved(c);
          i++;
          type = 'CustomEmoji';
          break;
        case '\n':
          out += '\n';
          if (i + 1 < src.length && src[i + 1] === '>') {
            i++;
            if (!haveBlockquote) {
              type = 'BlockQuote';
              haveBlockquote = true;
            }
          }
          break;
        case '>':
          if (i !== 0) throw reserved(c);
          type = 'BlockQuote';
          haveBlockquote = true;
          break;
        default:
          throw reserved(c);
      }
      if (type === undefined) continue;
      stack.push({ type, argument, offset: out.length, byte, begin: out.length });
    } else {
      const open = top!;
      if (c === '\n' && open.type !== 'BlockQuote') {
        throw cantParse(`Can't find end of ${open.type} entity at byte offset ${open.byte}`);
      }
      let argument = open.argument;
      const skip = out.length === open.offset;
      switch (open.type) {
        case 'Underline':
        case 'Spoiler':
          i++;
          break;
        case 'Pre':
        case 'PreCode':
          i += 2;
          break;
        case 'TextUrl':
        case 'CustomEmoji': {
          let url = '';
          if (src[i + 1] !== '(') {
            if (open.type === 'CustomEmoji') throw cantParse('Custom emoji entity must contain a tg://emoji URL');
            url = out.slice(open.begin);
          } else {
            i += 2;
            const urlBegin = i;
            while (i < src.length && src[i] !== ')') {
              if (src[i] === '\\' && isEscapable(src[i + 1])) {
                url += src[i + 1];
                i += 2;
                continue;
              }
              url += src[i++];
            }
            if (src[i] !== ')') {
              const what = open.type === 'TextUrl' ? 'a URL' : 'a custom emoji URL';
              throw cantParse(`Can't find end of ${what} at byte offset ${byteOffset(src, urlBegin)}`);
            }
          }
          if (open.type === 'CustomEmoji') {
            const id = /^tg:\/\/emoji\?id=([1-9][0-9]*)$/.exec(url);
            if (!id) throw cantParse('Invalid custom emoji identifier specified');
            argument = id[1]!;
          } else {
            argument = url;
          }
          break;
        }
        case 'BlockQuote':
          haveBlockquote = false;
          out += src[i];
          break;
        default:
          break;
      }
      if (!skip) {
        const offset = open.offset;
        const length = out.length - offset;
        if (open.type === 'TextUrl') {
          const entity = linkEntity(offset, length, argument);
          if (entity) entities.push(entity);
        } else if (open.type === 'CustomEmoji') {
          entities.push({ type: 'custom_emoji', offset, length, custom_emoji_id: argument });
        } else if (open.type === 'PreCode') {
          entities.push({ type: 'pre', offset, length, language: argument });
        } else {
          entities.push({ type: MD_ENTITY[open.type], offset, length });
        }
      }
      stack.pop();
    }
  }
  if (haveBlockquote) {
    const open = stack[stack.length - 1];
    if (open && open.type === 'BlockQuote') {
      const length = out.length - open.offset;
      if (length !== 0) entities.push({ type: 'blockquote', offset: open.offset, length });
      stack.pop();
    }
  }
  if (stack.length > 0) {
    const open = stack[stack.length - 1]!;
    throw cantParse(`Can't find end of ${open.type} entity at byte offset ${open.byte}`);
  }
  return { text: out, entities: sortEntities(entities) };
}

// ── Markdown (legacy) ────────────────────────────────────────────────────────────────────────

export function parseMarkdown(src: string): FormattedText {
  let out = '';
  const entities: TgMessageEntity[] = [];
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\' && '_*`['.includes(src[i + 1] ?? '\0')) {
      out += src[++i];
      continue;
    }
    if (!'_*`['.includes(c)) {
      out += c;
      continue;
    }
    const begin = i;
    const endChar = c === '[' ? ']' : c;
    let pre = false;
    let language = '';
    i++;
    if (c === '`' && src[i] === '`' && src[i + 1] === '`') {
      i += 2;
      pre = true;
      let languageEnd = i;
      while (languageEnd < src.length && !isSpace(src[languageEnd]) && src[languageEnd] !== '`') languageEnd++;
      if (i !== languageEnd && languageEnd < src.length && src[languageEnd] !== '`') {
        language = src.slice(i, languageEnd);
        i = languageEnd;
      }
      if (src[i] === '\n' || src[i] === '\r') {
        if ((src[i + 1] === '\n' || src[i + 1] === '\r') && src[i] !== src[i + 1]) i += 2;
        else i++;
      }
    }
    const offset = out.length;
    while (i < src.length && (src[i] !== endChar || (pre && !(src[i + 1] === '`' && src[i + 2] === '`')))) {
      out += src[i++];
    }
    if (i >= src.length) {
      throw cantParse(`Can't find end of the entity starting at byte offset ${byteOffset(src, begin)}`);
    }
    const length = out.length - offset;
    if (length > 0) {
      if (c === '_') entities.push({ type: 'italic', offset, length });
      else if (c === '*') entities.push({ type: 'bold', offset, length });
      else if (c === '`') {
        entities.push(pre ? { type: 'pre', offset, length, ...(language ? { language } : {}) } : { type: 'code', offset, length });
      } else {
        let url = '';
        if (src[i + 1] !== '(') url = out.slice(offset);
        else {
          i += 2;
          while (i < src.length && src[i] !== ')') url += src[i++];
        }
        const entity = linkEntity(offset, length, url);
        if (entity) entities.push(entity);
      }
    }
    if (pre) i += 2;
  }
  return { text: out, entities: sortEntities(entities) };
}

// ── Entities Telegram finds by itself ──────────────────────────────────────────────────────

const WORD = /[\p{L}\p{N}_]/u;

/** bot_command, mention, hashtag, cashtag, url and email entities, as Telegram adds them. */
export function findEntities(text: string): TgMessageEntity[] {
  const found: TgMessageEntity[] = [];
  const before = (i: number): string | undefined => (i > 0 ? text[i - 1] : undefined);
  let m: RegExpExecArray | null;

  const commands = /\/[A-Za-z0-9_]{1,64}(@[A-Za-z0-9_]{3,32})?/g;
  while ((m = commands.exec(text))) {
    const prev = before(m.index);
    const next = text[m.index + m[0].length];
    if (prev !== undefined && (WORD.test(prev) || prev === '/' || prev === '<' || prev === '>')) continue;
    if (next !== undefined && (WORD.test(next) || next === '/' || next === '@')) continue;
    found.push({ type: 'bot_command', offset: m.index, length: m[0].length });
  }
  const mentions = /@[A-Za-z0-9_]{3,32}/g;
  while ((m = mentions.exec(text))) {
    const prev = before(m.index);
    if (prev !== undefined && (WORD.test(prev) || prev === '/' || prev === '@' || prev === '.')) continue;
    found.push({ type: 'mention', offset: m.index, length: m[0].length });
  }
  const tags = /([#$])[\p{L}\p{N}_]+/gu;
  while ((m = tags.exec(text))) {
    const prev = before(m.index);
    if (prev !== undefined && WORD.test(prev)) continue;
    if (m[1] === '$' && !/^\$[A-Z]{1,8}$/.test(m[0])) continue;
    found.push({ type: m[1] === '#' ? 'hashtag' : 'cashtag', offset: m.index, length: m[0].length });
  }
  const urls = /\b(?:https?:\/\/[^\s<>"]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}|(?:[A-Za-z0-9-]+\.)+(?:com|org|net|me|io|dev|app|ru|de)(?:\/[^\s<>"]*)?)/g;
  while ((m = urls.exec(text))) {
    let value = m[0];
    while (/[.,;:!?)\]]$/.test(value)) value = value.slice(0, -1);
    const email = !value.includes('://') && /^[^/]+@[^/]+$/.test(value);
    if (!email && before(m.index) === '@') continue;
    found.push({ type: email ? 'email' : 'url', offset: m.index, length: value.length });
  }
  // keep the first of intersecting candidates, like Telegram
  sortEntities(found);
  const kept: TgMessageEntity[] = [];
  let end = 0;
  for (const entity of found) {
    if (entity.offset >= end) {
      kept.push(entity);
      end = entity.offset + entity.length;
    }
  }
  return kept;
}

const CONTINUOUS = new Set(['code', 'pre', 'text_link', 'text_mention', 'custom_emoji', 'url', 'email', 'mention', 'bot_command', 'hashtag', 'cashtag']);

/** Adds the entities Telegram finds itself, where they don't cross a code, pre or link entity. */
export function withFoundEntities(formatted: FormattedText): FormattedText {
  const continuous = formatted.entities.filter((e) => CONTINUOUS.has(e.type));
  const extra = findEntities(formatted.text).filter(
    (e) => !continuous.some((c) => e.offset < c.offset + c.length && c.offset < e.offset + e.length),
  );
  return { text: formatted.text, entities: sortEntities([...formatted.entities, ...extra]) };
}

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
export function formatText(
  raw: string,
  parseMode: string | undefined,
  givenEntities: TgMessageEntity[] | undefined,
): FormattedText {
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
  'mention', 'hashtag', 'cashtag', 'bot_command', 'url', 'email', 'phone_number', 'bold', 'italic', 'underline',
  'strikethrough', 'spoiler', 'blockquote', 'expandable_blockquote', 'code', 'pre', 'text_link', 'text_mention',
  'custom_emoji', 'date_time',
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
    if (type === 'text_mention' && typeof entity.user === 'object' && entity.user) kept.user = entity.user as TgMessageEntity['user'];
    result.push(kept);
  }
  return result;
}
