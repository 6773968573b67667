import type { ApiError } from '@contracts/errors';

/** An API call that failed: `message` is the server's sentence for people, `code` its stable code. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
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
    throw new ApiRequestError(response.status, body ? body.code : 'HTTP_ERROR', body ? body.message : `Request failed (${response.status})`);
  }
  return data as T;
}

/** The `{ code, message }` error body, checked by hand (no zod in the browser). */
function isApiError(data: unknown): data is ApiError {
  if (typeof data !== 'object' || data === null) return false;
  const { code, message } = data as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string';
}
