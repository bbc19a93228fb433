/** Telegram's text formatting: parse modes to plain text and entities, offsets in UTF-16 units. */
import { describe, expect, it } from 'vitest';
import { findEntities, formatText, parseHtml, parseMarkdown, parseMarkdownV2 } from '../src/index';

const failure = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('HTML', () => {
  it('turns tags into entities with UTF-16 offsets', () => {
    expect(parseHtml('🎲 <b>Mia</b> &amp; <i>co</i> <a href="https://t.me/mia">link</a> <code>x</code>')).toEqual({
      text: '🎲 Mia & co link x',
      entities: [
        { type: 'bold', offset: 3, length: 3 },
        { type: 'italic', offset: 9, length: 2 },
        { type: 'text_link', offset: 12, length: 4, url: 'https://t.me/mia' },
        { type: 'code', offset: 17, length: 1 },
      ],
    });
  });

  it('knows nested, pre with language, spoilers, blockquotes and numeric references', () => {
    expect(
      parseHtml('<b>a<i>b</i></b><pre><code class="language-ts">x</code></pre><tg-spoiler>s</tg-spoiler><blockquote expandable>q</blockquote>&#65;&#x42;'),
    ).toEqual({
      text: 'abxsqAB',
      entities: [
        { type: 'bold', offset: 0, length: 2 },
        { type: 'italic', offset: 1, length: 1 },
        { type: 'pre', offset: 2, length: 1, language: 'ts' },
        { type: 'spoiler', offset: 3, length: 1 },
        { type: 'expandable_blockquote', offset: 4, length: 1 },
      ],
    });
    expect(parseHtml('AT&T &nbsp;').text).toBe('AT&T &nbsp;');
  });

  it('reports errors at UTF-8 byte offsets', () => {
    expect(failure(() => parseHtml('ü <x>'))).toBe(`Bad Request: can't parse entities: Unsupported start tag "x" at byte offset 3`);
    expect(failure(() => parseHtml('<b>a</b></b>'))).toBe(`Bad Request: can't parse entities: Unexpected end tag at byte offset 8`);
    expect(failure(() => parseHtml('<b'))).toBe(`Bad Request: can't parse entities: Unclosed start tag at byte offset 0`);
    expect(failure(() => parseHtml('<span>x</span>'))).toBe(`Bad Request: can't parse entities: Tag "span" must have class "tg-spoiler" at byte offset 0`);
    expect(failure(() => parseHtml('<a href=x y>z</a>'))).toBe(
      `Bad Request: can't parse entities: Expected equal sign in declaration of an attribute of the tag "a" at byte offset 0`,
    );
  });
});

describe('MarkdownV2', () => {
  it('parses entities and escapes', () => {
    expect(parseMarkdownV2('*bold _both_* __u__ ~s~ ||sp|| `c` [l](https://t.me/x) 1\\.5')).toEqual({
      text: 'bold both u s sp c l 1.5',
      entities: [
        { type: 'bold', offset: 0, length: 9 },
        { type: 'italic', offset: 5, length: 4 },
        { type: 'underline', offset: 10, length: 1 },
        { type: 'strikethrough', offset: 12, length: 1 },
        { type: 'spoiler', offset: 14, length: 2 },
        { type: 'code', offset: 17, length: 1 },
        { type: 'text_link', offset: 19, length: 1, url: 'https://t.me/x' },
      ],
    });
    expect(parseMarkdownV2('```js\nlet a\n```')).toEqual({ text: 'let a\n', entities: [{ type: 'pre', offset: 0, length: 6, language: 'js' }] });
  });

  it('refuses what Telegram refuses', () => {
    expect(failure(() => parseMarkdownV2('1-2'))).toBe(
      `Bad Request: can't parse entities: Character '-' is reserved and must be escaped with the preceding '\\'`,
    );
    expect(failure(() => parseMarkdownV2('é _x'))).toBe(`Bad Request: can't parse entities: Can't find end of Italic entity at byte offset 3`);
    expect(failure(() => parseMarkdownV2('[a](https://x'))).toBe(`Bad Request: can't parse entities: Can't find end of a URL at byte offset 4`);
  });
});

describe('Markdown (legacy)', () => {
  it('parses and refuses an unclosed entity', () => {
    expect(parseMarkdown('*b* _i_ `c`')).toEqual({
      text: 'b i c',
      entities: [
        { type: 'bold', offset: 0, length: 1 },
        { type: 'italic', offset: 2, length: 1 },
        { type: 'code', offset: 4, length: 1 },
      ],
    });
    expect(failure(() => parseMarkdown('a *b'))).toBe(`Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 2`);
  });
});

describe('plain text', () => {
  it('trims and finds commands, mentions, hashtags and links', () => {
    const formatted = formatText('  /start@mia_bot hi @ada #mia https://t.me/x \n', undefined, undefined);
    expect(formatted.text).toBe('/start@mia_bot hi @ada #mia https://t.me/x');
    expect(formatted.entities).toEqual([
      { type: 'bot_command', offset: 0, length: 14 },
      { type: 'mention', offset: 18, length: 4 },
      { type: 'hashtag', offset: 23, length: 4 },
      { type: 'url', offset: 28, length: 14 },
    ]);
    expect(findEntities('a/b and x/y /ok')).toEqual([{ type: 'bot_command', offset: 12, length: 3 }]);
  });

  it('keeps given entities', () => {
    expect(formatText('hello', undefined, [{ type: 'bold', offset: 0, length: 5 }]).entities).toEqual([{ type: 'bold', offset: 0, length: 5 }]);
  });
});
