import http from 'node:http';
import https from 'node:https';

/** What grammY reads of a response: only its JSON body (a Bot API answer, ok or not). */
interface JsonResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

interface Origin {
  protocol: string;
  hostname: string;
  port: string;
  auth?: string;
}

/** Every call goes to the same API root: its origin is parsed once, not a WHATWG URL per call. */
const origins = new Map<string, Origin>();
function split(url: string): { origin: Origin; path: string } {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const base = slash < 0 ? url : url.slice(0, slash);
  let origin = origins.get(base);
  if (!origin) {
    const parsed = new URL(base);
    // URL keeps an IPv6 host in brackets; http.request wants it bare.
    origin = { protocol: parsed.protocol, hostname: parsed.hostname.replace(/^\[|\]$/g, ''), port: parsed.port };
    if (parsed.username) origin.auth = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
    if (origins.size < 16) origins.set(base, origin);
  }
  return { origin, path: slash < 0 ? '/' : url.slice(slash) };
}

/**
 * The `fetch` grammY's ApiClient calls (`client: { fetch }`), for JSON bodies (every call the bot
 * makes: it uploads no files): one keep-alive `http.request`, the body read whole. grammY's
 * default, node-fetch, builds Headers, Request, Body and stream objects around each call; at a
 * human pace that was the largest part of the bot's own CPU per action after the database.
 * Anything else (a form-data upload) goes to Node's own fetch.
 */
export const httpFetch = ((input: string | URL, init?: RequestInit) => {
  const body = init?.body;
  if (typeof body !== 'string') return fetch(input, { ...init, duplex: 'half' } as RequestInit);
  const { origin, path } = split(typeof input === 'string' ? input : input.href);
  const secure = origin.protocol === 'https:';
  const signal = init?.signal ?? null;
  return new Promise<JsonResponse>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const options = { ...origin, path, method: init?.method ?? 'POST', headers, agent: secure ? agents.https : agents.http };
    const request = (secure ? https : http).request(options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        signal?.removeEventListener('abort', abort);
        const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
        const status = response.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) as unknown });
      });
    });
    const abort = () => request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', abort, { once: true });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', abort);
      reject(error);
    });
    request.end(body);
  });
}) as unknown as typeof fetch;
