/**
 * A round-robin HTTP load balancer for tests: what stands between Telegram and several bot
 * processes in a deployment. Each request goes to the next target in turn, whatever it carries
 * (no stickiness: consecutive updates of one group land on different processes, the hardest
 * case); method, path, query, headers (the webhook's X-Telegram-Bot-Api-Secret-Token included)
 * and body pass through unchanged, and the target's status, headers and body come back. A target
 * that cannot be reached answers 502, so the sender retries (the retry goes to the next target).
 *
 * It forwards one request at a time per connection and waits for the target's answer, so the
 * simulator's webhook ordering holds: a chat's next update is sent only after this one's answer.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Forwarded {
  /** The target's index in `targets`. */
  target: number;
  method: string;
  /** Path and query, as received. */
  path: string;
  /** The request body as text (a webhook's Update JSON). */
  body: string;
  /** The target's status, or 502 when it could not be reached. */
  status: number;
}

export interface RoundRobinOptions {
  /** Base URLs (`http://127.0.0.1:8081`); a request's path is appended to the chosen one. */
  targets: string[];
  host?: string;
  port?: number;
  /** How long a target may take to answer before the balancer answers 504 (default 30 s). */
  timeoutMs?: number;
}

export interface RoundRobin {
  /** `http://host:port` of the balancer: add the webhook's path. */
  readonly url: string;
  /** Every request forwarded so far, in the order the answers came back. */
  readonly forwarded: readonly Forwarded[];
  close(): Promise<void>;
}

/** Hop-by-hop headers, which a proxy must not forward (RFC 9110, 7.6.1), and ones fetch sets itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length']);

function forwardable(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export async function startRoundRobin({ targets, host = '127.0.0.1', port = 0, timeoutMs = 30_000 }: RoundRobinOptions): Promise<RoundRobin> {
  if (targets.length === 0) throw new Error('startRoundRobin: at least one target');
  const bases = targets.map((t) => t.replace(/\/+$/, ''));
  const forwarded: Forwarded[] = [];
  let next = 0;

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const target = next;
      next = (next + 1) % bases.length;
      const body = Buffer.concat(chunks);
      const path = request.url ?? '/';
      const method = request.method ?? 'GET';
      let status = 502;
      try {
        const answer = await fetch(bases[target] + path, {
          method,
          headers: forwardable(request.headers),
          ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const payload = Buffer.from(await answer.arrayBuffer());
        status = answer.status;
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') headers[name] = value;
        });
        response.writeHead(status, headers).end(payload);
      } catch (error) {
        status = (error as Error).name === 'TimeoutError' ? 504 : 502;
        if (!response.headersSent) response.writeHead(status).end();
      }
      forwarded.push({ target, method, path, body: body.toString('utf8'), status });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
