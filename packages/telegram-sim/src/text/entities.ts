/** The entities Telegram finds by itself: bot commands, mentions, hashtags, cashtags, links, emails. */
import type { TgMessageEntity } from '../types';
import { sortEntities, type FormattedText } from './common';

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
  const urls =
    /\b(?:https?:\/\/[^\s<>"]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}|(?:[A-Za-z0-9-]+\.)+(?:com|org|net|me|io|dev|app|ru|de)(?:\/[^\s<>"]*)?)/g;
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
  const extra = findEntities(formatted.text).filter((e) => !continuous.some((c) => e.offset < c.offset + c.length && c.offset < e.offset + e.length));
  return { text: formatted.text, entities: sortEntities([...formatted.entities, ...extra]) };
}
