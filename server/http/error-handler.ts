import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@contracts/errors.rules';
import { HttpError } from './http-error';

/** The code a 4xx gets when no HttpError named one (a body Fastify itself refused before any route ran). */
function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

interface ApiError {
  status: number;
  code: ErrorCode;
  message: string;
  headers?: Record<string, string>;
  details?: Record<string, unknown>;
  /** A real failure: logged with its detail, which the answer never carries. */
  internal?: boolean;
}

/**
 * What the player gets for an error: a schema failure as VALIDATION with where it failed; an expected refusal (an
 * HttpError with a 4xx, or a 503 "busy, send it again") with its own code, message, headers and details; any other 4xx
 * with its message and a code for its status; anything else (a real 5xx) as INTERNAL.
 */
function apiErrorOf(error: unknown): ApiError {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = error.validation
      .map((issue) => `${issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request'}: ${issue.message}`)
      .join('; ');
    return { status: 400, code: 'VALIDATION', message };
  }
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (error instanceof HttpError && (status < 500 || status === 503))
    return { status, code: error.code, message: error.message, headers: error.headers, details: error.details };
  if (status >= 500 || status < 400)
    return {
      status: status >= 500 ? status : 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
      internal: true,
    };
  const headers = (error as { headers?: Record<string, string> }).headers;
  return { status, code: codeForStatus(status), message: (error as Error).message, headers };
}

/** The code an error is answered with (what a metric of refusals counts), without answering it. */
export const apiErrorCodeOf = (error: unknown): ErrorCode => apiErrorOf(error).code;

/** Every error leaves as `{ code, message }` (contracts/errors.ts) with a declared code: apiErrorOf above. */
export function setErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const answer = apiErrorOf(error);
    if (answer.internal) request.log.error({ err: error }, 'request failed');
    if (answer.headers) reply.headers(answer.headers);
    return reply.status(answer.status).send({ ...answer.details, code: answer.code, message: answer.message });
  });
}
