import { ConnectionPool, type Origin, type Response } from './http1/connection-pool';

/** What grammY reads of a response: only its JSON body (a Bot API answer, ok or not). */
class JsonResponse {
  readonly ok: boolean;

  constructor(
    readonly status: number,
    private readonly body: Buffer,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.body.toString('utf8'));
  }
}

const toJsonResponse = (response: Response) => new JsonResponse(response.status, response.body);

/** Every call goes to the same API root: its pool is found by the URL's origin text, parsed once. */
const pools = new Map<string, ConnectionPool>();
/** The pool for a URL's origin and the URL's path, or null for a scheme other than http(s). */
export function split(url: string): { pool: ConnectionPool; path: string } | null {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const base = slash < 0 ? url : url.slice(0, slash);
  let pool = pools.get(base);
  if (!pool) {
    const parsed = new URL(base);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    const origin: Origin = {
      protocol: parsed.protocol,
      // URL keeps an IPv6 host in brackets; a socket wants it bare.
      hostname: parsed.hostname.replace(/^\[|\]$/g, ''),
      port: parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80,
    };
    if (parsed.username) origin.auth = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
    pool = new ConnectionPool(origin);
    // A bot talks to one API root; a stray URL must not grow this map without bound.
    if (pools.size < 16) pools.set(base, pool);
  }
  return { pool, path: slash < 0 ? '/' : url.slice(slash) };
}

/**
 * grammY hands its calls the AbortSignal of its polyfill (the abort-controller package), which
 * Node's fetch refuses from Node 24 on ("Expected signal to be an instance of AbortSignal"): the
 * same abort, on a signal of Node's own.
 */
interface AnySignal {
  aborted: boolean;
  reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options: { once: boolean }): void;
}
function nativeSignal(signal: AnySignal | null | undefined): AbortSignal | null {
  if (!signal || signal instanceof AbortSignal) return signal ?? null;
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}

/**
 * The `fetch` grammY's ApiClient calls (`client: { fetch }`), for JSON bodies (every call the bot
 * makes: it uploads no files): one request on a kept-alive connection (http1/connection-pool.ts),
 * the body read whole. grammY's default, node-fetch, builds Headers, Request, Body and stream
 * objects around each call, and Node's http.request its own request, agent and stream objects; at a
 * human pace each cost more of the bot's CPU per action than its game logic.
 * Anything else (a form-data upload) goes to Node's own fetch.
 */
export const httpFetch = ((input: string | URL, init?: RequestInit) => {
  const body = init?.body;
  const target = typeof body === 'string' ? split(typeof input === 'string' ? input : input.href) : null;
  if (typeof body !== 'string' || !target) return fetch(input, { ...init, signal: nativeSignal(init?.signal), duplex: 'half' } as RequestInit);
  return target.pool.request({ method: init?.method ?? 'POST', path: target.path, body, signal: init?.signal ?? null }).then(toJsonResponse);
}) as unknown as typeof fetch;
