import type { ApiError } from '@contracts/errors';
import { type ErrorCode, isErrorCode } from '@contracts/errors.rules';

/** Codes the browser gives a failed call itself: no answer at all, or an answer without the API's error body. */
export type ClientErrorCode = 'NETWORK' | 'HTTP_ERROR';

/** An API call that failed: `message` is the server's sentence for people, `code` its stable code. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    /** The server's code (declared in contracts/errors.rules.ts), or the browser's own: narrow on the contract's lists. */
    public readonly code: ErrorCode | ClientErrorCode,
    message: string,
    /** From a Retry-After header (seconds), when the server sent one. */
    public readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }

  /** No answer at all (offline, server down), or a proxy saying the server is down: nothing was done. */
  get unreachable(): boolean {
    return this.status === 0 || this.status === 502 || (this.status === 503 && this.retryAfterMs === null) || this.status === 504;
  }
}

/**
 * fetch + JSON + the one error shape. `T` is the contract's response type: the server already enforces every
 * response with the contract's zod schema (an allow-list), so the browser trusts the type and ships no zod.
 */
export async function api<T>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: options.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'NETWORK', 'Network error — check your connection and try again.');
  }
  const data = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const body = isApiError(data) ? data : null;
    const retryAfter = Number(response.headers.get('retry-after'));
    const retryAfterMs = response.headers.has('retry-after') && Number.isFinite(retryAfter) ? Math.max(0, retryAfter) * 1000 : null;
    throw new ApiRequestError(
      response.status,
      body ? body.code : 'HTTP_ERROR',
      body ? body.message : `Request failed (${response.status})`,
      retryAfterMs,
    );
  }
  return data as T;
}

/** The `{ code, message }` error body with a declared code, checked by hand (no zod in the browser). */
function isApiError(data: unknown): data is ApiError {
  if (typeof data !== 'object' || data === null) return false;
  const { code, message } = data as Record<string, unknown>;
  return isErrorCode(code) && typeof message === 'string';
}
