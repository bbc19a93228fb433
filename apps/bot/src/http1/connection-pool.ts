/**
 * Keep-alive HTTP/1.1 connections to one origin (the Bot API root), one request at a time on
 * each: a request takes an idle connection or opens one, writes itself in one write, and hands
 * the connection back when its response is whole. The long poll holds one connection while the
 * bot's other calls use others, as Node's http.Agent would (no limit on their number).
 *
 * Written by hand for its cost (see response-parser.ts). What it keeps of Node's agent: idle
 * connections do not hold the process open, are dropped when the server closes them, and are
 * closed before the server's keep-alive timeout would race a request on them. What it leaves
 * out: proxies, uploads (the bot sends JSON only; http-fetch.ts hands anything else to fetch)
 * and pipelining. A request is never retried here: a Bot API call is not idempotent, so a
 * failure goes to grammY, whose retry policy decides.
 */
import net from 'node:net';
import tls from 'node:tls';
import { DEFAULT_LIMITS, HttpParseError, ResponseParser, type ParsedResponse, type ParserLimits } from './response-parser';

export interface Origin {
  protocol: 'http:' | 'https:';
  /** Without IPv6 brackets. */
  hostname: string;
  port: number;
  /** `user:password` for Basic authorization, decoded. */
  auth?: string;
}

export interface PoolOptions {
  /** How long an idle connection is kept, ms (shortened to a second under the server's hint). */
  idleMs?: number;
  limits?: ParserLimits;
  /** TLS options for an https origin (a test's own CA). */
  tls?: tls.ConnectionOptions;
}

export interface Request {
  method: string;
  /** Path and query, from the leading slash. */
  path: string;
  /** Sent as application/json. */
  body: string;
  signal?: AbortSignal | null;
  /** The whole request's deadline, ms: past it the connection is closed and the request fails. */
  timeoutMs?: number;
}

export type Response = Pick<ParsedResponse, 'status' | 'headers' | 'body'>;

/** Node's own server closes idle connections after 5 s; nginx after 75. */
const DEFAULT_IDLE_MS = 4_000;

interface Connection {
  socket: net.Socket;
  /** The request on it, or null while idle. */
  current: InFlight | null;
  /**
   * Fires `keepMs` after the connection was last handed back, and drops it if it is idle then.
   * One timer per connection, re-armed (`refresh`) at each release rather than made anew: most
   * calls release a connection.
   */
  idleTimer: NodeJS.Timeout | null;
  keepMs: number;
}

/**
 * A request on its connection: settled once, by its response, its connection's failure or its
 * signal. A class rather than closures: at a call's cost every allocation counts (and the
 * production bundle's keepNames names each closure at run time).
 */
class InFlight {
  private settled = false;
  private onAbort: (() => void) | null = null;
  private deadline: NodeJS.Timeout | null = null;

  constructor(
    readonly parser: ResponseParser,
    private readonly done: (response: Response) => void,
    private readonly failed: (error: Error) => void,
    private readonly signal: AbortSignal | null,
  ) {}

  /** Calls `abort` if the signal fires before the request is settled. */
  watch(abort: () => void): void {
    if (!this.signal) return;
    this.onAbort = abort;
    this.signal.addEventListener('abort', abort, { once: true });
  }

  /** Calls `expire` if the request is not settled within `ms`. */
  expireAfter(ms: number, expire: () => void): void {
    this.deadline = setTimeout(expire, ms);
  }

  resolve(response: Response): void {
    if (this.settle()) this.done(response);
  }

  reject(error: Error): void {
    if (this.settle()) this.failed(error);
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    if (this.onAbort) this.signal!.removeEventListener('abort', this.onAbort);
    if (this.deadline) clearTimeout(this.deadline);
    return true;
  }
}

export class ConnectionPool {
  private readonly idle: Connection[] = [];
  private readonly open = new Set<Connection>();
  private readonly hostHeader: string;
  private readonly fixedHeaders: string;
  private readonly idleMs: number;
  private readonly limits: ParserLimits;
  private session: Buffer | undefined;
  private closed = false;

  constructor(
    private readonly origin: Origin,
    private readonly options: PoolOptions = {},
  ) {
    const host = origin.hostname.includes(':') ? `[${origin.hostname}]` : origin.hostname;
    const defaultPort = origin.protocol === 'https:' ? 443 : 80;
    this.hostHeader = origin.port === defaultPort ? host : `${host}:${origin.port}`;
    const auth = origin.auth ? `authorization: Basic ${Buffer.from(origin.auth).toString('base64')}\r\n` : '';
    this.fixedHeaders = `host: ${this.hostHeader}\r\n${auth}content-type: application/json\r\nconnection: keep-alive\r\n`;
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.limits = options.limits ?? DEFAULT_LIMITS;
  }

