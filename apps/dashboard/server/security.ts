// Security headers (helmet, with a content security policy for the SPA) and the rate limit.
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

export interface RateLimitOptions {
  /** Requests per client address and window (default 300). */
  max: number;
  /** The window: milliseconds or a duration like "1 minute" (default 60000). */
  timeWindow: number | string;
}

export const DEFAULT_RATE_LIMIT: Readonly<RateLimitOptions> = Object.freeze({ max: 300, timeWindow: 60_000 });

/** A Host header fit to go into the policy (it is the client's own input). */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * `connect-src`: fetches and the live WebSocket go to this server only. 'self' covers ws: and
 * wss: to the same host in CSP Level 3 browsers; the explicit ws(s)://host keeps older ones working.
 */
function connectSources(request: IncomingMessage): string {
  const host = request.headers.host;
  return host && HOST.test(host) ? `'self' ws://${host} wss://${host}` : "'self'";
}

export function registerSecurity(app: FastifyInstance, limit: RateLimitOptions): void {
  void app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The SPA's bundle only: no inline scripts, no eval, nothing from elsewhere.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // React's style props and chart.js set styles through the DOM, which CSP allows; inline
        // <style> is allowed too for libraries that inject it (styles cannot run code).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [(req) => connectSources(req)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    // helmet's default `no-referrer` matters here: a group's page address holds its token, and
    // no link followed from the dashboard may carry it to another site.
    referrerPolicy: { policy: 'no-referrer' },
    // Never framed (frame-ancestors 'none' says the same to browsers that read CSP).
    frameguard: { action: 'deny' },
  });
  // Per client address, on every route registered after it: the API, the static files and the
  // WebSocket upgrade (an upgrade is a GET routed through Fastify like any other).
  // A request whose socket closed before the limiter ran has no address: one shared bucket for
  // those, rather than the plugin's 500 for an undefined key.
  void app.register(rateLimit, {
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: (request) => request.ip ?? 'unknown',
  });
}
