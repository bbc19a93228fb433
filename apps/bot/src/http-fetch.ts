import http from 'node:http';
import https from 'node:https';

/** What grammY reads of a response: only its JSON body (a Bot API answer, ok or not). */
interface JsonResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

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
  const url = typeof input === 'string' ? input : input.href;
  const secure = url.startsWith('https:');
  const signal = init?.signal ?? null;
  return new Promise<JsonResponse>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const options = { method: init?.method ?? 'POST', headers, agent: secure ? agents.https : agents.http };
    const request = (secure ? https : http).request(url, options, (response) => {
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
