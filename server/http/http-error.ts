import { apiErrorSchema } from '@contracts/errors';
import type { ErrorCode } from '@contracts/errors.rules';

/**
 * A refusal the caller should see: the app's error handler sends `{code, message}` (plus `details`) with `statusCode`
 * and `headers`. Every route refuses by throwing one; `code` must be declared in contracts/errors.rules.ts.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
    /** Extra body fields next to code and message (the route's response schema must allow them). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A route's error answers for its response schema: each status given is `{code, message}` (contracts/errors.ts). */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<Status, typeof apiErrorSchema>;
}
