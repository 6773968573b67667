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
