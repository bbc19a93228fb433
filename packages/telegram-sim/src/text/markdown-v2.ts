/** parse_mode MarkdownV2 as Telegram parses it: its markup, escapes and errors. */
import type { ApiError } from '../errors';
import type { TgMessageEntity } from '../types';
import { byteOffset, cantParse, isSpace, linkEntity, sortEntities, type FormattedText } from './common';

type MdType = 'Bold' | 'Italic' | 'Underline' | 'Strikethrough' | 'Spoiler' | 'Code' | 'Pre' | 'PreCode' | 'TextUrl' | 'CustomEmoji' | 'BlockQuote';

const MD_ENTITY: Record<MdType, string> = {
  Bold: 'bold',
  Italic: 'italic',
  Underline: 'underline',
  Strikethrough: 'strikethrough',
  Spoiler: 'spoiler',
  Code: 'code',
  Pre: 'pre',
  PreCode: 'pre',
  TextUrl: 'text_link',
  CustomEmoji: 'custom_emoji',
  BlockQuote: 'blockquote',
};

const reserved = (c: string): ApiError => cantParse(`Character '${c}' is reserved and must be escaped with the preceding '\\'`);

const isEscapable = (c: string | undefined): boolean => c !== undefined && c.charCodeAt(0) > 0 && c.charCodeAt(0) <= 126;

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
    const reservedChars = top && (top.type === 'Code' || top.type === 'Pre' || top.type === 'PreCode') ? '`' : '_*[]()~`>#+-=|{}.!\n';
    if (!reservedChars.includes(c)) {
      out += c;
      continue;
    }

    let isEnd = false;
    if (top) {
      if (haveBlockquote && c === '\n' && (i + 1 === src.length || src[i + 1] !== '>')) isEnd = true;
      else {
        switch (top.type) {
          case 'Bold':
            isEnd = c === '*';
            break;
          case 'Italic':
            isEnd = c === '_' && src[i + 1] !== '_';
            break;
          case 'Code':
            isEnd = c === '`';
            break;
          case 'Pre':
          case 'PreCode':
            isEnd = c === '`' && src[i + 1] === '`' && src[i + 2] === '`';
            break;
          case 'TextUrl':
          case 'CustomEmoji':
            isEnd = c === ']';
            break;
          case 'Underline':
            isEnd = c === '_' && src[i + 1] === '_';
            break;
          case 'Strikethrough':
            isEnd = c === '~';
            break;
          case 'Spoiler':
            isEnd = c === '|' && src[i + 1] === '|';
            break;
          case 'BlockQuote':
            isEnd = false;
            break;
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
        case '*':
          type = 'Bold';
          break;
        case '~':
          type = 'Strikethrough';
          break;
        case '|':
          if (src[i + 1] !== '|') throw reserved(c);
          i++;
          type = 'Spoiler';
          break;
        case '[':
          type = 'TextUrl';
          break;
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
