/** parse_mode Markdown (legacy) as Telegram parses it. */
import type { TgMessageEntity } from '../types';
import { byteOffset, cantParse, isSpace, linkEntity, sortEntities, type FormattedText } from './common';

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
