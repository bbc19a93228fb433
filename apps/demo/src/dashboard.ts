import { createDashboard, ensureWebBuilt } from '@mia/dashboard';
import type { GameService } from '@mia/game';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/**
 * The dashboard in this process on `games` (its live channel hears every commit here), with the
 * SPA built first when missing. A port in use (another demo, say) falls back to any free one.
 */
export async function startDashboard(
  games: GameService,
  log: Logger,
  where: { port: number; host: string },
  print: (line: string) => void = () => {},
): Promise<{ app: FastifyInstance; url: string }> {
  await ensureWebBuilt(print);
  const app = createDashboard({ games, log });
  try {
    await app.listen({ port: where.port, host: where.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await app.listen({ port: 0, host: where.host });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : where.port;
  const host = where.host.includes(':') ? `[${where.host}]` : where.host;
  return { app, url: `http://${host}:${port}` };
}

/** The same, for the bot's process: returns the address only (the process exit closes it). */
export async function serveDashboard(games: GameService, log: Logger, where: { port: number; host: string }): Promise<string> {
  return (await startDashboard(games, log, where, (line) => console.log(line))).url;
}
