/** parse_mode HTML as Telegram parses it: its tags, entities and errors. */
import type { TgMessageEntity } from '../types';
import { byteOffset, cantParse, isSpace, linkEntity, sortEntities, type FormattedText } from './common';

const HTML_TAGS = new Set(['a', 'b', 'strong', 'i', 'em', 's', 'strike', 'del', 'u', 'ins', 'tg-spoiler', 'tg-emoji', 'span', 'pre', 'code', 'blockquote']);

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
          throw cantParse(`Expected equal sign in declaration of an attribute of the tag "${tag}" at byte offset ${at()}`);
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
        throw cantParse(`Unmatched end tag at byte offset ${at()}, expected "</${open.tag}>", found "</${endTag}>"`);
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
