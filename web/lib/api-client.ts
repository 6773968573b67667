import { apiErrorSchema } from '@contracts/errors';
import type { z } from 'zod';

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

/** fetch + JSON + the one error shape. Pass the contract's response schema to get a typed, checked result. */
export async function api<T>(path: string, options: { method?: string; body?: unknown; schema?: z.ZodType<T>; signal?: AbortSignal } = {}): Promise<T> {
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
    const parsed = apiErrorSchema.safeParse(data);
    throw new ApiRequestError(response.status, parsed.success ? parsed.data.code : 'HTTP_ERROR', parsed.success ? parsed.data.message : `Request failed (${response.status})`);
  }
  return options.schema ? options.schema.parse(data) : (data as T);
}
