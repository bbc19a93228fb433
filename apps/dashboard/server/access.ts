// Access to a group's data: only through its dashboard token (unguessable, 18 random bytes; the
// admins rotate it with the bot's /dashboard). Every /api/g/:token route resolves it first.
import type { Reader } from '@mia/db/queries';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { notFound } from './errors';
import { groupByToken, type Group } from './read/groups';
import type { TokenParams } from './schemas';

declare module 'fastify' {
  interface FastifyRequest {
    /** The group the route's token opened (set by `loadGroup`). */
    group: Group | null;
  }
}

export const UNKNOWN_TOKEN = 'no group has this dashboard link: it may have been renewed by an admin (ask for the current one with /dashboard in the group)';

export function decorateGroup(app: FastifyInstance): void {
  app.decorateRequest('group', null);
}

/** A preHandler: the token (already validated) to its group, or 404. */
export function loadGroup(reads: Reader): preHandlerAsyncHookHandler {
  return async (request) => {
    const { token } = request.params as TokenParams;
    const group = await groupByToken(reads, token);
    if (!group) throw notFound(UNKNOWN_TOKEN);
    request.group = group;
  };
}

/** The group `loadGroup` put on the request (a route without it is a programming error). */
export function groupOf(request: FastifyRequest): Group {
  if (!request.group) throw new Error(`route ${request.routeOptions.url} has no loadGroup preHandler`);
  return request.group;
}
