import type { FrontEnd } from '@mia/host';
import type { FastifyInstance } from 'fastify';
import { createDashboard, type DashboardOptions } from './app';
import { ensureWebBuilt } from './build-web';

export interface DashboardFrontEndOptions extends Omit<DashboardOptions, 'games' | 'log'> {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** When `port` is taken (another demo, say), listen on any free one instead of failing. */
  anyPortIfTaken?: boolean;
  /** Build the SPA first when it is missing or stale, reporting progress here (`npm start`). */
  buildWeb?: (line: string) => void;
}

/** What startMia hands back for the dashboard. */
export interface DashboardHandle {
  app: FastifyInstance;
  /** What Fastify's listen answered, e.g. http://127.0.0.1:3000. */
  address: string;
  /** http://host:port as a browser on this machine reaches it. */
  url: string;
}

/**
 * The dashboard as a front-end of @mia/host's startMia: createDashboard on the process's game
 * service (its live channel hears every batch committed here, and LISTEN/NOTIFY brings the other
 * processes' on PostgreSQL), listening once the process is up, closed (live sockets included)
 * first at stop. `url()` is its address once listening, for a bot in the same process to link to.
 */
export function dashboardFrontEnd(options: DashboardFrontEndOptions = {}): FrontEnd<DashboardHandle> & { url(): string } {
  const { host = '127.0.0.1', port = 0, anyPortIfTaken = false, buildWeb, ...create } = options;
  let listening: DashboardHandle | null = null;
  return {
    name: 'dashboard',
    url() {
      if (!listening) throw new Error('the dashboard is not listening yet');
      return listening.url;
    },
    async attach(core) {
      if (buildWeb) await ensureWebBuilt(buildWeb);
      const app = createDashboard({ ...create, games: core.games, log: core.log });
      const handle: DashboardHandle = { app, address: '', url: '' };
      return {
        handle,
        async open() {
          try {
            handle.address = await app.listen({ port, host });
          } catch (error) {
            if (!anyPortIfTaken || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
            handle.address = await app.listen({ port: 0, host });
          }
          const address = app.server.address();
          const bound = typeof address === 'object' && address ? address.port : port;
          handle.url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
          listening = handle;
        },
        // Closes the live sockets (1001) and stops listening.
        close: () => app.close(),
        // A start that failed before listening still has the live channel's subscription to end.
        drain: async () => {
          if (!handle.address) await app.close();
        },
      };
    },
  };
}
