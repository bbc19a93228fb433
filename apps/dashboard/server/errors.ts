// Every error answer is an ApiError ({ statusCode, error, message }): 400 for a malformed id or
// token (with a message a person can act on), 404 for what is unknown or not visible, 429 from
// the rate limit. Internal errors say nothing of their cause.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { ApiError } from '../shared/api';

/** An answer a route chose: a 4xx with its message. */
export class ApiProblem extends Error {
  constructor(
    readonly statusCode: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiProblem(400, message);
export const notFound = (message: string) => new ApiProblem(404, message);

/** What each route parameter is, for validation messages. */
const PARAM_HINTS: Record<string, string> = {
  token: 'malformed dashboard token: it is the last part of the group’s dashboard link (/g/<token>), as the bot’s /dashboard gives it',
  gameId: 'malformed game id: letters, digits, "-" and "_" only',
  userId: 'malformed user id: a Telegram user id is a whole number',
};

/** Fastify's `schemaErrorFormatter`: one clear sentence instead of Ajv's wording. */
export function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  const param = first?.instancePath.split('/')[1] ?? '';
  const hint = dataVar === 'params' ? PARAM_HINTS[param] : undefined;
  return new Error(hint ?? `invalid ${dataVar}${first ? `: ${first.instancePath.slice(1) || dataVar} ${first.message ?? ''}`.trimEnd() : ''}`);
}

export function apiError(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

export function errorHandler(error: FastifyError | ApiProblem, request: FastifyRequest, reply: FastifyReply): void {
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (statusCode >= 500) {
    request.log.error({ err: error }, 'dashboard: request failed');
    void reply.code(statusCode).send(apiError(statusCode, 'something went wrong on our side; try again later'));
    return;
  }
  void reply.code(statusCode).send(apiError(statusCode, error.message));
}