  /** Connections open now, idle or busy (for tests and diagnostics). */
  get size(): { open: number; idle: number } {
    return { open: this.open.size, idle: this.idle.length };
  }

  request(req: Request): Promise<Response> {
    const { signal } = req;
    if (this.closed) return Promise.reject(new Error('connection pool closed'));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (/[\r\n ]/.test(req.path) || !req.path.startsWith('/')) return Promise.reject(new Error(`bad request path "${req.path}"`));
    return new Promise<Response>((resolve, reject) => {
      const connection = this.take();
      const current = new InFlight(new ResponseParser(req.method === 'HEAD', this.limits), resolve, reject, signal ?? null);
      connection.current = current;
      // The response will not be read: this connection cannot carry another request.
      if (signal) current.watch(() => this.drop(connection, abortError(signal)));
      const { timeoutMs } = req;
      if (timeoutMs !== undefined) current.expireAfter(timeoutMs, () => this.drop(connection, new Error(`no response within ${timeoutMs} ms`)));
      const length = Buffer.byteLength(req.body);
      // One write: the head and the body leave in one segment.
      connection.socket.write(`${req.method} ${req.path} HTTP/1.1\r\n${this.fixedHeaders}content-length: ${length}\r\n\r\n${req.body}`);
    });
  }

  /** Closes the idle connections and refuses new requests; requests in flight finish. */
  close(): void {
    this.closed = true;
    for (const connection of this.idle.splice(0)) connection.socket.destroy();
  }

  private take(): Connection {
    const connection = this.idle.pop();
    if (connection) {
      connection.socket.ref();
      return connection;
    }
    return this.connect();
  }

  private connect(): Connection {
    const { hostname, port } = this.origin;
    const socket =
      this.origin.protocol === 'https:'
        ? tls.connect({
            host: hostname,
            port,
            servername: net.isIP(hostname) ? undefined : hostname,
            ALPNProtocols: ['http/1.1'],
            session: this.session,
            ...this.options.tls,
          })
        : net.connect({ host: hostname, port });
    socket.setNoDelay(true);
    const connection: Connection = { socket, current: null, idleTimer: null, keepMs: 0 };
    this.open.add(connection);
    if (socket instanceof tls.TLSSocket) socket.on('session', (session: Buffer) => (this.session = session));
    socket.on('data', (data: Buffer) => this.onData(connection, data));
    socket.on('end', () => this.onEnd(connection));
    socket.on('error', (error) => this.drop(connection, error));
    socket.on('close', () => this.drop(connection, new Error('socket hang up')));
    return connection;
  }

  private onData(connection: Connection, data: Buffer) {
    const current = connection.current;
    if (!current) return this.drop(connection, null); // bytes nobody asked for: not to be trusted
    let response: ParsedResponse | null;
    try {
      response = current.parser.feed(data);
    } catch (error) {
      return this.drop(connection, error as Error);
    }
    if (!response) return;
    connection.current = null;
    if (response.keepAlive && !this.closed) this.release(connection, response.keepAliveMs);
    else this.drop(connection, null);
    current.resolve({ status: response.status, headers: response.headers, body: response.body });
  }

  private onEnd(connection: Connection) {
    const current = connection.current;
    if (!current) return this.drop(connection, null);
    connection.current = null;
    try {
      const response = current.parser.end();
      current.resolve({ status: response.status, headers: response.headers, body: response.body });
      this.drop(connection, null);
    } catch (error) {
      connection.current = current;
      this.drop(connection, error as Error);
    }
  }

  private release(connection: Connection, hintMs: number | null) {
    const keepMs = hintMs === null ? this.idleMs : Math.min(this.idleMs, hintMs - 1_000);
    if (keepMs <= 0) return this.drop(connection, null);
    connection.socket.unref();
    if (connection.idleTimer && connection.keepMs === keepMs) connection.idleTimer.refresh();
    else {
      if (connection.idleTimer) clearTimeout(connection.idleTimer);
      connection.keepMs = keepMs;
      // Busy when it fires (taken again since): the next release re-arms it.
      connection.idleTimer = setTimeout(() => connection.current === null && this.drop(connection, null), keepMs);
      connection.idleTimer.unref();
    }
    this.idle.push(connection);
  }

  /** Closes a connection for good, failing its request if one is in flight. */
  private drop(connection: Connection, error: Error | null) {
    if (!this.open.delete(connection)) return;
    if (connection.idleTimer) clearTimeout(connection.idleTimer);
    const at = this.idle.indexOf(connection);
    if (at >= 0) this.idle.splice(at, 1);
    const current = connection.current;
    connection.current = null;
    connection.socket.destroy();
    if (current) current.reject(error ?? new HttpParseError('connection closed before a response'));
  }
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
