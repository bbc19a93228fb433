// The HTTP/1.1 response parser (src/http1/response-parser.ts), pure: whatever way the bytes are
// split across reads, the same response comes out; malformed or oversized input is refused.
import { describe, expect, it } from 'vitest';
import { HttpParseError, ResponseParser, type ParsedResponse } from '../src/http1/response-parser';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** Feeds `raw` in pieces of `size` bytes; returns the response and the piece it completed on. */
function feedInPieces(raw: Buffer, size: number, parser = new ResponseParser()): { response: ParsedResponse | null; at: number } {
  for (let at = 0; at < raw.length; at += size) {
    const response = parser.feed(raw.subarray(at, at + size));
    if (response) return { response, at: Math.min(at + size, raw.length) };
  }
  return { response: null, at: raw.length };
}

const JSON_BODY = '{"ok":true,"result":{"text":"é 🎲"}}';
const LENGTH = bytes(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(JSON_BODY)}\r\n\r\n${JSON_BODY}`);
const CHUNKED = bytes(
  'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n' +
    `5;name=value\r\n{"ok"\r\n${(Buffer.byteLength(JSON_BODY) - 5).toString(16)}\r\n${JSON_BODY.slice(5)}\r\n0\r\nX-Trailer: 1\r\n\r\n`,
);

describe('ResponseParser', () => {
  it('reads a Content-Length body whole, however the bytes are split', () => {
    for (const size of [1, 2, 3, 7, 64, LENGTH.length]) {
      const { response, at } = feedInPieces(LENGTH, size);
      expect(at).toBe(LENGTH.length);
      expect(response!.status).toBe(200);
      expect(response!.body.toString('utf8')).toBe(JSON_BODY);
      expect(response!.headers.get('content-type')).toBe('application/json');
      expect(response!.keepAlive).toBe(true);
    }
  });

  it('reads a chunked body with extensions and trailers, however the bytes are split', () => {
    for (const size of [1, 2, 5, 13, CHUNKED.length]) {
      const { response, at } = feedInPieces(CHUNKED, size);
      expect(at).toBe(CHUNKED.length);
      expect(response!.body.toString('utf8')).toBe(JSON_BODY);
    }
  });

  it('waits for the whole body: a response short of its length is not returned', () => {
    const parser = new ResponseParser();
    expect(parser.feed(LENGTH.subarray(0, LENGTH.length - 1))).toBeNull();
    expect(parser.started).toBe(true);
    expect(() => parser.end()).toThrow(/mid-response/);
  });

  it('reads a body delimited by the close, and does not keep that connection', () => {
    const parser = new ResponseParser();
    expect(parser.feed(bytes('HTTP/1.1 200 OK\r\n\r\n{"ok":'))).toBeNull();
    expect(parser.feed(bytes('true}'))).toBeNull();
    const response = parser.end();
    expect(response.body.toString()).toBe('{"ok":true}');
    expect(response.keepAlive).toBe(false);
  });

  it('skips interim 1xx responses', () => {
    const raw = bytes(`HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\n${LENGTH.toString('utf8')}`);
    expect(feedInPieces(raw, 4).response!.status).toBe(200);
  });

  it('reads the connection as RFC 9112 says: close, HTTP/1.0, and the keep-alive timeout hint', () => {
    const parse = (head: string) => new ResponseParser().feed(bytes(`${head}\r\nContent-Length: 0\r\n\r\n`))!;
    expect(parse('HTTP/1.1 200 OK\r\nConnection: close').keepAlive).toBe(false);
    expect(parse('HTTP/1.1 200 OK\r\nConnection: Keep-Alive, Close').keepAlive).toBe(false);
    expect(parse('HTTP/1.0 200 OK').keepAlive).toBe(false);
    expect(parse('HTTP/1.0 200 OK\r\nConnection: keep-alive').keepAlive).toBe(true);
    const hinted = parse('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=5, max=100');
    expect(hinted.keepAlive).toBe(true);
    expect(hinted.keepAliveMs).toBe(5000);
    expect(parse('HTTP/1.1 200 OK').keepAliveMs).toBeNull();
  });

  it('gives a failed status with its body, and no body where there is none', () => {
    const failed = new ResponseParser().feed(bytes('HTTP/1.1 429 Too Many Requests\r\nContent-Length: 11\r\n\r\n{"ok":false'));
    expect(failed!.status).toBe(429);
    expect(failed!.body.toString()).toBe('{"ok":false');
    expect(new ResponseParser().feed(bytes('HTTP/1.1 204 No Content\r\n\r\n'))!.body.length).toBe(0);
    expect(new ResponseParser(true).feed(bytes('HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n'))!.body.length).toBe(0);
  });

  it('joins a repeated header and refuses conflicting lengths', () => {
    const response = new ResponseParser().feed(bytes('HTTP/1.1 200 OK\r\nVary: a\r\nvary: b\r\nContent-Length: 0\r\n\r\n'))!;
    expect(response.headers.get('vary')).toBe('a, b');
    expect(() => new ResponseParser().feed(bytes('HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n'))).toThrow(HttpParseError);
  });

  it.each([
    ['a bad status line', 'HTTP/2 200 OK\r\n\r\n', /status line/],
    ['a header without a colon', 'HTTP/1.1 200 OK\r\nno colon\r\n\r\n', /header line/],
    ['a bad length', 'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n', /content-length/],
    ['a bad chunk size', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', /chunk size/],
    ['a chunk without its CRLF', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nabc', /CRLF/],
    ['an unknown transfer coding', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n', /transfer coding/],
    ['bytes after the response', 'HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nab', /after the response/],
  ])('refuses %s', (_what, raw, message) => {
    expect(() => new ResponseParser().feed(bytes(raw))).toThrow(message);
  });

  it('refuses a head or a body over its limits, before holding it all', () => {
    const limits = { maxHeadBytes: 64, maxBodyBytes: 16 };
    expect(() => new ResponseParser(false, limits).feed(bytes(`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(80)}`))).toThrow(/head too large/);
    expect(() => new ResponseParser(false, limits).feed(bytes('HTTP/1.1 200 OK\r\nContent-Length: 17\r\n\r\n'))).toThrow(/body too large/);
    const chunked = new ResponseParser(false, limits);
    expect(() => chunked.feed(bytes('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n0123456789abcdef\r\n1\r\nx'))).toThrow(/body too large/);
    const closing = new ResponseParser(false, limits);
    expect(() => closing.feed(bytes(`HTTP/1.1 200 OK\r\n\r\n${'x'.repeat(17)}`))).toThrow(/body too large/);
  });

  it('tells a connection closed before any byte from one closed mid-response', () => {
    const parser = new ResponseParser();
    expect(parser.started).toBe(false);
    expect(() => parser.end()).toThrow(/before a response/);
  });
});
