/**
 * An HTTP/1.1 response parser, incremental and pure: bytes in, one response out. It reads what a
 * Bot API server sends back to a request the bot made (RFC 9112): a status line, headers, and a
 * body delimited by Content-Length, by chunked transfer coding, or by the connection's close.
 * Interim 1xx responses are skipped. Nothing here touches a socket (see connection-pool.ts).
 *
 * Written by hand, with the client around it, for its cost: at a human pace (a call every 5 ms)
 * Node's http.request on a keep-alive agent took about 320 µs of CPU per call above the pace's own
 * timer and this pair about 146 (`npm run bench:http -w @mia/bot`, 2026-12-04); undici's Client,
 * tried the same way that day, was no cheaper than Node's http. Node does not expose its llhttp.
 */

export interface ParsedResponse {
  status: number;
  /** Header names lower-cased; a repeated header's values joined with ", ". */
  headers: ReadonlyMap<string, string>;
  body: Buffer;
  /** Whether the connection may carry another request after this response. */
  keepAlive: boolean;
  /** The server's `Keep-Alive: timeout=N` hint, ms, if it gave one. */
  keepAliveMs: number | null;
}

export class HttpParseError extends Error {
  override name = 'HttpParseError';
}

export interface ParserLimits {
  /** The status line and headers together, bytes. */
  maxHeadBytes: number;
  /** The body, bytes. */
  maxBodyBytes: number;
}

export const DEFAULT_LIMITS: ParserLimits = { maxHeadBytes: 64 * 1024, maxBodyBytes: 64 * 1024 * 1024 };

type Phase = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'until-close' | 'done';

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

interface Head {
  status: number;
  headers: Map<string, string>;
  keepAlive: boolean;
  keepAliveMs: number | null;
}

export class ResponseParser {
  private phase: Phase = 'head';
  /** Bytes not yet consumed (a head or a chunk-size line split across reads). */
  private pending: Buffer | null = null;
  private head: Head | null = null;
  private parts: Buffer[] = [];
  private bodyBytes = 0;
  /** Bytes of the current Content-Length body or chunk still to read. */
  private remaining = 0;

  constructor(
    /** A response to HEAD has headers only. */
    private readonly bodiless = false,
    private readonly limits: ParserLimits = DEFAULT_LIMITS,
  ) {}

  /** Whether any byte of a response has arrived (a connection closed before that sent none). */
  get started(): boolean {
    return this.phase !== 'head' || this.pending !== null;
  }

  /**
   * Takes the next bytes from the connection. Returns the response once it is whole; bytes after
   * it are a protocol error here (one request at a time: nothing may follow). Throws
   * HttpParseError on a malformed or oversized response.
   */
  feed(data: Buffer): ParsedResponse | null {
    let buf = this.pending ? Buffer.concat([this.pending, data]) : data;
    this.pending = null;
    while (buf.length > 0) {
      switch (this.phase) {
        case 'head': {
          const end = buf.indexOf(HEAD_END);
          if (end < 0) {
            if (buf.length > this.limits.maxHeadBytes) throw new HttpParseError('response head too large');
            this.pending = buf;
            return null;
          }
          if (end > this.limits.maxHeadBytes) throw new HttpParseError('response head too large');
          const head = parseHead(buf.toString('latin1', 0, end));
          buf = buf.subarray(end + 4);
          if (head.status < 200) continue; // 100 Continue, 103 Early Hints: the real answer follows
          this.head = head;
          if (this.startBody(head) === 'done') return this.finish(buf);
          continue;
        }
        case 'length':
          buf = this.take(buf);
          if (this.remaining === 0) return this.finish(buf);
          continue;
        case 'chunk-size':
        case 'trailers': {
          const eol = buf.indexOf(CRLF);
          if (eol < 0) {
            if (buf.length > 4096) throw new HttpParseError('chunk line too long');
            this.pending = buf;
            return null;
          }
          const line = buf.toString('latin1', 0, eol);
          buf = buf.subarray(eol + 2);
          if (this.phase === 'trailers') {
            if (line === '') return this.finish(buf);
            continue; // a trailer field: nothing the bot reads
          }
          const size = line.split(';', 1)[0]!.trim();
          if (!/^[0-9a-fA-F]{1,8}$/.test(size)) throw new HttpParseError(`bad chunk size "${size}"`);
          this.remaining = parseInt(size, 16);
          this.phase = this.remaining === 0 ? 'trailers' : 'chunk-data';
          continue;
        }
        case 'chunk-data':
          buf = this.take(buf);
          if (this.remaining === 0) this.phase = 'chunk-end';
          continue;
        case 'chunk-end': {
          if (buf.length < 2) {
            this.pending = buf;
            return null;
          }
          if (buf[0] !== 13 || buf[1] !== 10) throw new HttpParseError('chunk not followed by CRLF');
          buf = buf.subarray(2);
          this.phase = 'chunk-size';
          continue;
        }
        case 'until-close':
          this.push(buf);
          return null;
        case 'done':
          throw new HttpParseError('bytes after the response');
      }
    }
    return null;
  }

