/**
 * @mia/dashboard's server: `createDashboard` builds the read-only JSON API, the live WebSocket
 * channel and the SPA's static files as one Fastify instance (see README.md; main.ts runs it).
 */
export { createDashboard, type DashboardOptions } from './app';
export { CLOSE_CODES, type LiveHubOptions } from './live/hub';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './security';
export { DEFAULT_WEB_ROOT } from './static';
export { ensureWebBuilt, webBuildIsStale } from './build-web';
export { dashboardFrontEnd, type DashboardFrontEndOptions, type DashboardHandle } from './front-end';
