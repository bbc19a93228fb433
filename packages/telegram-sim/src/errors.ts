/** A Bot API error, answered as `{ ok: false, error_code, description, parameters? }`. */
export interface ResponseParameters {
  retry_after?: number;
  migrate_to_chat_id?: number;
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: ResponseParameters,
  ) {
    super(description);
    this.name = 'ApiError';
  }

  toJSON(): { ok: false; error_code: number; description: string; parameters?: ResponseParameters } {
    return {
      ok: false,
      error_code: this.code,
      description: this.description,
      ...(this.parameters ? { parameters: this.parameters } : {}),
    };
  }
}

export const badRequest = (what: string, parameters?: ResponseParameters): ApiError => new ApiError(400, `Bad Request: ${what}`, parameters);

export const forbidden = (what: string): ApiError => new ApiError(403, `Forbidden: ${what}`);

export const tooManyRequests = (retryAfter: number): ApiError => new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });

export const unauthorized = (): ApiError => new ApiError(401, 'Unauthorized');
export const notFound = (): ApiError => new ApiError(404, 'Not Found');

/** The error every expired, unknown or already answered callback query gets. */
export const QUERY_TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';
export const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