  /**
   * The connection ended. A body that runs until the close is then whole; anything else cut short
   * throws, as does a close before any byte (the caller tells that case apart by `started`).
   */
  end(): ParsedResponse {
    if (this.phase === 'until-close') {
      this.phase = 'done';
      return this.result(false);
    }
    throw new HttpParseError(this.started ? 'connection closed mid-response' : 'connection closed before a response');
  }

  /** Sets the phase the body is read in, and returns it. */
  private startBody(head: Head): Phase {
    const length = head.headers.get('content-length');
    const coding = head.headers.get('transfer-encoding');
    if (this.bodiless || head.status === 204 || head.status === 304) this.phase = 'done';
    else if (coding !== undefined) {
      if (coding.toLowerCase().split(',').at(-1)!.trim() !== 'chunked') throw new HttpParseError(`unsupported transfer coding "${coding}"`);
      this.phase = 'chunk-size';
    } else if (length !== undefined) {
      if (!/^\d{1,15}$/.test(length)) throw new HttpParseError(`bad content-length "${length}"`);
      this.remaining = Number(length);
      if (this.remaining > this.limits.maxBodyBytes) throw new HttpParseError('response body too large');
      this.phase = this.remaining === 0 ? 'done' : 'length';
    } else {
      this.phase = 'until-close';
      head.keepAlive = false;
    }
    return this.phase;
  }

  /** Takes up to `remaining` bytes of the body (a Content-Length body or a chunk); returns the rest. */
  private take(buf: Buffer): Buffer {
    const n = Math.min(this.remaining, buf.length);
    this.push(buf.subarray(0, n));
    this.remaining -= n;
    return buf.subarray(n);
  }

  private push(part: Buffer) {
    if (part.length === 0) return;
    this.bodyBytes += part.length;
    if (this.bodyBytes > this.limits.maxBodyBytes) throw new HttpParseError('response body too large');
    this.parts.push(part);
  }

  private finish(rest: Buffer): ParsedResponse {
    if (rest.length > 0) throw new HttpParseError('bytes after the response');
    this.phase = 'done';
    return this.result(this.head!.keepAlive);
  }

  private result(keepAlive: boolean): ParsedResponse {
    const head = this.head!;
    // Views of the socket's reads, each a buffer of its own (net allocates one per read), so a
    // single part is the body as it is; several are joined.
    const body = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    return { status: head.status, headers: head.headers, body, keepAlive, keepAliveMs: head.keepAliveMs };
  }
}

function parseHead(text: string): Head {
  const lines = text.split('\r\n');
  const match = /^HTTP\/1\.([01]) (\d{3})(?: .*)?$/.exec(lines[0]!);
  if (!match) throw new HttpParseError(`bad status line "${lines[0]!.slice(0, 60)}"`);
  const headers = new Map<string, string>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new HttpParseError(`bad header line "${line.slice(0, 60)}"`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const earlier = headers.get(name);
    if (earlier !== undefined && name === 'content-length' && earlier !== value) throw new HttpParseError('conflicting content-length');
    headers.set(name, earlier === undefined || name === 'content-length' ? value : `${earlier}, ${value}`);
  }
  const connection = headers.get('connection')?.toLowerCase() ?? '';
  // HTTP/1.1 keeps the connection unless told otherwise; 1.0 closes it unless told otherwise.
  const keepAlive = match[1] === '1' ? !/\bclose\b/.test(connection) : /\bkeep-alive\b/.test(connection);
  const timeout = /\btimeout=(\d+)/i.exec(headers.get('keep-alive') ?? '');
  return { status: Number(match[2]), headers, keepAlive, keepAliveMs: timeout ? Number(timeout[1]) * 1000 : null };
}
